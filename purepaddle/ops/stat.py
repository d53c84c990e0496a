"""Statistics ops: reduce_mean, median, nanmedian (+ grads) and size (numel)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.dtype import kind_of
from .._core.op import Op, TensorMeta, register
from ._through_float import to_int
from .creation.fill import FillAnyLike
from .math._axes import reduce_axes
from .math.reduction import ReduceSum, _Reduce, _add_reduce, _count, expand_back
from .search.sorting import TopK


@register("reduce_mean")
class ReduceMean(_Reduce):
    """Mean; integer inputs give the truncated float32 mean, bool inputs `any` (as Paddle)."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        ax, kd = reduce_axes(a, x.ndim), a["keep_dim"]
        k = kind_of(x.dtype)
        if k in "fc":
            if x.dtype.itemsize < 4:  # float16: accumulate in float32
                out = x.mean(axis=ax, keepdims=kd, dtype=np.float32)
            else:
                s = _add_reduce(x, axis=ax, keepdims=kd)
                n = x.size // s.size if s.size else 0
                out = s / n if n else xp.full_like(s, xp.nan)
            return out if out.dtype == x.dtype else out.astype(x.dtype)
        if k == "b":  # sum / count, cast back to bool: any(), and NaN (True) over an empty axis
            out = x.any(axis=ax, keepdims=kd)
            return out if x.size else xp.ones_like(out)
        # Paddle's integer mean works in float32: each element rounded to float32, summed and divided in float32,
        # then truncated toward zero (the mean of int64 [2**40 + 1, 2**40 + 2, 3] is 733007773696)
        s = x.astype(np.float32).sum(axis=ax, keepdims=kd, dtype=np.float32)
        n = x.size // s.size if s.size else 0
        with np.errstate(invalid="ignore"):
            s = s / np.float32(n)  # 0 / 0 over an empty axis: NaN, cast as C++ does (INT_MIN)
        return to_int(xp, np.asarray(s), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        n = _count(x, self.attrs)
        # scale the (small) reduced gradient first, then broadcast it: one full-size pass, not two;
        # n == 0 only over an empty input, whose gradient is empty too (the scale is never seen)
        if isinstance(n, int):
            g = out_grad * (1.0 / n if n else np.nan)
        else:
            g = out_grad / n
        return expand_back(g, x, self.attrs)


# -- median -------------------------------------------------------------------------------
def _median_layout(x, attrs):
    """(array to work on, axis) for a median: the flattened input when attr axis is empty."""
    axis = attrs["axis"]
    if not axis or x.ndim == 0:
        return x.reshape(-1), 0
    return x, axis[0] % x.ndim


def _median_parts(xp, x, attrs):
    """Stable order along the axis, and the positions of the lower/upper middle elements."""
    xx, ax = _median_layout(x, attrs)
    n = xx.shape[ax]
    if n == 0:
        raise ValueError("(InvalidArgument) median of an empty axis is undefined")
    order = xp.argsort(xx, axis=ax, kind="stable")  # NaNs sort last
    return xx, ax, order, (n - 1) // 2, n // 2


@register("median")
class Median(Op):
    """Median along attr axis (all elements when empty); mode 'avg' averages the two middle
    values of an even count, 'min' takes the lower one. MedianIndex is the lower middle's index."""

    inputs, outputs = ("X",), ("Out", "MedianIndex")
    saves = ("X", "MedianIndex")
    nondiff_outputs = ("MedianIndex",)

    def forward(self, xp, x):
        a = self.attrs
        xx, ax = _median_layout(x, a)
        if xx.shape[ax] == 0:  # Paddle: the median of nothing is NaN, at index 0
            keep = list(xx.shape)
            keep[ax] = 1
            val = xp.full(keep, xp.nan if kind_of(x.dtype) in "fc" else 0, dtype=x.dtype)
            return self._shaped(x, val, xp.zeros(keep, dtype=np.int64))
        xx, ax, order, lo, hi = _median_parts(xp, x, a)
        i_lo = xp.take(order, [lo], axis=ax)
        v_lo = xp.take_along_axis(xx, i_lo, axis=ax)
        if a["mode"] == "avg":
            v_hi = xp.take_along_axis(xx, xp.take(order, [hi], axis=ax), axis=ax)
            val = (v_lo + v_hi) / 2
            val = val if val.dtype == x.dtype else val.astype(x.dtype)
        else:
            val = v_lo
        if kind_of(xx.dtype) == "f":
            nan = xp.isnan(xx)
            has_nan = nan.any(axis=ax, keepdims=True)
            if has_nan.any():
                val = xp.where(has_nan, xp.nan, val).astype(val.dtype)
                i_lo = xp.where(has_nan, xp.expand_dims(nan.argmax(axis=ax), ax), i_lo)
        return self._shaped(x, val, i_lo.astype(np.int64))

    def _shaped(self, x, val, i_lo):
        """Out and MedianIndex (each with the axis kept as 1) in the output's shape."""
        a = self.attrs
        if a["keepdim"]:
            shape = [1] * x.ndim if not a["axis"] else list(val.shape)
        else:
            ax = _median_layout(x, a)[1]
            shape = [] if not a["axis"] or x.ndim == 0 else [d for i, d in enumerate(val.shape) if i != ax]
        return val.reshape(shape), i_lo.reshape(shape)

    def infer_meta(self, x):
        a = self.attrs
        if not a["axis"] or not x.shape:
            shape = [1] * len(x.shape) if a["keepdim"] else []
        else:
            ax = a["axis"][0] % len(x.shape)
            shape = [1 if i == ax else d for i, d in enumerate(x.shape)] if a["keepdim"] else \
                [d for i, d in enumerate(x.shape) if i != ax]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)

    def backward(self, out_grad, idx_grad=None):
        x, idx = self.saved
        a = self.attrs
        return apply(MedianGrad, x, idx, out_grad, axis=list(a["axis"]), keepdim=a["keepdim"], mode=a["mode"])


@register("median_grad")
class MedianGrad(Op):
    """Scatter the median's gradient as Paddle does: when the median is one value (odd count, or
    equal middle pair) it is shared evenly among all elements equal to it; an unequal middle pair
    gets half each; mode 'min' with an axis sends it to MedianIndex (over all elements, to the ties)."""

    inputs, outputs = ("X", "MedianIndex", "Out@GRAD"), ("X@GRAD",)
    saves = ("X", "MedianIndex")

    def forward(self, xp, x, idx, g):
        a = self.attrs
        if x.size == 0:
            return xp.zeros(x.shape, dtype=g.dtype)
        xx, ax, order, lo, hi = _median_parts(xp, x, a)
        keep = list(xx.shape)
        keep[ax] = 1
        gk = g.reshape(keep)
        if a["mode"] == "min" and a["axis"]:
            w = xp.zeros(xx.shape, dtype=g.dtype)
            xp.put_along_axis(w, idx.reshape(keep), 1.0, axis=ax)
            return (w * gk).reshape(x.shape)
        i_lo = xp.take(order, [lo], axis=ax)
        i_hi = xp.take(order, [hi], axis=ax)
        v_lo = xp.take_along_axis(xx, i_lo, axis=ax)
        v_hi = xp.take_along_axis(xx, i_hi, axis=ax)
        tie = (xx == v_lo) | (xp.isnan(xx) & xp.isnan(v_lo))
        w = tie / tie.sum(axis=ax, keepdims=True)
        if a["mode"] == "avg" and lo != hi:
            pair = xp.zeros(xx.shape, dtype=w.dtype)
            xp.put_along_axis(pair, i_lo, 0.5, axis=ax)
            xp.put_along_axis(pair, i_hi, 0.5, axis=ax)
            w = xp.where(v_lo == v_hi, w, pair)
        nan = xp.isnan(xx)
        n_nan = nan.sum(axis=ax, keepdims=True)
        # a row holding NaN has median NaN: its NaNs share the gradient evenly, wherever they sort
        w = xp.where(n_nan > 0, nan / xp.maximum(n_nan, 1), w)
        return (w.astype(g.dtype) * gk).reshape(x.shape)

    def infer_meta(self, x, idx, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, out_grad):
        x, idx = self.saved
        a = self.attrs
        # linear in Out@GRAD: its transpose gathers with the same weights
        ones = apply(FillAnyLike, idx, value=1.0, dtype=out_grad.dtype.proto)
        w = apply(MedianGrad, x, idx, ones, **a)
        attrs = {"dim": list(a["axis"]), "keep_dim": a["keepdim"], "reduce_all": not a["axis"]}
        return None, None, apply(ReduceSum, out_grad * w, **attrs)


@register("size")
class Size(Op):
    """The number of elements of Input (a 0-D int64)."""

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return np.asarray(x.size, dtype=np.int64)

    def infer_meta(self, x):
        return TensorMeta([], _dt.int64)


# -- nanmedian ----------------------------------------------------------------------------------
def _nan_layout(x, axes):
    """x with the reduced axes moved last and merged: (rows array [..., n], kept shape, keepdim shape)."""
    nd = x.ndim
    axes = sorted(a % nd for a in axes) if axes and nd else list(range(nd))
    rest = [i for i in range(nd) if i not in axes]
    xx = np.transpose(x, rest + axes) if nd else x
    kept = [x.shape[i] for i in rest]
    keepdim = [1 if i in axes else x.shape[i] for i in range(nd)]
    return xx.reshape(kept + [-1] if xx.size else kept + [int(np.prod([x.shape[i] for i in axes]))]), kept, keepdim


def _topk_order(xx, cnt, any_nan):
    """Paddle's order of each row's smallest values (its CPU top-k, which decides among equal values): the
    largest non-NaN count when some value is NaN, else half the row plus one. Only the first entries of a row
    are read, so the rest is filler."""
    n = xx.shape[-1]
    k = int(cnt.max()) if any_nan and cnt.size else n // 2 + 1
    if xx.size == 0 or k == 0:
        return np.zeros(xx.shape[:-1] + (max(k, 1),), dtype=np.int64)
    k = min(k, n)
    return TopK({"k": k, "axis": -1, "largest": False, "sorted": True}).forward(np, xx)[1]


def _nan_parts(x, axes):
    """Rows, stable order (NaN last), non-NaN counts and the lower/upper middle positions per row."""
    xx, kept, keepdim = _nan_layout(x, axes)
    nan = np.isnan(xx) if kind_of(xx.dtype) == "f" else np.zeros(xx.shape, bool)
    cnt = xx.shape[-1] - nan.sum(-1, keepdims=True)
    order = _topk_order(xx, cnt, nan.any())
    lo, hi = np.maximum(cnt - 1, 0) // 2, cnt // 2
    return xx, kept, keepdim, order, cnt, lo, hi


@register("nanmedian")
class NanMedian(Op):
    """Median of the non-NaN values over attr axis (all when empty); NaN where all are NaN. mode 'avg'
    averages an even count's middle pair, 'min' takes the lower one (MedianIndex: its index, -1 if none)."""

    outputs = ("Out", "MedianIndex")
    saves = ("X",)
    nondiff_outputs = ("MedianIndex",)

    def forward(self, xp, x):
        a = self.attrs
        xx, kept, keepdim, order, cnt, lo, hi = _nan_parts(x, a["axis"])
        shape = keepdim if a["keepdim"] else kept
        if xx.shape[-1] == 0:  # Paddle: the median of nothing is NaN (cast to an integer dtype as C++), at index 0
            val = np.full(shape, np.nan)
            val = val.astype(x.dtype) if kind_of(x.dtype) in "fc" else to_int(xp, val, x.dtype)
            return val, np.zeros(shape, dtype=np.int64)
        i_lo = np.take_along_axis(order, lo, -1)
        v_lo = np.take_along_axis(xx, i_lo, -1)
        val = v_lo
        if a["mode"] == "avg":
            v_hi = np.take_along_axis(xx, np.take_along_axis(order, hi, -1), -1)
            if kind_of(xx.dtype) == "f":
                val = ((v_lo + v_hi) / 2).astype(xx.dtype)
            else:
                s = v_lo.astype(np.int64) + v_hi
                val = (np.abs(s) // 2 * np.sign(s)).astype(xx.dtype)  # C++ division truncates
        empty = cnt == 0
        if empty.any():
            val = np.where(empty, np.nan, val).astype(val.dtype)
            i_lo = np.where(empty, -1, i_lo)
        shape = keepdim if a["keepdim"] else kept
        return val.reshape(shape), i_lo.astype(np.int64).reshape(shape)

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        axes = [i % nd for i in a["axis"]] if a["axis"] and nd else list(range(nd))
        shape = [1 if i in axes else d for i, d in enumerate(x.shape)] if a["keepdim"] else \
            [d for i, d in enumerate(x.shape) if i not in axes]
        return TensorMeta(shape, x.dtype), TensorMeta(shape, _dt.int64)

    def backward(self, out_grad, idx_grad=None):
        (x,) = self.saved
        return apply(NanMedianGrad, x, out_grad, **self.attrs)


@register("nanmedian_grad")
class NanMedianGrad(Op):
    """Out@GRAD scattered as Paddle does: mode 'min' with one int axis sends it to the lower middle;
    otherwise a single median value (odd count, equal middle pair, or 'min') shares it evenly among
    the elements equal to it, and an unequal middle pair gets half each. All-NaN rows get none."""

    inputs, outputs = ("X", "Out@GRAD"), ("X@GRAD",)
    saves = ("X", "Out@GRAD")

    def forward(self, xp, x, g):
        a = self.attrs
        if x.size == 0:
            return np.zeros(x.shape, dtype=g.dtype)
        xx, kept, keepdim, order, cnt, lo, hi = _nan_parts(x, a["axis"])
        gk = g.reshape(kept + [1])
        i_lo = np.take_along_axis(order, lo, -1)
        v_lo = np.take_along_axis(xx, i_lo, -1)
        if a["mode"] == "min" and len(a["axis"]) == 1:
            w = np.zeros(xx.shape, dtype=g.dtype)
            np.put_along_axis(w, i_lo, 1.0, axis=-1)
        else:
            tie = xx == v_lo
            w = tie / np.maximum(tie.sum(-1, keepdims=True), 1)
            if a["mode"] == "avg":
                i_hi = np.take_along_axis(order, hi, -1)
                v_hi = np.take_along_axis(xx, i_hi, -1)
                pair = np.zeros(xx.shape, dtype=w.dtype)
                np.put_along_axis(pair, i_lo, 0.5, axis=-1)
                np.put_along_axis(pair, i_hi, 0.5, axis=-1)
                w = np.where(v_lo == v_hi, w, pair)
        # an all-NaN row: Paddle shares the gradient among its entries under 'avg', gives none under 'min'
        w = np.where(cnt == 0, 1.0 / xx.shape[-1] if a["mode"] == "avg" else 0.0, w)
        gx = np.where(w == 0, 0.0, w * gk).astype(g.dtype)  # no -0.0 where nothing flows
        return _nan_unlayout(gx, x.shape, a["axis"])

    def infer_meta(self, x, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, out_grad):
        x, g = self.saved
        a = self.attrs
        # linear in Out@GRAD: its transpose is a weighted sum with the same weights
        ones = apply(FillAnyLike, g, value=1.0, dtype=-1)
        w = apply(NanMedianGrad, x, ones, **a)
        nd = len(x.shape)
        axes = [i % nd for i in a["axis"]] if a["axis"] and nd else list(range(nd))
        s = (out_grad * w).sum(axis=axes or None, keepdim=a["keepdim"])
        return None, s


def _nan_unlayout(gx, shape, axes):
    """Inverse of _nan_layout for a gradient laid out as [kept..., n]."""
    nd = len(shape)
    axes = sorted(a % nd for a in axes) if axes and nd else list(range(nd))
    rest = [i for i in range(nd) if i not in axes]
    perm = rest + axes
    moved = gx.reshape([shape[i] for i in perm])
    return np.transpose(moved, np.argsort(perm)) if nd else moved.reshape(shape)
