"""Compiled (numba) elementwise passes of batch_norm with batch statistics (norm.normalize_grad).

Why compiled: around its two channel sums (einsums, unchanged) the NumPy form makes six passes over the
activations: x_hat = x - mean, x_hat *= inv_std, x_hat *= c1, t = g * k, t -= x_hat, t -= c2. Here they are
two: x_hat in one, dx = g * k - x_hat * c1 - c2 in the other (MobileNetV2's 8x96x112x112 layer: 20 -> 12.6 ms
at 1 thread; its 8x144x56x56 layer 9.6 -> 4.2 ms). The same float operations in the same order: the values
equal the NumPy form's bit for bit, signs of zero included; only a NaN's sign may differ (x86 passes on the
first operand's NaN, and LLVM may swap a product's operands).
numba is imported by this module: import it only when _core.jit.enabled().
"""
from numba import njit

from .._core.threads import parallel_for


@njit(cache=True, nogil=True, error_model="numpy")
def _xhat(x, mean, inv, out, c0, c1):
    rows = x.shape[2]
    for n in range(x.shape[0]):
        for c in range(c0, c1):
            src, dst, m, s = x[n, c], out[n, c], mean[c], inv[c]
            for i in range(rows):
                dst[i] = (src[i] - m) * s


@njit(cache=True, nogil=True, error_model="numpy")
def _dx(g, xhat, k, c1s, c2s, out, c0, c1):
    rows = g.shape[2]
    for n in range(g.shape[0]):
        for c in range(c0, c1):
            gs, xs, dst, kc, a, b = g[n, c], xhat[n, c], out[n, c], k[c], c1s[c], c2s[c]
            for i in range(rows):
                dst[i] = (gs[i] * kc - xs[i] * a) - b


def _split(fn, x):
    parallel_for(fn, x.shape[1], x.shape[0] * x.shape[2])


def xhat(x, mean, inv, out):
    """out = (x - mean[c]) * inv[c] over the channels c of contiguous (N, C, M) arrays; returns out."""
    _split(lambda c0, c1: _xhat(x, mean, inv, out, c0, c1), x)
    return out


def dx(g, xhat, k, c1, c2, out):
    """out = (g * k[c] - xhat * c1[c]) - c2[c] over the channels c (out may be xhat); returns out."""
    _split(lambda c0, c1_: _dx(g, xhat, k, c1, c2, out, c0, c1_), g)
    return out

