"""Special-function ops: lgamma, gammaln, digamma, polygamma, gammaincc, erfinv, i0, i0e, i1, i1e, logit, stanh
(float64 kernels in _special_kernels; results keep the input's floating dtype)."""
import math

import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import float_info
from ..._core.op import OPS, Op, TensorMeta, register
from ..creation.fill import FillAnyLike
from .._holomorphic import holomorphic
from ..search.select import Where
from . import _special_kernels as K
from .elementwise import broadcast_shape, exact_equal, sum_to
from .unary import Exp, Log, Tanh, _Unary, apply_scale, as_float


_HALF_SQRT_PI = math.sqrt(math.pi) / 2.0


def _run(fn, x, *args):
    """A float64 kernel applied to x (flattened: the kernels work on 1-D arrays), the result in x's dtype."""
    out = fn(x.astype(np.float64, copy=False).reshape(-1), *args)
    return out.reshape(x.shape).astype(x.dtype, copy=False)


def _full_like(t, value):
    return apply(FillAnyLike, t, value=float(value), dtype=-1)


def _sign_nonneg(x):
    """-1 where x's sign bit is set (-0 included), +1 elsewhere: the side Paddle takes at the kink of exp(-|x|)."""
    negative = (x < 0.0) | ((1.0 / x) < 0.0)  # 1 / -0 is -inf
    return 1.0 - as_float(negative, x) * 2.0


# -- gamma family --------------------------------------------------------------------------
@register("lgamma")
class Lgamma(_Unary):
    """log |Gamma(x)|."""

    saves = ("X",)

    def forward(self, xp, x):
        return _run(K.lgamma, x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Digamma, x)


@register("gammaln")
class Gammaln(Lgamma):
    """log |Gamma(x)| (Paddle's separate op of paddle.gammaln; slots x -> out)."""

    inputs, outputs = ("x",), ("out",)
    saves = ("x",)


@register("digamma")
class Digamma(_Unary):
    """psi(x) = d/dx log Gamma(x)."""

    saves = ("X",)

    def forward(self, xp, x):
        return _run(K.digamma, x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Polygamma, x, n=1)


@register("polygamma")
class Polygamma(Op):
    """The n-th derivative of digamma (attr n >= 0)."""

    inputs, outputs = ("x",), ("out",)
    saves = ("x",)

    def forward(self, xp, x):
        return _run(lambda v: K.polygamma(self.attrs["n"], v), x)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Polygamma, x, n=self.attrs["n"] + 1)


@register("gammaincc")
class Gammaincc(Op):
    """Q(x, y) = Gamma(x, y) / Gamma(x), the regularized upper incomplete gamma function of
    shape x at y; only y gets a gradient (as in Paddle)."""

    inputs, outputs = ("x", "y"), ("out",)
    saves = ("x", "y")

    def forward(self, xp, x, y):
        shape = np.broadcast_shapes(x.shape, y.shape)
        q = K.gammainc_pair(x, y)[1].reshape(shape)
        return q.astype(np.result_type(x.dtype, y.dtype), copy=False)

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        if not self.need(1):
            return None, None
        # dQ/dy = -y^(x-1) e^-y / Gamma(x)
        log_density = (x - 1.0) * apply(Log, y) - y - apply(Lgamma, x)
        return None, sum_to(-(out_grad * apply(Exp, log_density)), y)


# -- erfinv --------------------------------------------------------------------------------
@register("erfinv")
class Erfinv(_Unary):
    """The inverse error function on [-1, 1]."""

    saves = ("Out",)

    def forward(self, xp, x):
        return _run(K.erfinv, x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * apply(Exp, out * out) * _HALF_SQRT_PI


# -- modified Bessel functions of the first kind --------------------------------------------
@register("i0")
class I0(Op):
    """I0(x)."""

    inputs, outputs = ("x",), ("out",)
    saves = ("x",)

    def forward(self, xp, x):
        return _run(K.bessel_i, x, 0)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(I1, x)


@register("i0e")
class I0e(I0):
    """exp(-|x|) I0(x)."""

    saves = ("x", "out")

    def forward(self, xp, x):
        return _run(K.bessel_i_scaled, x, 0)

    def backward(self, out_grad):
        x, out = self.saved
        return out_grad * (apply(I1e, x) - _sign_nonneg(x) * out)


def _over_x_or_half(x, value_at_zero, expr_of_safe_x):
    """expr(x) where x != 0 and value_at_zero where x == 0 or subnormal (for the I1 / I1e derivatives: Paddle's
    kernels take the limit there, where 1 / x would overflow)."""
    zero = x.abs() < float(float_info(x.dtype).tiny)
    safe = apply(Where, zero, _full_like(x, 1.0), x)
    return apply(Where, zero, _full_like(x, value_at_zero), expr_of_safe_x(safe))


@register("i1")
class I1(I0):
    """I1(x)."""

    saves = ("x", "out")

    def forward(self, xp, x):
        return _run(K.bessel_i, x, 1)

    def backward(self, out_grad):
        x, out = self.saved
        return out_grad * _over_x_or_half(x, 0.5, lambda s: apply(I0, x) - out / s)


@register("i1e")
class I1e(I0):
    """exp(-|x|) I1(x)."""

    saves = ("x", "out")

    def forward(self, xp, x):
        return _run(K.bessel_i_scaled, x, 1)

    def backward(self, out_grad):
        x, out = self.saved
        return out_grad * _over_x_or_half(
            x, 0.5, lambda s: apply(I0e, x) - out * (_sign_nonneg(x) + 1.0 / s))


@register("stanh")
@holomorphic
class Stanh(_Unary):
    """scale_b * tanh(scale_a * x)."""

    saves = ("X",)
    float32_attrs = ("scale_a", "scale_b")

    def forward(self, xp, x):
        a = self.attrs
        return (a["scale_b"] * xp.tanh(a["scale_a"] * x)).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        (x,) = self.saved
        a, b = self.attrs["scale_a"], self.attrs["scale_b"]
        t = apply(Tanh, apply_scale(x, a))
        return out_grad * (1.0 - t * t) * (a * b)


@register("logit")
class Logit(_Unary):
    """log(x / (1 - x)), x first clamped into [eps, 1 - eps] when eps is nonzero."""

    saves = ("X",)

    def forward(self, xp, x):
        eps = self.attrs["eps"]
        if eps:
            x = xp.maximum(xp.minimum(x, 1.0 - eps), eps).astype(x.dtype, copy=False)
        return xp.log(x / (1.0 - x))

    def backward(self, out_grad):
        (x,) = self.saved
        eps = self.attrs["eps"]
        grad = out_grad / (x * (1.0 - x))
        inside = as_float(x >= eps, x) * as_float(x <= 1.0 - eps, x)
        if eps:  # Paddle: 0 where x < eps or x > 1 - eps (even where the formula is inf or NaN), NaN stays NaN
            outside = (x < eps) | (x > 1.0 - eps)
            return apply(OPS["where"], outside, apply(FillAnyLike, grad, value=0.0, dtype=-1), grad)
        return grad * (inside / inside)  # NaN outside [0, 1], as Paddle
