"""The tensor-parallel ops of static programs (Paddle's types), over the group their ring_id names:

c_identity (forward copy, backward all-reduce), mp_allreduce_sum (forward all-reduce, backward copy), c_split
(this rank's block of the last axis; backward c_concat), c_concat (the ranks' blocks joined on the last axis;
backward c_split) and c_embedding (lookup in this rank's slice of the vocabulary, zero rows elsewhere; its
gradient op c_embedding_grad). paddle.distributed.split builds programs from them (model_parallel.py).
"""
import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .collective_ops import _pg
from .process_group import SUM

__all__ = ["CIdentity", "MpAllReduceSum", "CSplit", "CConcat", "CEmbedding", "CEmbeddingGrad"]


def _ring(op):
    return {"ring_id": int(op.attrs.get("ring_id", 0))}


def _parts(op):
    return {"rank": int(op.attrs.get("rank", 0)), "nranks": int(op.attrs.get("nranks", 1)), **_ring(op)}


@register("c_identity")
class CIdentity(Op):
    """Out = X; its gradient is summed over the group (the input of a column-parallel layer)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        return np.array(x, copy=True)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(MpAllReduceSum, out_grad, **_ring(self))


@register("mp_allreduce_sum")
class MpAllReduceSum(Op):
    """Out = the SUM of X over the group; its gradient passes through (the output of a row-parallel layer)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        out = np.array(x, copy=True, order="C")
        _pg(self).all_reduce(out, SUM)
        return out

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(CIdentity, out_grad, **_ring(self))


def _last_axis_block(x, rank, nranks, api):
    if x.shape[-1] % nranks:
        raise ValueError(f"{api}: the last dimension {x.shape[-1]} must divide evenly among {nranks} ranks")
    w = x.shape[-1] // nranks
    return np.ascontiguousarray(x[..., rank * w:(rank + 1) * w])


@register("c_split")
class CSplit(Op):
    """Out = block `rank` of `nranks` along X's last axis; the gradient is gathered back (c_concat)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        return _last_axis_block(x, int(self.attrs.get("rank", 0)), int(self.attrs.get("nranks", 1)), "c_split")

    def infer_meta(self, x):
        shape = list(x.shape)
        if shape and shape[-1] >= 0:
            shape[-1] //= int(self.attrs.get("nranks", 1))
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        return apply(CConcat, out_grad, **_parts(self))


@register("c_concat")
class CConcat(Op):
    """Out = the group's X joined along the last axis in rank order; the gradient is this rank's block (c_split)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        n = int(self.attrs.get("nranks", 1))
        if n == 1:
            return np.array(x, copy=True)
        pg = _pg(self)
        x = np.ascontiguousarray(x)
        out = np.empty((pg.size,) + x.shape, x.dtype)
        pg.all_gather(x, out)
        return np.concatenate(list(out), axis=-1)

    def infer_meta(self, x):
        shape = list(x.shape)
        if shape and shape[-1] >= 0:
            shape[-1] *= int(self.attrs.get("nranks", 1))
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        return apply(CSplit, out_grad, **_parts(self))


@register("c_embedding")
class CEmbedding(Op):
    """Out[i] = W[Ids[i] - start_index] for ids in this rank's slice [start_index, start_index + rows of W),
    zero rows for the others (summing Out over the ranks gives the whole table's lookup)."""

    inputs, outputs = ("W", "Ids"), ("Out",)
    saves = ("W", "Ids")

    def forward(self, xp, w, ids):
        local = ids.astype("int64") - int(self.attrs.get("start_index", 0))
        inside = (local >= 0) & (local < w.shape[0])
        out = w[np.where(inside, local, 0)]
        out[~inside] = 0
        return out

    def infer_meta(self, w, ids):
        return TensorMeta(list(ids.shape) + [w.shape[1]], w.dtype)

    def backward(self, out_grad):
        w, ids = self.saved
        return apply(CEmbeddingGrad, w, ids, out_grad, start_index=int(self.attrs.get("start_index", 0))), None


@register("c_embedding_grad")
class CEmbeddingGrad(Op):
    """W@GRAD of c_embedding: the rows of Out@GRAD summed into the ids' local rows (ids outside are dropped)."""

    inputs, outputs = ("W", "Ids", "Out@GRAD"), ("W@GRAD",)
    differentiable = False

    def forward(self, xp, w, ids, out_grad):
        local = ids.astype("int64").reshape(-1) - int(self.attrs.get("start_index", 0))
        rows = out_grad.reshape(-1, w.shape[1])
        inside = (local >= 0) & (local < w.shape[0])
        grad = np.zeros_like(w)
        np.add.at(grad, local[inside], rows[inside])
        return grad

    def infer_meta(self, w, ids, out_grad):
        return TensorMeta(w.shape, w.dtype)
