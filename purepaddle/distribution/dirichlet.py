"""The Dirichlet distribution."""
import math

from .. import tensor as _T
from .._core.mode import no_grad
from .exponential_family import ExponentialFamily


class Dirichlet(ExponentialFamily):
    r"""The Dirichlet distribution on the simplex with parameter ``concentration`` (last axis: the event).

    Args:
        concentration (Tensor): Concentrations, at least one-dimensional.

    Returns:
        Dirichlet: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Dirichlet
            >>> d = Dirichlet(paddle.to_tensor([1.0, 2.0, 3.0]))
            >>> print(d.entropy().numpy().round(4))
            -1.2443
    """

    def __init__(self, concentration):
        if concentration.dim() < 1 or math.prod(concentration.shape) == 0:
            raise ValueError("`concentration` parameter must be at least one dimensional")
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self):
        c0 = self.concentration.sum(-1, keepdim=True)
        return (self.concentration * (c0 - self.concentration)) / (c0.pow(2) * (c0 + 1))

    def sample(self, shape=()):
        """Draws normalised gamma variates (no gradient)."""
        with no_grad():
            g = _T.standard_gamma(self.concentration.expand(self._extend_shape(tuple(shape))))
            return g / g.sum(-1, keepdim=True)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return ((_T.log(value) * (self.concentration - 1.0)).sum(-1) + _T.lgamma(self.concentration.sum(-1))
                - _T.lgamma(self.concentration).sum(-1))

    def entropy(self):
        c0 = self.concentration.sum(-1)
        k = self.concentration.shape[-1]
        return (_T.lgamma(self.concentration).sum(-1) - _T.lgamma(c0) - (k - c0) * _T.digamma(c0)
                - ((self.concentration - 1.0) * _T.digamma(self.concentration)).sum(-1))

    @property
    def _natural_parameters(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - _T.lgamma(x.sum(-1))
