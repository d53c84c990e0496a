"""Paddle's two rules for the maximum of a window holding NaN, shared by the max-pooling ops and maxout.

Paddle's CPU kernels take a window's maximum in one of two ways, and NaN fares differently in each:

- the scan (pool2d/pool3d max pooling, global pooling, maxout): `y = y > x ? y : x` over the window in
  row-major order. A NaN replaces y (the comparison is false), and the next element replaces the NaN, so the
  result is the maximum of the elements after the window's last NaN: NaN only when a NaN comes last.
  `scan_reduce` reduces an axis of window members this way.
- the comparison with an index (max_pool*_with_index, adaptive max pooling, fractional max pooling):
  `if (x > y) {y = x; index = i}`: a NaN never wins, ties keep the first index. `first_max` gives the value
  and index of the first largest non-NaN member.

Paddle starts both from -FLT_MAX, which is what a window lying wholly in padding gives (`empty_max`; its
index is -1). A window of only -inf (or, in float64, of values below -FLT_MAX) gives
-3.4e38 and, with an index, the index -1 that its gradient kernel then writes through (heap corruption); a
window of only NaN gives the same. Here such a window gives its true maximum (-inf), and an all-NaN window
NaN at its first member (docs/conformance.md).
"""
import numpy as np

from .._core.dtype import kind_of


def empty_max(dtype):
    """The maximum of a window with no member (one lying wholly in padding): Paddle's initial value, -FLT_MAX in
    the dtype (-inf in float16), or the lowest integer."""
    dtype = np.dtype(dtype)
    if kind_of(dtype) == "f":
        with np.errstate(over="ignore"):
            return np.float32(np.finfo(np.float32).min).astype(dtype)
    return np.iinfo(dtype).min


def has_nan(a):
    """Whether a floating array holds a NaN (False for other dtypes)."""
    return kind_of(a.dtype) == "f" and bool(np.isnan(a).any())


def scan_reduce(vals, axis=-1, valid=None):
    """Paddle's scan `y = y > x ? y : x` along axis, members in Paddle's order: the maximum of the members
    after the last NaN (NaN when a NaN is the last member). `valid` (broadcastable to vals) marks the real
    members of windows that have fewer (gathered bins; the same number of dims as vals); the others are
    skipped. Windows without a NaN reduce as a plain maximum."""
    vals = np.moveaxis(vals, axis, -1)
    pos = np.arange(vals.shape[-1])
    nan = np.isnan(vals)
    if valid is not None:
        valid = np.moveaxis(valid, axis, -1)
        nan = nan & valid
    after = pos > np.where(nan, pos, -1).max(axis=-1, keepdims=True)
    if valid is not None:
        after = after & valid
    out = np.where(after, vals, -np.inf).max(axis=-1)
    # nothing after the last NaN: the NaN itself
    return np.where(after.any(axis=-1), out, np.nan).astype(vals.dtype)


def first_max(vals, axis=-1):
    """(value, index) of the first largest non-NaN entry along axis (the first entry when all are NaN)."""
    arg = None
    if kind_of(vals.dtype) == "f":
        nan = np.isnan(vals)
        if nan.any():
            arg = np.where(nan, -np.inf, vals).argmax(axis=axis)
            # where the maximum is -inf the first -inf-or-NaN won: take the first non-NaN member instead
            picked_nan = np.take_along_axis(nan, np.expand_dims(arg, axis), axis).squeeze(axis)
            fix = picked_nan & ~nan.all(axis=axis)
            arg = np.where(fix, (~nan).argmax(axis=axis), arg)
    if arg is None:
        arg = vals.argmax(axis=axis)
    arg = np.expand_dims(arg, axis)
    return np.take_along_axis(vals, arg, axis).squeeze(axis), arg.squeeze(axis)
