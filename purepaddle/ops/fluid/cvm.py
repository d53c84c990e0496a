"""cvm (+ grad), the continuous value model op of static.nn.continuous_value_model."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register


# -- cvm (continuous value model) ----------------------------------------------------------------
@register("cvm")
class Cvm(Op):
    """CTR show/click columns: use_cvm keeps X's width with Y[:, 0] = log(show + 1) and
    Y[:, 1] = log(click + 1) - log(show + 1); otherwise Y = X[:, 2:]."""

    inputs, outputs = ("X", "CVM"), ("Y",)
    saves = ("X", "CVM")

    def forward(self, xp, x, cvm):
        if x.shape[-1] < 2:
            raise ValueError(f"(InvalidArgument) Input(X)'s last dimension of cvm must be at least 2 (show and "
                             f"click), but received shape {list(x.shape)}")
        if not self.attrs.get("use_cvm", True):
            return x[..., 2:].copy()
        y = x.copy()
        show = np.log(x[..., 0] + 1)
        y[..., 0] = show
        y[..., 1] = np.log(x[..., 1] + 1) - show
        return y

    def infer_meta(self, x, cvm):
        shape = list(x.shape)
        if not self.attrs.get("use_cvm", True):
            shape[-1] = -1 if shape[-1] < 0 else shape[-1] - 2
        return TensorMeta(shape, x.dtype)

    def backward(self, g):
        x, cvm = self.saved
        return apply(CvmGrad, x, cvm, g, **self.attrs), None


@register("cvm_grad")
class CvmGrad(Op):
    """X@GRAD of cvm as Paddle defines it: the show/click columns get the CVM values, the others Y@GRAD."""

    inputs, outputs = ("X", "CVM", "Y@GRAD"), ("X@GRAD",)

    def forward(self, xp, x, cvm, g):
        dx = np.empty(x.shape, dtype=x.dtype)
        dx[..., :2] = cvm.reshape(dx[..., :2].shape)
        dx[..., 2:] = g[..., 2:] if self.attrs.get("use_cvm", True) else g
        return dx

    def infer_meta(self, x, cvm, g):
        return TensorMeta(x.shape, x.dtype)
