"""The uniform distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from .. import tensor as _T
from .._core.mode import no_grad
from .distribution import _LocScaleFromArgs


class Uniform(_LocScaleFromArgs):
    r"""The uniform distribution on ``[low, high)``.

    Args:
        low (float|list|numpy.ndarray|Tensor): The lower bound.
        high (float|list|numpy.ndarray|Tensor): The upper bound.
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        Uniform: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Uniform
            >>> u = Uniform(low=paddle.to_tensor([0.0]), high=paddle.to_tensor([2.0]))
            >>> print(u.entropy().numpy().round(4))
            [0.6931]
    """

    def __init__(self, low: float | Tensor, high: float | Tensor, name: str | None = None) -> None:
        self.name = name if name is not None else 'Uniform'
        self.batch_size_unknown = False
        self.low, self.high = self._set_params(low, high)
        super().__init__(self.low.shape)

    def sample(self, shape=(), seed=0):
        """Draw samples of shape ``shape + batch_shape``."""
        shape = self._sample_shape(shape, seed)
        output_shape = shape + list((self.low + self.high).shape)
        with no_grad():
            output = _T.uniform(output_shape, dtype=self.dtype, min=0.0, max=1.0, seed=seed) * (
                _T.zeros(output_shape, dtype=self.dtype) + (self.high - self.low))
            output = output + self.low
        return _T.reshape(output, shape) if self.all_arg_is_float else output

    def _inside(self, value):
        return (self.low < value).astype(value.dtype) * (value < self.high).astype(value.dtype)

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.low, value)
        return _T.log(self._inside(value)) - _T.log(self.high - self.low)

    def probs(self, value):
        value = self._check_values_dtype_in_probs(self.low, value)
        return self._inside(value) / (self.high - self.low)

    def entropy(self):
        return _T.log(self.high - self.low)
