"""Seeded input values: random, special (NaN, +-Inf, -0.0, huge, subnormal, extreme integers), empty and 0-D,
for every dtype; arrays are rounded to their dtype here so that both sides receive identical numbers."""
import numpy as np

from parity.payload import COMPLEX, FLOATS, kind

try:  # purepaddle's environment has ml_dtypes; bfloat16 rounding needs it
    import ml_dtypes
    _BF16 = ml_dtypes.bfloat16
except ImportError:  # pragma: no cover - the case generator runs under purepaddle's interpreter
    _BF16 = None

# the shape each input kind gives an input whose shape the table leaves free
SHAPES = {"normal": (3, 4), "special": None, "empty": (0, 3), "0d": ()}

_HUGE = {"float16": 6.0e4, "bfloat16": 1e38, "float32": 1e38, "float64": 1e38}
_SUBNORMAL = {"float16": 1e-7, "bfloat16": 1e-40, "float32": 1e-40, "float64": 1e-310}


def round_to(arr, dtype):
    """arr as the values `dtype` holds (bfloat16 as float32 numbers)."""
    if dtype == "bfloat16":
        return np.asarray(arr, np.float32).astype(_BF16).astype(np.float32)
    return np.asarray(arr).astype(dtype)


def specials(dtype):
    """The special values of a dtype, as a 1-D array."""
    k = kind(dtype)
    if k == "b":
        return np.array([True, False, True, False])
    if k == "i":
        info = np.iinfo(dtype)
        if dtype == "uint8":
            vals = [0, 1, 2, 7, 100, 128, 254, 255]
        else:
            vals = [0, 1, -1, 2, -7, 100, int(info.max), int(info.min), int(info.max) - 1, int(info.min) + 1]
        return np.array(vals, dtype)
    huge, tiny = _HUGE[dtype] if k == "f" else 1e38, _SUBNORMAL[dtype] if k == "f" else 1e-40
    real = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.0, 0.5, -2.5, huge, -huge, tiny, 3.0]
    if k == "f":
        return round_to(real, dtype)
    vals = [complex(np.nan, 0), complex(np.inf, 0), complex(-np.inf, 1), complex(0, np.inf), complex(-0.0, 0),
            complex(1, 1), complex(huge, huge), complex(np.nan, np.nan), 0j, complex(-1, -2), complex(0.5, -0.0),
            complex(tiny, 0)]
    return np.array(vals, dtype)


def random(rng, dtype, shape, low=None, high=None):
    """Random values of a dtype: normal * 2 for floats, integers in [-10, 10) (uint8 [0, 20)), coin flips."""
    k = kind(dtype)
    if k == "b":
        return rng.random(shape) < 0.5
    if k == "i":
        lo = (0 if dtype == "uint8" else -10) if low is None else low
        hi = (20 if dtype == "uint8" else 10) if high is None else high
        return rng.integers(lo, hi, size=shape).astype(dtype)
    if low is not None or high is not None:
        lo, hi = (-1.0 if low is None else low), (1.0 if high is None else high)
        vals = rng.uniform(lo, hi, size=shape)
    else:
        vals = rng.standard_normal(shape) * 2
    if k == "c":
        vals = vals + 1j * rng.standard_normal(shape) * 2
        return vals.astype(dtype)
    return round_to(vals, dtype)


def values(rng, dtype, kind_name, shape=None, low=None, high=None):
    """An input of one kind: 'normal' (random), 'special' (the dtype's special values, in a random order,
    reshaped to `shape` when it is given), 'empty' (0-size), '0d'."""
    if kind_name == "special":
        s = specials(dtype)
        if shape is None:
            return s[rng.permutation(len(s))]
        n = int(np.prod(shape))
        fill = random(rng, dtype, (n,), low, high)
        picks = s[rng.permutation(len(s))][:n]
        fill[:len(picks)] = picks
        return fill[rng.permutation(n)].reshape(shape)
    if shape is None:
        shape = SHAPES[kind_name]
    return random(rng, dtype, shape, low, high)


def cross_specials(dtype):
    """Every pair of a dtype's special values, as two 1-D arrays (x repeats, y tiles)."""
    s = specials(dtype)
    return np.repeat(s, len(s)), np.tile(s, len(s))
