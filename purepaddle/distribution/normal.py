"""The normal distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import math
from collections.abc import Iterable

from .. import tensor as _T
from .._core.mode import no_grad
from ..tensor.random import gaussian as _gaussian
from .distribution import _LocScaleFromArgs


class Normal(_LocScaleFromArgs):
    r"""The normal (Gaussian) distribution with mean ``loc`` and standard deviation ``scale``.

    Args:
        loc (float|list|numpy.ndarray|Tensor): The mean.
        scale (float|list|numpy.ndarray|Tensor): The standard deviation.
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        Normal: the distribution; batch_shape is the broadcast shape of loc and scale.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Normal
            >>> d = Normal(loc=paddle.to_tensor([0.0, 1.0]), scale=paddle.to_tensor([1.0, 2.0]))
            >>> print(d.log_prob(paddle.to_tensor([0.0, 0.0])).numpy().round(4))
            [-0.9189 -1.7371]
    """

    def __init__(self, loc: float | Tensor, scale: float | Tensor, name: str | None = None) -> None:
        self.name = name if name is not None else 'Normal'
        self._complex_gaussian = False
        self.loc, self.scale = self._set_params(loc, scale)
        super().__init__(self.loc.shape)

    @property
    def mean(self):
        return self.loc

    @property
    def variance(self):
        return self.scale.pow(2)

    def sample(self, shape=(), seed=0):
        """Draw samples of shape ``shape + batch_shape`` (no gradient flows to loc/scale)."""
        shape = self._sample_shape(shape, seed)
        output_shape = shape + list((self.loc + self.scale).shape)
        with no_grad():
            output = _gaussian(output_shape, mean=0.0, std=1.0, seed=seed, dtype=self.dtype) * (
                _T.zeros(output_shape, dtype=self.dtype) + self.scale)
            output = output + self.loc
        return _T.reshape(output, shape) if self.all_arg_is_float else output

    def rsample(self, shape=()):
        """Reparameterized samples loc + eps * scale: gradients flow to loc and scale."""
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')
        eps = _T.normal(mean=0.0, shape=self._extend_shape(tuple(shape)))
        return self.loc + eps * self.scale

    def entropy(self):
        zero = _T.full(list((self.loc + self.scale).shape), 0.0, self.dtype)
        return (0.5 + zero) + (0.5 * math.log(2 * math.pi) + _T.log(self.scale + zero))

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        return (-1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var)
                - (_T.log(self.scale) + math.log(math.sqrt(2.0 * math.pi))))

    def probs(self, value):
        value = self._check_values_dtype_in_probs(self.loc, value)
        var = self.scale * self.scale
        return _T.exp(-1.0 * ((value - self.loc) * (value - self.loc)) / (2.0 * var)) / (
            math.sqrt(2 * math.pi) * self.scale)

    def kl_divergence(self, other):
        var_ratio = self.scale / other.scale
        var_ratio = var_ratio * var_ratio
        t1 = (self.loc - other.loc) / other.scale
        t1 = t1 * t1
        return 0.5 * var_ratio + 0.5 * (t1 - 1.0 - _T.log(var_ratio))
