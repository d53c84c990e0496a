"""paddle.fft: discrete Fourier transforms (1-D, 2-D, N-D; complex, real and Hermitian), frequencies and shifts.

Every transform is one of three ops (ops/fft.py): fft_c2c for complex input, fft_r2c for real input (full or
one-sided spectrum), fft_c2r for a half spectrum back to a real signal. The input is first cropped or
zero-padded to the requested sizes along the transformed axes (one `pad` op; negative widths crop), as Paddle
resizes it before its op. Integer input is taken as the default float dtype; float16/bfloat16/bool have no
kernel, as in Paddle's CPU build.
"""
import functools
import inspect
from collections.abc import Sequence

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from ..ops.fft import FftC2C, FftC2R, FftR2C
from ..ops.manipulation.join import Pad
from ._check import check_var, set_out_values
from .creation.fill import cast
from .creation.spacing import arange
from .manipulation.join import roll

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2",
           "fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]
METHODS = {}


def _alias(**aliases):
    """Paddle 3's keyword aliases (`input=` for x, `dim=` for axis/axes); the real name wins when both are given."""
    def deco(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for alias, real in aliases.items():
                if alias in kwargs and real not in kwargs:
                    kwargs[real] = kwargs.pop(alias)
            return func(*args, **kwargs)
        wrapper.__signature__ = inspect.signature(func)
        return wrapper
    return deco


# -- argument checks (Paddle's ValueErrors) ----------------------------------------------------------------
def _check_norm(norm):
    if norm not in ("forward", "backward", "ortho"):
        raise ValueError(f"Unexpected norm: {norm}. Norm should be forward, backward or ortho")


def _check_n(n):
    if not isinstance(n, int) or isinstance(n, bool):
        raise ValueError(f"Invalid FFT argument n({n}), it should be an integer.")
    if n <= 0:
        raise ValueError(f"Invalid FFT argument n({n}), it should be positive.")


def _check_axis(x, axis):
    ndim = len(x.shape)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise ValueError(f"Invalid FFT axis ({axis}), it should be an integer.")
    if axis < -ndim or axis >= ndim:
        raise ValueError(f"Invalid FFT axis ({axis}), it should be in range [-{ndim}, {ndim})")
    return axis % ndim


def _check_s(x, s):
    ndim = len(x.shape)
    if not isinstance(s, Sequence):
        raise ValueError("Invalid FFT argument s({}), it should be a sequence of integers.")
    if len(s) > ndim:
        raise ValueError("Length of FFT argument s should not be larger than the rank of input. "
                         f"Received s: {s}, rank of x: {ndim}")
    for size in s:
        if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
            raise ValueError(f"FFT sizes {s} contains invalid value ({size})")


def _check_axes(x, axes):
    ndim = len(x.shape)
    if not isinstance(axes, Sequence):
        raise ValueError(f"Invalid FFT axes ({axes}), it should be a sequence of integers.")
    if len(axes) > ndim:
        raise ValueError("Length of fft axes should not be larger than the rank of input. "
                         f"Received, len of axes: {len(axes)}, rank of x: {ndim}")
    for axis in axes:
        if not isinstance(axis, int) or isinstance(axis, bool) or axis < -ndim or axis >= ndim:
            raise ValueError(f"FFT axes {axes} contains invalid value ({axis}), it should be in range "
                             f"[-{ndim}, {ndim})")
    norm = [a % ndim for a in axes]
    if len(set(norm)) != len(norm):  # Paddle's kernel aborts the process here
        raise ValueError(f"FFT axes {axes} contains a repeated axis; each axis can be transformed once.")
    if not norm:  # Paddle fails with an IndexError inside its own code
        raise IndexError(f"FFT axes {axes} is empty; give at least one axis to transform.")
    return norm


def _check_two(x, s, axes):
    if len(x.shape) < 2:
        raise ValueError(f"The rank of the input ({len(x.shape)}) should >= 2")
    if s is not None and (not isinstance(s, Sequence) or len(s) != 2):
        raise ValueError(f"Invalid FFT argument s ({s}), it should be a sequence of 2 integers.")
    if axes is not None and (not isinstance(axes, Sequence) or len(axes) != 2):
        raise ValueError(f"Invalid FFT argument axes ({axes}), it should be a sequence of 2 integers.")


# -- input dtype and size -----------------------------------------------------------------------------------
def _no_kernel(x, op, supported):
    raise RuntimeError(f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {x.dtype.name}) of kernel "
                       f"`{op}` is not registered. Selected wrong DataType `{x.dtype.name}`. Paddle support "
                       f"following DataTypes: {supported}.")


def _as_real(x, op):
    """r2c's input: integers become the default float dtype; only float32/float64 have a kernel."""
    d = x.dtype
    if d.is_integer:
        return cast(x, _dt.get_default_dtype())
    if d not in (_dt.float32, _dt.float64):
        _no_kernel(x, op, "float64, float32")
    return x


def _as_complex(x, op):
    """c2c/c2r's input: real input becomes the complex dtype of its precision (integers: of the default float)."""
    d = x.dtype
    if d.is_complex:
        return x
    if d.is_integer:
        d = _dt.get_default_dtype()
    if d not in (_dt.float32, _dt.float64):
        _no_kernel(x, op, "complex128, complex64")
    return cast(x, _dt.complex64 if d == _dt.float32 else _dt.complex128)


def _resize(x, sizes, axes):
    """x cropped or zero-padded at the end of each axis to its size (one pad op; negative widths crop)."""
    paddings = [0] * (2 * len(x.shape))
    for n, ax in zip(sizes, axes):
        paddings[2 * ax + 1] = n - x.shape[ax]
    if not any(paddings):
        return x
    return apply(Pad, x, paddings=paddings, pad_value=0.0)


def _axes_1d(x, n, axis, half=False):
    ax = _check_axis(x, -1 if axis is None else axis)
    if n is not None:
        _check_n(n)
        x = _resize(x, [n // 2 + 1 if half else n], [ax])
    return x, [ax]


def _axes_nd(x, s, axes, sort_last):
    """Paddle's axes and sizes: default trailing axes; given axes sorted (all, or all but the last for real ones)."""
    if s is not None:
        _check_s(x, s)
    rank = len(x.shape)
    if axes is None:
        axes = list(range(rank)) if s is None else list(range(rank - len(s), rank))
    else:
        axes = _check_axes(x, axes)
        head = axes if not sort_last else axes[:-1]
        order = np.argsort(head, kind="stable").tolist()
        tail = [] if not sort_last else [len(axes) - 1]
        if s is not None:
            if len(s) != len(axes):
                raise ValueError(f"Length of s ({len(s)}) and length of axes ({len(axes)}) does not match.")
            s = [s[i] for i in order + tail]
        axes = [axes[i] for i in order + tail]
    return s, axes


def _c2c(x, n, axis, norm, forward, out):
    x = _as_complex(check_var(x, "fft"), "fft_c2c")
    _check_norm(norm)
    x, axes = _axes_1d(x, n, axis)
    return set_out_values(apply(FftC2C, x, axes=axes, normalization=norm, forward=forward), out)


def _r2c(x, n, axis, norm, forward, onesided, out):
    x = _as_real(check_var(x, "fft"), "fft_r2c")
    _check_norm(norm)
    x, axes = _axes_1d(x, n, axis)
    return set_out_values(apply(FftR2C, x, axes=axes, normalization=norm, forward=forward, onesided=onesided), out)


def _c2r(x, n, axis, norm, forward, out):
    x = _as_complex(check_var(x, "fft"), "fft_c2r")
    _check_norm(norm)
    x, axes = _axes_1d(x, n, axis, half=True)
    return set_out_values(apply(FftC2R, x, axes=axes, normalization=norm, forward=forward,
                                last_dim_size=0 if n is None else n), out)


def _c2c_nd(x, s, axes, norm, forward, out):
    x = _as_complex(check_var(x, "fftn"), "fft_c2c")
    _check_norm(norm)
    s, axes = _axes_nd(x, s, axes, sort_last=False)
    if s is not None:
        x = _resize(x, s, axes)
    return set_out_values(apply(FftC2C, x, axes=axes, normalization=norm, forward=forward), out)


def _r2c_nd(x, s, axes, norm, forward, onesided, out):
    x = _as_real(check_var(x, "fftn"), "fft_r2c")
    _check_norm(norm)
    s, axes = _axes_nd(x, s, axes, sort_last=True)
    if s is not None:
        x = _resize(x, s, axes)
    return set_out_values(apply(FftR2C, x, axes=axes, normalization=norm, forward=forward, onesided=onesided), out)


def _c2r_nd(x, s, axes, norm, forward, out):
    x = _as_complex(check_var(x, "fftn"), "fft_c2r")
    _check_norm(norm)
    s, axes = _axes_nd(x, s, axes, sort_last=True)
    if s is not None:
        x = _resize(x, list(s[:-1]) + [s[-1] // 2 + 1], axes)
    return set_out_values(apply(FftC2R, x, axes=axes, normalization=norm, forward=forward,
                                last_dim_size=0 if s is None else s[-1]), out)


def _is_real(x):
    return not check_var(x, "fft").dtype.is_complex


# -- 1-D -------------------------------------------------------------------------------------------------
@_alias(input="x", dim="axis")
def fft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the 1-D discrete Fourier transform along `axis`.

    Args:
        x (Tensor): The input, real or complex (integers are taken as the default float dtype). Alias: ``input``.
        n (int|None, optional): Length of the transformed axis; the input is cropped or zero-padded to it.
            Default: the input's length.
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward" (no scaling), "forward" (scale by 1/n) or "ortho" (1/sqrt(n)).
            Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the complex spectrum (complex64 for float32 input, complex128 for float64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
            >>> paddle.fft.fft(x)
            Tensor(shape=[4], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(10.00000000+0.00000000j), (-2.00000000+2.00000000j),
                   (-2.00000000+0.00000000j), (-2.00000000-2.00000000j)])
    """
    if _is_real(x):
        return _r2c(x, n, axis, norm, True, False, out)
    return _c2c(x, n, axis, norm, True, out)


@_alias(input="x", dim="axis")
def ifft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the 1-D inverse discrete Fourier transform along `axis`.

    Args:
        x (Tensor): The input, real or complex. Alias: ``input``.
        n (int|None, optional): Length of the transformed axis (crop or zero-pad). Default: the input's length.
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward" (scale by 1/n), "forward" (no scaling) or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the complex signal.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([10 + 0j, -2 + 2j, -2 + 0j, -2 - 2j])
            >>> paddle.fft.ifft(x)
            Tensor(shape=[4], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(1.00000000+0.00000000j), (2.00000000+0.00000000j),
                   (3.00000000+0.00000000j), (4.00000000+0.00000000j)])
    """
    if _is_real(x):
        return _r2c(x, n, axis, norm, False, False, out)
    return _c2c(x, n, axis, norm, False, out)


@_alias(input="x", dim="axis")
def rfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the 1-D discrete Fourier transform of a real signal: the n//2 + 1 non-negative frequency bins.

    Args:
        x (Tensor): The real input (float32, float64 or integer). Alias: ``input``.
        n (int|None, optional): Length of the transformed axis (crop or zero-pad). Default: the input's length.
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward", "forward" or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the complex half spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.rfft(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]))
            Tensor(shape=[3], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(10.00000000+0.00000000j), (-2.00000000+2.00000000j),
                   (-2.00000000+0.00000000j)])
    """
    return _r2c(x, n, axis, norm, True, True, out)


@_alias(input="x", dim="axis")
def irfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the inverse of `rfft`: a real signal of n samples from its half spectrum.

    Args:
        x (Tensor): The half spectrum. Alias: ``input``.
        n (int|None, optional): Length of the output; the input is cropped or zero-padded to n//2 + 1 bins.
            Default: 2 * (m - 1) for m input bins.
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward" (scale by 1/n), "forward" or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the real signal (float32 for complex64 input, float64 for complex128).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.irfft(paddle.to_tensor([10 + 0j, -2 + 2j, -2 + 0j]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 2., 3., 4.])
    """
    return _c2r(x, n, axis, norm, False, out)


@_alias(input="x", dim="axis")
def hfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the discrete Fourier transform of a signal with Hermitian symmetry, given by its first half.

    Args:
        x (Tensor): The first half of the Hermitian signal. Alias: ``input``.
        n (int|None, optional): Length of the real output (the input is resized to n//2 + 1).
            Default: 2 * (m - 1).
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward" (no scaling), "forward" (1/n) or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the real spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.hfft(paddle.to_tensor([1 + 0j, 2 + 0j, 3 + 0j]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 8., -2.,  0., -2.])
    """
    return _c2r(x, n, axis, norm, True, out)


@_alias(input="x", dim="axis")
def ihfft(x, n=None, axis=-1, norm="backward", name=None, *, out=None):
    """Compute the inverse of `hfft`: the first half of the Hermitian spectrum of a real signal.

    Args:
        x (Tensor): The real input. Alias: ``input``.
        n (int|None, optional): Length of the transformed axis (crop or zero-pad). Default: the input's length.
        axis (int, optional): The axis to transform. Default: -1. Alias: ``dim``.
        norm (str, optional): "backward" (scale by 1/n), "forward" or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: n//2 + 1 complex bins.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.ihfft(paddle.to_tensor([1.0, 2.0, 3.0, 5.0]))
            Tensor(shape=[3], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [ (2.75000000+0.00000000j), (-0.50000000-0.75000000j),
                   (-0.75000000+0.00000000j)])
    """
    return _r2c(x, n, axis, norm, False, True, out)


# -- N-D -------------------------------------------------------------------------------------------------
_ND_ARGS = """
    Args:
        x (Tensor): The input. Alias: ``input``.
        s (sequence of int|None, optional): Size of each transformed axis of the {what}; the input is cropped or
            zero-padded to it. Default: the input's sizes.
        axes (sequence of int|None, optional): Axes to transform. Default: {default}. Alias: ``dim``.
        norm (str, optional): "backward", "forward" or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.
"""


@_alias(input="x", dim="axes")
def fftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the N-D discrete Fourier transform over `axes`.
    {args}
    Returns:
        Tensor: the complex spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.fftn(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))
            Tensor(shape=[2, 2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [[(10.00000000+0.00000000j), (-2.00000000+0.00000000j)],
                   [(-4.00000000+0.00000000j),  (0.00000000+0.00000000j)]])
    """
    if _is_real(x):
        return _r2c_nd(x, s, axes, norm, True, False, out)
    return _c2c_nd(x, s, axes, norm, True, out)


@_alias(input="x", dim="axes")
def ifftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the N-D inverse discrete Fourier transform over `axes`.
    {args}
    Returns:
        Tensor: the complex signal.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.ifftn(paddle.to_tensor([[10.0, -2.0], [-4.0, 0.0]]))
            Tensor(shape=[2, 2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [[(1.00000000+0.00000000j), (2.00000000+0.00000000j)],
                   [(3.00000000+0.00000000j), (4.00000000+0.00000000j)]])
    """
    if _is_real(x):
        return _r2c_nd(x, s, axes, norm, False, False, out)
    return _c2c_nd(x, s, axes, norm, False, out)


@_alias(input="x", dim="axes")
def rfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the N-D discrete Fourier transform of a real input (the last axis keeps n//2 + 1 bins).
    {args}
    Returns:
        Tensor: the complex half spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.rfftn(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]]))
            Tensor(shape=[2, 2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [[(10.00000000+0.00000000j), (-2.00000000+0.00000000j)],
                   [(-4.00000000+0.00000000j),  (0.00000000+0.00000000j)]])
    """
    return _r2c_nd(x, s, axes, norm, True, True, out)


@_alias(input="x", dim="axes")
def irfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the inverse of `rfftn`: a real output from a half spectrum (last axis of s[-1] samples).
    {args}
    Returns:
        Tensor: the real signal.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.irfftn(paddle.to_tensor([[10 + 0j, -2 + 0j], [-4 + 0j, 0j]]), s=[2, 2])
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                   [3., 4.]])
    """
    return _c2r_nd(x, s, axes, norm, False, out)


@_alias(input="x", dim="axes")
def hfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the N-D discrete Fourier transform of a Hermitian-symmetric input given by its half.
    {args}
    Returns:
        Tensor: the real spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.hfftn(paddle.to_tensor([[1 + 0j, 2 + 0j], [3 + 0j, 4 + 0j]]), s=[2, 2])
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[10., -2.],
                   [-4.,  0.]])
    """
    return _c2r_nd(x, s, axes, norm, True, out)


@_alias(input="x", dim="axes")
def ihfftn(x, s=None, axes=None, norm="backward", name=None, *, out=None):
    """Compute the inverse of `hfftn`: the half Hermitian spectrum of a real input.
    {args}
    Returns:
        Tensor: the complex half spectrum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.ihfftn(paddle.to_tensor([[1.0, 2.0, 4.0], [3.0, 4.0, 7.0]], dtype='float64'))
            Tensor(shape=[2, 2], dtype=complex128, place=Place(cpu), stop_gradient=True,
                   [[ (3.50000000+0.00000000j), (-0.75000000-0.72168784j)],
                   [(-1.16666667+0.00000000j),  (0.08333333+0.14433757j)]])
    """
    return _r2c_nd(x, s, axes, norm, False, True, out)


# -- 2-D: the N-D transforms over two axes -------------------------------------------------------------------
def _two(nd, doc):
    @_alias(input="x", dim="axes")
    def two(x, s=None, axes=(-2, -1), norm="backward", name=None, *, out=None):
        check_var(x, nd.__name__[:-1] + "2")
        _check_two(x, s, axes)
        return nd(x, s, axes, norm, name, out=out)
    two.__name__ = two.__qualname__ = nd.__name__[:-1] + "2"
    two.__wrapped__.__name__ = two.__name__
    two.__doc__ = doc
    return two


def _doc2(what, example, result):
    return f"""Compute the 2-D {what} over `axes` (the last two by default).

    Args:
        x (Tensor): The input, at least 2-D. Alias: ``input``.
        s (sequence of 2 int|None, optional): Sizes of the two transformed axes (crop or zero-pad).
        axes (sequence of 2 int, optional): The two axes. Default: (-2, -1). Alias: ``dim``.
        norm (str, optional): "backward", "forward" or "ortho". Default: "backward".
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.

    Returns:
        Tensor: the transform.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> {example}
            {result}
    """


for _f in (fftn, ifftn, rfftn, irfftn, hfftn, ihfftn):
    _f.__doc__ = _f.__doc__.replace("{args}", _ND_ARGS.format(
        what="input" if _f.__name__ in ("fftn", "ifftn", "rfftn", "ihfftn") else "output",
        default="all axes, or the last len(s) axes when s is given"))

fft2 = _two(fftn, _doc2("discrete Fourier transform", "paddle.fft.fft2(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).shape",
                        "paddle.Size([2, 2])"))
ifft2 = _two(ifftn, _doc2("inverse discrete Fourier transform",
                          "paddle.fft.ifft2(paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])).dtype", "paddle.complex64"))
rfft2 = _two(rfftn, _doc2("discrete Fourier transform of a real input",
                          "paddle.fft.rfft2(paddle.ones([2, 4])).shape", "paddle.Size([2, 3])"))
irfft2 = _two(irfftn, _doc2("inverse of rfft2", "paddle.fft.irfft2(paddle.ones([2, 3], dtype='complex64')).shape",
                            "paddle.Size([2, 4])"))
hfft2 = _two(hfftn, _doc2("discrete Fourier transform of a Hermitian input",
                          "paddle.fft.hfft2(paddle.ones([2, 3], dtype='complex64')).dtype", "paddle.float32"))
ihfft2 = _two(ihfftn, _doc2("inverse of hfft2", "paddle.fft.ihfft2(paddle.ones([2, 4])).shape",
                            "paddle.Size([2, 3])"))
del _f


# -- frequencies and shifts --------------------------------------------------------------------------------
def fftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """Return the sample frequencies of an n-point transform: [0, 1, ..., -1] / (d * n).

    Args:
        n (int): The transform length.
        d (float, optional): The sample spacing (inverse of the sampling rate). Default: 1.0.
        dtype (str|paddle.dtype|None, optional): Output dtype. Default: paddle.get_default_dtype().
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.
        device (PlaceLike|None, optional): Where to place the result.
        requires_grad (bool, optional): Whether the result records gradients. Default: False.

    Returns:
        Tensor: n frequencies.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.fftfreq(5, d=0.5)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0.        ,  0.40000001,  0.80000001, -0.80000001, -0.40000001])
    """
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = _dt.get_default_dtype() if dtype is None else dtype
    neg = n // 2
    idx = roll(arange(-neg, (n + 1) // 2, dtype=dtype, device=device, requires_grad=requires_grad), -neg)
    return set_out_values(idx * (1.0 / (n * d)), out)


def rfftfreq(n, d=1.0, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """Return the sample frequencies of rfft's n//2 + 1 bins: [0, 1, ..., n//2] / (d * n).

    Args:
        n (int): The transform length.
        d (float, optional): The sample spacing. Default: 1.0.
        dtype (str|paddle.dtype|None, optional): Output dtype. Default: paddle.get_default_dtype().
        name (str|None, optional): Unused; for Paddle's signature.
        out (Tensor|None, optional): Tensor to write the result into.
        device (PlaceLike|None, optional): Where to place the result.
        requires_grad (bool, optional): Whether the result records gradients. Default: False.

    Returns:
        Tensor: n//2 + 1 frequencies.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.rfftfreq(5, d=0.3)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.66666669, 1.33333337])
    """
    if d * n == 0:
        raise ValueError("d or n should not be 0.")
    dtype = _dt.get_default_dtype() if dtype is None else dtype
    idx = arange(0, 1 + n // 2, dtype=dtype, device=device, requires_grad=requires_grad)
    return set_out_values(idx * (1.0 / (n * d)), out)


def _shift(x, axes, extra, api):
    check_var(x, api)
    shape = x.shape
    if axes is None:
        axes = list(range(len(shape)))
        shifts = [(n + extra) // 2 for n in shape]
    elif isinstance(axes, int):
        shifts = (shape[axes] + extra) // 2
    else:
        shifts = [(shape[a] + extra) // 2 for a in axes]
    return roll(x, shifts, axes)


@_alias(input="x", dim="axes")
def fftshift(x, axes=None, name=None):
    """Shift the zero-frequency bin to the center: roll each axis by half its length.

    Args:
        x (Tensor): The input. Alias: ``input``.
        axes (int|sequence of int|None, optional): Axes to shift. Default: all. Alias: ``dim``.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: the shifted tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.fftshift(paddle.fft.fftfreq(5, d=0.3))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.33333337, -0.66666669,  0.        ,  0.66666669,  1.33333337])
    """
    return _shift(x, axes, 0, "fftshift")


@_alias(input="x", dim="axes")
def ifftshift(x, axes=None, name=None):
    """The inverse of `fftshift` (they differ for odd lengths).

    Args:
        x (Tensor): The input. Alias: ``input``.
        axes (int|sequence of int|None, optional): Axes to shift. Default: all. Alias: ``dim``.
        name (str|None, optional): Unused; for Paddle's signature.

    Returns:
        Tensor: the shifted tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.fft.ifftshift(paddle.fft.fftfreq(5, d=0.3))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1.33333337, -1.33333337, -0.66666669,  0.        ,  0.66666669])
    """
    return _shift(x, axes, 1, "ifftshift")
