"""Distinct-value ops: unique, unique_consecutive."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.op import Op, TensorMeta, register


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
        if x.size == 0:  # Paddle hands an empty input back unchanged, whatever the axis, with empty indices
            none = xp.zeros([0], dtype=it)
            return x.copy(), none, none.copy(), none.copy()
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
        rest = x.size // n if n else 0  # explicit: -1 cannot be inferred over a zero-size array
        moved = xp.moveaxis(x, ax, 0).reshape(n, rest)
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
