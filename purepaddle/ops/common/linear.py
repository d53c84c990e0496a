"""Linear maps of paddle.nn.functional.common: linear (auto_cast's fused form) and
bilinear_tensor_product.
"""
from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..einsum import einsum_op
from ..linalg.product import MatMul
from ..math.reduction import ReduceSum


# -- linear ---------------------------------------------------------------------------------------
@register("linear")
class Linear(Op):
    """Out = X @ W + Bias for W [in, out], Bias [out] (or none), X [..., in].

    Built by F.linear under eager auto_cast only, as Paddle's white-listed fused linear: the bias is
    added to the float32 product before the one rounding to float16/bfloat16. Otherwise eager and
    static F.linear both build matmul_v2 + elementwise_add. Forward is one matmul and an in-place
    bias add; backward two matmuls and one reduction.
    """

    inputs, outputs = ("X", "W", "Bias"), ("Out",)
    saves = ("X", "W")

    def forward(self, xp, x, w, b):
        out = xp.matmul(x, w)
        if b is not None:
            out += b
        return out

    def infer_meta(self, x, w, b):
        return TensorMeta(list(x.shape[:-1]) + [w.shape[1]], x.dtype)

    def backward(self, g):
        x, w = self.saved
        gx = apply(MatMul, g, w, trans_x=False, trans_y=True) if self.need(0) else None
        gw = gb = None
        if self.need(1):
            if x.ndim == 2:
                gw = apply(MatMul, x, g, trans_x=True, trans_y=False)
            else:  # fold the leading dims into one: W's gradient is one matrix product
                k, n = x.shape[-1], g.shape[-1]
                gw = apply(MatMul, x.reshape([-1, k]), g.reshape([-1, n]), trans_x=True, trans_y=False)
        if self.need(2):
            gb = apply(ReduceSum, g, dim=list(range(g.ndim - 1)), keep_dim=False, reduce_all=False)
        return gx, gw, gb


# -- bilinear -----------------------------------------------------------------------------------------
@register("bilinear_tensor_product")
class BilinearTensorProduct(Op):
    """Out[b, k] = X[b] @ Weight[k] @ Y[b] + Bias[0, k]."""

    inputs, outputs = ("X", "Y", "Weight", "Bias"), ("Out",)
    saves = ("X", "Y", "Weight")

    def forward(self, xp, x, y, w, b):
        k, i, j = w.shape
        t = (x @ w.transpose(1, 0, 2).reshape(i, k * j)).reshape(-1, k, j)  # [B, k, j]
        out = xp.einsum("bkj,bj->bk", t, y)
        if b is not None:
            out += b.reshape(1, -1)
        return out.astype(x.dtype, copy=False)

    def infer_meta(self, x, y, w, b):
        return TensorMeta([x.shape[0], w.shape[0]], x.dtype)

    def backward(self, g):
        x, y, w = self.saved
        gx = einsum_op("bkj,kij->bi", einsum_op("bk,bj->bkj", g, y), w) if self.need(0) else None
        gi = einsum_op("bk,bi->bki", g, x) if self.need(1) or self.need(2) else None
        gy = einsum_op("bki,kij->bj", gi, w) if self.need(1) else None
        gw = einsum_op("bki,bj->kij", gi, y) if self.need(2) else None
        gb = apply(ReduceSum, g, dim=[0], keep_dim=True, reduce_all=False) if self.need(3) else None
        return gx, gy, gw, gb
