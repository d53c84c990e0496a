"""Compiled (numba) float32 GELU (exact form): x * 0.5 * (1 + erf(x / sqrt(2))) in one pass.

Why compiled: the NumPy form is about twenty passes (erf's rational approximation term by term, then the
GELU around it), run block by block in cache (ops/_blocking.py) and still 5 of a BERT-base layer's 94 ms.
One loop does the same float32 operations in the same order (smooth._erf: clip to [-4, 4], P(x^2) and Q(x^2)
by Horner's rule with float32 coefficients, x * P / Q; then + 1, * x, * 0.5), so the bits equal the NumPy
form's. The gradient keeps NumPy: it needs exp, whose NumPy and libm results can differ in the last bit.
numba is imported by this module: import it only when _core.jit.enabled().
"""
import numpy as np
from numba import njit

from ..._core.threads import parallel_for

_F = np.float32


@njit(cache=True, nogil=True, error_model="numpy")  # NumPy division semantics (x/0 = inf): no
# ZeroDivisionError branch, so the loop vectorises
def _gelu_erf(x, out, s, p0, p1, p2, p3, p4, p5, p6, q0, q1, q2, q3, q4, lo, hi):
    four, one, half = _F(4.0), _F(1.0), _F(0.5)
    src, dst = x[lo:hi], out[lo:hi]  # indices from range(n) are known >= 0: no wraparound test, the loop vectorises
    for i in range(hi - lo):
        v = src[i]
        t = v * s
        t = -four if t < -four else (four if t > four else t)
        x2 = t * t
        a = ((((((x2 * p0 + p1) * x2 + p2) * x2 + p3) * x2 + p4) * x2 + p5) * x2 + p6) * t
        b = (((x2 * q0 + q1) * x2 + q2) * x2 + q3) * x2 + q4
        dst[i] = ((a / b + one) * v) * half


def gelu_erf(x, inv_sqrt_2, p_coeffs, q_coeffs):
    """GELU of a float32 array (any shape) as smooth._gelu_erf computes it; a new array."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    consts = tuple(_F(c) for c in (inv_sqrt_2,) + tuple(p_coeffs) + tuple(q_coeffs))
    parallel_for(lambda lo, hi: _gelu_erf(flat, out, *consts, lo, hi), flat.size)
    return out.reshape(x.shape)


@njit(cache=True, nogil=True, error_model="numpy")
def _erf(x, out, p0, p1, p2, p3, p4, p5, p6, q0, q1, q2, q3, q4):
    four = _F(4.0)
    for i in range(x.shape[0]):
        t = x[i]
        t = -four if t < -four else (four if t > four else t)
        x2 = t * t
        a = ((((((x2 * p0 + p1) * x2 + p2) * x2 + p3) * x2 + p4) * x2 + p5) * x2 + p6) * t
        b = (((x2 * q0 + q1) * x2 + q2) * x2 + q3) * x2 + q4
        out[i] = a / b


def erf(x, p_coeffs, q_coeffs):
    """smooth._erf's float32 rational form of erf in one pass (the same bits); a new array."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    _erf(flat, out, *(_F(c) for c in tuple(p_coeffs) + tuple(q_coeffs)))
    return out.reshape(x.shape)
