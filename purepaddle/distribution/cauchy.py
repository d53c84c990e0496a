"""The Cauchy distribution."""

from __future__ import annotations

import numbers

import numpy as np

from .. import tensor as _T
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .distribution import Distribution, _RealLocScale, _real_param


class Cauchy(_RealLocScale):
    r"""The Cauchy distribution with location ``loc`` and scale ``scale`` (no mean or variance).

    Args:
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (positive).
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        Cauchy: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Cauchy
            >>> rv = Cauchy(loc=0.1, scale=1.2)
            >>> print(rv.entropy().numpy().round(4))
            2.7133
    """

    def __init__(self, loc: float | Tensor, scale: float | Tensor, name: str | None = None) -> None:
        self.name = name if name is not None else 'Cauchy'
        if not isinstance(loc, (numbers.Real, Tensor)):
            raise TypeError(f"Expected type of loc is Real|Variable|Value, but got {type(loc)}")
        if not isinstance(scale, (numbers.Real, Tensor)):
            raise TypeError(f"Expected type of scale is Real|Variable|Value, but got {type(scale)}")
        loc, scale = _real_param(loc, 'loc'), _real_param(scale, 'scale')
        self.loc, self.scale = _T.broadcast_tensors([loc, scale]) if loc.shape != scale.shape else (loc, scale)
        self.dtype = self.loc.dtype
        Distribution.__init__(self, batch_shape=self.loc.shape, event_shape=())

    @property
    def mean(self):
        raise ValueError("Cauchy distribution has no mean.")

    @property
    def variance(self):
        raise ValueError("Cauchy distribution has no variance.")

    @property
    def stddev(self):
        raise ValueError("Cauchy distribution has no stddev.")

    def sample(self, shape=(), name=None):
        with no_grad():
            return self.rsample(shape, name)

    def rsample(self, shape=(), name=None):
        """Reparameterized samples loc + scale * tan(pi * (u - 0.5))."""
        if not isinstance(shape, (np.ndarray, Tensor, list, tuple)):
            raise TypeError(f"Expected type of shape is Sequence[int], but got {type(shape)}")
        shape = self._extend_shape(tuple(shape))
        uniforms = _T.rand(shape, dtype=self.dtype)
        return self.loc.expand(shape) + self.scale.expand(shape) * _T.tan(np.pi * (uniforms - 0.5))

    def _value(self, value):
        if not isinstance(value, Tensor):
            raise TypeError(f"Expected type of value is Variable or Value, but got {type(value)}")
        return _T.broadcast_tensors([self.loc, self.scale, self._check_values_dtype_in_probs(self.loc, value)])

    def prob(self, value):
        return self.log_prob(value).exp()

    def log_prob(self, value):
        loc, scale, value = self._value(value)
        return -(_T.square((value - loc) / scale)).log1p() - (_T.full(loc.shape, np.log(np.pi), dtype=self.dtype)
                                                             + scale.log())

    def cdf(self, value):
        loc, scale, value = self._value(value)
        return _T.atan((value - loc) / scale) / np.pi + 0.5

    def entropy(self):
        return _T.full(self.loc.shape, np.log(4 * np.pi), dtype=self.dtype) + self.scale.log()

    def kl_divergence(self, other):
        if not isinstance(other, Cauchy):
            raise TypeError(f"Expected type of other is Cauchy, but got {type(other)}")
        t1 = (_T.pow(self.scale + other.scale, 2) + _T.pow(self.loc - other.loc, 2)).log()
        return t1 - (4 * (self.scale * other.scale)).log()
