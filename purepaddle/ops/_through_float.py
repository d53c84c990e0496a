"""Integer kernels that Paddle computes in floating point.

Several of Paddle's CPU kernels take integers through a float type and convert the result back with C++'s
`static_cast` (int32 `matmul` in float32, int64 `matmul` in float64, elementwise `pow` in double, `fmax`/`fmin`
in float/double): integers beyond the float's mantissa round, and a result outside the integer range becomes the
x86 conversion's "integer indefinite" value, INT_MIN (INT64_MIN for 64-bit results), e.g. int32
`matmul([[2**31 - 1]], [[2]])` is -2147483648. `to_int` is that conversion, written out so it does not depend on
the machine NumPy runs on; `float_of` picks the float type a kernel computes in.
"""
import numpy as np

_LIMITS = {32: (-2.0 ** 31, 2.0 ** 31, np.int32), 64: (-2.0 ** 63, 2.0 ** 63, np.int64)}


def float_of(dtype):
    """The float type Paddle's matmul/fmax/fmin compute an integer dtype in: float64 for 64-bit, else float32."""
    return np.float64 if np.dtype(dtype).itemsize == 8 else np.float32


def to_int(xp, values, dtype, width=None):
    """C++'s static_cast<dtype>(values) on x86: truncation toward zero; NaN, infinities and values outside the
    `width`-bit range (64 for 64-bit dtypes, else 32: narrower types convert through int32, then keep their low
    bits) give that range's minimum. `width=64` for an int32 result is `std::lrint`'s long, then narrowed."""
    dtype = np.dtype(dtype)
    width = width or (64 if dtype.itemsize == 8 else 32)
    lo, hi, itype = _LIMITS[width]
    with np.errstate(invalid="ignore"):
        t = xp.trunc(values.astype(np.float64, copy=False))
        bad = ~((t >= lo) & (t < hi))  # NaN fails both comparisons
    t = xp.where(bad, lo, t).astype(itype)
    return t.astype(dtype, copy=False)


def through_float(xp, fn, *arrays, dtype=None, compute=None, width=None):
    """fn applied to integer `arrays` converted to `compute` (default `float_of(dtype)`), the result converted back
    to the integer `dtype` (default the first array's) with `to_int`."""
    dtype = np.dtype(dtype or arrays[0].dtype)
    f = compute or float_of(dtype)
    with np.errstate(all="ignore"):
        out = fn(*(a.astype(f) for a in arrays))
    return to_int(xp, xp.asarray(out), dtype, width)
