"""Input ops of paddle.nn.functional.input: lookup_table_v2 (embedding, with its grad and the
scale_grad_by_freq variant) and one_hot_v2.
"""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, differentiable_backward, known_value
from .._core.op import Op, TensorMeta, register
from .._core.tensor import SelectedRows


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
        d = known_value(g)
        if (a.get("is_sparse") and d is not None and not differentiable_backward()
                and type(self.next[1]) is not tuple):
            # row-sparse leaf gradient: the rows looked up and their grads (padding rows kept as
            # they are, like Paddle's sparse kernel)
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


# -- one_hot ----------------------------------------------------------------------------------------------
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
