"""Compiled (numba) dense updates of sgd, momentum and adam: one pass over the parameter instead of one NumPy
pass per term.

Why compiled: an update is memory-bound, and the NumPy forms sweep the parameter-sized arrays two (sgd) to eleven
(adam) times, with a parameter-sized temporary. Each loop here does the same float operations in the same order
as the NumPy form in sgd.py / adam.py (scalars already in the parameter's dtype; sqrt is correctly rounded in
both), so the bits are equal; the loops split over the intra-op threads like the other compiled kernels.
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

from ..._core import jit
from ..._core.threads import parallel_for


@njit(cache=True, nogil=True)
def _sgd(p, g, lr, lo, hi):
    ps, gs = p[lo:hi], g[lo:hi]
    for i in range(hi - lo):
        ps[i] = ps[i] - gs[i] * lr


@njit(cache=True, nogil=True)
def _momentum(p, g, v, mu, lr, lo, hi):
    ps, gs, vs = p[lo:hi], g[lo:hi], v[lo:hi]
    for i in range(hi - lo):
        vi = vs[i] * mu + gs[i]
        vs[i] = vi
        ps[i] = ps[i] - vi * lr


@njit(cache=True, nogil=True, error_model="numpy")
def _adam(p, g, m1, m2, b1, b2, c1, c2, lr_t, eps_t, lo, hi):
    ps, gs, a1, a2 = p[lo:hi], g[lo:hi], m1[lo:hi], m2[lo:hi]
    for i in range(hi - lo):
        gi = gs[i]
        m = a1[i] * b1 + gi * c1
        a1[i] = m
        s = a2[i] * b2 + (gi * gi) * c2
        a2[i] = s
        ps[i] = ps[i] - (m / (np.sqrt(s) + eps_t)) * lr_t


def fits(*arrays):
    """Whether the compiled updates take these arrays: NumPy arrays of one float dtype, C-contiguous."""
    dt = arrays[0].dtype
    return dt in jit.FLOATS and all(
        type(a) is np.ndarray and a.dtype == dt and a.flags.c_contiguous and a.shape == arrays[0].shape
        for a in arrays)


def sgd(p, g, lr):
    """p -= g * lr in place (lr a scalar of p's dtype)."""
    pf, gf = p.reshape(-1), g.reshape(-1)
    parallel_for(lambda lo, hi: _sgd(pf, gf, lr, lo, hi), pf.size)


def momentum(p, g, v, mu, lr):
    """v = v * mu + g; p -= v * lr, in place."""
    pf, gf, vf = p.reshape(-1), g.reshape(-1), v.reshape(-1)
    parallel_for(lambda lo, hi: _momentum(pf, gf, vf, mu, lr, lo, hi), pf.size)


def adam(p, g, m1, m2, b1, b2, lr_t, eps_t):
    """The moments and the step of adam.py's _adam_apply (without amsgrad), in place."""
    one = p.dtype.type(1)
    pf, gf, f1, f2 = p.reshape(-1), g.reshape(-1), m1.reshape(-1), m2.reshape(-1)
    c1, c2 = one - b1, one - b2
    parallel_for(lambda lo, hi: _adam(pf, gf, f1, f2, b1, b2, c1, c2, lr_t, eps_t, lo, hi), pf.size)
