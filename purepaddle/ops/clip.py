"""Gradient-clipping ops: clip_by_norm and squared_l2_norm (used by nn.ClipGradByNorm / ClipGradByGlobalNorm)."""
import numpy as np

from .._core.dtype import kind_of
from .._core.op import Op, TensorMeta, register


def sum_squares(x):
    """sum(x**2) in x's float dtype (a BLAS dot product, no temporary)."""
    flat = x.reshape(-1)
    if kind_of(flat.dtype) == "c":
        return np.vdot(flat, flat).real
    if kind_of(flat.dtype) != "f":
        flat = flat.astype(np.float32)
    return np.dot(flat, flat)


@register("clip_by_norm")
class ClipByNorm(Op):
    """x * max_norm / ||x||_2 where the L2 norm exceeds max_norm, else x (no gradient, as in Paddle)."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        max_norm = self.attrs["max_norm"]
        norm = np.sqrt(sum_squares(x))
        if norm > max_norm:
            return (x * (x.dtype.type(max_norm) / norm.astype(x.dtype))).astype(x.dtype, copy=False)
        return x.copy()

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


@register("squared_l2_norm")
class SquaredL2Norm(Op):
    """sum(x**2) as a [1] tensor."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        return np.asarray(sum_squares(x), dtype=x.dtype).reshape(1)

    def infer_meta(self, x):
        return TensorMeta([1], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return x * (out_grad * 2.0)
