"""spectral_norm (+ grad): the weight divided by its largest singular value, from power iteration."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register


# -- spectral_norm ------------------------------------------------------------------------------
def _weight_matrix(w, dim):
    """W with `dim` moved first, as an [h, w] matrix (and the permutation used)."""
    perm = [dim] + [i for i in range(w.ndim) if i != dim]
    return np.transpose(w, perm).reshape(w.shape[dim], -1), perm


def _power_iteration(mat, u, v, iters, eps):
    """(u, v, sigma) after `iters` power iterations from u, v (copies; the inputs stay as they were)."""
    u, v = u.astype(np.float64), v.astype(np.float64)
    for _ in range(iters):
        v = mat.T @ u
        v = v / (np.sqrt(v @ v) + eps)
        u = mat @ v
        u = u / (np.sqrt(u @ u) + eps)
    return u, v, u @ (mat @ v)


@register("spectral_norm")
class SpectralNorm(Op):
    """Out = Weight / sigma, sigma the largest singular value of Weight (as an [h, w] matrix along `dim`)
    estimated by `power_iters` power iterations from U ([h]) and V ([w]); U and V are not updated."""

    inputs, outputs = ("Weight", "U", "V"), ("Out",)
    saves = ("Weight", "U", "V")

    def forward(self, xp, w, u, v):
        a = self.attrs
        mat, _ = _weight_matrix(w.astype(np.float64), a.get("dim", 0))
        _, _, sigma = _power_iteration(mat, u, v, a.get("power_iters", 1), a.get("eps", 1e-12))
        return (w / sigma).astype(w.dtype, copy=False)

    def infer_meta(self, w, u, v):
        return TensorMeta(w.shape, w.dtype)

    def backward(self, g):
        w, u, v = self.saved
        return apply(SpectralNormGrad, w, u, v, g, **self.attrs), None, None


@register("spectral_norm_grad")
class SpectralNormGrad(Op):
    """Weight@GRAD of spectral_norm by Paddle's rule: G * (1 - u v^T * sum(W / sigma)) / sigma.

    This is what Paddle's kernel computes (and so what training with it does); it is not the
    derivative of Weight / sigma(Weight), so no finite-difference check applies to it.
    """

    inputs, outputs = ("Weight", "U", "V", "Out@GRAD"), ("Weight@GRAD",)

    def forward(self, xp, w, u, v, g):
        a = self.attrs
        dim = a.get("dim", 0)
        mat, perm = _weight_matrix(w.astype(np.float64), dim)
        gmat, _ = _weight_matrix(g.astype(np.float64), dim)
        u, v, sigma = _power_iteration(mat, u, v, a.get("power_iters", 1), a.get("eps", 1e-12))
        dmat = gmat * (1.0 - np.outer(u, v) * np.sum(mat / sigma)) / sigma
        shape = [w.shape[i] for i in perm]
        return np.transpose(dmat.reshape(shape), np.argsort(perm)).astype(w.dtype)

    def infer_meta(self, w, u, v, g):
        return TensorMeta(w.shape, w.dtype)

    def backward(self, gg):
        raise NotImplementedError("the double gradient of spectral_norm is not implemented")
