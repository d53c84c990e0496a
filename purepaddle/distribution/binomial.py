"""The binomial distribution."""
from collections.abc import Sequence

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution, _finfo_eps


class Binomial(Distribution):
    r"""The binomial distribution: successes in ``total_count`` trials of success probability ``probs``.

    Args:
        total_count (int|Tensor): The number of trials.
        probs (float|Tensor): The success probability.

    Returns:
        Binomial: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Binomial
            >>> rv = Binomial(10, 0.5)
            >>> print(rv.mean.numpy())
            5.0
    """

    def __init__(self, total_count, probs):
        self.dtype = get_default_dtype()
        if isinstance(probs, float):
            probs = _T.to_tensor(probs, dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        if isinstance(total_count, int):
            total_count = _T.to_tensor(total_count, dtype=self.dtype)
        else:
            total_count = _T.cast(total_count, dtype=self.dtype)
        self.total_count, self.probs = _T.broadcast_tensors([total_count, probs])
        super().__init__(self.total_count.shape)

    @property
    def mean(self):
        return self.total_count * self.probs

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        output_shape = tuple(shape) + tuple(self.batch_shape)
        with no_grad():
            size = _T.broadcast_to(self.total_count, shape=output_shape)
            prob = _T.broadcast_to(self.probs, shape=output_shape)
            return _T.cast(_T.binomial(_T.cast(size, dtype='int32'), prob), self.dtype)

    def _enumerate_support(self):
        values = _T.arange(1 + _T.max(self.total_count), dtype=self.dtype)
        return values.reshape((-1,) + (1,) * len(self.batch_shape))

    def entropy(self):
        log_prob = self.log_prob(self._enumerate_support())
        return -(_T.exp(log_prob) * log_prob).sum(0)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        log_comb = (_T.lgamma(self.total_count + 1.0) - _T.lgamma(self.total_count - value + 1.0)
                    - _T.lgamma(value + 1.0))
        eps = _finfo_eps(self.probs.dtype)
        probs = _T.clip(self.probs, min=eps, max=1 - eps)
        return _T.nan_to_num(log_comb + value * _T.log(probs) + (self.total_count - value) * _T.log(1 - probs),
                             neginf=-eps)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        support = self._enumerate_support()
        lp1, lp2 = self.log_prob(support), other.log_prob(support)
        return (_T.exp(lp1) * (lp1 - lp2)).sum(0)
