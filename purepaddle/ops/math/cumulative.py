"""Scans along an axis: cumsum, cumprod, cummax, cummin, logcumsumexp."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.dtype import kind_of, np_finfo
from ..._core.op import Op, TensorMeta, register
from ..creation.fill import FillAnyLike
from ..manipulation.scattering import PutAlongAxis
from .unary import Abs, Exp, Log, Sign, _Unary, apply_scale
from ..activation.piecewise import Relu
from .._holomorphic import holomorphic


# -- cumulative ------------------------------------------------------------------------------
class _CumExtreme(Op):
    """Running max/min along attr axis and the index where it was last attained (ties and NaN
    move the index forward, as in Paddle); attr dtype is the indices' VarType."""

    inputs, outputs = ("x",), ("out", "indices")
    nondiff_outputs = ("indices",)
    saves = ("x", "indices")
    _ufunc = None

    def forward(self, xp, x):
        a = self.attrs
        idt = _dt.from_proto(a["dtype"]).np_dtype
        if x.ndim == 0:
            return x.copy(), np.zeros((), idt)
        axis = a["axis"] % x.ndim
        vals = self._ufunc.accumulate(x, axis=axis)
        shape = [1] * x.ndim
        shape[axis] = x.shape[axis]
        pos = np.arange(x.shape[axis], dtype=idt).reshape(shape)
        hit = x == vals
        if kind_of(x.dtype) in "fc":
            hit |= xp.isnan(x)
        idx = np.maximum.accumulate(np.where(hit, pos, 0), axis=axis).astype(idt, copy=False)
        return vals, idx

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.from_proto(self.attrs["dtype"]))

    def backward(self, out_grad, _indices_grad=None):
        x, idx = self.saved
        if len(x.shape) == 0:
            return out_grad
        zeros = apply(FillAnyLike, x, value=0.0, dtype=-1)
        return apply(PutAlongAxis, zeros, idx, out_grad, Axis=self.attrs["axis"], Reduce="add", Include_self=True)


@register("cummax")
class Cummax(_CumExtreme):
    _ufunc = np.maximum


@register("cummin")
class Cummin(_CumExtreme):
    _ufunc = np.minimum


def _paddle_log_add_scan(x):
    """Paddle's logcumsumexp scan over axis 0: acc = max + log1p(exp(min - max)) from the lowest float, with C++'s
    min/max (a NaN element meets `b < a` false, so it acts as acc again; two +inf make NaN; -inf stays lowest)."""
    acc = np.full(x.shape[1:], np_finfo(x.dtype).min, dtype=x.dtype)
    out = np.empty_like(x)
    with np.errstate(all="ignore"):
        for i, v in enumerate(x):
            lo, hi = np.where(v < acc, v, acc), np.where(acc < v, v, acc)
            acc = hi + np.log1p(np.exp(lo - hi))
            out[i] = acc
    return out


@register("logcumsumexp")
class LogCumSumExp(_Unary):
    """log(cumsum(exp(x))) along attr axis (flatten: over the flattened input), computed stably."""

    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        if a.get("flatten"):
            x, axis = x.reshape(-1), 0
        elif x.ndim == 0:
            return x.copy()
        else:
            axis = a["axis"] % x.ndim
        if a.get("reverse"):
            x = xp.flip(x, axis)
        out = xp.moveaxis(_paddle_log_add_scan(xp.moveaxis(x, axis, 0)), 0, axis)
        if a.get("exclusive"):
            out = xp.concatenate([xp.full_like(xp.take(out, [0], axis), -xp.inf),
                                  xp.take(out, range(out.shape[axis] - 1), axis)], axis)
        if a.get("reverse"):
            out = xp.flip(out, axis)
        return out.astype(x.dtype, copy=False)

    def infer_meta(self, x):
        if self.attrs.get("flatten"):
            n = -1 if -1 in x.shape else int(np.prod(x.shape, dtype=np.int64))
            return TensorMeta([n], x.dtype)
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        if len(x.shape) == 0 and not a.get("flatten"):
            return out_grad
        if a.get("exclusive"):
            raise NotImplementedError("logcumsumexp with exclusive=True has no gradient rule here")
        flat = a.get("flatten")
        xs = x.reshape([-1]) if flat else x
        scan = {"axis": 0 if flat else a["axis"], "flatten": False, "exclusive": False,
                "reverse": not a.get("reverse", False)}
        # dx_i = sum_{j >= i} g_j exp(x_i - out_j), with g split by sign and summed in log space
        pos = apply(LogCumSumExp, apply(Log, apply(Relu, out_grad)) - out, **scan)
        neg = apply(LogCumSumExp, apply(Log, apply(Relu, -out_grad)) - out, **scan)
        g = apply(Exp, pos + xs) - apply(Exp, neg + xs)
        return g.reshape(list(x.shape)) if flat else g


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
@holomorphic
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
