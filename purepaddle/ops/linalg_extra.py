"""More linear-algebra ops: matrix_exp (scaling and squaring with Pade approximants) and histogramdd."""
import math

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .creation import zeros_grad
from .join import Concat
from .linalg import mT

# Pade [m/m] coefficients of exp (Higham 2005, "The scaling and squaring method for the matrix
# exponential revisited"), and the 1-norm bounds theta_m below which degree m is accurate in double
_PADE = {3: (120.0, 60.0, 12.0, 1.0),
         5: (30240.0, 15120.0, 3360.0, 420.0, 30.0, 1.0),
         7: (17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0, 1.0),
         9: (17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0, 110880.0, 3960.0,
             90.0, 1.0),
         13: (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
              129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0, 40840800.0,
              960960.0, 16380.0, 182.0, 1.0)}
_THETA = ((3, 1.495585217958292e-2), (5, 2.539398330063230e-1), (7, 9.504178996162932e-1),
          (9, 2.097847961257068e0))
_THETA13 = 5.371920351148152


def _pade_uv(a, m):
    """Odd part U and even part V of the degree-m Pade approximant: exp(a) ~ (V - U)^-1 (V + U)."""
    b = _PADE[m]
    eye = np.eye(a.shape[-1], dtype=a.dtype)
    a2 = a @ a
    if m < 13:
        powers = [eye, a2]
        for _ in range(2, m // 2 + 1):
            powers.append(powers[-1] @ a2)
        u = a @ sum(b[2 * j + 1] * p for j, p in enumerate(powers))
        v = sum(b[2 * j] * p for j, p in enumerate(powers))
        return u, v
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye
    return u, v


def expm(a):
    """exp of one square matrix (float64 or complex128) by scaling and squaring."""
    norm = np.abs(a).sum(axis=0).max() if a.size else 0.0
    if not np.isfinite(norm):
        return np.full_like(a, np.nan)
    for m, theta in _THETA:
        if norm <= theta:
            u, v = _pade_uv(a, m)
            return np.linalg.solve(v - u, v + u)
    s = max(0, int(math.ceil(math.log2(norm / _THETA13))))
    u, v = _pade_uv(a / 2.0 ** s, 13)
    r = np.linalg.solve(v - u, v + u)
    for _ in range(s):
        r = r @ r
    return r


@register("matrix_exp")
class MatrixExp(Op):
    """exp(X) of each square matrix in the batch; the gradient is the adjoint Frechet derivative."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        work = np.complex128 if x.dtype.kind == "c" else np.float64
        flat = x.reshape((-1,) + x.shape[-2:]).astype(work)
        out = np.stack([expm(a) for a in flat]) if flat.shape[0] else flat
        return out.reshape(x.shape).astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        # d<G, exp(A)>/dA = L(A^T, G), the upper-right block of exp([[A^T, G], [0, A^T]])
        (x,) = self.saved
        n = x.shape[-1]
        at = mT(x)
        top = apply(Concat, [at, out_grad], axis=-1)
        bottom = apply(Concat, [zeros_grad(at), at], axis=-1)
        big = apply(MatrixExp, apply(Concat, [top, bottom], axis=-2))
        return big[..., :n, n:]


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
