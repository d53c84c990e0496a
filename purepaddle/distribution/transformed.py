"""Distributions built from another: Independent, TransformedDistribution, LogNormal (exp of a Normal) and
Gumbel (a transformed uniform)."""
import math
import numbers
import typing

import numpy as np

from .. import tensor as _T
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .distribution import Distribution, _sum_rightmost
from .location_scale import Normal, Uniform
from .transform import AffineTransform, ChainTransform, ExpTransform, Transform


class Independent(Distribution):
    r"""Reinterprets the rightmost ``reinterpreted_batch_rank`` batch axes of ``base`` as event axes
    (log_prob and entropy sum over them).

    Args:
        base (Distribution): The base distribution.
        reinterpreted_batch_rank (int): How many batch axes become event axes.

    Returns:
        Independent: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Independent, Beta
            >>> beta = Beta(paddle.to_tensor([0.5, 0.5]), paddle.to_tensor([0.5, 0.5]))
            >>> reinterpreted_beta = Independent(beta, 1)
            >>> print(reinterpreted_beta.batch_shape, reinterpreted_beta.event_shape)
            () (2,)
    """

    def __init__(self, base, reinterpreted_batch_rank):
        if not isinstance(base, Distribution):
            raise TypeError(f"Expected type of 'base' is Distribution, but got {type(base)}")
        if not (0 < reinterpreted_batch_rank <= len(base.batch_shape)):
            raise ValueError(f"Expected 0 < reinterpreted_batch_rank <= {len(base.batch_shape)}, but got "
                             f"{reinterpreted_batch_rank}")
        self._base = base
        self._reinterpreted_batch_rank = reinterpreted_batch_rank
        shape = base.batch_shape + base.event_shape
        cut = len(base.batch_shape) - reinterpreted_batch_rank
        super().__init__(batch_shape=shape[:cut], event_shape=shape[cut:])

    @property
    def mean(self):
        return self._base.mean

    @property
    def variance(self):
        return self._base.variance

    def sample(self, shape=()):
        return self._base.sample(shape)

    def log_prob(self, value):
        return _sum_rightmost(self._base.log_prob(value), self._reinterpreted_batch_rank)

    def prob(self, value):
        return self.log_prob(value).exp()

    def entropy(self):
        return _sum_rightmost(self._base.entropy(), self._reinterpreted_batch_rank)


class TransformedDistribution(Distribution):
    r"""The distribution of ``transforms[-1](...transforms[0](x))`` for x drawn from ``base``; log_prob by the
    change of variables formula.

    Args:
        base (Distribution): The base distribution.
        transforms (Sequence[Transform]): The transforms, applied first to last.

    Returns:
        TransformedDistribution: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Normal, TransformedDistribution, AffineTransform
            >>> d = TransformedDistribution(Normal(0., 1.),
            ...                             [AffineTransform(paddle.to_tensor(1.), paddle.to_tensor(2.))])
            >>> print(d.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -1.6121
    """

    def __init__(self, base, transforms):
        if not isinstance(base, Distribution):
            raise TypeError(f"Expected type of 'base' is Distribution, but got {type(base)}.")
        if not isinstance(transforms, typing.Sequence):
            raise TypeError("Expected type of 'transforms' is Sequence[Transform] or Chain, but got "
                            f"{type(transforms)}.")
        if not all(isinstance(t, Transform) for t in transforms):
            raise TypeError("All element of transforms must be Transform type.")
        chain = ChainTransform(transforms)
        base_shape = base.batch_shape + base.event_shape
        self._base = base
        self._transforms = transforms
        if not transforms:
            super().__init__(base.batch_shape, base.event_shape)
            return
        if len(base_shape) < chain._domain.event_rank:
            raise ValueError(f"'base' needs to have shape with size at least {chain._domain.event_rank}, bug got "
                             f"{len(base_shape)}.")
        if chain._domain.event_rank > len(base.event_shape):
            base = Independent(base, chain._domain.event_rank - len(base.event_shape))
        shape = chain.forward_shape(base.batch_shape + base.event_shape)
        event_rank = chain._codomain.event_rank + max(len(base.event_shape) - chain._domain.event_rank, 0)
        super().__init__(shape[: len(shape) - event_rank], shape[len(shape) - event_rank:])

    def sample(self, shape=()):
        x = self._base.sample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def rsample(self, shape=()):
        x = self._base.rsample(shape)
        for t in self._transforms:
            x = t.forward(x)
        return x

    def log_prob(self, value):
        log_prob = 0.0
        y = value
        event_rank = len(self.event_shape)
        for t in reversed(self._transforms):
            x = t.inverse(y)
            event_rank += t._domain.event_rank - t._codomain.event_rank
            log_prob = log_prob - _sum_rightmost(t.forward_log_det_jacobian(x), event_rank - t._domain.event_rank)
            y = x
        return log_prob + _sum_rightmost(self._base.log_prob(y), event_rank - len(self._base.event_shape))


class LogNormal(TransformedDistribution):
    r"""The log-normal distribution: exp(X) for X ~ Normal(loc, scale).

    Args:
        loc (float|list|numpy.ndarray|Tensor): Mean of the underlying normal.
        scale (float|list|numpy.ndarray|Tensor): Standard deviation of the underlying normal.

    Returns:
        LogNormal: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import LogNormal
            >>> d = LogNormal(loc=paddle.to_tensor(0.0), scale=paddle.to_tensor(1.0))
            >>> print(d.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -0.9189
    """

    def __init__(self, loc, scale):
        self._base = Normal(loc=loc, scale=scale)
        self.loc = self._base.loc
        self.scale = self._base.scale
        super().__init__(self._base, [ExpTransform()])

    @property
    def mean(self):
        return _T.exp(self._base.mean + self._base.variance / 2)

    @property
    def variance(self):
        return _T.expm1(self._base.variance) * _T.exp(2 * self._base.mean + self._base.variance)

    def entropy(self):
        return self._base.entropy() + self._base.mean

    def probs(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        return self._base.kl_divergence(other._base)


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
