"""The beta distribution (a two-category Dirichlet)."""

from __future__ import annotations

from .. import tensor as _T
from .._core.tensor import Tensor
from .dirichlet import Dirichlet
from .exponential_family import ExponentialFamily


class Beta(ExponentialFamily):
    r"""The beta distribution on [0, 1] with shapes ``alpha`` and ``beta`` (a two-category Dirichlet).

    Args:
        alpha (float|Tensor): First shape parameter (positive).
        beta (float|Tensor): Second shape parameter (positive).

    Returns:
        Beta: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Beta
            >>> b = Beta(alpha=0.5, beta=0.5)
            >>> print(b.mean.numpy())
            0.5
    """

    def __init__(self, alpha: float | Tensor, beta: float | Tensor) -> None:
        alpha = _T.full(shape=[], fill_value=alpha) if not isinstance(alpha, Tensor) else alpha
        beta = _T.full(shape=[], fill_value=beta) if not isinstance(beta, Tensor) else beta
        self.alpha, self.beta = _T.broadcast_tensors([alpha, beta])
        self._dirichlet = Dirichlet(_T.stack([self.alpha, self.beta], -1))
        super().__init__(self._dirichlet._batch_shape)

    @property
    def mean(self):
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self):
        s = self.alpha + self.beta
        return self.alpha * self.beta / (s.pow(2) * (s + 1))

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return self._dirichlet.log_prob(_T.stack([value, 1.0 - value], -1))

    def sample(self, shape=()):
        return _T.squeeze(self._dirichlet.sample(tuple(shape))[..., 0], axis=-1)

    def entropy(self):
        return self._dirichlet.entropy()

    @property
    def _natural_parameters(self):
        return (self.alpha, self.beta)

    def _log_normalizer(self, x, y):
        return _T.lgamma(x) + _T.lgamma(y) - _T.lgamma(x + y)
