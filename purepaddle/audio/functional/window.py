"""get_window: the signal windows of paddle.audio.functional by name (scipy.signal.get_window's set and meaning).

Each window is computed in float64 NumPy from its closed form and returned as a Tensor of the requested dtype;
`fftbins=True` gives the periodic window (the symmetric one of length M + 1 without its last sample).
"""
import math

import numpy as np

from ...tensor import to_tensor

__all__ = ["get_window"]

_NEEDS_ARGS = ("gaussian", "exponential", "kaiser")


def _general_cosine(m, a):
    fac = np.linspace(-math.pi, math.pi, m)
    w = np.zeros(m)
    for k, ak in enumerate(a):
        w += ak * np.cos(k * fac)
    return w


def _bartlett(m):
    n = np.arange(m, dtype=np.float64)
    return np.where(n <= (m - 1) / 2.0, 2.0 * n / (m - 1), 2.0 - 2.0 * n / (m - 1))


def _kaiser(m, beta):
    n = np.arange(m, dtype=np.float64)
    alpha = (m - 1) / 2.0
    return np.i0(beta * np.sqrt(1 - ((n - alpha) / alpha) ** 2.0)) / np.i0(beta)


def _general_gaussian(m, p, sig):
    n = np.arange(m, dtype=np.float64) - (m - 1.0) / 2.0
    return np.exp(-0.5 * np.abs(n / sig) ** (2 * p))


def _taylor(m, nbar=4, sll=30, norm=True):
    a = math.acosh(10 ** (sll / 20)) / math.pi
    s2 = nbar ** 2 / (a ** 2 + (nbar - 0.5) ** 2)
    ma = np.arange(1, nbar, dtype=np.float64)
    m2 = ma * ma
    fm = np.empty(nbar - 1)
    for i in range(nbar - 1):
        sign = 1.0 if i % 2 == 0 else -1.0
        numer = sign * np.prod(1 - m2[i] / s2 / (a ** 2 + (ma - 0.5) ** 2))
        denom = 2 * np.prod(1 - m2[i] / m2[:i]) * np.prod(1 - m2[i] / m2[i + 1:])
        fm[i] = numer / denom

    def w_at(n):
        return 1 + 2 * fm @ np.cos(2 * math.pi * ma[:, None] * (np.atleast_1d(n) - m / 2.0 + 0.5) / m)

    w = w_at(np.arange(m, dtype=np.float64))
    return w / w_at((m - 1) / 2) if norm else w


def _tukey(m, alpha=0.5):
    n = np.arange(m, dtype=np.float64)
    width = int(alpha * (m - 1) / 2.0)
    n1, n3 = n[:width + 1], n[m - width - 1:]
    w1 = 0.5 * (1 + np.cos(math.pi * (-1 + 2.0 * n1 / alpha / (m - 1))))
    w3 = 0.5 * (1 + np.cos(math.pi * (-2.0 / alpha + 1 + 2.0 * n3 / alpha / (m - 1))))
    return np.concatenate([w1, np.ones(max(m - 2 * width - 2, 0)), w3])


def _gaussian(m, std):
    n = np.arange(m, dtype=np.float64) - (m - 1.0) / 2.0
    return np.exp(-(n ** 2) / (2 * std * std))


def _exponential(m, center=None, tau=1.0):
    center = (m - 1) / 2 if center is None else center
    return np.exp(-np.abs(np.arange(m, dtype=np.float64) - center) / tau)


def _triang(m):
    n = np.arange(1, (m + 1) // 2 + 1, dtype=np.float64)
    if m % 2 == 0:
        w = (2 * n - 1.0) / m
        return np.concatenate([w, w[::-1]])
    w = 2 * n / (m + 1.0)
    return np.concatenate([w, w[-2::-1]])


def _bohman(m):
    fac = np.abs(np.linspace(-1, 1, m)[1:-1])
    w = (1 - fac) * np.cos(math.pi * fac) + 1.0 / math.pi * np.sin(math.pi * fac)
    return np.concatenate([[0.0], w, [0.0]])


def _cosine(m):
    return np.sin(math.pi / m * (np.arange(m, dtype=np.float64) + 0.5))


_WINDOWS = {
    "bartlett": _bartlett, "kaiser": _kaiser, "general_gaussian": _general_gaussian,
    "general_cosine": _general_cosine, "general_hamming": lambda m, alpha: _general_cosine(m, [alpha, 1.0 - alpha]),
    "taylor": _taylor, "hamming": lambda m: _general_cosine(m, [0.54, 0.46]),
    "hann": lambda m: _general_cosine(m, [0.5, 0.5]), "tukey": _tukey, "gaussian": _gaussian,
    "exponential": _exponential, "triang": _triang, "bohman": _bohman,
    "blackman": lambda m: _general_cosine(m, [0.42, 0.50, 0.08]), "cosine": _cosine,
    "nuttall": lambda m: _general_cosine(m, [0.3635819, 0.4891775, 0.1365995, 0.0106411]),
}


def _window(name, m, args, sym):
    if int(m) != m or m < 0:
        raise ValueError("Window length M must be a non-negative integer")
    m = int(m)
    if name == "exponential" and sym and len(args) > 0 and args[0] is not None:
        raise ValueError("If sym==True, center must be None.")
    if m <= 1:
        return np.ones(m)
    if name == "tukey" and args and args[0] <= 0:
        return np.ones(m)
    if name == "tukey" and args and args[0] >= 1.0:
        name, args = "hann", ()
    big = m if sym else m + 1  # a periodic window is the symmetric one a sample longer, truncated
    w = _WINDOWS[name](big, *args)
    return w if sym else w[:-1]


def get_window(window, win_length, fftbins=True, dtype="float64"):
    """Return a window of `win_length` samples by name, as scipy.signal.get_window does.

    Args:
        window (str|tuple): The window's name ("hann", "hamming", "blackman", "bartlett", "triang", "bohman",
            "cosine", "nuttall", "taylor", "tukey", ...) or a tuple (name, parameters...) for windows that take
            parameters ("kaiser", "gaussian", "exponential", "general_gaussian", "general_hamming", ...).
        win_length (int): Number of samples.
        fftbins (bool, optional): A periodic window for spectral analysis (True) or a symmetric one (False).
            Default: True.
        dtype (str, optional): Output dtype. Default: "float64".

    Returns:
        Tensor: the window.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.audio.functional.get_window('hann', 4)
            Tensor(shape=[4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.50000000, 1.        , 0.50000000])
    """
    args = ()
    if isinstance(window, tuple):
        name, args = window[0], tuple(window[1:])
    elif isinstance(window, str):
        if window in _NEEDS_ARGS:
            raise ValueError("The '" + window + "' window needs one or more parameters -- pass a tuple.")
        name = window
    else:
        raise ValueError(f"{type(window)} as window type is not supported.")
    if name not in _WINDOWS:
        raise ValueError("Unknown window type.")
    if name == "tukey" and args and args[0] >= 1.0 and win_length > 1:
        dtype = "float64"  # Paddle builds this case as a Hann window without passing the dtype on
    return to_tensor(_window(name, win_length, args, not fftbins), dtype=dtype)
