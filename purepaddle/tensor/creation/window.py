"""Signal windows: hann, hamming, blackman, bartlett and kaiser windows (paddle.*).

Paddle builds each window from its own ops in the requested dtype (a float32 window is computed in float32,
not rounded from float64), so these are composites of the same ops in the same order, which keeps their
rounding (within an ulp of the elementary kernels). A periodic window of length M is the symmetric window of length M + 1 without its last sample.
"""
import math

from .._creation_args import finish
from ..math.special import i0
from ..math.unary import cos, sqrt
from ..search.select import where
from .conversion import to_tensor
from .fill import ones, zeros
from .spacing import arange, linspace


def _length(m):
    """Paddle's window length check: a non-negative integer (an integral float passes)."""
    if int(m) != m or m < 0:
        raise ValueError("Window length M must be a non-negative integer")
    return int(m)


def _symmetric(build, m, periodic, dtype):
    """The window `build(M)` gives for M > 1, extended by one sample and truncated when periodic."""
    m = _length(m)
    if m <= 1:
        return ones((m,), dtype=dtype)
    if not periodic:
        return build(m)
    return build(m + 1)[:-1]


def _general_cosine(coefficients, m, periodic, dtype):
    def build(n):
        fac = linspace(-math.pi, math.pi, n, dtype=dtype)
        w = zeros((n,), dtype=dtype)
        for k, a in enumerate(coefficients):
            w += a * cos(k * fac)
        return w
    return _symmetric(build, m, periodic, dtype)


def hann_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None, pin_memory=False,
                requires_grad=False):
    """The Hann window 0.5 - 0.5 cos(2 pi n / (N - 1)).

    Args:
        window_length (int): The size of the returned window, non-negative.
        periodic (bool, optional): True gives a window for spectral analysis (the symmetric window of length
            window_length + 1 without its last sample); False the symmetric window. Default: True.
        dtype (str, optional): The data type of the window, 'float32' or 'float64'. Default: 'float32'.
        layout (str, optional): Ignored (only the strided layout exists). Default: None.
        device (PlaceLike, optional): The device of the returned tensor. Default: None.
        pin_memory (bool, optional): Ignored on CPU. Default: False.
        requires_grad (bool, optional): Whether the result records gradients (stop_gradient=False). Default: False.

    Returns:
        Tensor: A 1-D tensor of shape [window_length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.hann_window(4)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.50000000, 1.        , 0.50000000])
    """
    w = _general_cosine((0.5, 0.5), window_length, periodic, dtype)
    return finish(w, device=device, requires_grad=requires_grad)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype="float32", layout=None,
                   device=None, pin_memory=False, requires_grad=False):
    """The generalized Hamming window alpha - beta cos(2 pi n / (N - 1)).

    Args:
        window_length (int): The size of the returned window, non-negative.
        periodic (bool, optional): True gives a window for spectral analysis (the symmetric window of length
            window_length + 1 without its last sample); False the symmetric window. Default: True.
        alpha (float, optional): The constant coefficient. Default: 0.54.
        beta (float, optional): The cosine coefficient. Default: 0.46.
        dtype (str, optional): The data type of the window, 'float32' or 'float64'. Default: 'float32'.
        layout (str, optional): Ignored (only the strided layout exists). Default: None.
        device (PlaceLike, optional): The device of the returned tensor. Default: None.
        pin_memory (bool, optional): Ignored on CPU. Default: False.
        requires_grad (bool, optional): Whether the result records gradients (stop_gradient=False). Default: False.

    Returns:
        Tensor: A 1-D tensor of shape [window_length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.hamming_window(4, periodic=False, dtype='float64')
            Tensor(shape=[4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [0.08000000, 0.77000000, 0.77000000, 0.08000000])
    """
    # Paddle scales the standard (0.54, 0.46) window rather than building the window of (alpha, beta)
    w0 = _general_cosine((0.54, 0.46), window_length, periodic, dtype)
    b = beta / 0.46
    w = (alpha - b * 0.54) + b * w0
    return finish(w, device=device, requires_grad=requires_grad)


def blackman_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    """The Blackman window 0.42 - 0.5 cos(2 pi n / (N - 1)) + 0.08 cos(4 pi n / (N - 1)).

    Args:
        window_length (int): The size of the returned window, non-negative.
        periodic (bool, optional): True gives a window for spectral analysis (the symmetric window of length
            window_length + 1 without its last sample); False the symmetric window. Default: True.
        dtype (str, optional): The data type of the window, 'float32' or 'float64'. Default: 'float32'.
        layout (str, optional): Ignored (only the strided layout exists). Default: None.
        device (PlaceLike, optional): The device of the returned tensor. Default: None.
        pin_memory (bool, optional): Ignored on CPU. Default: False.
        requires_grad (bool, optional): Whether the result records gradients (stop_gradient=False). Default: False.

    Returns:
        Tensor: A 1-D tensor of shape [window_length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.blackman_window(5, periodic=False, dtype='float64')
            >>> print(w.numpy().round(6).tolist())
            [-0.0, 0.34, 1.0, 0.34, -0.0]
    """
    w = _general_cosine((0.42, 0.50, 0.08), window_length, periodic, dtype)
    return finish(w, device=device, requires_grad=requires_grad)


def bartlett_window(window_length, periodic=True, *, dtype="float32", layout=None, device=None, pin_memory=False,
                    requires_grad=False):
    """The Bartlett (triangular) window, 0 at both ends and 1 in the middle.

    Args:
        window_length (int): The size of the returned window, non-negative.
        periodic (bool, optional): True gives a window for spectral analysis (the symmetric window of length
            window_length + 1 without its last sample); False the symmetric window. Default: True.
        dtype (str, optional): The data type of the window, 'float32' or 'float64'. Default: 'float32'.
        layout (str, optional): Ignored (only the strided layout exists). Default: None.
        device (PlaceLike, optional): The device of the returned tensor. Default: None.
        pin_memory (bool, optional): Ignored on CPU. Default: False.
        requires_grad (bool, optional): Whether the result records gradients (stop_gradient=False). Default: False.

    Returns:
        Tensor: A 1-D tensor of shape [window_length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bartlett_window(5, periodic=False)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.50000000, 1.        , 0.50000000, 0.        ])
    """
    def build(n):
        k = arange(0, n, dtype=dtype)
        size = to_tensor(n, dtype=dtype)
        return where(k <= (size - 1) / 2.0, 2.0 * k / (size - 1), 2.0 - 2.0 * k / (size - 1))
    w = _symmetric(build, window_length, periodic, dtype)
    return finish(w, device=device, requires_grad=requires_grad)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype="float32", layout=None, device=None,
                  pin_memory=False, requires_grad=False):
    """The Kaiser window I0(beta sqrt(1 - (2n / (N - 1) - 1)^2)) / I0(beta).

    Args:
        window_length (int): The size of the returned window, non-negative.
        periodic (bool, optional): True gives a window for spectral analysis (the symmetric window of length
            window_length + 1 without its last sample); False the symmetric window. Default: True.
        beta (float, optional): The shape parameter: larger values narrow the main lobe. Default: 12.0.
        dtype (str, optional): The data type of the window, 'float32' or 'float64'. Default: 'float32'.
        layout (str, optional): Ignored (only the strided layout exists). Default: None.
        device (PlaceLike, optional): The device of the returned tensor. Default: None.
        pin_memory (bool, optional): Ignored on CPU. Default: False.
        requires_grad (bool, optional): Whether the result records gradients (stop_gradient=False). Default: False.

    Returns:
        Tensor: A 1-D tensor of shape [window_length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.kaiser_window(5, periodic=False, beta=0.0)
            >>> print(w.numpy().tolist())
            [1.0, 1.0, 1.0, 1.0, 1.0]
    """
    def build(n):
        b = to_tensor(beta, dtype=dtype)
        k = arange(0, n, dtype=dtype)
        size = to_tensor(n, dtype=dtype)
        alpha = (size - 1) / 2.0
        return i0(b * sqrt(1 - ((k - alpha) / alpha) ** 2.0)) / i0(b)
    w = _symmetric(build, window_length, periodic, dtype)
    return finish(w, device=device, requires_grad=requires_grad)


__all__ = ["hann_window", "hamming_window", "blackman_window", "bartlett_window", "kaiser_window"]
METHODS = {}
