"""Compiled (numba) 2-D max-pool gradient for overlapping or padded windows (_windows.max_sweep_grad).

Why compiled: the NumPy form makes five passes per kernel offset (compare, first-match mask, taken mask,
share, add into the padded gradient): 45 passes for ResNet's 3x3 stride-2 pool. Here each output finds its
window's first maximum (row-major) and adds its gradient there, as Paddle's kernel does. Outputs run in
descending order, so an element that is the maximum of several windows adds their gradients in the order the
NumPy form's offset sweep does (offset ascending is output descending): the bits are equal.
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

from ..._core.threads import parallel_for


@njit(cache=True, nogil=True)
def _grad(x, out, g, dx, kh, kw, sh, sw, pt, pl, c0, c1):
    n_, _, h, w = x.shape
    oh, ow = out.shape[2], out.shape[3]
    for n in range(n_):
        for c in range(c0, c1):
            xc, dc = x[n, c].reshape(h * w), dx[n, c].reshape(h * w)  # flat: no row views per output
            oc, gc = out[n, c], g[n, c]
            for i in range(oh - 1, -1, -1):
                orow, grow = oc[i], gc[i]
                top = i * sh - pt
                for j in range(ow - 1, -1, -1):
                    m = orow[j]
                    left = j * sw - pl
                    hit = -1
                    for a in range(kh):  # the window's first element equal to its max, padding skipped
                        r = top + a
                        if r < 0 or r >= h:
                            continue
                        for b in range(kw):
                            q = left + b
                            if q >= 0 and q < w and xc[r * w + q] == m:
                                hit = r * w + q
                                break
                        if hit >= 0:
                            break
                    if hit >= 0:
                        dc[hit] += grow[j]


def max_grad(x, out, g, ks, ss, pads):
    """The gradient of a 2-D max pool of x (N, C, H, W) with windows ks, strides ss and (before, after) pads:
    out the window maxima, g their gradient."""
    x, out, g = np.ascontiguousarray(x), np.ascontiguousarray(out), np.ascontiguousarray(g)
    dx = np.zeros(x.shape, dtype=g.dtype)
    (kh, kw), (sh, sw), ((pt, _), (pl, _)) = ks, ss, pads
    parallel_for(lambda c0, c1: _grad(x, out, g, dx, kh, kw, sh, sw, pt, pl, c0, c1), out.shape[1],
                 out.shape[0] * out.shape[2] * out.shape[3] * kh * kw)
    return dx
