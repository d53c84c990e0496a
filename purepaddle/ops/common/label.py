"""label_smooth of paddle.nn.functional.common."""
import numpy as np

from ..._core.op import Op, TensorMeta, register


@register("label_smooth")
class LabelSmooth(Op):
    """(1 - epsilon) * X + epsilon * PriorDist (or epsilon / num_classes without a prior)."""

    inputs, outputs = ("X", "PriorDist"), ("Out",)
    float32_attrs = ("epsilon",)

    def forward(self, xp, x, prior):
        e = np.float32(self.attrs["epsilon"])
        # Paddle's kernel forms 1 - epsilon and epsilon / num_classes in float (32-bit), whatever X's dtype
        out = x * float(np.float32(1) - e)
        # a 0-D X is one class (Paddle reads a shape entry past the end there: docs/conformance.md)
        out = out + ((prior.reshape(-1) * float(e)) if prior is not None
                     else float(e / np.float32(x.shape[-1] if x.ndim else 1)))
        return np.asarray(out).astype(x.dtype, copy=False)

    def infer_meta(self, x, prior):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        return g * float(np.float32(1) - np.float32(self.attrs["epsilon"])), None
