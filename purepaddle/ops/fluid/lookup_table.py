"""lookup_table (v1), the embedding static.nn.sparse_embedding emits: Ids carry a trailing dim of 1."""
from ..._core.dispatch import apply
from ..._core.op import TensorMeta, register
from ..input import LookupTableV2, LookupTableV2Grad


# -- lookup_table (v1) -------------------------------------------------------------------------
@register("lookup_table")
class LookupTable(LookupTableV2):
    """Out = W[Ids] for Ids shaped [..., 1] (the last dim is the id): Out is Ids.dims[:-1] + [emb]."""

    def forward(self, xp, ids, w):
        if ids.ndim == 0 or ids.shape[-1] != 1:
            e = ValueError(f"(InvalidArgument) The last dimensions of Input(Ids) should be 1, but received "
                           f"Ids's shape = {list(ids.shape)}.")
            e.paddle_kernel = True
            raise e
        return LookupTableV2.forward(self, xp, ids.reshape(ids.shape[:-1]), w)

    def infer_meta(self, ids, w):
        return TensorMeta(list(ids.shape[:-1]) + list(w.shape[1:]), w.dtype)

    def backward(self, g):
        ids, w = self.saved
        if not self.need(1):
            return None, None
        return None, apply(LookupTableV2Grad, ids, w, g, padding_idx=self.attrs.get("padding_idx", -1))
