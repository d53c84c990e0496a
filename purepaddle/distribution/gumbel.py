"""The Gumbel distribution: a transformed uniform."""
import math
import numbers

import numpy as np

from .. import tensor as _T
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .transform import AffineTransform, ExpTransform
from .transformed_distribution import TransformedDistribution
from .uniform import Uniform


class Gumbel(TransformedDistribution):
    r"""The Gumbel (type-I extreme value) distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (positive).

    Returns:
        Gumbel: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Gumbel
            >>> dist = Gumbel(paddle.to_tensor([0.0]), paddle.to_tensor([1.0]))
            >>> print(dist.entropy().numpy().round(4))
            [1.5772]
    """

    def __init__(self, loc, scale):
        for v, what in ((loc, 'loc'), (scale, 'scale')):
            if not isinstance(v, (numbers.Real, Tensor)):
                raise TypeError(f"Expected type of {what} is Real|Variable|Value, but got {type(v)}")
        loc = _T.full(shape=(), fill_value=loc) if isinstance(loc, numbers.Real) else loc
        scale = _T.full(shape=(), fill_value=scale) if isinstance(scale, numbers.Real) else scale
        self.loc, self.scale = _T.broadcast_tensors([loc, scale]) if loc.shape != scale.shape else (loc, scale)
        finfo = np.finfo('float32')
        self.base_dist = Uniform(_T.full_like(self.loc, float(finfo.tiny)), _T.full_like(self.loc, float(1 - finfo.eps)))
        self.transforms = ()
        super().__init__(self.base_dist, self.transforms)

    @property
    def mean(self):
        return self.loc + self.scale * np.euler_gamma

    @property
    def variance(self):
        return _T.pow(self.scale, 2) * _T.full(self.loc.shape, math.pi * math.pi, dtype=self.scale.dtype) / 6

    @property
    def stddev(self):
        return _T.sqrt(self.variance)

    def prob(self, value):
        y = (self.loc - value.astype(self.loc.dtype)) / self.scale.astype(self.loc.dtype)
        return _T.exp(y - _T.exp(y)) / self.scale.astype(y.dtype)

    def log_prob(self, value):
        return _T.log(self.prob(value))

    def cdf(self, value):
        return _T.exp(-_T.exp(-(value - self.loc.astype(value.dtype)) / self.scale.astype(value.dtype)))

    def entropy(self):
        return _T.log(self.scale) + 1 + np.euler_gamma

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        """loc - scale * log(-log(u)) for u from the base uniform."""
        exp_t = ExpTransform()
        flip = AffineTransform(_T.full(self.scale.shape, 0, dtype=self.loc.dtype), -_T.ones_like(self.scale))
        to_loc = AffineTransform(self.loc, -self.scale)
        return to_loc.forward(exp_t.inverse(flip.forward(exp_t.inverse(self._base.sample(shape)))))
