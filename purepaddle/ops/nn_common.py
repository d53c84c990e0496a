"""Common nn ops: the fused eager linear, lookup_table_v2 (embedding), dropout, one_hot_v2,
label_smooth, bilinear_tensor_product."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.generator import rng
from .._core.mode import STATE
from .._core.op import Op, TensorMeta, register
from .._core.tensor import SelectedRows
from .einsum import einsum_op
from .linalg.product import MatMul
from .math.reduction import ReduceSum


# -- linear ---------------------------------------------------------------------------------------
@register("linear")
class Linear(Op):
    """Out = X @ W + Bias for W [in, out], Bias [out] (or none), X [..., in].

    Eager only: static programs get Paddle's matmul_v2 + elementwise_add from F.linear. Forward is
    one matmul and an in-place bias add; backward two matmuls and one reduction.
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


# -- embedding -------------------------------------------------------------------------------------
@register("lookup_table_v2")
class LookupTableV2(Op):
    """Out = W[Ids] (rows of W gathered by integer ids); ids equal to attr padding_idx give zero rows
    (so does -1 when there is no padding, where Paddle's kernel reads unset memory).

    The gradient of W is row-sparse (a SelectedRows of the looked-up rows) when attr is_sparse is
    set and W is a leaf, else dense with the padding row zeroed.
    """

    inputs, outputs = ("Ids", "W"), ("Out",)
    saves = ("Ids", "W")

    def forward(self, xp, ids, w):
        n = w.shape[0]
        p = self.attrs.get("padding_idx", -1)
        p = -1 if p is None else p
        # Paddle's kernel zeroes every id equal to padding_idx, -1 ("no padding") included
        pad = ids == p
        if ids.size and (ids.min() < 0 or ids.max() >= n):
            bad = ids[((ids < 0) | (ids >= n)) & ~pad]
            if bad.size:
                e = ValueError(f"(InvalidArgument) Variable value (input) of OP(embedding) expected >= 0 and < {n}, "
                               f"but got {int(bad[0])}. Please check input value.")
                e.paddle_kernel = True
                raise e
            out = w[xp.where(pad, 0, ids)]
        else:
            out = w[ids]
        if pad.any():
            out[pad] = 0
        return out

    def infer_meta(self, ids, w):
        return TensorMeta(list(ids.shape) + list(w.shape[1:]), w.dtype)

    def backward(self, g):
        ids, w = self.saved
        if not self.need(1):
            return None, None
        a = self.attrs
        if (a.get("is_sparse") and not STATE.static and not STATE.grad_enabled
                and type(self.next[1]) is not tuple):
            # row-sparse leaf gradient: the rows looked up and their grads (padding rows kept as
            # they are, like Paddle's sparse kernel)
            d = g._data
            return None, SelectedRows.make(ids._data.reshape(-1), d.reshape(-1, *d.shape[ids.ndim:]), w.shape[0])
        return None, apply(LookupTableV2Grad, ids, w, g, padding_idx=a.get("padding_idx", -1))


@register("lookup_table_v2_grad")
class LookupTableV2Grad(Op):
    """W@GRAD: Out@GRAD rows summed into the rows of W they were gathered from (padding row zero)."""

    inputs, outputs = ("Ids", "W", "Out@GRAD"), ("W@GRAD",)
    saves = ("Ids",)

    def forward(self, xp, ids, w, g):
        rows = g.reshape(-1, *w.shape[1:])
        flat = ids.reshape(-1)
        p = self.attrs.get("padding_idx", -1)
        keep = flat != (-1 if p is None else p)  # padding ids (and -1 when there is none) give no gradient
        if not keep.all():
            flat, rows = flat[keep], rows[keep]
        out = xp.zeros(w.shape, dtype=g.dtype)
        xp.add.at(out, flat, rows)
        return out

    def infer_meta(self, ids, w, g):
        return TensorMeta(w.shape, g.dtype)

    def backward(self, gg):
        (ids,) = self.saved
        return None, None, apply(LookupTableV2, ids, gg, padding_idx=self.attrs.get("padding_idx", -1))


# -- dropout ---------------------------------------------------------------------------------------
def _dropout_scale(a):
    """The factor kept values are multiplied by while training."""
    p = a["dropout_prob"]
    if a["dropout_implementation"] == "upscale_in_train":
        return 0.0 if p >= 1.0 else 1.0 / (1.0 - p)
    return 1.0


def keep_mask(r, shape, p):
    """A bool mask, True with probability 1 - p, from NumPy Generator r: uniform 32-bit integers
    (raw PCG64 output, twice as fast as drawing floats) compared with p * 2**32."""
    n = 1
    for d in shape:
        n *= d
    raw = r.bit_generator.random_raw((n + 1) // 2).view(np.uint32)[:n]
    return (raw >= np.uint32(min(int(round(p * 4294967296.0)), 4294967295))).reshape(shape)


@register("dropout")
class Dropout(Op):
    """Zero each element with probability dropout_prob (mask from the global generator, or a fixed
    stream when fix_seed); upscale_in_train scales the kept ones by 1/(1-p), downscale_in_infer
    scales by (1-p) at test time instead. Mask (uint8) is the only thing backward keeps."""

    inputs, outputs = ("X", "Seed"), ("Out", "Mask")
    nondiff_outputs = ("Mask",)
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("Mask",)

    def forward(self, xp, x, seed):
        a = self.attrs
        p = a["dropout_prob"]
        if a["is_test"]:
            if a["dropout_implementation"] == "upscale_in_train":
                return x.copy(), xp.zeros((0,), dtype=np.uint8)
            return (x * (1.0 - p)).astype(x.dtype, copy=False), xp.zeros((0,), dtype=np.uint8)
        if seed is not None:
            r = rng(int(seed.reshape(-1)[0]) or 1)
        else:
            r = rng(a.get("seed", 0) if a.get("fix_seed") else 0)
        if p <= 0.0:
            keep = xp.ones(x.shape, dtype=bool)
        elif p >= 1.0:
            keep = xp.zeros(x.shape, dtype=bool)
        else:
            keep = keep_mask(r, x.shape, p)
        s = _dropout_scale(a)
        out = x * s if s != 1.0 else x.copy()
        out *= keep
        return out.astype(x.dtype, copy=False), keep.view(np.uint8)

    def infer_meta(self, x, seed):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.uint8)

    def backward(self, g, _g_mask):
        if g is None:
            return None, None
        a = self.attrs
        if a["is_test"]:
            p = a["dropout_prob"]
            return (g if a["dropout_implementation"] == "upscale_in_train" else g * (1.0 - p)), None
        (mask,) = self.saved
        return apply(DropoutGrad, mask, g, scale=_dropout_scale(a)), None


@register("dropout_grad")
class DropoutGrad(Op):
    """X@GRAD = Out@GRAD * Mask * scale."""

    inputs, outputs = ("Mask", "Out@GRAD"), ("X@GRAD",)
    saves = ("Mask",)

    def forward(self, xp, mask, g):
        s = self.attrs["scale"]
        out = g * s if s != 1.0 else g.copy()
        out *= mask.view(bool) if mask.dtype == np.uint8 else mask
        return out.astype(g.dtype, copy=False)

    def infer_meta(self, mask, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, gg):
        (mask,) = self.saved
        return None, apply(DropoutGrad, mask, gg, scale=self.attrs["scale"])


# -- one_hot / label_smooth ---------------------------------------------------------------------------
@register("one_hot_v2")
class OneHotV2(Op):
    """float32 one-hot rows of length depth for integer X (an index >= depth is an error)."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        depth = self.attrs["depth"]
        if x.size:
            lo, hi = int(x.min()), int(x.max())
            if lo < 0:
                raise ValueError(
                    "(InvalidArgument) Illegal index value, Input(input) value should be at least 0, but "
                    f"received input ({lo}) less than 0")
            if hi >= depth:
                raise ValueError(
                    "(InvalidArgument) Illegal index value, Input(input) value should be less than Input(depth), "
                    f"but received input ({hi}) not less than depth ({depth})")
        out = xp.zeros(x.shape + (depth,), dtype=np.float32)
        xp.put_along_axis(out, x[..., None].astype(np.int64), 1.0, axis=-1)
        return out

    def infer_meta(self, x):
        return TensorMeta(list(x.shape) + [self.attrs["depth"]], _dt.float32)


@register("label_smooth")
class LabelSmooth(Op):
    """(1 - epsilon) * X + epsilon * PriorDist (or epsilon / num_classes without a prior)."""

    inputs, outputs = ("X", "PriorDist"), ("Out",)

    def forward(self, xp, x, prior):
        e = self.attrs["epsilon"]
        out = x * (1.0 - e)
        out += (prior.reshape(-1) * e) if prior is not None else e / x.shape[-1]
        return out.astype(x.dtype, copy=False)

    def infer_meta(self, x, prior):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        return g * (1.0 - self.attrs["epsilon"]), None


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


@register("embedding_with_scaled_gradient")
class EmbeddingScaledGrad(LookupTableV2):
    """lookup_table_v2 whose W gradient divides each id's contribution by how often the id occurs
    in the batch (scale_grad_by_freq)."""

    inputs, outputs = ("x", "weight"), ("out",)
    saves = ("x", "weight")

    def backward(self, g):
        ids, w = self.saved
        if not self.need(1):
            return None, None
        counts = apply(IdCountScale, ids, g)
        return None, apply(LookupTableV2Grad, ids, w, g * counts, padding_idx=self.attrs.get("padding_idx", -1))


@register("embedding_id_count_scale")
class IdCountScale(Op):
    """1 / (how many times each id occurs), shaped to broadcast over the embedding rows of G."""

    inputs, outputs = ("Ids", "G"), ("Out",)
    differentiable = False

    def forward(self, xp, ids, g):
        flat = ids.reshape(-1)
        _, inv, cnt = xp.unique(flat, return_inverse=True, return_counts=True)
        scale = (1.0 / cnt[inv]).astype(g.dtype)
        return scale.reshape(ids.shape + (1,) * (g.ndim - ids.ndim))

    def infer_meta(self, ids, g):
        return TensorMeta(list(ids.shape) + [1] * (len(g.shape) - len(ids.shape)), g.dtype)
