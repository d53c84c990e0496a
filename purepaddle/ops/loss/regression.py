"""Regression loss ops: huber_loss (smooth_l1_loss's op)."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..creation.fill import FillAnyLike
from ..search.select import Where
from ._rows import clip, is_zero_const


@register("huber_loss")
class HuberLoss(Op):
    """r = Y - X; 0.5 r^2 where |r| <= delta, else delta (|r| - delta / 2). Residual is r."""

    inputs, outputs = ("X", "Y"), ("Out", "Residual")
    nondiff_outputs = ("Residual",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        d = x.dtype.type(np.float32(self.attrs["delta"]))  # the attr is a float32 in Paddle
        r = y - x
        ar = np.abs(r)
        out = np.where(ar <= d, 0.5 * r * r, d * (ar - 0.5 * d)).astype(x.dtype, copy=False)
        return out, r

    def infer_meta(self, x, y):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)

    def backward(self, g, g_res):
        x, y = self.saved
        d = float(np.float32(self.attrs["delta"]))
        r = y - x
        # d out / d r: r inside (-delta, delta), else +-delta; Paddle's kernel takes a NaN residual as -delta
        c = apply(Where, r != r, apply(FillAnyLike, r, value=-d, dtype=-1), clip(r, -d, d)) * g
        if g_res is not None and not is_zero_const(g_res):
            c = c + g_res
        return (-c if self.need(0) else None), (c if self.need(1) else None)
