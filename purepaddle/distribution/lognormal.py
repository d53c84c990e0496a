"""The log-normal distribution: exp of a normal."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from .. import tensor as _T
from .normal import Normal
from .transform import ExpTransform
from .transformed_distribution import TransformedDistribution


class LogNormal(TransformedDistribution):
    r"""The log-normal distribution: exp(X) for X ~ Normal(loc, scale).

    Args:
        loc (float|list|numpy.ndarray|Tensor): Mean of the underlying normal.
        scale (float|list|numpy.ndarray|Tensor): Standard deviation of the underlying normal.

    Returns:
        LogNormal: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import LogNormal
            >>> d = LogNormal(loc=paddle.to_tensor(0.0), scale=paddle.to_tensor(1.0))
            >>> print(d.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -0.9189
    """

    def __init__(self, loc: float | Tensor, scale: float | Tensor) -> None:
        self._base = Normal(loc=loc, scale=scale)
        self.loc = self._base.loc
        self.scale = self._base.scale
        super().__init__(self._base, [ExpTransform()])

    @property
    def mean(self):
        return _T.exp(self._base.mean + self._base.variance / 2)

    @property
    def variance(self):
        return _T.expm1(self._base.variance) * _T.exp(2 * self._base.mean + self._base.variance)

    def entropy(self):
        return self._base.entropy() + self._base.mean

    def probs(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        return self._base.kl_divergence(other._base)
