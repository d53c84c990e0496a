"""Reductions: reduce_sum/max/min/amax/amin/prod, logsumexp, renorm."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import OPS, Op, TensorMeta, register
from ..creation.fill import FillAnyLike
from ._axes import reduce_axes, reduced_shape
from .elementwise import exact_equal
from .unary import Abs, Exp, Pow, Sign, _Unary, as_float
from .._holomorphic import holomorphic


def expand_back(out_grad, x, attrs):
    """Broadcast a reduced gradient back over the reduced axes of x."""
    if not attrs["keep_dim"] and out_grad.ndim:
        nd = len(x.shape)
        axes = reduce_axes(attrs, nd)
        axes = range(nd) if axes is None else axes
        if out_grad.ndim != nd:
            out_grad = out_grad.unsqueeze(sorted(axes))
    # the op itself (backward needs no argument checks), looked up by type: manipulation.shape imports this
    # module for expand's own grad (a reduce_sum), so importing it here would close a circle
    return apply(OPS["expand_as_v2"], out_grad, x)


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
    """1.0 where a == b exactly, else 0.0, in like's dtype. NaN equals nothing: a NaN extreme has no tied member,
    and its gradient 0 / 0 is NaN over the whole reduced set, as in Paddle."""
    return as_float(exact_equal(a, b, equal_nan=False), like)


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
        if kind_of(x.dtype) == "b":
            return out.astype("int64")
        if out.dtype != x.dtype and kind_of(x.dtype) in "fiu":  # numpy widens small ints; Paddle keeps them
            out = out.astype(x.dtype)
        return out

    def infer_meta(self, x):
        od = self.attrs.get("out_dtype", -1)
        d = _dt.from_proto(od) if od not in (-1, None) else (_dt.int64 if x.dtype is _dt.bool_ else x.dtype)
        return TensorMeta(reduced_shape(x.shape, self.attrs), d)

    def backward(self, out_grad):
        (x,) = self.saved
        return expand_back(out_grad, x, self.attrs)


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
@holomorphic
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
        x, out = self.saved
        a = _lse_attrs(self.attrs)
        return expand_back(out_grad, x, a) * apply(Exp, x - expand_back(out, x, a))


# -- renorm --------------------------------------------------------------------------------
_RENORM_EPS = 0.0  # Paddle divides max_norm by the norm itself (float64 renorm shows no epsilon)


def _inverse(p):
    """1 / p, with 1 / 0 = inf (renorm with p = 0 zeroes every slice, as in Paddle)."""
    return float("inf") if p == 0 else 1.0 / p


def _other_axes(nd, axis):
    return [i for i in range(nd) if i != axis % nd]


@register("renorm")
class Renorm(_Unary):
    """Scale each slice along attr axis whose p-norm exceeds max_norm down to max_norm."""

    saves = ("X",)
    float32_attrs = ("p", "max_norm")

    def forward(self, xp, x):
        a = self.attrs
        p, m = a["p"], a["max_norm"]
        axes = tuple(_other_axes(x.ndim, a["axis"]))
        norm = (xp.abs(x) ** p).sum(axis=axes, keepdims=True) ** _inverse(p)
        scale = xp.where(norm > m, m / (norm + _RENORM_EPS), 1.0)
        return (x * scale).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        p, m = a["p"], a["max_norm"]
        axes = _other_axes(len(x.shape), a["axis"])

        def kept_sum(t):
            return apply(ReduceSum, t, dim=axes, keep_dim=True, reduce_all=False) if axes else t

        absx = apply(Abs, x)
        norm = apply(Pow, kept_sum(apply(Pow, absx, factor=p)), factor=_inverse(p))
        over = as_float(norm > m, x)
        denom = norm + _RENORM_EPS
        scale = over * (m / denom) + (1.0 - over)
        # d norm / d x = |x|^(p-1) sign(x) norm^(1-p); d scale / d norm = -m / (norm + eps)^2 where over
        dnorm = apply(Pow, absx, factor=p - 1.0) * apply(Sign, x) * apply(Pow, norm, factor=1.0 - p)
        coef = over * kept_sum(out_grad * x) * (-m) / (denom * denom)
        return out_grad * scale + coef * dnorm
