"""Compiled (numba) dropout apply: out = x / divisor where the mask keeps, else +0.0 (dropout._kept).

Why compiled: the NumPy form is two passes and a temporary (the division, then np.where against the mask);
here one (a 16x4x128x128 attention mask: 1.7 -> 0.27 ms; the Transformer layer's training step applies six per
step). The same division, so the bits equal the NumPy form's.
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

from ..._core.threads import parallel_for


@njit(cache=True, nogil=True, error_model="numpy")
def _kept(x, keep, d, out, lo, hi):
    src, mask, dst = x[lo:hi], keep[lo:hi], out[lo:hi]
    zero = x.dtype.type(0.0)
    for i in range(hi - lo):
        dst[i] = src[i] / d if mask[i] else zero


def kept(x, keep, divisor):
    """x / divisor (in x's dtype) where keep, else 0: x a contiguous float32/float64 array, keep bool of its
    shape; a new array."""
    out = np.empty_like(x)
    flat_x, flat_k, flat_o, d = x.reshape(-1), keep.reshape(-1), out.reshape(-1), x.dtype.type(divisor)
    parallel_for(lambda lo, hi: _kept(flat_x, flat_k, d, flat_o, lo, hi), flat_x.size)
    return out
