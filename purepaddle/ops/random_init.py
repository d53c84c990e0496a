"""truncated_gaussian_random: the op behind nn.initializer.TruncatedNormal (static startup programs)."""
import math

import numpy as np

from .._core.generator import rng
from .._core.op import register
from .creation import _np_dtype
from .random import _Nullary
from .special_kernels import erfinv


@register("truncated_gaussian_random")
class TruncatedGaussianRandom(_Nullary):
    """Normal(mean, std) samples truncated to the absolute range [a, b] (attrs shape, dtype, mean, std, a, b, seed).

    Drawn by inverse CDF: u ~ U(cdf(a), cdf(b)), x = mean + std * ndtri(u), clipped to [a, b]
    (so a range far in a tail still gives values at its edge, as Paddle does).
    """

    def forward(self, xp):
        at = self.attrs
        mean, std = float(at["mean"]), float(at["std"])
        a, b = float(at.get("a", -2.0)), float(at.get("b", 2.0))
        dt = _np_dtype(at["dtype"])
        lo = 0.5 * (1.0 + math.erf((a - mean) / (std * math.sqrt(2.0)))) if std > 0 else 0.0
        hi = 0.5 * (1.0 + math.erf((b - mean) / (std * math.sqrt(2.0)))) if std > 0 else 1.0
        u = rng(at["seed"]).random(at["shape"])
        u = lo + (hi - lo) * u
        z = math.sqrt(2.0) * erfinv(np.clip(2.0 * u - 1.0, -1.0 + 1e-16, 1.0 - 1e-16))
        out = np.clip(mean + std * z, a, b)
        return out.astype(dt, copy=False)
