"""Sorting and order statistics: arg_max/arg_min, argsort, top_k_v2, kthvalue, mode (+ grads)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from ..manipulation.gathering import TakeAlongAxis
from . import _stl as stl


_INT64 = np.dtype(np.int64)
_THRESHOLD = 16  # rows up to this length are sorted by insertion sort in C++: stable
# Replaying the C++ algorithms costs a few microseconds per element, so the exact CPU tie order
# is reproduced only while the tied rows hold at most this many elements in total; beyond it,
# ties keep the stable order (Paddle documents no tie order; its GPU kernels differ as well).
REPLAY_BUDGET = 1 << 17


def _last(x, axis):
    """View of x with `axis` moved last."""
    return np.moveaxis(x, axis, -1) if axis not in (-1, x.ndim - 1) else x


def _back(y, axis, ndim):
    """Inverse of _last for an array of the same rank."""
    return np.moveaxis(y, -1, axis) if axis not in (-1, ndim - 1) else y


def gather_last(m, idx):
    """np.take_along_axis(m, idx, -1) for idx with m's leading dims, without its overhead."""
    if m.ndim == 1:
        return m[idx]
    n = m.shape[-1]
    if n == 0 or idx.size == 0:
        return np.take_along_axis(m, idx, -1)
    base = np.arange(0, m.size, n).reshape(m.shape[:-1] + (1,))
    return m.reshape(-1)[idx + base]


def _reduced_shape(shape, axis, keepdim):
    nd = len(shape)
    if nd == 0:
        return []
    axis %= nd
    return [1 if i == axis else d for i, d in enumerate(shape)] if keepdim else \
        [d for i, d in enumerate(shape) if i != axis]


def stable_order(m, descending):
    """Stable argsort along the last axis; NaN counts as the largest value (Paddle's rule)."""
    if m.dtype == _dt.bfloat16.np_dtype:  # numpy's generic sort misplaces bfloat16 NaNs; float32 holds each exactly
        m = m.astype(np.float32)
    if not descending:
        return np.argsort(m, axis=-1, kind="stable")
    n = m.shape[-1]
    r = np.argsort(m[..., ::-1], axis=-1, kind="stable")
    return (n - 1) - r[..., ::-1]


def _rows(mask, n):
    """Index tuples of the True entries of a mask over leading dims (a 0-D mask: the one row);
    none when replaying them (n elements each) would exceed REPLAY_BUDGET."""
    if mask.ndim == 0:
        return [()] if mask else []
    if int(np.count_nonzero(mask)) * n > REPLAY_BUDGET:
        return []
    return list(zip(*np.nonzero(mask)))


def _replay(m, order, rows, descending, run):
    """Recompute `order` for the tied rows (a boolean mask over m's leading dims) by `run`,
    a replay of the C++ algorithm on (key, index) pairs that returns the index list."""
    for loc in _rows(rows, m.shape[-1]):
        order[loc] = run(stl.pairs(stl.rank_keys(m[loc], descending)))


def sort_order(m, descending, stable):
    """Paddle's CPU argsort order along the last axis, ties included."""
    order = stable_order(m, descending)
    if stable or m.shape[-1] <= _THRESHOLD or m.size == 0:
        return order
    tied = stl.equivalent_next(gather_last(m, order)).any(-1)
    if tied.any():
        def run(a):
            stl.std_sort(a)
            return [i for _, i in a]
        _replay(m, order, tied, descending, run)
    return order


@register("arg_max")
class ArgMax(Op):
    """Index of the largest value (NaN ignored, as Paddle's kernel does); attrs axis, keepdims, flatten, dtype."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False
    _pick, _nan_fill = staticmethod(np.ndarray.argmax), -np.inf

    def forward(self, xp, x):
        a = self.attrs
        if kind_of(x.dtype) == "f":
            nan = np.isnan(x)
            if nan.any():
                x = np.where(nan, x.dtype.type(self._nan_fill), x)
        dt = _dt.from_proto(a["dtype"]).np_dtype
        if a["flatten"] or x.ndim == 0:
            out = np.asarray(self._pick(x.reshape(-1)))
            if a["keepdims"]:
                out = out.reshape([1] * x.ndim if a["flatten"] else [1])
            return out.astype(dt)
        return self._pick(x, a["axis"], None, keepdims=a["keepdims"]).astype(dt, copy=False)

    def infer_meta(self, x):
        a = self.attrs
        d = _dt.from_proto(a["dtype"])
        if a["flatten"]:
            return TensorMeta([1] * len(x.shape) if a["keepdims"] else [], d)
        if not x.shape:
            return TensorMeta([1] if a["keepdims"] else [], d)
        return TensorMeta(_reduced_shape(x.shape, a["axis"], a["keepdims"]), d)


@register("arg_min")
class ArgMin(ArgMax):
    """Index of the smallest value (NaN ignored)."""

    _pick, _nan_fill = staticmethod(np.ndarray.argmin), np.inf


class _ScatterGrad(Op):
    """X@GRAD: Out@GRAD written back at Indices along `axis` (zeros elsewhere)."""

    inputs, outputs = ("X", "Indices", "Out@GRAD"), ("X@GRAD",)
    saves = ("Indices",)
    _reduces = False  # kthvalue/mode: Indices lack the axis unless keepdim

    def _squeezed(self):
        return self._reduces and not self.attrs.get("keepdim", False)

    def forward(self, xp, x, idx, g):
        if x.ndim == 0:
            return g.reshape(()).astype(g.dtype, copy=True)
        axis = self.attrs.get("axis", -1)
        if self._squeezed():
            idx, g = np.expand_dims(idx, axis), np.expand_dims(g, axis)
        out = np.zeros(x.shape, dtype=g.dtype)
        np.put_along_axis(out, idx, g, axis)
        return out

    def infer_meta(self, x, idx, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (idx,) = self.saved
        nd = len(gg.shape)
        if nd == 0:
            return None, None, gg
        axis = self.attrs.get("axis", -1) % nd
        if self._squeezed():
            picked = apply(TakeAlongAxis, gg, idx.unsqueeze(axis), Axis=axis)
            return None, None, picked.squeeze(axis)
        return None, None, apply(TakeAlongAxis, gg, idx, Axis=axis)


@register("argsort_grad")
class ArgSortGrad(_ScatterGrad):
    pass


@register("top_k_v2_grad")
class TopKGrad(_ScatterGrad):
    pass


@register("kthvalue_grad")
class KthValueGrad(_ScatterGrad):
    _reduces = True


@register("mode_grad")
class ModeGrad(_ScatterGrad):
    _reduces = True


class _ValuesIndices(Op):
    """Shared slots of the ops returning (values, indices); values' grad scatters back."""

    inputs, outputs = ("X",), ("Out", "Indices")
    nondiff_outputs = ("Indices",)
    saves = ("X", "Indices")
    _grad = None

    def backward(self, out_grad, _indices_grad=None):
        x, idx = self.saved
        return apply(self._grad, x, idx, out_grad, **self.attrs)


@register("argsort")
class ArgSort(_ValuesIndices):
    """Sorted values and their indices along `axis` (attrs axis, descending, stable)."""

    _grad = ArgSortGrad

    def forward(self, xp, x):
        if x.ndim == 0:
            return x.copy(), np.zeros((), _INT64)
        a = self.attrs
        axis = a["axis"]
        m = _last(x, axis)
        order = sort_order(m, a["descending"], a["stable"])
        vals = gather_last(m, order)
        return _back(vals, axis, x.ndim), _back(order, axis, x.ndim)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.int64)


@register("top_k_v2")
class TopK(_ValuesIndices):
    """The k largest (or smallest) values along `axis` and their indices; optional K tensor input."""

    inputs = ("X", "K")
    _grad = TopKGrad

    def backward(self, out_grad, _indices_grad=None):
        x, idx = self.saved
        return apply(TopKGrad, x, idx, out_grad, **self.attrs), None

    def forward(self, xp, x, k_in=None):
        a = self.attrs
        k = int(np.asarray(k_in).reshape(-1)[0]) if k_in is not None else a["k"]
        if x.ndim == 0:
            return x.copy(), np.zeros((), _INT64)
        axis, largest, srt = a["axis"], a["largest"], a["sorted"]
        m = _last(x, axis)
        n = m.shape[-1]
        if k > n:
            raise ValueError(f"(InvalidArgument) The k ({k}) of topk must be less than or equal to the size "
                             f"({n}) of the input along axis {axis}")
        order = stable_order(m, largest)
        partial = k * 64 < n
        head = gather_last(m, order[..., :k + 1])
        if not srt and not partial:
            tied = np.ones(m.shape[:-1], dtype=bool)
        else:
            tied = stl.equivalent_next(head).any(-1)
        order = order[..., :k]
        if tied.any():
            order = order.copy()

            def run(p):
                if partial:
                    stl.partial_sort(p, k)
                else:
                    stl.nth_element(p, k - 1)
                    if srt:
                        first = p[:k - 1]
                        stl.std_sort(first)
                        p[:k - 1] = first
                return [i for _, i in p[:k]]
            _replay(m, order, tied, largest, run)
            vals = gather_last(m, order)
        else:
            vals = head[..., :k]
        return _back(vals, axis, x.ndim), _back(order, axis, x.ndim)

    def infer_meta(self, x, k_in=None):
        a = self.attrs
        shape = list(x.shape)
        if shape:
            shape[a["axis"] % len(shape)] = -1 if k_in is not None else a["k"]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


@register("kthvalue")
class KthValue(_ValuesIndices):
    """The k-th smallest value along `axis` and its index (attrs k, axis, keepdim)."""

    _grad = KthValueGrad

    def forward(self, xp, x):
        a = self.attrs
        k, axis, keepdim = a["k"], a["axis"], a["keepdim"]
        if x.ndim == 0:
            return x.copy(), np.zeros((), _INT64)
        m = _last(x, axis)
        n = m.shape[-1]
        order = stable_order(m, False)
        lo = max(k - 2, 0)
        p = k - 1 - lo  # where the k-th value sits in the window [k-2, k]
        eq = stl.equivalent_next(gather_last(m, order[..., lo:k + 1]))
        tied = eq[..., max(p - 1, 0):p + 1].any(-1)
        order = np.ascontiguousarray(order[..., k - 1:k])
        if tied.any():
            def run(p):
                if k * 64 < n:
                    stl.partial_sort(p, k)
                else:
                    stl.nth_element(p, k - 1)
                return [p[k - 1][1]]
            _replay(m, order, tied, False, run)
        vals = gather_last(m, order)
        return _finish_reduced(vals, order, axis, x.ndim, keepdim)

    def infer_meta(self, x):
        a = self.attrs
        shape = _reduced_shape(x.shape, a["axis"], a["keepdim"])
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


def _finish_reduced(vals, idx, axis, ndim, keepdim):
    """(..., 1) results along the moved axis -> keepdim or squeezed outputs."""
    if keepdim:
        return _back(vals, axis, ndim), _back(idx, axis, ndim)
    return vals[..., 0], idx[..., 0]


@register("mode")
class Mode(_ValuesIndices):
    """The most frequent value along `axis` (smallest on equal counts) and an index of it."""

    _grad = ModeGrad

    def forward(self, xp, x):
        a = self.attrs
        axis, keepdim = a["axis"], a["keepdim"]
        if x.ndim == 0:
            return x.copy(), np.zeros((), _INT64)
        m = _last(x, axis)
        n = m.shape[-1]
        if n == 0:
            shape = m.shape[:-1] + (1,)
            return _finish_reduced(np.zeros(shape, x.dtype), np.zeros(shape, _INT64), axis, x.ndim, keepdim)
        order = stable_order(m, False)
        s = gather_last(m, order)
        best = _best_run(s)
        pick = gather_last(order, best[..., None])
        vals = gather_last(s, best[..., None])
        if n > _THRESHOLD:
            ends_tied = (best > 0) & _same_as_prev(s, best)
            allnan = np.isnan(vals[..., 0]) if kind_of(s.dtype) == "f" else np.zeros(best.shape, bool)
            tied = ends_tied | allnan
            for loc in _rows(tied, n):
                row = m[loc]
                p = stl.pairs(stl.rank_keys(row, False))
                stl.std_sort(p)
                seq = np.array([i for _, i in p])
                pick[loc + (0,)] = seq[_best_run(row[seq])]
        return _finish_reduced(vals, pick, axis, x.ndim, keepdim)

    def infer_meta(self, x):
        a = self.attrs
        shape = _reduced_shape(x.shape, a["axis"], a["keepdim"])
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)


def _best_run(s):
    """Position (along the last axis of sorted s) where the first longest run of equal values ends."""
    n = s.shape[-1]
    pos = np.arange(n)
    new = np.ones(s.shape, dtype=bool)
    new[..., 1:] = s[..., 1:] != s[..., :-1]
    start = np.maximum.accumulate(np.where(new, pos, 0), axis=-1)
    end = np.ones(s.shape, dtype=bool)
    end[..., :-1] = new[..., 1:]
    length = np.where(end, pos - start + 1, 0)
    return np.argmax(length, axis=-1)


def _same_as_prev(s, best):
    prev = np.take_along_axis(s, np.maximum(best - 1, 0)[..., None], -1)[..., 0]
    cur = np.take_along_axis(s, best[..., None], -1)[..., 0]
    return prev == cur
