"""l1_norm (sum of |X|, emitted by static.ctr_metric_bundle) and fill_constant_batch_size_like (a constant whose
batch dimension follows an input's)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.op import Op, TensorMeta, register

__all__ = ["L1Norm", "FillConstantBatchSizeLike"]


@register("l1_norm")
class L1Norm(Op):
    """Out = sum(|X|), a 0-D tensor."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        return np.asarray(np.abs(x).sum(), dtype=x.dtype)

    def infer_meta(self, x):
        return TensorMeta([], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return x.sign() * out_grad


@register("fill_constant_batch_size_like")
class FillConstantBatchSizeLike(Op):
    """A tensor of `shape` filled with `value` (dtype attr), dim output_dim_idx taken from Input's dim
    input_dim_idx."""

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def _shape(self, in_shape):
        a = self.attrs
        shape = list(a["shape"])
        shape[a.get("output_dim_idx", 0)] = in_shape[a.get("input_dim_idx", 0)]
        return shape

    def _dtype(self):
        d = self.attrs["dtype"]  # a VarType enum value in a ProgramDesc
        return _dt.from_proto(d) if isinstance(d, int) else _dt.convert_dtype(d)

    def forward(self, xp, x):
        return np.full(self._shape(x.shape), self.attrs.get("value", 0.0), dtype=self._dtype().np_dtype)

    def infer_meta(self, x):
        return TensorMeta(self._shape(x.shape), self._dtype())
