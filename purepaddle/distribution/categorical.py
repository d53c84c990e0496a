"""The categorical distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import numpy as np

from .. import tensor as _T
from .distribution import Distribution, _dtype_name


class Categorical(Distribution):
    r"""The categorical distribution over the last axis of ``logits`` (Paddle normalises ``logits`` by their
    sum for probs/log_prob, and by softmax when sampling/entropy/kl).

    Args:
        logits (list|numpy.ndarray|Tensor): Unnormalised (non-negative) category weights.
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        Categorical: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Categorical
            >>> cat = Categorical(paddle.to_tensor([1.0, 3.0]))
            >>> print(cat.probs(paddle.to_tensor([1])).numpy())
            [0.75]
    """

    def __init__(self, logits: Tensor, name: str | None = None) -> None:
        self.name = name if name is not None else 'Categorical'
        self.dtype = 'float32'
        if self._validate_args(logits):
            self.logits = logits
            self.dtype = _dtype_name(logits.dtype)
        else:
            if isinstance(logits, np.ndarray) and str(logits.dtype) in ('float32', 'float64'):
                self.dtype = str(logits.dtype)
            self.logits = self._to_tensor(logits)[0]
            if self.dtype != _dtype_name(self.logits.dtype):
                self.logits = _T.cast(self.logits, self.dtype)
        self._prob = self.logits / _T.sum(self.logits, axis=-1, keepdim=True)
        super().__init__()

    def sample(self, shape=()):
        shape = list(shape)
        num_samples = int(np.prod(np.array(shape)))
        logits_shape = list(self.logits.shape)
        if len(logits_shape) > 1:
            sample_shape = shape + logits_shape[:-1]
            logits = _T.reshape(self.logits, [int(np.prod(logits_shape[:-1])), logits_shape[-1]])
        else:
            sample_shape = shape
            logits = self.logits
        sample_index = _T.multinomial(self._logits_to_probs(logits), num_samples, True)
        permute = list(range(sample_index.dim()))
        permute.insert(0, permute.pop(-1))
        return _T.reshape(sample_index.transpose(permute), sample_shape)

    def _normalised(self, logits):
        logits = logits - _T.max(logits, axis=-1, keepdim=True)
        z = _T.sum(_T.exp(logits), axis=-1, keepdim=True)
        return logits, z

    def kl_divergence(self, other):
        logits, z = self._normalised(self.logits)
        other_logits, other_z = self._normalised(other.logits)
        prob = _T.exp(logits) / z
        return _T.sum(prob * (logits - _T.log(z) - other_logits + _T.log(other_z)), axis=-1, keepdim=True)

    def entropy(self):
        logits, z = self._normalised(self.logits)
        prob = _T.exp(logits) / z
        return -_T.sum(prob * (logits - _T.log(z)), axis=-1)

    def probs(self, value):
        if len(self._prob.shape) == 1:
            return _T.gather(self._prob, value.reshape([-1])).reshape(value.shape)
        if len(value.shape) == 1:
            return _T.take_along_axis(self._prob, _T.reshape(value, (len(self._prob.shape) - 1) * [1] + [-1]),
                                      axis=-1)
        return _T.take_along_axis(self._prob, value, axis=-1)

    def log_prob(self, value):
        return _T.log(self.probs(value))
