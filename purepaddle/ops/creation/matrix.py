"""Matrix-structure creation ops: eye, tril_indices/triu_indices, tril_triu, diag_v2, diag_embed, meshgrid."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from ..manipulation.shape import Reshape
from ..math.reduction import ReduceSum
from .fill import _np_dtype


@register("eye")
class Eye(Op):
    """An identity matrix num_rows x num_columns (-1 columns: square)."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        cols = a["num_columns"]
        return xp.eye(a["num_rows"], a["num_rows"] if cols == -1 else cols, dtype=_np_dtype(a["dtype"]))

    def infer_meta(self):
        a = self.attrs
        cols = a["num_columns"]
        return TensorMeta([a["num_rows"], a["num_rows"] if cols == -1 else cols], _dt.from_proto(a["dtype"]))


@register("tril_indices")
class TrilIndices(Op):
    """[2, N] row/column indices of the lower triangle of a rows x cols matrix."""

    inputs, outputs = (), ("out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.asarray(np.tril_indices(a["rows"], a["offset"], a["cols"]), dtype=_np_dtype(a["dtype"]))


@register("triu_indices")
class TriuIndices(Op):
    """[2, N] row/column indices of the upper triangle of a row x col matrix."""

    inputs, outputs = (), ("out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.asarray(np.triu_indices(a["row"], a["offset"], a["col"]), dtype=_np_dtype(a["dtype"]))


@register("tril_triu")
class TrilTriu(Op):
    """Keep the lower (`lower`) or upper triangle of the last two dims from `diagonal` on; zero the rest."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        a = self.attrs
        return (xp.tril if a["lower"] else xp.triu)(x, a["diagonal"])

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(TrilTriu, out_grad, **self.attrs)


def _diag_positions(rows, cols, offset):
    """Row and column indices of diagonal `offset` of a rows x cols matrix."""
    if offset >= 0:
        n = max(min(rows, cols - offset), 0)
        r = np.arange(n)
        return r, r + offset
    n = max(min(rows + offset, cols), 0)
    r = np.arange(n)
    return r - offset, r


@register("diag_v2")
class DiagV2(Op):
    """1-D X: a square matrix with X on diagonal `offset` (padding_value elsewhere); 2-D X: that diagonal."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        offset = self.attrs["offset"]
        if x.ndim <= 1:
            x = x.reshape(-1)
            n = x.shape[0] + abs(offset)
            out = xp.full((n, n), self.attrs["padding_value"]).astype(x.dtype)
            r, c = _diag_positions(n, n, offset)
            out[r, c] = x
            return out
        return xp.diagonal(x, offset).copy()

    def infer_meta(self, x):
        if len(x.shape) <= 1:
            n = -1 if (x.shape and x.shape[0] < 0) else (x.shape[0] if x.shape else 1) + abs(self.attrs["offset"])
            return TensorMeta([n, n], x.dtype)
        rows, cols = x.shape
        if rows < 0 or cols < 0:
            return TensorMeta([-1], x.dtype)
        return TensorMeta([len(_diag_positions(rows, cols, self.attrs["offset"])[0])], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        off = self.attrs["offset"]
        if len(x.shape) <= 1:
            g = apply(DiagV2, out_grad, offset=off, padding_value=0.0)
            return apply(Reshape, g, shape=[]) if len(x.shape) == 0 else g
        return apply(DiagV2Grad, x, out_grad, offset=off)


@register("diag_v2_grad")
class DiagV2Grad(Op):
    """X@GRAD of diag_v2 on a matrix: Out@GRAD put on diagonal `offset` of zeros shaped like X."""

    inputs, outputs = ("X", "Out@GRAD"), ("X@GRAD",)

    def forward(self, xp, x, g):
        out = xp.zeros(x.shape, dtype=g.dtype)
        r, c = _diag_positions(x.shape[0], x.shape[1], self.attrs["offset"])
        out[r, c] = g
        return out

    def infer_meta(self, x, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        return None, apply(DiagV2, gg, offset=self.attrs["offset"], padding_value=0.0)


@register("diag_embed")
class DiagEmbed(Op):
    """Out: the last dim of Input placed on diagonal `offset` of the (dim1, dim2) planes of a new tensor.

    Paddle records no gradient for this op (its output always stops gradient); so does purepaddle.
    """

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        offset = a["offset"]
        nd = x.ndim + 1
        d1, d2 = a["dim1"] % nd, a["dim2"] % nd
        m = x.shape[-1] + abs(offset)
        out = xp.zeros(x.shape[:-1] + (m, m), dtype=x.dtype)
        r, c = _diag_positions(m, m, offset)
        out[..., r, c] = x
        # the two new dims sit last; move them to (dim1, dim2)
        rest = [i for i in range(nd) if i not in (d1, d2)]
        perm = [0] * nd
        for src, dst in enumerate(rest):
            perm[dst] = src
        perm[d1], perm[d2] = nd - 2, nd - 1
        return out.transpose(perm).copy()

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape) + 1
        d1, d2 = a["dim1"] % nd, a["dim2"] % nd
        last = x.shape[-1] if x.shape else 1
        m = -1 if last < 0 else last + abs(a["offset"])
        rest = iter(x.shape[:-1])
        return TensorMeta([m if i in (d1, d2) else next(rest) for i in range(nd)], x.dtype)


@register("meshgrid")
class Meshgrid(Op):
    """Out[i] = X[i] (1-D) broadcast over the grid of all inputs, 'ij' indexing."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("X", "Out")

    def forward(self, xp, xs):
        return ([g.copy() for g in xp.meshgrid(*[x.reshape(-1) for x in xs], indexing="ij")],)

    def infer_meta(self, xs):
        shape = [(m.shape[0] if m.shape else 1) for m in xs]
        return ([TensorMeta(shape, m.dtype) for m in xs],)

    def backward(self, grads):
        n = len(grads)
        out = []
        for i, g in enumerate(grads):
            others = [k for k in range(n) if k != i]
            if others:  # keep_dim then flatten: the reduce's own backward stays a plain expand
                g = apply(ReduceSum, g, dim=others, keep_dim=True, reduce_all=False, out_dtype=-1)
                g = apply(Reshape, g, shape=[-1])
            out.append(g)
        return (out,)
