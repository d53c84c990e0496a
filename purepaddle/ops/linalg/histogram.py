"""histogramdd: counts of points in a grid of bins."""
import numpy as np

from ..._core.op import Op, TensorMeta, register


@register("histogramdd")
class Histogramdd(Op):
    """Counts (or summed Weights) of the rows of X [N, D] in the D-dimensional grid of bins given by Edges."""

    inputs, outputs = ("X", "Weights", "Edges"), ("Hist",)
    duplicable = ("Edges",)
    differentiable = False

    def forward(self, xp, x, weights, edges):
        n, d = x.shape
        bins = [e.size - 1 for e in edges]
        valid = np.ones(n, dtype=bool)
        idx = []
        for k, e in enumerate(edges):
            v = x[:, k]
            i = np.searchsorted(e, v, side="right") - 1
            i[v == e[-1]] = bins[k] - 1  # the last bin is closed on the right
            valid &= (v >= e[0]) & (v <= e[-1]) & (i >= 0) & (i < bins[k])
            idx.append(i)
        size = int(np.prod(bins, dtype=np.int64))
        flat = np.ravel_multi_index([i[valid] for i in idx], bins) if d else np.zeros(0, np.int64)
        w = None if weights is None else weights.reshape(-1)[valid].astype(np.float64)
        hist = np.bincount(flat, weights=w, minlength=size).reshape(bins)
        if self.attrs["density"]:
            total = hist.sum()
            vol = np.ones(bins)
            for k, e in enumerate(edges):
                shape = [1] * d
                shape[k] = bins[k]
                vol = vol * np.diff(e.astype(np.float64)).reshape(shape)
            with np.errstate(divide="ignore", invalid="ignore"):
                hist = hist / total / vol
        return hist.astype(x.dtype)

    def infer_meta(self, x, weights, edges):
        return TensorMeta(self.attrs["bins"], x.dtype)
