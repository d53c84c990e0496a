"""The geometric distribution."""

from __future__ import annotations

import numbers

import numpy as np

from .. import tensor as _T
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .distribution import Distribution


class Geometric(Distribution):
    r"""The geometric distribution: the number of failures before the first success, success probability
    ``probs``.

    Args:
        probs (float|Tensor): The success probability in (0, 1].

    Returns:
        Geometric: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Geometric
            >>> geom = Geometric(0.5)
            >>> print(geom.pmf(2).numpy())
            0.125
    """

    def __init__(self, probs: float | Tensor) -> None:
        if not isinstance(probs, (numbers.Real, Tensor)):
            raise TypeError("Expected type of probs is Number.Real|Tensor|framework.Variable|Value, but got "
                            f"{type(probs)}")
        if isinstance(probs, numbers.Real):
            probs = _T.full(shape=(), fill_value=probs, dtype='float32')
        self.probs = probs
        super().__init__(tuple(probs.shape))

    @property
    def mean(self):
        return 1.0 / self.probs - 1.0

    @property
    def variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    @property
    def stddev(self):
        return _T.sqrt(self.variance)

    @staticmethod
    def _check_k(k):
        if not isinstance(k, (numbers.Integral, Tensor)):
            raise TypeError(f"Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}")

    def pmf(self, k):
        """P(X = k) = (1 - p)^k p."""
        self._check_k(k)
        return _T.pow((1.0 - self.probs), k) * self.probs

    def log_pmf(self, k):
        self._check_k(k)
        return _T.log(self.pmf(k))

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        uniform = _T.uniform(shape=self._extend_shape(shape), min=float(np.finfo('float32').tiny), max=1.0,
                             dtype=self.probs.dtype)
        return _T.floor(_T.log(uniform) / _T.log1p(-self.probs))

    def entropy(self):
        x = (1.0 - self.probs) * _T.log(1.0 - self.probs)
        y = self.probs * _T.log(self.probs)
        return -(x + y) / self.probs

    def cdf(self, k):
        self._check_k(k)
        return 1.0 - _T.pow((1.0 - self.probs), k + 1)

    def kl_divergence(self, other):
        if not isinstance(other, Geometric):
            raise TypeError(f"Exacted type of other is geometric.Geometric, but got {type(other)}")
        p, q = self.probs, other.probs
        return p * _T.log(p / q) + (1.0 - p) * _T.log((1.0 - p) / (1.0 - q))
