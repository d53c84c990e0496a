"""The Poisson distribution."""
from collections.abc import Sequence

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution, _dtype_name, _finfo_eps


class Poisson(Distribution):
    r"""The Poisson distribution with rate ``rate``; entropy and KL sum over a bounded support
    (rate + 30 sqrt(rate)).

    Args:
        rate (float|Tensor): The rate (non-negative).

    Returns:
        Poisson: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Poisson
            >>> rv = Poisson(paddle.to_tensor(2.0))
            >>> print(rv.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -1.3069
    """

    def __init__(self, rate):
        self.dtype = get_default_dtype()
        if isinstance(rate, (float, int)):
            rate = _T.to_tensor([rate], dtype=self.dtype)
        else:
            self.dtype = _dtype_name(rate.dtype)
        self.rate = rate
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate

    @property
    def variance(self):
        return self.rate

    def sample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        output_shape = tuple(shape) + tuple(self.batch_shape)
        with no_grad():
            return _T.poisson(_T.broadcast_to(self.rate, shape=output_shape))

    def _enumerate_bounded_support(self, rate):
        rmax = _T.max(rate)
        s_max = _T.sqrt(rmax) if bool(rmax >= 1.0) else _T.ones_like(rate, dtype=self.dtype)
        upper = _T.max(_T.cast(rate + 30 * s_max, dtype='int32'))
        return _T.arange(0, upper, dtype=self.dtype)

    def entropy(self):
        values = self._enumerate_bounded_support(self.rate).reshape((-1,) + (1,) * len(self.batch_shape))
        log_prob = self.log_prob(values)
        proposed = -(_T.exp(log_prob) * log_prob).sum(0)
        return proposed * _T.cast(self.rate != 0.0, dtype=self.dtype)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        eps = _finfo_eps(self.rate.dtype)
        return _T.nan_to_num(-self.rate + value * _T.log(self.rate) - _T.lgamma(value + 1), neginf=-eps)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        if self.batch_shape != other.batch_shape:
            raise ValueError("KL divergence of two poisson distributions should share the same `batch_shape`.")
        support_max = self._enumerate_bounded_support(_T.max(_T.maximum(self.rate, other.rate)))
        common = _T.arange(0, _T.max(support_max), dtype=self.dtype).reshape((-1,) + (1,) * len(self.batch_shape))
        lp1, lp2 = self.log_prob(common), other.log_prob(common)
        return (_T.exp(lp1) * (lp1 - lp2)).sum(0)
