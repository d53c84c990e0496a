"""The gamma distribution."""
from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution, _dtype_name
from .exponential_family import ExponentialFamily


class Gamma(ExponentialFamily):
    r"""The gamma distribution with shape ``concentration`` and rate ``rate``.

    Args:
        concentration (float|Tensor): The shape parameter (positive).
        rate (float|Tensor): The rate (positive).

    Returns:
        Gamma: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Gamma
            >>> g = Gamma(paddle.to_tensor(2.0), paddle.to_tensor(1.0))
            >>> print(g.entropy().numpy().round(4))
            1.5772
    """

    def __init__(self, concentration, rate):
        if self._validate_args(concentration, rate):
            self.concentration, self.rate = concentration, rate
            self.dtype = _dtype_name(concentration.dtype)
        else:
            self.concentration, self.rate = self._to_tensor(concentration, rate)
            self.dtype = get_default_dtype()
        super().__init__(self.concentration.shape)

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return (self.concentration * _T.log(self.rate) + (self.concentration - 1) * _T.log(value)
                - self.rate * value - _T.lgamma(self.concentration))

    def entropy(self):
        return (self.concentration - _T.log(self.rate) + _T.lgamma(self.concentration)
                + (1.0 - self.concentration) * _T.digamma(self.concentration))

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        shape = Distribution._extend_shape(self, shape)
        return _T.standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)

    def kl_divergence(self, other):
        if not isinstance(other, Gamma):
            raise TypeError(f"Expected type of other is Exponential, but got {type(other)}")
        t1 = other.concentration * _T.log(self.rate / other.rate)
        t2 = _T.lgamma(other.concentration) - _T.lgamma(self.concentration)
        t3 = (self.concentration - other.concentration) * _T.digamma(self.concentration)
        t4 = (other.rate - self.rate) * (self.concentration / self.rate)
        return t1 + t2 + t3 + t4

    @property
    def _natural_parameters(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return _T.lgamma(x + 1) + (x + 1) * _T.log(-y.reciprocal())
