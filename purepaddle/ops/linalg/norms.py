"""Norm ops: p_norm, frobenius_norm, dist."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from .._max_rules import has_nan, scan_reduce
from ..creation.fill import FillAnyLike
from ..math.elementwise import exact_equal, sum_to


# -- norms -----------------------------------------------------------------------------------
def pnorm_array(xp, x, p, axis, keepdim):
    """Vector p-norm of x over `axis` (None = all elements), in x's real dtype."""
    a = xp.abs(x)
    if a.size == 0 and p in (np.inf, -np.inf):  # Paddle: 0 over nothing (max/min have no identity)
        r = a.sum(axis=axis, keepdims=keepdim)
    elif p in (np.inf, -np.inf):
        r = a.max(axis=axis, keepdims=keepdim) if p > 0 else a.min(axis=axis, keepdims=keepdim)
        if has_nan(r):  # Paddle's reduction scans: a NaN counts only when it comes last (ops/_max_rules.py)
            flat = a.reshape(-1) if axis is None else a
            sign = 1 if p > 0 else -1  # the min scan `y < x ? y : x` is the max scan of -|x|
            r = sign * scan_reduce(sign * flat, axis=-1 if axis is None else axis)
            if keepdim:
                r = r.reshape([1] * a.ndim) if axis is None else np.expand_dims(r, axis)
    elif p == 0:
        r = (x != 0).sum(axis=axis, keepdims=keepdim)
    elif p == 2:
        r = xp.sqrt((a * a).sum(axis=axis, keepdims=keepdim))
    elif p == 1:
        r = a.sum(axis=axis, keepdims=keepdim)
    else:
        p32 = np.float32(p)  # Paddle's porder is a float attr: p and 1/p are float32 values
        r = (a ** float(p32)).sum(axis=axis, keepdims=keepdim) ** float(np.float32(1) / p32)
    return xp.asarray(r, dtype=a.dtype)


def pnorm_grad(x, n, g, p, eps):
    """d||x||_p / dx * g with the norm n and its grad g already broadcastable against x."""
    if p == 0:  # zeros, also where x is NaN or inf (Paddle fills the gradient)
        return apply(FillAnyLike, x, value=0.0, dtype=-1)
    if p == np.inf or p == -np.inf:
        mask = exact_equal(x.abs(), n).astype(x.dtype)
        return g * x.sign() * mask
    if p == 1:
        return g * x.sign()
    if p == 2:
        return x * (g / n.maximum(eps))
    q = float(np.float32(p) - np.float32(1))  # in float32, as Paddle's kernel computes porder - 1
    return g * x.sign() * x.abs() ** q / (n ** q + eps)


def _unsqueeze_axes(t, axes):
    for a in sorted(axes):
        t = t.unsqueeze(a)
    return t


@register("p_norm")
class PNorm(Op):
    """Vector p-norm along `axis` (all elements when asvector); porder may be 0 or +-inf."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        axis = None if a["asvector"] else a["axis"]
        return pnorm_array(xp, x, a["porder"], axis, a["keepdim"])

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        if a["asvector"]:
            shape = [1] * nd if a["keepdim"] else []
        else:
            ax = a["axis"] % max(nd, 1)
            shape = [1 if i == ax else d for i, d in enumerate(x.shape)] if a["keepdim"] else \
                [d for i, d in enumerate(x.shape) if i != ax]
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        g = out_grad
        if not a["keepdim"] and not a["asvector"] and x.ndim:
            ax = a["axis"] % x.ndim
            g, out = g.unsqueeze(ax), out.unsqueeze(ax)
        return pnorm_grad(x, out, g, a["porder"], a["epsilon"])


@register("frobenius_norm")
class FrobeniusNorm(Op):
    """sqrt(sum |x|^2) over `dim` (all when reduce_all); of a complex x Paddle's kernel gives sqrt(sum x*x), unconjugated
    and complex."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def _axes(self, nd):
        a = self.attrs
        if a.get("reduce_all") or not a["dim"]:
            return tuple(range(nd))
        return tuple(sorted(d % nd for d in a["dim"]))

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return xp.sqrt((x * x).sum(axis=self._axes(x.ndim), keepdims=self.attrs["keep_dim"]))
        return pnorm_array(xp, x, 2, self._axes(x.ndim), self.attrs["keep_dim"])

    def infer_meta(self, x):
        axes = self._axes(len(x.shape))
        if self.attrs["keep_dim"]:
            return TensorMeta([1 if i in axes else d for i, d in enumerate(x.shape)], x.dtype)
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in axes], x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        g = out_grad
        if not self.attrs["keep_dim"]:
            axes = self._axes(x.ndim)
            g, out = _unsqueeze_axes(g, axes), _unsqueeze_axes(out, axes)
        if x.dtype.is_complex:
            return x * (g / out)
        return x * (g / out.maximum(1e-12))


@register("dist")
class Dist(Op):
    """p-norm of x - y (broadcast) over all elements."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        return pnorm_array(xp, x - y, self.attrs["p"], None, False)

    def infer_meta(self, x, y):
        return TensorMeta([], x.dtype)

    def backward(self, out_grad):
        x, y, out = self.saved
        gd = pnorm_grad(x - y, out, out_grad, self.attrs["p"], 1e-12)
        return (sum_to(gd, x) if self.need(0) else None), (sum_to(-gd, y) if self.need(1) else None)
