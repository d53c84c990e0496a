"""The exponential distribution."""
import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution, _dtype_name
from .exponential_family import ExponentialFamily


class Exponential(ExponentialFamily):
    r"""The exponential distribution with rate ``rate``.

    Args:
        rate (float|Tensor): The rate (positive).

    Returns:
        Exponential: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Exponential
            >>> e = Exponential(paddle.to_tensor(2.0))
            >>> print(e.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -1.3069
    """

    def __init__(self, rate):
        if self._validate_args(rate):
            self.rate = rate
            self.dtype = _dtype_name(rate.dtype)
        else:
            [self.rate] = self._to_tensor(rate)
            self.dtype = get_default_dtype()
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate.reciprocal()

    @property
    def variance(self):
        return self.rate.pow(-2)

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        """Reparameterized samples -log(u) / rate."""
        uniform = _T.uniform(shape=Distribution._extend_shape(self, shape), min=float(np.finfo('float32').tiny),
                             max=1.0, dtype=self.rate.dtype)
        return -_T.log(uniform) / self.rate

    def prob(self, value):
        return self.rate * _T.exp(-self.rate * value)

    def log_prob(self, value):
        return _T.log(self.rate) - self.rate * value

    def entropy(self):
        return 1.0 - _T.log(self.rate)

    def cdf(self, value):
        return 1.0 - _T.exp(-self.rate * value)

    def icdf(self, value):
        return -_T.log1p(-value) / self.rate

    def kl_divergence(self, other):
        if not isinstance(other, Exponential):
            raise TypeError(f"Expected type of other is Exponential, but got {type(other)}")
        rate_ratio = other.rate / self.rate
        return -_T.log(rate_ratio) + rate_ratio - 1

    @property
    def _natural_parameters(self):
        return (-self.rate,)

    def _log_normalizer(self, x):
        return -_T.log(-x)
