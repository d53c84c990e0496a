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


@njit(inline="always", error_model="numpy")  # NumPy division semantics (x/0 = inf): no ZeroDivisionError
# branch, so the loops that inline it vectorise
def _erf1(t, p, q):
    """smooth._erf for one float32 value: clip to [-4, 4], then t * P(t^2) / Q(t^2) by Horner's rule (p, q the
    float32 coefficients, highest power first)."""
    four = _F(4.0)
    t = -four if t < -four else (four if t > four else t)
    x2 = t * t
    a = ((((((x2 * p[0] + p[1]) * x2 + p[2]) * x2 + p[3]) * x2 + p[4]) * x2 + p[5]) * x2 + p[6]) * t
    b = (((x2 * q[0] + q[1]) * x2 + q[2]) * x2 + q[3]) * x2 + q[4]
    return a / b


@njit(cache=True, nogil=True, error_model="numpy")
def _gelu_erf(x, out, s, p, q, lo, hi):
    one, half = _F(1.0), _F(0.5)
    src, dst = x[lo:hi], out[lo:hi]  # indices from range(n) are known >= 0: no wraparound test, the loop vectorises
    for i in range(hi - lo):
        v = src[i]
        dst[i] = ((_erf1(v * s, p, q) + one) * v) * half


@njit(cache=True, nogil=True, error_model="numpy")
def _erf(x, out, p, q):
    for i in range(x.shape[0]):
        out[i] = _erf1(x[i], p, q)


def _coeffs(p_coeffs, q_coeffs):
    return tuple(_F(c) for c in p_coeffs), tuple(_F(c) for c in q_coeffs)


def gelu_erf(x, inv_sqrt_2, p_coeffs, q_coeffs):
    """GELU of a float32 array (any shape) as smooth._gelu_erf computes it; a new array."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    p, q = _coeffs(p_coeffs, q_coeffs)
    s = _F(inv_sqrt_2)
    parallel_for(lambda lo, hi: _gelu_erf(flat, out, s, p, q, lo, hi), flat.size)
    return out.reshape(x.shape)


def erf(x, p_coeffs, q_coeffs):
    """smooth._erf's float32 rational form of erf in one pass (the same bits); a new array."""
    flat = np.ascontiguousarray(x).reshape(-1)
    out = np.empty_like(flat)
    _erf(flat, out, *_coeffs(p_coeffs, q_coeffs))
    return out.reshape(x.shape)
