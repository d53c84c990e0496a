"""Bucketing ops: searchsorted, bincount, histogram."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dtype import kind_of, np_finfo
from ..._core.op import Op, TensorMeta, register
from .sorting import _INT64


@register("searchsorted")
class SearchSorted(Op):
    """Insertion points of Values in SortedSequence (std::lower_bound / upper_bound per row)."""

    inputs, outputs = ("SortedSequence", "Values"), ("Out",)
    differentiable = False

    def forward(self, xp, seq, vals):
        a = self.attrs
        n = seq.shape[-1]
        dt = np.int32 if a["out_int32"] else _INT64
        if n == 0 or vals.size == 0:
            return np.zeros(vals.shape, dtype=dt)
        rows = seq.reshape(-1, n)
        v = vals.reshape(rows.shape[0], -1) if seq.ndim > 1 else vals.reshape(1, -1)
        lo = np.zeros(v.shape, dtype=_INT64)
        length = np.full(v.shape, n, dtype=_INT64)
        right = a["right"]
        while n and length.max(initial=0) > 0:
            half = length >> 1
            mid = lo + half
            e = np.take_along_axis(rows, np.minimum(mid, n - 1), axis=1)
            go = ~(v < e) if right else (e < v)
            go &= length > 0
            lo = np.where(go, mid + 1, lo)
            length = np.where(go, length - half - 1, half)
        if kind_of(v.dtype) == "f":
            lo[~np.isfinite(v)] = n
        return lo.reshape(vals.shape).astype(dt)

    def infer_meta(self, seq, vals):
        return TensorMeta(vals.shape, _dt.int32 if self.attrs["out_int32"] else _dt.int64)


@register("bincount")
class Bincount(Op):
    """Counts (or summed Weights) of each non-negative integer in X; attr minlength."""

    inputs, outputs = ("X", "Weights"), ("Out",)
    differentiable = False

    def forward(self, xp, x, w=None):
        if x.size and x.min() < 0:
            raise ValueError("(InvalidArgument) The elements in input tensor must be non-negative ints, but "
                             f"received the minimum {x.min()}")
        out = np.bincount(x.reshape(-1), weights=None if w is None else w.reshape(-1),
                          minlength=self.attrs["minlength"])
        if w is None:
            return out.astype(_INT64, copy=False)
        return out.astype(np.float32 if w.dtype == np.float32 else np.float64, copy=False)

    def infer_meta(self, x, w=None):
        if w is None:
            d = _dt.int64
        else:
            d = _dt.float32 if w.dtype is _dt.float32 else _dt.float64
        return TensorMeta([-1], d)


@register("histogram")
class Histogram(Op):
    """Counts of X in `bins` equal bins over [min, max] (data range when min == max); optional Weight."""

    inputs, outputs = ("X", "Weight"), ("Out",)
    differentiable = False

    def forward(self, xp, x, w=None):
        a = self.attrs
        nb = a["bins"]
        weighted = w is not None or a["density"]
        if x.size == 0:
            return np.zeros(nb, dtype=np.float32 if w is not None else x.dtype)
        flat = x.reshape(-1)
        t = flat.dtype.type
        lo, hi = t(a["min"]), t(a["max"])
        if lo == hi:
            lo, hi = _first_extreme(flat, np.nanmin), _first_extreme(flat, np.nanmax)
        if lo == hi:
            lo, hi = lo - t(1), hi + t(1)
        span = float(hi) - float(lo)
        limit = float(np_finfo(np.dtype(t)).max) if kind_of(flat.dtype) == "f" else float(np.iinfo(t).max)
        if not span < limit:
            raise ValueError(
                "(InvalidArgument) The range of max - min is out of range for target type, the range should "
                f"be less than {limit:f} but now min is {float(lo):f}, max is {float(hi):f}.")
        keep = (flat >= lo) & (flat <= hi)
        vals = flat[keep]
        if kind_of(flat.dtype) == "f":
            b = ((vals - lo) * t(nb) / (hi - lo)).astype(_INT64)
        else:
            b = (vals.astype(_INT64) - int(lo)) * nb // (int(hi) - int(lo))
        np.minimum(b, nb - 1, out=b)
        if not weighted:
            return np.bincount(b, minlength=nb).astype(_INT64)
        wv = None if w is None else w.reshape(-1)[keep].astype(np.float32)
        out = np.bincount(b, weights=wv, minlength=nb).astype(np.float32)
        if a["density"]:
            gap = np.float32(nb) / np.float32(hi - lo) / out.sum(dtype=np.float32)
            out = out * gap
        return out.astype(np.float32)

    def infer_meta(self, x, w=None):
        a = self.attrs
        d = _dt.float32 if (w is not None or a["density"]) else _dt.int64
        return TensorMeta([a["bins"]], d)


def _first_extreme(flat, fn):
    """std::min_element / max_element with `<`: a leading NaN wins, later NaNs are skipped."""
    if kind_of(flat.dtype) == "f":
        return flat[0] if np.isnan(flat[0]) else flat.dtype.type(fn(flat))
    return flat.min() if fn is np.nanmin else flat.max()
