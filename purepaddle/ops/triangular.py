"""Structure ops: tril_triu, diag_v2, diag_embed, meshgrid, unique, unique_consecutive."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .reduction import ReduceSum
from .shape import Reshape


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


def _unique_flat(x):
    """np.unique with index/inverse/counts where NaNs stay distinct, as in Paddle."""
    x = x.reshape(-1)
    order = np.argsort(x, kind="stable")
    s = x[order]
    if s.size:
        new = np.empty(s.shape, dtype=bool)
        new[0] = True
        new[1:] = s[1:] != s[:-1]
    else:
        new = np.zeros(0, dtype=bool)
    starts = np.flatnonzero(new)
    out = s[starts]
    index = order[starts]
    inverse = np.empty(x.shape, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    counts = np.diff(np.append(starts, s.size))
    return out, index, inverse, counts


@register("unique")
class Unique(Op):
    """The sorted unique values (of X flattened, or of slices along `axis`) with Indices, Index, Counts."""

    inputs, outputs = ("X",), ("Out", "Indices", "Index", "Counts")
    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        it = _dt.from_proto(a["dtype"]).np_dtype
        axis = a["axis"]
        if not axis:
            out, index, inverse, counts = _unique_flat(x)
        else:
            out, index, inverse, counts = xp.unique(x, return_index=True, return_inverse=True,
                                                    return_counts=True, axis=axis[0])
            inverse = inverse.reshape(-1)
        return out, index.astype(it), inverse.astype(it), counts.astype(it)

    def infer_meta(self, x):
        a = self.attrs
        it = _dt.from_proto(a["dtype"])
        if not a["axis"]:
            out, inv = [-1], [-1]
        else:
            ax = a["axis"][0] % len(x.shape)
            out = [-1 if i == ax else d for i, d in enumerate(x.shape)]
            inv = [x.shape[ax]]
        return TensorMeta(out, x.dtype), TensorMeta([-1], it), TensorMeta(inv, it), TensorMeta([-1], it)


@register("unique_consecutive")
class UniqueConsecutive(Op):
    """Collapse runs of equal consecutive values (or slices along `axis`); Index maps back, Counts run lengths."""

    inputs, outputs = ("X",), ("Out", "Index", "Counts")
    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        it = _dt.from_proto(a["dtype"]).np_dtype
        axis = a["axis"]
        if not axis:
            x = x.reshape(-1)
            ax = 0
        else:
            ax = axis[0] % x.ndim
        n = x.shape[ax]
        moved = xp.moveaxis(x, ax, 0).reshape(n, -1)
        new = xp.ones(n, dtype=bool)
        if n > 1:
            new[1:] = (moved[1:] != moved[:-1]).any(axis=1)
        starts = xp.flatnonzero(new)
        out = xp.take(x, starts, axis=ax)
        inverse = (xp.cumsum(new) - 1).astype(it)
        counts = xp.diff(xp.append(starts, n)).astype(it)
        return out, inverse, counts

    def infer_meta(self, x):
        a = self.attrs
        it = _dt.from_proto(a["dtype"])
        if not a["axis"]:
            n = 1
            for d in x.shape:
                n = -1 if (d < 0 or n < 0) else n * d
            return TensorMeta([-1], x.dtype), TensorMeta([n], it), TensorMeta([-1], it)
        ax = a["axis"][0] % len(x.shape)
        out = [-1 if i == ax else d for i, d in enumerate(x.shape)]
        return TensorMeta(out, x.dtype), TensorMeta([x.shape[ax]], it), TensorMeta([-1], it)
