"""Activation ops of paddle.nn.functional, smooth family: elu, celu, selu, gelu (and gelu_grad), silu,
swish, softplus, mish, softsign, tanh_shrink, logsigmoid.

Forward kernels run block by block (ops/_blocking.py) since each is a dozen NumPy passes; backward
rules are framework ops, except gelu's, which is one fused grad op unless create_graph.
"""
import math

import numpy as np

from ..._core import jit
from ..._core.dispatch import apply, differentiable_backward
from ..._core.op import OPS, Op, TensorMeta, register
from ..creation.fill import FillAnyLike
from .._blocking import blocked
from ..manipulation.gathering import zeros_const
from ..math._special_kernels import erf as _erf_kernel
from ..math.unary import Exp, Sigmoid, Tanh, _Unary
from ..search.select import Where
from .piecewise import _mask, _typed

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_INV_SQRT_2 = 1.0 / math.sqrt(2.0)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)


# erf(x) ~ x * P(x^2) / Q(x^2) on [-4, 4] (clamped outside): the rational form float32 kernels use,
# within 5e-7 of erf; float64 inputs take the precise kernel instead
_ERF_P = (-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06, -5.69250639462346e-05,
          -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02)
_ERF_Q = (-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03, -7.37332916720468e-03,
          -1.42647390514189e-02)


def _erf(x):
    """erf on a float array, in its dtype."""
    if x.dtype == np.float64:
        return _erf_kernel(x.reshape(-1)).reshape(x.shape)
    if x.dtype == np.float32 and type(x) is np.ndarray and jit.enabled():
        from . import _smooth_jit  # imports numba: only here, on first use
        return _smooth_jit.erf(x, _ERF_P, _ERF_Q)
    t = np.clip(x, -4.0, 4.0)
    x2 = t * t
    p = x2 * _ERF_P[0]
    p += _ERF_P[1]
    for c in _ERF_P[2:]:
        p *= x2
        p += c
    p *= t
    q = x2 * _ERF_Q[0]
    q += _ERF_Q[1]
    for c in _ERF_Q[2:]:
        q *= x2
        q += c
    p /= q
    return p


def _sigmoid(xp, x):
    """1 / (1 + exp(-x)) with one temporary."""
    e = xp.exp(-x)
    e += 1
    return xp.reciprocal(e, out=e)


# -- exponential-linear family ------------------------------------------------------------------
def _negative_side(positive, x):
    """x with the positive side zeroed, so exp of it stays finite where the positive branch is taken."""
    return apply(Where, positive, zeros_const(x.dtype), x)


@register("elu")
class Elu(_Unary):
    """x where x > 0 else alpha * (exp(x) - 1)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        a = self.attrs["alpha"]
        return _typed(xp.where(x > 0, x, xp.expm1(xp.minimum(x, 0)) * a), x)

    def backward(self, g):
        (x,) = self.saved
        pos = _mask(x > 0, g)
        # exp of the negative side only: a +inf input must not reach exp(inf) * 0 (Paddle's grad there is 1)
        neg = apply(Exp, _negative_side(x > 0, x)) * (1.0 - pos) * self.attrs["alpha"]
        return g * (pos + neg)


@register("celu")
class Celu(_Unary):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1))."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        a = self.attrs["alpha"]
        return _typed(xp.where(x > 0, x, xp.expm1(xp.minimum(x, 0) / a) * a), x)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs["alpha"]
        pos = _mask(x > 0, g)
        # Paddle's kernel weights exp(x / alpha) by the branch mask, so exp's overflow past ~88 * alpha gives
        # 0 * inf = NaN on the other branch
        e = apply(Exp, x * (1.0 / a))
        return g * (pos + e * (1.0 - pos) if a > 0 else pos * e + (1.0 - pos))


@register("selu")
class Selu(_Unary):
    """scale * (x where x > 0 else alpha * exp(x) - alpha), as Paddle's kernel writes it (exp, not expm1)."""

    saves = ("Out",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        a = self.attrs
        s, al = a["scale"], a["alpha"]
        neg = xp.exp(xp.minimum(x, 0))
        neg *= al
        neg -= al
        return _typed(xp.where(x <= 0, neg, x) * s, x)

    def backward(self, g):
        (out,) = self.saved
        a = self.attrs
        # Paddle's rule reads the output: out + alpha * scale where out <= 0, `scale` elsewhere (NaN included),
        # with the product alpha * scale rounded to float32 as its kernel keeps it
        la = float(np.float32(np.float32(a["alpha"]) * np.float32(a["scale"])))
        slope = apply(Where, out <= 0, out + la, apply(FillAnyLike, out, value=a["scale"], dtype=-1))
        return g * slope


# -- smooth activations ---------------------------------------------------------------------------
def _gelu_erf(x):
    e = _erf(x * _INV_SQRT_2)
    e += 1.0
    e *= x
    e *= 0.5
    return _typed(e, x)


def _gelu_tanh(x):
    inner = x * x
    inner *= 0.044715
    inner += 1.0
    inner *= x
    inner *= _SQRT_2_OVER_PI
    t = np.tanh(inner, out=inner)
    t += 1.0
    t *= x
    t *= 0.5
    return _typed(t, x)


def _gelu_erf_grad(x, g):
    """dout * (Phi(x) + x * phi(x))."""
    d = _erf(x * _INV_SQRT_2)
    d += 1.0
    d *= 0.5
    pdf = x * x
    pdf *= -0.5
    np.exp(pdf, out=pdf)
    pdf *= x
    pdf *= _INV_SQRT_2PI
    d += pdf
    d *= g
    return _typed(d, g)


def _gelu_tanh_grad(x, g):
    """dout * d/dx of 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))."""
    x2 = x * x
    inner = x2 * 0.044715
    inner += 1.0
    inner *= x
    inner *= _SQRT_2_OVER_PI
    t = np.tanh(inner, out=inner)
    d = x2 * (3 * 0.044715)
    d += 1.0
    d *= _SQRT_2_OVER_PI
    sech2 = t * t
    np.subtract(1.0, sech2, out=sech2)
    d *= sech2
    d *= x
    d += t
    d += 1.0
    d *= 0.5
    d *= g
    return _typed(d, g)


@register("gelu")
class Gelu(_Unary):
    """x * Phi(x) (exact, with erf) or its tanh approximation (attr approximate)."""

    saves = ("X",)

    def forward(self, xp, x):
        if not self.attrs.get("approximate") and type(x) is np.ndarray and x.dtype == np.float32 and jit.enabled():
            from . import _smooth_jit  # imports numba: only here, on first use
            return _smooth_jit.gelu_erf(x, _INV_SQRT_2, _ERF_P, _ERF_Q)
        return blocked(_gelu_tanh if self.attrs.get("approximate") else _gelu_erf, x)

    def backward(self, g):
        (x,) = self.saved
        if not differentiable_backward():  # one fused kernel (gelu_grad) unless create_graph
            return apply(GeluGrad, x, g, approximate=bool(self.attrs.get("approximate")))
        if self.attrs.get("approximate"):
            x2 = x * x
            t = apply(Tanh, x * (x2 * 0.044715 + 1.0) * _SQRT_2_OVER_PI)
            dinner = (x2 * (3 * 0.044715) + 1.0) * _SQRT_2_OVER_PI
            d = (t + 1.0) * 0.5 + x * 0.5 * (1.0 - t * t) * dinner
            return g * d
        from ..math.unary import Erf
        cdf = (apply(Erf, x * _INV_SQRT_2) + 1.0) * 0.5
        pdf = apply(Exp, x * x * -0.5) * _INV_SQRT_2PI
        return g * (cdf + x * pdf)


@register("gelu_grad")
class GeluGrad(Op):
    """X@GRAD of gelu in one kernel: dout * (Phi(x) + x * phi(x)), or its tanh-form derivative."""

    inputs, outputs = ("X", "Out@GRAD"), ("X@GRAD",)

    def forward(self, xp, x, g):
        return blocked(_gelu_tanh_grad if self.attrs.get("approximate") else _gelu_erf_grad, x, g)

    def infer_meta(self, x, g):
        return TensorMeta(g.shape, g.dtype)


@register("silu")
class Silu(_Unary):
    """x * sigmoid(x)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        s = _sigmoid(xp, x)
        s *= x
        return _typed(s, x)

    def backward(self, g):
        (x,) = self.saved
        s = apply(Sigmoid, x)
        return g * (s * (x * (1.0 - s) + 1.0))


@register("swish")
class Swish(_Unary):
    """x * sigmoid(beta * x)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        b = self.attrs.get("beta", 1.0)
        s = _sigmoid(xp, x * b if b != 1.0 else x)
        s *= x
        return _typed(s, x)

    def backward(self, g):
        (x,) = self.saved
        b = self.attrs.get("beta", 1.0)
        s = apply(Sigmoid, x * b)
        bo = x * s * b
        # Paddle's form beta * out + s * (1 - beta * out): 0 at +-1e38, NaN at +-inf
        return g * (bo + s * (1.0 - bo))


def _softplus_arr(xp, x, beta, threshold):
    """log(1 + exp(beta x)) / beta, linear above threshold, computed without overflow."""
    bx = x * beta if beta != 1 else x
    sp = xp.logaddexp(bx, 0)
    if beta != 1:
        sp /= beta
    return xp.where(bx > threshold, x, sp)


@register("softplus")
class Softplus(_Unary):
    """log(1 + exp(beta * x)) / beta, or x where beta * x > threshold."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        a = self.attrs
        return _typed(_softplus_arr(xp, x, a["beta"], a["threshold"]), x)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs
        b = a["beta"]
        lin = _mask(x * b > a["threshold"], g)
        return g * (lin + apply(Sigmoid, x * b) * (1.0 - lin))


@register("mish")
class Mish(_Unary):
    """x * tanh(softplus(x)) (softplus linear above attr threshold)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        t = xp.tanh(_softplus_arr(xp, x, 1.0, self.attrs.get("threshold", 20.0)))
        t *= x
        return _typed(t, x)

    def backward(self, g):
        (x,) = self.saved
        thr = self.attrs.get("threshold", 20.0)
        lin = _mask(x > thr, g)
        sp = apply(Softplus, x, beta=1.0, threshold=thr)
        t = apply(Tanh, sp)
        dsp = lin + apply(Sigmoid, x) * (1.0 - lin)
        return g * (t + x * (1.0 - t * t) * dsp)


@register("softsign")
class Softsign(_Unary):
    """x / (1 + |x|)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    @staticmethod
    def _kernel(x):
        d = np.abs(x)
        d += 1.0
        return _typed(np.divide(x, d, out=d), x)

    def backward(self, g):
        (x,) = self.saved
        d = x.abs() + 1.0
        return g / (d * d)


@register("tanh_shrink")
class TanhShrink(_Unary):
    """x - tanh(x)."""

    saves = ("X",)

    def forward(self, xp, x):
        return x - xp.tanh(x)

    def backward(self, g):
        (x,) = self.saved
        t = apply(Tanh, x)
        return g * t * t


@register("logsigmoid")
class LogSigmoid(_Unary):
    """log(sigmoid(x)) = -m - log(exp(-m) + exp(-x - m)), m = max(-x, 0)."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        # Paddle's kernel: -m - log(exp(-m) + exp(-x - m)) with m = max(-x, 0); at -inf that is -inf - log(NaN)
        m = np.maximum(-x, 0)
        with np.errstate(invalid="ignore", over="ignore"):
            return _typed(-m - np.log(np.exp(-m) + np.exp(-x - m)), x)

    def backward(self, g):
        (x,) = self.saved
        # Paddle's kernel: exp(-x - m) / (exp(-m) + exp(-x - m)), m = max(-x, 0): NaN at -inf
        m = apply(OPS["elementwise_max"], -x, apply(OPS["fill_any_like"], x, value=0.0, dtype=-1))
        e = apply(OPS["exp"], -x - m)
        return g * (e / (apply(OPS["exp"], -m) + e))
