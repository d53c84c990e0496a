"""The Laplace distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import numpy as np

from .. import tensor as _T
from .distribution import _RealLocScale


class Laplace(_RealLocScale):
    r"""The Laplace distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (positive).

    Returns:
        Laplace: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Laplace
            >>> m = Laplace(paddle.to_tensor(0.0), paddle.to_tensor(1.0))
            >>> print(m.entropy().numpy().round(4))
            1.6931
    """

    def __init__(self, loc: float | Tensor, scale: float | Tensor) -> None:
        self._set_params(loc, scale)

    @property
    def mean(self):
        return self.loc

    @property
    def stddev(self):
        return (2 ** 0.5) * self.scale

    @property
    def variance(self):
        return self.stddev.pow(2)

    def log_prob(self, value):
        loc, scale, value = self._validate_value(value)
        return -_T.log(2 * scale) - _T.abs(value - loc) / scale

    def entropy(self):
        return 1 + _T.log(2 * self.scale)

    def cdf(self, value):
        loc, scale, value = self._validate_value(value)
        return 0.5 - 0.5 * (value - loc).sign() * _T.expm1(-(value - loc).abs() / scale)

    def icdf(self, value):
        loc, scale, value = self._validate_value(value)
        term = value - 0.5
        return loc - scale * term.sign() * _T.log1p(-2 * term.abs())

    def rsample(self, shape=()):
        """Reparameterized samples by inverting the cdf of a uniform draw on (-1, 1)."""
        eps = self._eps()
        uniform = _T.uniform(shape=self._extend_shape(tuple(shape)), min=float(np.nextafter(-1, 1)) + eps / 2,
                             max=1.0 - eps / 2, dtype=self.loc.dtype)
        return self.loc - self.scale * uniform.sign() * _T.log1p(-uniform.abs())

    def kl_divergence(self, other):
        var_ratio = other.scale / self.scale
        t = _T.abs(self.loc - other.loc)
        term1 = (self.scale * _T.exp(-t / self.scale) + t) / other.scale
        return term1 + _T.log(var_ratio) - 1
