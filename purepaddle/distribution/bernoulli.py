"""The Bernoulli distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from ..nn import functional as F
from .distribution import _dtype_name
from .exponential_family import ExponentialFamily


_EPS = {'float32': float(np.finfo(np.float32).eps), 'float64': float(np.finfo(np.float64).eps)}


class Bernoulli(ExponentialFamily):
    r"""The Bernoulli distribution: 1 with probability ``probs``, else 0.

    Args:
        probs (float|Tensor): The probability of 1; clipped into [eps, 1 - eps].
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        Bernoulli: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Bernoulli
            >>> rv = Bernoulli(paddle.to_tensor([0.3, 0.5]))
            >>> print(rv.entropy().numpy().round(4))
            [0.6109 0.6931]
    """

    def __init__(self, probs: float | Tensor, name: str | None = None) -> None:
        self.name = name or 'Bernoulli'
        if self._validate_args(probs):
            self.probs = probs
            self.dtype = _dtype_name(probs.dtype)
        else:
            [self.probs] = self._to_tensor(probs)
            self.dtype = get_default_dtype()
        eps = _EPS.get(self.dtype)
        self.probs = _T.clip(self.probs, min=eps, max=1 - eps).astype(self.dtype)
        self.logits = self._probs_to_logits(self.probs, is_binary=True)
        super().__init__(batch_shape=self.probs.shape, event_shape=())

    @property
    def mean(self):
        return self.probs

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    def sample(self, shape=()):
        shape = self._extend_shape(tuple(shape))
        with no_grad():
            return _T.bernoulli(self.probs.expand(shape))

    def rsample(self, shape=(), temperature=1.0):
        """Relaxed (Gumbel-softmax style) samples: logistic noise plus logits, over temperature."""
        shape = self._extend_shape(tuple(shape))
        temperature = _T.full(shape=(), fill_value=temperature, dtype=self.dtype)
        probs = self.probs.expand(shape)
        uniforms = _T.rand(shape, dtype=self.dtype)
        return ((uniforms.log() - (-uniforms).log1p()) + (probs.log() - (-probs).log1p())) / temperature

    def cdf(self, value):
        value = self._check_values_dtype_in_probs(self.probs, value)
        probs, value = _T.broadcast_tensors([self.probs, value])
        zeros, ones = _T.zeros_like(probs), _T.ones_like(probs)
        return _T.where(value < 0, zeros, _T.where(value < 1, ones - probs, ones))

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.probs, value)
        logits, value = _T.broadcast_tensors([self.logits, value])
        return -F.binary_cross_entropy_with_logits(logits, value, reduction='none')

    def prob(self, value):
        return self.log_prob(value).exp()

    def entropy(self):
        return F.binary_cross_entropy_with_logits(self.logits, self.probs, reduction='none')

    def kl_divergence(self, other):
        a, b = self.logits, other.logits
        pa, one_minus_pa = F.sigmoid(a), F.sigmoid(-a)
        return ((-F.softplus(-a)) * pa - (-F.softplus(-b)) * pa
                + ((-F.softplus(a)) * one_minus_pa - (-F.softplus(b)) * one_minus_pa))
