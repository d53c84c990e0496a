"""Graph message-passing ops: send_u_recv (gather rows of X at Src_index, reduce them into rows Dst_index) and its
grad op. paddle.geometric builds segment_* (Src_index = every row) and send_ue_recv (messages made first) on it."""
import numpy as np

from .._core.dtype import kind_of
from .._core.op import Op, TensorMeta, register
from ._errors import OutOfRange
from .._core import dtype as _dt

REDUCES = ("SUM", "MEAN", "MAX", "MIN")


def reduce_rows(msg, dst, n, reduce_op):
    """Rows of `msg` reduced into n rows by destination `dst` (SUM/MEAN/MAX/MIN; rows nothing reaches are 0),
    and how many messages reach each row (int32)."""
    if dst.size and (dst.max() >= n or dst.min() < 0):
        raise OutOfRange(f"(OutOfRange) The end row index is out of bound.\n  [Hint: Expected end_idx <= "
                         f"meta_.dims[0], but received end_idx:{int(dst.max()) + 1} > meta_.dims[0]:{n}.]")
    count = np.bincount(dst, minlength=n).astype(np.int32)
    out = np.zeros((n,) + msg.shape[1:], dtype=msg.dtype)
    if reduce_op in ("SUM", "MEAN"):
        np.add.at(out, dst, msg)
        if reduce_op == "MEAN":
            div = np.maximum(count, 1).reshape((n,) + (1,) * (msg.ndim - 1))
            # integer means truncate, as Paddle's integer division does
            out = (out / div).astype(msg.dtype) if kind_of(msg.dtype) != "f" else out / div.astype(msg.dtype)
        return out, count
    lo = kind_of(msg.dtype) != "f"
    start = (np.iinfo(msg.dtype).min if reduce_op == "MAX" else np.iinfo(msg.dtype).max) if lo else \
        (-np.inf if reduce_op == "MAX" else np.inf)
    out[...] = start
    (np.maximum if reduce_op == "MAX" else np.minimum).at(out, dst, msg)
    out[count == 0] = 0
    return out, count


def _flat(index):
    return np.asarray(index).reshape(-1).astype(np.int64, copy=False)


@register("send_u_recv")
class SendURecv(Op):
    """Out[d] = reduce over edges e with Dst_index[e] == d of X[Src_index[e]]; out_size rows (X's when <= 0)."""

    inputs, outputs = ("X", "Src_index", "Dst_index"), ("Out", "Dst_count")
    saves = ("X", "Src_index", "Dst_index", "Out", "Dst_count")
    nondiff_outputs = ("Dst_count",)

    def rows(self, x):
        size = self.attrs.get("out_size", [0])
        size = int(size[0] if isinstance(size, (list, tuple)) else size)
        return size if size > 0 else x.shape[0]

    def forward(self, xp, x, src, dst):
        src = _flat(src)
        if src.size and (src.max() >= x.shape[0] or src.min() < 0):
            raise OutOfRange(f"(OutOfRange) Src_index holds {int(src.max())}, out of range for X's "
                             f"{x.shape[0]} rows.")
        return reduce_rows(x[src], _flat(dst), self.rows(x), self.attrs.get("reduce_op", "SUM"))

    def infer_meta(self, x, src, dst):
        shape = [self.rows(x) if x.shape[0] >= 0 else -1] + list(x.shape[1:])
        return TensorMeta(shape, x.dtype), TensorMeta([shape[0]], _dt.int32)

    def backward(self, out_grad, _count_grad=None):
        from .._core.dispatch import apply
        x, src, dst, out, count = self.saved
        return apply(SendURecvGrad, x, src, dst, out, count, out_grad, reduce_op=self.attrs.get("reduce_op", "SUM")), \
            None, None


@register("send_u_recv_grad")
class SendURecvGrad(Op):
    """X@GRAD of send_u_recv: Out@GRAD at each edge's destination (MEAN: over the count; MAX/MIN: only where the
    message equals the result, every tie in full) summed back into the edge's source row."""

    inputs = ("X", "Src_index", "Dst_index", "Out", "Dst_count", "Out@GRAD")
    outputs = ("X@GRAD",)
    differentiable = False

    def forward(self, xp, x, src, dst, out, count, g):
        src, dst = _flat(src), _flat(dst)
        reduce_op = self.attrs.get("reduce_op", "SUM")
        ge = g[dst]
        if reduce_op == "MEAN":
            ge = ge / np.maximum(count[dst], 1).reshape((-1,) + (1,) * (g.ndim - 1)).astype(g.dtype)
        elif reduce_op in ("MAX", "MIN"):
            ge = ge * (x[src] == out[dst])
        gx = np.zeros(x.shape, dtype=g.dtype)
        np.add.at(gx, src, ge.astype(g.dtype, copy=False))
        return gx

    def infer_meta(self, x, src, dst, out, count, g):
        return TensorMeta(x.shape, g.dtype)


__all__ = ["SendURecv", "SendURecvGrad"]
