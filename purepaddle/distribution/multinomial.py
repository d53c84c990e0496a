"""The multinomial distribution."""
from collections.abc import Iterable

from .. import tensor as _T
from ..nn import functional as F
from .categorical import Categorical
from .distribution import Distribution


class Multinomial(Distribution):
    r"""The multinomial distribution: category counts of ``total_count`` draws with probabilities ``probs``.

    Args:
        total_count (int): The number of draws (positive).
        probs (Tensor): Category probabilities (normalised over the last axis).

    Returns:
        Multinomial: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Multinomial
            >>> m = Multinomial(10, paddle.to_tensor([0.2, 0.3, 0.5]))
            >>> print(m.mean.numpy())
            [2. 3. 5.]
    """

    def __init__(self, total_count, probs):
        if not isinstance(total_count, int) or total_count < 1:
            raise ValueError('input parameter total_count must be int type and grater than zero.')
        if probs.dim() < 1:
            raise ValueError('probs parameter should not be none and over one dimension')
        self.probs = probs / probs.sum(-1, keepdim=True)
        self.total_count = total_count
        self._categorical = Categorical(logits=self._probs_to_logits(probs))
        super().__init__(probs.shape[:-1], probs.shape[-1:])

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        if _T.is_integer(value):
            value = _T.cast(value, self.probs.dtype)
        logits, value = _T.broadcast_tensors([_T.log(self.probs), value])
        # 0 * log(0) counts as 0: a zero-probability category drawn zero times adds nothing
        logits = _T.where((value == 0).logical_and(_T.isinf(logits)), _T.zeros_like(logits), logits)
        return _T.lgamma(value.sum(-1) + 1) - _T.lgamma(value + 1).sum(-1) + (value * logits).sum(-1)

    def sample(self, shape=()):
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')
        samples = self._categorical.sample([self.total_count, *list(shape)])
        return F.one_hot(samples, self.probs.shape[-1]).cast(self.probs.dtype).sum(0)

    def entropy(self):
        n = _T.full(shape=[], fill_value=self.total_count, dtype=self.probs.dtype)
        support = _T.arange(self.total_count + 1, dtype=self.probs.dtype).reshape(
            (-1,) + (1,) * len(self.probs.shape))[1:]
        binomial_pmf = _T.exp(self._binomial_logpmf(n, support))
        return (n * self._categorical.entropy() - _T.lgamma(n + 1)) + (
            (binomial_pmf * _T.lgamma(support + 1)).sum([0, -1]))

    def _binomial_logpmf(self, count, value):
        logits = self._probs_to_logits(self.probs, is_binary=True)
        clip0 = (logits.clip(min=0) + logits - logits.clip(max=0)) / 2
        norm = count * clip0 + count * _T.log1p(_T.exp(-_T.abs(logits))) - _T.lgamma(count + 1)
        return value * logits - _T.lgamma(value + 1) - _T.lgamma(count - value + 1) - norm
