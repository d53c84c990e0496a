"""The continuous Bernoulli distribution on [0, 1]; near probs = 0.5 (inside lims) its normaliser, mean and
variance use Taylor expansions, as the closed forms divide by ~0 there."""
from collections.abc import Sequence

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution


class ContinuousBernoulli(Distribution):
    r"""The continuous Bernoulli distribution with parameter ``probs``: density proportional to
    probs^x (1 - probs)^(1 - x) on [0, 1].

    Args:
        probs (float|Tensor): The parameter in (0, 1).
        lims (tuple[float], optional): The interval around 0.5 where Taylor expansions are used.
            Default: (0.499, 0.501).

    Returns:
        ContinuousBernoulli: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import ContinuousBernoulli
            >>> rv = ContinuousBernoulli(paddle.to_tensor([0.2, 0.5]))
            >>> print(rv.mean.numpy().round(4))
            [0.388 0.5  ]
    """

    def __init__(self, probs, lims=(0.499, 0.501)):
        self.dtype = get_default_dtype()
        if isinstance(probs, (float, int)):
            probs = _T.to_tensor([probs], dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        self.lims = _T.to_tensor(lims, dtype=self.dtype)
        eps = float(np.finfo(str(probs.dtype).replace('paddle.', '')).eps)
        self.probs = _T.clip(probs, min=eps, max=1 - eps)
        super().__init__(self.probs.shape)

    def _cut_support_region(self):
        return (self.probs <= self.lims[0]).logical_or(self.probs > self.lims[1])

    def _cut_probs(self):
        return _T.where(self._cut_support_region(), self.probs, self.lims[0] * _T.ones_like(self.probs))

    def _tanh_inverse(self, value):
        return 0.5 * (_T.log1p(value) - _T.log1p(-value))

    def _const(self, v):
        return _T.to_tensor(v, dtype=self.dtype)

    def _log_constant(self):
        cut = self._cut_probs()
        half = self._const(0.5)
        below = _T.where(cut <= half, cut, _T.zeros_like(cut))
        above = _T.where(cut >= half, cut, _T.ones_like(cut))
        propose = _T.log(2.0 * _T.abs(self._tanh_inverse(1.0 - 2.0 * cut))) - _T.where(
            cut <= half, _T.log1p(-2.0 * below), _T.log(2.0 * above - 1.0))
        x = _T.square(self.probs - 0.5)
        taylor = _T.log(self._const(2.0)) + (4.0 / 3.0 + 104.0 / 45.0 * x) * x
        return _T.where(self._cut_support_region(), propose, taylor)

    @property
    def mean(self):
        cut = self._cut_probs()
        propose = cut / (2.0 * cut - 1.0) + self._const(1.0) / (2.0 * self._tanh_inverse(1.0 - 2.0 * cut))
        x = self.probs - 0.5
        taylor = 0.5 + (1.0 / 3.0 + 16.0 / 45.0 * _T.square(x)) * x
        return _T.where(self._cut_support_region(), propose, taylor)

    @property
    def variance(self):
        cut = self._cut_probs()
        propose = (cut * (cut - 1.0)) / _T.square(1.0 - 2.0 * cut) + self._const(1.0) / _T.square(
            _T.log1p(-cut) - _T.log(cut))
        x = _T.square(self.probs - 0.5)
        taylor = 1.0 / 12.0 - (1.0 / 15.0 - 128.0 / 945.0 * x) * x
        return _T.where(self._cut_support_region(), propose, taylor)

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        """Reparameterized samples icdf(u)."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        u = _T.uniform(shape=tuple(shape) + tuple(self.batch_shape), dtype=self.dtype, min=0, max=1)
        return self.icdf(u)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        eps = float(np.finfo(str(self.probs.dtype).replace('paddle.', '')).eps)
        cross_entropy = _T.nan_to_num(value * _T.log(self.probs) + (1.0 - value) * _T.log(1 - self.probs),
                                      neginf=-eps)
        return self._log_constant() + cross_entropy

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def entropy(self):
        log_p, log_1mp = _T.log(self.probs), _T.log1p(-self.probs)
        return _T.where(self.probs == self._const(0.5), _T.full_like(self.probs, 0.0),
                        -self._log_constant() + self.mean * (log_1mp - log_p) - log_1mp)

    def cdf(self, value):
        value = _T.cast(value, dtype=self.dtype)
        cut = self._cut_probs()
        cdfs = (_T.pow(cut, value) * _T.pow(1.0 - cut, 1.0 - value) + cut - 1.0) / (2.0 * cut - 1.0)
        unbounded = _T.where(self._cut_support_region(), cdfs, value)
        return _T.where(value <= self._const(0.0), _T.zeros_like(value),
                        _T.where(value >= self._const(1.0), _T.ones_like(value), unbounded))

    def icdf(self, value):
        value = _T.cast(value, dtype=self.dtype)
        cut = self._cut_probs()
        return _T.where(self._cut_support_region(),
                        (_T.log1p(-cut + value * (2.0 * cut - 1.0)) - _T.log1p(-cut))
                        / (_T.log(cut) - _T.log1p(-cut)), value)

    def kl_divergence(self, other):
        if self.batch_shape != other.batch_shape:
            raise ValueError("KL divergence of two Continuous Bernoulli distributions should share the same "
                             "`batch_shape`.")
        log_q, log_1mq = _T.log(other.probs), _T.log1p(-other.probs)
        return -self.entropy() - (other._log_constant() + self.mean * (log_q - log_1mq) + log_1mq)
