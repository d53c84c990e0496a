"""Reductions: reduce_sum/mean/max/min/amax/amin/prod, logsumexp, cumsum, cumprod, median, allclose, ..."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from . import shape as _shape  # shape imports this module: resolve ExpandAs at call time
from .creation import FillAnyLike
from .elementwise import IsClose
from .unary import Abs, Sign, apply_scale, as_float


def reduce_axes(attrs, ndim):
    """The axis tuple a reduce op works on (None = all)."""
    if attrs.get("reduce_all") or not attrs["dim"]:
        return None
    return tuple(d % ndim if ndim else 0 for d in attrs["dim"])


def reduced_shape(shape, attrs):
    """Static output shape of a reduction."""
    nd = len(shape)
    axes = reduce_axes(attrs, nd)
    axes = range(nd) if axes is None else axes
    if attrs["keep_dim"]:
        return [1 if i in axes else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in axes]


def expand_back(out_grad, x, attrs):
    """Broadcast a reduced gradient back over the reduced axes of x."""
    if not attrs["keep_dim"] and out_grad.ndim:
        nd = len(x.shape)
        axes = reduce_axes(attrs, nd)
        axes = range(nd) if axes is None else axes
        if out_grad.ndim != nd:
            out_grad = out_grad.unsqueeze(sorted(axes))
    return apply(_shape.ExpandAs, out_grad, x)  # the op itself: backward needs no argument checks


def _reduce_kept(t, attrs):
    """reduce_sum of t over the op's axes, keeping them (a broadcastable shape)."""
    return apply(ReduceSum, t, dim=list(attrs["dim"]), keep_dim=True, reduce_all=bool(attrs.get("reduce_all")))


def _count(x, attrs):
    """How many elements each output of a reduction over x summarises (an int, or a Tensor
    when static shapes leave it unknown)."""
    shape = list(x.shape)
    axes = reduce_axes(attrs, len(shape))
    dims = shape if axes is None else [shape[i] for i in axes]
    if -1 not in dims:
        n = 1
        for d in dims:
            n *= d
        return n
    ones = apply(FillAnyLike, x, value=1.0, dtype=-1)
    return _reduce_kept(ones, attrs)


_add_reduce = np.add.reduce


def _equal_mask(a, b, like):
    """1.0 where a == b (NaN equals NaN), else 0.0, in like's dtype."""
    return as_float(apply(IsClose, a, b, rtol="0.0", atol="0.0", equal_nan=True), like)


class _Reduce(Op):
    inputs, outputs = ("X",), ("Out",)
    _empty_error = False  # whether reducing an empty axis is an error (max/min have no identity)

    def infer_meta(self, x):
        return TensorMeta(reduced_shape(x.shape, self.attrs), x.dtype)


@register("reduce_sum")
class ReduceSum(_Reduce):
    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        out = _add_reduce(x, axis=reduce_axes(a, x.ndim), keepdims=a["keep_dim"])
        od = a.get("out_dtype", -1)
        if od not in (-1, None):
            return out.astype(_dt.from_proto(od).np_dtype)
        if x.dtype.kind == "b":
            return out.astype("int64")
        if out.dtype != x.dtype and x.dtype.kind in "fiu":  # numpy widens small ints; Paddle keeps them
            out = out.astype(x.dtype)
        return out

    def infer_meta(self, x):
        od = self.attrs.get("out_dtype", -1)
        d = _dt.from_proto(od) if od not in (-1, None) else (_dt.int64 if x.dtype is _dt.bool_ else x.dtype)
        return TensorMeta(reduced_shape(x.shape, self.attrs), d)

    def backward(self, out_grad):
        (x,) = self.saved
        return expand_back(out_grad, x, self.attrs)


@register("reduce_mean")
class ReduceMean(_Reduce):
    """Mean; integer inputs give the truncated integer mean, bool inputs `any` (as Paddle)."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        ax, kd = reduce_axes(a, x.ndim), a["keep_dim"]
        k = x.dtype.kind
        if k in "fc":
            if x.dtype.itemsize < 4:  # float16: accumulate in float32
                out = x.mean(axis=ax, keepdims=kd, dtype=np.float32)
            else:
                s = _add_reduce(x, axis=ax, keepdims=kd)
                n = x.size // s.size if s.size else 0
                out = s / n if n else xp.full_like(s, xp.nan)
            return out if out.dtype == x.dtype else out.astype(x.dtype)
        if k == "b":
            return x.any(axis=ax, keepdims=kd)
        s = x.sum(axis=ax, keepdims=kd, dtype=np.int64)
        n = x.size // s.size if s.size else 0
        if n:
            s = np.abs(s) // n * np.sign(s)  # C-style division truncates toward zero
        return s.astype(x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        n = _count(x, self.attrs)
        # scale the (small) reduced gradient first, then broadcast it: one full-size pass, not two
        g = out_grad * (1.0 / n) if isinstance(n, int) else out_grad / n
        return expand_back(g, x, self.attrs)


class _Extreme(_Reduce):
    """max / min / amax / amin: the gradient is shared evenly among the tied extremes."""

    saves = ("X", "Out")
    _fn = None
    _empty_error = True

    def forward(self, xp, x):
        a = self.attrs
        ax = reduce_axes(a, x.ndim)
        if x.size == 0:
            for i in (range(x.ndim) if ax is None else ax):
                if x.shape[i] == 0:
                    raise ValueError(
                        f"(InvalidArgument) Cannot perform reduction along an axis ({i}) that has a size of 0.")
        return self._fn(x, axis=ax, keepdims=a["keep_dim"])

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        mask = _equal_mask(x, expand_back(out, x, a), out_grad)
        return expand_back(out_grad, x, a) * mask / _reduce_kept(mask, a)


@register("reduce_max")
class ReduceMax(_Extreme):
    _fn = staticmethod(np.maximum.reduce)


@register("reduce_min")
class ReduceMin(_Extreme):
    _fn = staticmethod(np.minimum.reduce)


@register("reduce_amax")
class ReduceAMax(_Extreme):
    _fn = staticmethod(np.maximum.reduce)


@register("reduce_amin")
class ReduceAMin(_Extreme):
    _fn = staticmethod(np.minimum.reduce)


@register("reduce_prod")
class ReduceProd(_Reduce):
    """Product; the gradient is out / x (NaN at zeros, as in Paddle)."""

    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        out = x.prod(axis=reduce_axes(a, x.ndim), keepdims=a["keep_dim"])
        return out if out.dtype == x.dtype else out.astype(x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        return expand_back(out_grad * out, x, a) / x


def _lse_attrs(a):
    """logsumexp's attrs (axis/keepdim/reduce_all) under the reduce_* names."""
    return {"dim": a["axis"], "keep_dim": a["keepdim"], "reduce_all": a["reduce_all"]}


@register("logsumexp")
class Logsumexp(Op):
    """log(sum(exp(x))) over attr axis, computed stably."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def forward(self, xp, x):
        a = _lse_attrs(self.attrs)
        ax = reduce_axes(a, x.ndim)
        if x.size == 0:
            return xp.log(xp.exp(x).sum(axis=ax, keepdims=a["keep_dim"]))
        m = x.max(axis=ax, keepdims=True)  # rows of -inf give NaN, as in Paddle
        out = xp.log(xp.exp(x - m).sum(axis=ax, keepdims=True)) + m
        if not a["keep_dim"]:
            out = out.reshape(reduced_shape(x.shape, a))
        return out

    def infer_meta(self, x):
        return TensorMeta(reduced_shape(x.shape, _lse_attrs(self.attrs)), x.dtype)

    def backward(self, out_grad):
        from .unary import Exp
        x, out = self.saved
        a = _lse_attrs(self.attrs)
        return expand_back(out_grad, x, a) * apply(Exp, x - expand_back(out, x, a))


# -- cumulative ---------------------------------------------------------------------------
def _scan(xp, fn, x, axis, exclusive, reverse):
    """cumsum/cumprod along axis, optionally exclusive (shifted by one) and/or reversed."""
    if reverse:
        x = xp.flip(x, axis)
    out = fn(x, axis=axis)
    if out.dtype != x.dtype:  # numpy widens small integers
        out = out.astype(x.dtype)
    if exclusive:
        ident = 0 if fn is xp.cumsum else 1
        shifted = xp.full_like(out, ident)
        idx = [slice(None)] * x.ndim
        src = list(idx)
        idx[axis] = slice(1, None)
        src[axis] = slice(None, -1)
        shifted[tuple(idx)] = out[tuple(src)]
        out = shifted
    if reverse:
        out = xp.flip(out, axis)
    return out


@register("cumsum")
class Cumsum(Op):
    """Running sum along attr axis (flatten: over the flattened input)."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        if a.get("flatten"):
            x = x.reshape(-1)
            axis = 0
        elif x.ndim == 0:
            return x.copy()
        else:
            axis = a["axis"] % x.ndim
        return _scan(xp, xp.cumsum, x, axis, a.get("exclusive", False), a.get("reverse", False))

    def infer_meta(self, x):
        if self.attrs.get("flatten"):
            n = -1 if -1 in x.shape else int(np.prod(x.shape, dtype=np.int64))
            return TensorMeta([n], x.dtype)
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        if x.ndim == 0 and not a.get("flatten"):
            return out_grad
        g = apply(Cumsum, out_grad, axis=0 if a.get("flatten") else a["axis"], flatten=False,
                  exclusive=a.get("exclusive", False), reverse=not a.get("reverse", False))
        return g.reshape(list(x.shape)) if a.get("flatten") else g


@register("cumprod")
class Cumprod(Op):
    """Running product along attr dim; its gradient is exact where inputs are zero."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        if x.ndim == 0:
            return x.copy()
        return _scan(xp, xp.cumprod, x, a["dim"] % x.ndim, a.get("exclusive", False), a.get("reverse", False))

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        if x.ndim == 0:
            return out_grad
        if a.get("exclusive"):
            raise NotImplementedError("cumprod with exclusive=True has no gradient rule here")
        dim, rev = a["dim"], bool(a.get("reverse", False))

        def scan(op, t, r):
            return apply(op, t, **({"axis": dim, "flatten": False, "exclusive": False} if op is Cumsum
                                   else {"dim": dim, "exclusive": False}), reverse=r)

        g = out_grad
        is_zero = apply_scale(apply(Sign, apply(Abs, x)), -1.0, 1.0)   # 1 where x == 0
        x_safe = x + is_zero
        # nonzero x_i: sum over later j of g_j * out_j / x_i (out_j is 0 past a zero anyway)
        grad = scan(Cumsum, g * out, not rev) / x_safe * (1.0 - is_zero)
        # the first zero: sum over later j (before the next zero) of g_j * prod_{k<=j, k!=i} x_k
        zeros_so_far = scan(Cumsum, is_zero, rev)
        one_zero = apply_scale(apply(Sign, apply(Abs, zeros_so_far - 1.0)), -1.0, 1.0)
        first = scan(Cumsum, g * scan(Cumprod, x_safe, rev) * one_zero, not rev)
        return grad + first * (is_zero * one_zero)


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
        xx, ax, order, lo, hi = _median_parts(xp, x, a)
        i_lo = xp.take(order, [lo], axis=ax)
        v_lo = xp.take_along_axis(xx, i_lo, axis=ax)
        if a["mode"] == "avg":
            v_hi = xp.take_along_axis(xx, xp.take(order, [hi], axis=ax), axis=ax)
            val = (v_lo + v_hi) / 2
            val = val if val.dtype == x.dtype else val.astype(x.dtype)
        else:
            val = v_lo
        if xx.dtype.kind == "f":
            nan = xp.isnan(xx)
            has_nan = nan.any(axis=ax, keepdims=True)
            if has_nan.any():
                val = xp.where(has_nan, xp.nan, val).astype(val.dtype)
                i_lo = xp.where(has_nan, xp.expand_dims(nan.argmax(axis=ax), ax), i_lo)
        i_lo = i_lo.astype(np.int64)
        if a["keepdim"]:
            shape = [1] * x.ndim if not a["axis"] else list(val.shape)
        else:
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


# -- whole-tensor comparisons -------------------------------------------------------------
@register("allclose")
class AllClose(Op):
    """Whether every |x - y| <= atol + rtol * |y| (a 0-D bool)."""

    inputs, outputs = ("Input", "Other"), ("Out",)
    differentiable = False

    def forward(self, xp, x, y):
        a = self.attrs
        return xp.asarray(xp.allclose(x, y, rtol=float(a["rtol"]), atol=float(a["atol"]),
                                      equal_nan=a["equal_nan"]))

    def infer_meta(self, x, y):
        return TensorMeta([], _dt.bool_)


@register("equal_all")
class EqualAll(Op):
    """Whether x and y have the same shape and values (a 0-D bool)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    differentiable = False

    def forward(self, xp, x, y):
        return xp.asarray(x.shape == y.shape and bool((x == y).all()))

    def infer_meta(self, x, y):
        return TensorMeta([], _dt.bool_)

