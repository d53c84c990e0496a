"""The softmax activation ops: softmax, log_softmax and gumbel_softmax (each normalises along attr axis)."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import register
from ..math.reduction import ReduceSum
from ..math.unary import Exp, _Unary
from .piecewise import _typed


# Paddle's CPU softmax kernels (softmax, log_softmax, gumbel_softmax, cross entropy) clip x - max at -64 along
# the axis before exp, so a logit far below the max (or -inf) weighs exp(-64) = 1.6e-28, and log_softmax is -64
# there, not -inf
SHIFT_FLOOR = -64.0


def shifted(x, axis):
    """x - max(x) along axis, clipped below at SHIFT_FLOOR as Paddle's kernels do (NaN stays NaN)."""
    s = x - x.max(axis=axis, keepdims=True)
    return np.maximum(s, s.dtype.type(SHIFT_FLOOR))  # not in place: a 0-D x gives a NumPy scalar


def _axis_sum(t, axis):
    """sum over one axis keeping it (a no-op on 0-D tensors)."""
    if t.ndim == 0:
        return t
    return apply(ReduceSum, t, dim=[axis], keep_dim=True, reduce_all=False)


@register("softmax")
class Softmax(_Unary):
    """exp(x - max) / sum(exp(x - max)) along attr axis."""

    saves = ("Out",)

    def forward(self, xp, x):
        if x.ndim == 0:
            return xp.ones_like(x)
        if x.size == 0:  # nothing to normalise (max has no identity over an empty axis)
            return xp.empty_like(x)
        ax = self.attrs["axis"]
        e = xp.exp(shifted(x, ax))
        e /= e.sum(axis=ax, keepdims=True)
        return e

    def backward(self, out_grad):
        (out,) = self.saved
        return out * (out_grad - _axis_sum(out_grad * out, self.attrs["axis"]))


@register("log_softmax")
class LogSoftmax(_Unary):
    """x - logsumexp(x) along attr axis."""

    saves = ("Out",)

    def forward(self, xp, x):
        if x.ndim == 0:
            return xp.zeros_like(x)
        if x.size == 0:  # nothing to normalise (max has no identity over an empty axis)
            return xp.empty_like(x)
        ax = self.attrs["axis"]
        s = shifted(x, ax)
        return s - xp.log(xp.exp(s).sum(axis=ax, keepdims=True))

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad - apply(Exp, out) * _axis_sum(out_grad, self.attrs["axis"])


@register("gumbel_softmax")
class GumbelSoftmax(_Unary):
    """softmax((x + Gumbel noise) / temperature) along axis, or its one-hot argmax when `hard`.

    The gradient is Paddle's kernel's: the softmax gradient through Out (so zero for `hard`, and
    not divided by the temperature).
    """

    saves = ("Out",)

    def forward(self, xp, x):
        from ..._core import distribution
        from ..._core.generator import engine
        a = self.attrs
        ax = a["axis"]
        # Paddle's CPU kernel: uniform_real<T>(1e-5, 1) draws in memory order, noise -log(-log(u)) in T
        # (its float kernels use Eigen's log, so float32 noise can differ from Paddle's in the last bit)
        work = x.dtype if x.dtype in (np.float32, np.float64) else np.dtype(np.float32)
        u = distribution.uniform_real(engine(), x.size, work, 0.00001, 1.0).reshape(x.shape)
        gumbel = -np.log(-np.log(u))
        z = (x + gumbel.astype(x.dtype)) / x.dtype.type(a["temperature"])
        z = np.exp(shifted(z, ax))
        z /= z.sum(axis=ax, keepdims=True)
        z = _typed(z, x)
        if a["hard"]:
            hard = np.zeros_like(z)
            np.put_along_axis(hard, np.expand_dims(z.argmax(axis=ax), ax), 1, axis=ax)
            return hard
        return z

    def backward(self, g):
        (out,) = self.saved
        return out * (g - _axis_sum(g * out, self.attrs["axis"]))
