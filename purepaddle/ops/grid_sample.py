"""grid_sampler: sample X at normalised grid positions (bilinear / nearest; zeros / border / reflection)."""
import itertools

import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register


def _source(g, size, align_corners, padding_mode):
    """Normalised coords in [-1, 1] -> input pixel coords, with border / reflection padding applied.

    Also returns d(coord)/d(g) for the grid gradient."""
    if align_corners:
        c, dc = (g + 1) / 2 * (size - 1), np.full_like(g, (size - 1) / 2)
    else:
        c, dc = ((g + 1) * size - 1) / 2, np.full_like(g, size / 2)
    if padding_mode == "border":
        inside = (c > 0) & (c < size - 1)
        return np.clip(c, 0, size - 1), dc * inside
    if padding_mode == "reflection":
        lo, hi = (0.0, size - 1.0) if align_corners else (-0.5, size - 0.5)
        span = hi - lo
        if span <= 0:
            return np.zeros_like(c), np.zeros_like(dc)
        t = np.abs(c - lo)
        flips = np.floor(t / span)
        extra = t - flips * span
        sign = np.where(c < lo, -1.0, 1.0) * np.where(flips % 2 == 0, 1.0, -1.0)
        r = np.where(flips % 2 == 0, lo + extra, hi - extra)
        inside = (r > 0) & (r < size - 1)
        return np.clip(r, 0, size - 1), dc * sign * inside
    return c, dc


def _prepare(x, grid, a):
    nd = x.ndim - 2
    sizes = list(x.shape[2:])[::-1]  # W, H[, D]: the order of the grid's last axis
    coords, dcoords = zip(*[_source(grid[..., i].astype(np.float64), sizes[i], a["align_corners"],
                                    a["padding_mode"]) for i in range(nd)])
    return nd, sizes, coords, dcoords


def _corners(nd, sizes, coords, mode):
    """(flat index (N, P), valid mask, weight, per-dim weight derivatives) of each sampling tap."""
    n = coords[0].shape[0]
    flat_c = [c.reshape(n, -1) for c in coords]
    strides = [int(np.prod(sizes[:i])) for i in range(nd)]  # W is fastest
    if mode == "nearest":
        idx = [np.rint(c).astype(np.int64) for c in flat_c]
        valid = np.all([(i >= 0) & (i < s) for i, s in zip(idx, sizes)], axis=0)
        flat = sum(np.clip(i, 0, s - 1) * st for i, s, st in zip(idx, sizes, strides))
        yield flat, valid, np.ones_like(flat_c[0]), [np.zeros_like(flat_c[0])] * nd
        return
    lo = [np.floor(c) for c in flat_c]
    frac = [c - f for c, f in zip(flat_c, lo)]
    for bits in itertools.product((0, 1), repeat=nd):
        idx = [(f + b).astype(np.int64) for f, b in zip(lo, bits)]
        valid = np.all([(i >= 0) & (i < s) for i, s in zip(idx, sizes)], axis=0)
        ws = [t if b else 1 - t for t, b in zip(frac, bits)]
        w = np.prod(ws, axis=0)
        dws = []
        for d in range(nd):
            others = np.prod([ws[k] for k in range(nd) if k != d], axis=0) if nd > 1 else np.ones_like(w)
            dws.append(others * (1 if bits[d] else -1))
        flat = sum(np.clip(i, 0, s - 1) * st for i, s, st in zip(idx, sizes, strides))
        yield flat, valid, w, dws


@register("grid_sampler")
class GridSampler(Op):
    """Output[n, c, p] = X sampled at Grid[n, p] (attrs mode, padding_mode, align_corners)."""

    inputs, outputs = ("X", "Grid"), ("Output",)
    saves = ("X", "Grid")

    def forward(self, xp, x, grid):
        nd, sizes, coords, _ = _prepare(x, grid, self.attrs)
        n, c = x.shape[:2]
        xf = x.reshape(n, c, -1)
        out = np.zeros((n, c, coords[0][0].size), dtype=np.float64)
        for flat, valid, w, _ in _corners(nd, sizes, coords, self.attrs["mode"]):
            vals = np.take_along_axis(xf, flat[:, None, :], axis=2)
            out += vals * (w * valid)[:, None, :]
        return out.reshape((n, c) + grid.shape[1:-1]).astype(x.dtype)

    def infer_meta(self, x, grid):
        return TensorMeta(list(x.shape[:2]) + list(grid.shape[1:-1]), x.dtype)

    def backward(self, g):
        x, grid = self.saved
        return apply(GridSamplerGrad, x, grid, g, **self.attrs)


@register("grid_sampler_grad")
class GridSamplerGrad(Op):
    """X@GRAD (taps scattered back) and Grid@GRAD (through the bilinear weights) of grid_sampler."""

    inputs, outputs = ("X", "Grid", "Output@GRAD"), ("X@GRAD", "Grid@GRAD")

    def forward(self, xp, x, grid, g):
        nd, sizes, coords, dcoords = _prepare(x, grid, self.attrs)
        n, c = x.shape[:2]
        hw = int(np.prod(sizes))
        xf = x.reshape(n, c, -1)
        gf = g.reshape(n, c, -1).astype(np.float64)
        dx = np.zeros(n * c * hw)
        dgrid = [np.zeros(coords[0].reshape(n, -1).shape) for _ in range(nd)]
        rows = (np.arange(n * c) * hw).reshape(n, c, 1)
        for flat, valid, w, dws in _corners(nd, sizes, coords, self.attrs["mode"]):
            wv = w * valid
            dx += np.bincount((rows + flat[:, None, :]).reshape(-1), weights=(gf * wv[:, None, :]).reshape(-1),
                              minlength=n * c * hw)
            vals = np.take_along_axis(xf, flat[:, None, :], axis=2)
            gv = (gf * vals).sum(axis=1) * valid
            for d in range(nd):
                dgrid[d] += gv * dws[d]
        dgrid = np.stack([dg * dc.reshape(n, -1) for dg, dc in zip(dgrid, dcoords)], axis=-1)
        return dx.reshape(x.shape).astype(x.dtype), dgrid.reshape(grid.shape).astype(grid.dtype)

    def infer_meta(self, x, grid, g):
        return TensorMeta(x.shape, x.dtype), TensorMeta(grid.shape, grid.dtype)
