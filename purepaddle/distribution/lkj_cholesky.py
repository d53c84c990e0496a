"""The LKJ distribution over Cholesky factors of correlation matrices (onion and C-vine samplers)."""
import math
from collections.abc import Sequence

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from ..nn import functional as F
from .distribution import Distribution
from .beta import Beta

__all__ = ["LKJCholesky"]


def _mvlgamma(a, p):
    """The multivariate log-gamma function of dimension p, elementwise in a."""
    j = _T.arange(1, p + 1, dtype=a.dtype)
    return (p * (p - 1) / 4) * math.log(math.pi) + _T.sum(_T.lgamma(a.unsqueeze(-1) + (1 - j) / 2), axis=-1)


def _strict_lower(n):
    """Row-major (row, col) positions strictly below the diagonal of an n x n matrix."""
    rows, cols = np.tril_indices(n, -1)
    return rows, cols


class LKJCholesky(Distribution):
    r"""The LKJ distribution on lower Cholesky factors of ``dim`` x ``dim`` correlation matrices, density
    proportional to det(L L^T)^(concentration - 1).

    Args:
        dim (int): The matrix size (at least 2).
        concentration (float|Tensor, optional): The concentration (positive). Default: 1.0.
        sample_method (str, optional): 'onion' or 'cvine'. Default: 'onion'.

    Returns:
        LKJCholesky: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import LKJCholesky
            >>> lkj = LKJCholesky(dim=3, concentration=2.0)
            >>> print(lkj.log_prob(paddle.eye(3)).numpy().round(4))
            -0.6155
    """

    def __init__(self, dim=2, concentration=1.0, sample_method="onion"):
        if self._validate_args(concentration):
            self.concentration = concentration
            self.dtype = str(concentration.dtype).replace('paddle.', '')
        else:
            [self.concentration] = self._to_tensor(concentration)
            self.dtype = get_default_dtype()
        self.dim = dim
        if not self.dim >= 2:
            raise ValueError(f"Expected dim greater than or equal to 2. Found dim={dim}.")
        if not isinstance(self.dim, int):
            raise TypeError(f"Expected dim to be an integer. Found dim={dim}.")
        if not bool((self.concentration > 0).all()):
            raise ValueError("The arg of `concentration` must be positive.")
        self.sample_method = sample_method
        marginal_conc = self.concentration + 0.5 * (self.dim - 2)
        offset = _T.arange(self.dim - 1, dtype=self.concentration.dtype)
        if sample_method == "onion":
            offset = _T.concat([_T.zeros((1,), dtype=offset.dtype), offset])
            self._beta = Beta(offset + 0.5, marginal_conc.unsqueeze(-1) - 0.5 * offset)
        elif sample_method == "cvine":
            rows, cols = np.tril_indices(self.dim - 1)
            half = 0.5 * np.arange(self.dim - 1)
            offset_tril = _T.to_tensor(np.broadcast_to(half, (self.dim - 1, self.dim - 1))[rows, cols],
                                       dtype=self.concentration.dtype)
            beta_conc = marginal_conc.unsqueeze(-1) - offset_tril
            self._beta = Beta(beta_conc, beta_conc)
        else:
            raise ValueError("`method` should be one of 'cvine' or 'onion'.")
        super().__init__(self.concentration.shape, (dim, dim))

    def _onion(self, sample_shape):
        y = self._beta.sample(sample_shape).unsqueeze(-1)
        u_normal = _T.randn(self._extend_shape(sample_shape), dtype=y.dtype).tril(-1)
        u_hyper = u_normal / u_normal.norm(axis=-1, keepdim=True)
        zero_row = _T.zeros((*tuple(u_hyper.shape[:-2]), 1, self.dim), dtype=u_hyper.dtype)
        u_hyper = _T.concat([zero_row, u_hyper[..., 1:, :]], axis=-2)
        w = _T.sqrt(y) * u_hyper
        tiny = float(np.finfo(str(w.dtype).replace('paddle.', '')).tiny)
        return w + _T.diag_embed(_T.clip(1 - _T.sum(w ** 2, axis=-1), min=tiny).sqrt())

    def _cvine(self, sample_shape):
        beta_sample = self._beta.sample(sample_shape)
        partial = (2 * beta_sample - 1).reshape((-1,))
        last_dim = self.dim * (self.dim - 1) // 2
        shape0 = partial.shape[0] // last_dim
        rows, cols = _strict_lower(self.dim)
        # Paddle pairs the flat values with (matrix, row, col) indices ordered by an argsort of the matrix
        # index; its sort is not stable on ties, so the same argsort is used to place values where Paddle does
        lower = np.repeat(np.stack([rows, cols], axis=1), shape0, axis=0)
        index0 = np.tile(np.arange(shape0), last_dim)[:, None]
        index = _T.to_tensor(np.concatenate([index0, lower], axis=1))
        index = index[_T.argsort(index[:, 0])]
        r = _T.scatter_nd_add(_T.zeros((shape0, self.dim, self.dim), dtype=partial.dtype), index, partial)
        r = r.reshape((*tuple(sample_shape), -1, self.dim, self.dim))
        tiny = float(np.finfo(str(r.dtype).replace('paddle.', '')).tiny)
        r = _T.clip(r, min=-1 + tiny, max=1 - tiny)
        z1m_cumprod_sqrt = _T.cumprod(_T.sqrt(1 - r ** 2), dim=-1)
        pad = [0, 0] * (z1m_cumprod_sqrt.ndim - 1) + [1, 0]
        shifted = F.pad(z1m_cumprod_sqrt[..., :-1], pad=pad, mode="constant", value=1.0)
        r = r + _T.eye(self.dim, self.dim)
        return r * shifted

    def sample(self, sample_shape=()):
        """Draw Cholesky factors of shape ``sample_shape + batch_shape + (dim, dim)``."""
        if not isinstance(sample_shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        res = self._onion(sample_shape) if self.sample_method == "onion" else self._cvine(sample_shape)
        return res.reshape(list(sample_shape) + list(self.concentration.shape) + [self.dim, self.dim])

    def log_prob(self, value):
        diag_elems = _T.diagonal(value, offset=0, axis1=-1, axis2=-2)[..., 1:]
        order = _T.arange(2, self.dim + 1, dtype=self.concentration.dtype)
        order = 2 * (self.concentration - 1).unsqueeze(-1) + self.dim - order
        unnormalized = _T.sum(order * _T.log(diag_elems), axis=-1)
        dm1 = self.dim - 1
        alpha = self.concentration + 0.5 * dm1
        normalize_term = 0.5 * dm1 * math.log(math.pi) + _mvlgamma(alpha - 0.5, dm1) - _T.lgamma(alpha) * dm1
        return unnormalized - normalize_term
