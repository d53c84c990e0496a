"""More random ops: binomial, standard_gamma, uniform_random_batch_size_like and the in-place samplers
behind Tensor.random_, cauchy_ and geometric_ (all drawn from `_core.generator`)."""
import numpy as np

from .._core import dtype as _dt
from .._core.generator import rng
from .._core.op import Op, TensorMeta, register
from .creation import _np_dtype
from .elementwise import broadcast_shape
from .random import _draw, _InplaceSampler


@register("binomial")
class Binomial(Op):
    """Binomial counts for `count` trials of probability `prob` (broadcast; int64; p clipped to [0, 1])."""

    inputs, outputs = ("count", "prob"), ("out",)
    differentiable = False

    def forward(self, xp, count, prob):
        n = np.nan_to_num(count.astype(np.float64), nan=0.0, posinf=0.0, neginf=0.0)
        n = np.maximum(np.floor(n), 0).astype(np.int64)
        p = np.clip(np.nan_to_num(prob.astype(np.float64), nan=0.0), 0.0, 1.0)
        n, p = np.broadcast_arrays(n, p)
        return rng().binomial(n, p).astype(np.int64)

    def infer_meta(self, count, prob):
        return TensorMeta(broadcast_shape(count.shape, prob.shape, "binomial"), _dt.int64)


@register("standard_gamma")
class StandardGamma(Op):
    """Gamma(alpha=x, scale=1) samples in x's dtype (0 where x <= 0 or NaN)."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        a = x.astype(np.float64)
        ok = a > 0
        out = np.zeros(x.shape, dtype=np.float64)
        out[ok] = rng().standard_gamma(a[ok])
        return out.astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


@register("uniform_random_batch_size_like")
class UniformRandomBatchSizeLike(Op):
    """Uniform samples in [min, max) of `shape`, whose dim output_dim_idx is Input's dim input_dim_idx."""

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def _shape(self, in_shape):
        a = self.attrs
        shape = list(a["shape"])
        shape[a["output_dim_idx"]] = in_shape[a["input_dim_idx"]]
        return shape

    def forward(self, xp, x):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        out = _draw("u", self._shape(x.shape), dt, rng(a["seed"]))
        return (out * (a["max"] - a["min"]) + a["min"]).astype(dt, copy=False)

    def infer_meta(self, x):
        return TensorMeta(self._shape(x.shape), _dt.from_proto(self.attrs["dtype"]))


class RandomInplace(_InplaceSampler):
    """X refilled with integers uniform in [from, to), stored in X's dtype (Tensor.random_)."""

    type = "random_"

    def forward(self, xp, x):
        a = self.attrs
        return rng().integers(a["from"], a["to"], size=x.shape, dtype=np.int64).astype(x.dtype)


class CauchyInplace(_InplaceSampler):
    """X refilled with Cauchy samples: loc + scale * tan(pi * (u - 1/2)) (Tensor.cauchy_)."""

    type = "cauchy_"

    def forward(self, xp, x):
        a = self.attrs
        u = _draw("u", x.shape, np.dtype(np.float64), rng())
        return (a["loc"] + a["scale"] * np.tan(np.pi * (u - 0.5))).astype(x.dtype)


class GeometricInplace(_InplaceSampler):
    """X refilled with samples log(u) / log(1 - p) of the continuous geometric law (Tensor.geometric_).

    P is a tensor broadcast to X, or None to use the attr `probs`."""

    type = "geometric_"
    inputs = ("X", "P")

    def forward(self, xp, x, p):
        p = np.asarray(self.attrs["probs"] if p is None else p, dtype=np.float64)
        u = 1.0 - _draw("u", x.shape, np.dtype(np.float64), rng())  # in (0, 1]: log stays finite
        with np.errstate(divide="ignore", invalid="ignore"):
            return (np.log(u) / np.log1p(-p)).astype(x.dtype)

    def backward(self, out_grad):
        return _InplaceSampler.backward(self, out_grad), None
