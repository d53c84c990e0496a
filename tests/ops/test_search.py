"""OpSpec table: argmax/argmin, argsort/sort, topk, kthvalue, mode, searchsorted, bincount, histogram, count_nonzero."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, ints, parametrize, rand


def distinct(*shape):
    """Input factory: a random permutation of well-separated floats (no ties, no kinks in FD)."""
    n = int(np.prod(shape))
    return lambda rng: (rng.permutation(n).astype("float64") * 0.37 - 1.0 + rng.uniform(0, 0.01, n)).reshape(shape)


def sorted_rows(*shape):
    """Input factory: floats sorted along the last axis."""
    return lambda rng: np.sort(rng.integers(0, 6, size=shape).astype("float64"), axis=-1)


def _np_topk(x, k, axis=-1, largest=True):
    order = np.argsort(-x if largest else x, axis=axis, kind="stable")
    idx = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(x, idx, axis), idx


def _np_kthvalue(x, k, axis=-1, keepdim=False):
    idx = np.take(np.argsort(x, axis=axis, kind="stable"), [k - 1], axis=axis)
    vals = np.take_along_axis(x, idx, axis)
    return (vals, idx) if keepdim else (vals.squeeze(axis), idx.squeeze(axis))


def _np_mode_distinct(x, axis=-1):
    """Mode of rows without repeated values: the smallest value."""
    idx = np.argmin(x, axis=axis)
    return np.min(x, axis=axis), idx


def _np_searchsorted(seq, v, right=False):
    side = "right" if right else "left"
    if seq.ndim == 1:
        return np.searchsorted(seq, v, side=side)
    return np.stack([np.searchsorted(s, r, side=side) for s, r in zip(seq, v)])


def _np_hist(x, bins, lo, hi):
    return np.histogram(x, bins=bins, range=(lo, hi))[0]


SPECS = [
    OpSpec("argmax", paddle.argmax, np.argmax, [rand(3, 4)], grad=()),
    OpSpec("argmax_axis_keepdim", lambda x: paddle.argmax(x, axis=1, keepdim=True),
           lambda x: np.argmax(x, axis=1, keepdims=True), [rand(3, 4, 2)], grad=()),
    OpSpec("argmin_axis_int32", lambda x: paddle.argmin(x, axis=-1, dtype="int32"),
           lambda x: np.argmin(x, axis=-1).astype("int32"), [ints(3, 5)], grad=()),
    OpSpec("argsort", paddle.argsort, lambda x: np.argsort(x, kind="stable"), [rand(3, 5)], grad=()),
    OpSpec("argsort_axis0_desc", lambda x: paddle.argsort(x, axis=0, descending=True),
           lambda x: np.argsort(-x, axis=0, kind="stable"), [rand(4, 3)], grad=()),
    OpSpec("sort", paddle.sort, np.sort, [distinct(3, 5)], double=True),
    OpSpec("sort_desc_axis0", lambda x: paddle.sort(x, axis=0, descending=True), lambda x: -np.sort(-x, axis=0),
           [distinct(4, 3)]),
    OpSpec("sort_squared", lambda x: paddle.sort(x) * paddle.sort(x), lambda x: np.sort(x) ** 2, [distinct(2, 4)],
           double=True),
    OpSpec("msort", paddle.msort, lambda x: np.sort(x, axis=0), [distinct(3, 2)]),
    OpSpec("topk", lambda x: paddle.topk(x, 2), lambda x: _np_topk(x, 2), [distinct(3, 5)]),
    OpSpec("topk_smallest_axis0", lambda x: paddle.topk(x, 3, axis=0, largest=False),
           lambda x: _np_topk(x, 3, axis=0, largest=False), [distinct(4, 3)]),
    OpSpec("topk_squared", lambda x: [v * v for v in paddle.topk(x, 2)][:1],
           lambda x: [_np_topk(x, 2)[0] ** 2], [distinct(2, 4)], double=True),
    OpSpec("kthvalue", lambda x: paddle.kthvalue(x, 2), lambda x: _np_kthvalue(x, 2), [distinct(3, 4)]),
    OpSpec("kthvalue_keepdim_axis0", lambda x: paddle.kthvalue(x, 3, axis=0, keepdim=True),
           lambda x: _np_kthvalue(x, 3, axis=0, keepdim=True), [distinct(4, 3)]),
    OpSpec("kthvalue_squared", lambda x: paddle.kthvalue(x, 2)[0] ** 2, lambda x: _np_kthvalue(x, 2)[0] ** 2,
           [distinct(2, 3)], double=True),
    OpSpec("mode", paddle.mode, _np_mode_distinct, [distinct(3, 4)]),
    OpSpec("mode_keepdim_axis0", lambda x: paddle.mode(x, axis=0, keepdim=True),
           lambda x: tuple(a[None] for a in _np_mode_distinct(x, axis=0)), [distinct(4, 3)]),
    OpSpec("mode_ties", paddle.mode, lambda x: (np.array([2.0, 1.0]), np.array([1, 2])),
           [np.array([[2.0, 2.0, 1.0], [3.0, 1.0, 1.0]])], grad=()),
    OpSpec("searchsorted", paddle.searchsorted, _np_searchsorted, [sorted_rows(6), rand(3, 2, high=6)], grad=()),
    OpSpec("searchsorted_nd_right", lambda s, v: paddle.searchsorted(s, v, right=True),
           lambda s, v: _np_searchsorted(s, v, right=True), [sorted_rows(3, 5), ints(3, 4, high=7)], grad=()),
    OpSpec("searchsorted_int32", lambda s, v: paddle.searchsorted(s, v, out_int32=True),
           lambda s, v: np.searchsorted(s, v).astype("int32"), [sorted_rows(5), rand(4, high=6)], grad=()),
    OpSpec("bucketize", paddle.bucketize, lambda x, s: np.searchsorted(s, x), [rand(2, 3, high=6), sorted_rows(4)],
           grad=()),
    OpSpec("bincount", paddle.bincount, np.bincount, [ints(8, high=5)], grad=()),
    OpSpec("bincount_weights_minlength", lambda x, w: paddle.bincount(x, w, minlength=7),
           lambda x, w: np.bincount(x, w, minlength=7).astype("float32"), [ints(6, high=4), rand(6)], grad=()),
    OpSpec("histogram", lambda x: paddle.histogram(x, bins=5, min=-1, max=1),
           lambda x: _np_hist(x, 5, -1, 1), [rand(4, 5)], grad=()),
    OpSpec("histogram_data_range", lambda x: paddle.histogram(x, bins=4), lambda x: _np_hist(x, 4, x.min(), x.max()),
           [rand(12)], grad=()),
    OpSpec("count_nonzero", paddle.count_nonzero, np.count_nonzero, [ints(3, 4, high=3)], grad=()),
    OpSpec("count_nonzero_axis_keepdim", lambda x: paddle.count_nonzero(x, axis=[0, 2], keepdim=True),
           lambda x: np.count_nonzero(x, axis=(0, 2), keepdims=True), [ints(2, 3, 2, high=2)], grad=()),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
