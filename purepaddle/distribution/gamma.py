"""The gamma family: Exponential, Gamma, Chi2, Dirichlet, Beta (built on Dirichlet) and StudentT (a normal over
a chi-squared)."""
import math
from collections.abc import Sequence

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .distribution import Distribution, ExponentialFamily


def _dtype_name(dtype):
    return str(dtype).replace('paddle.', '')


class Exponential(ExponentialFamily):
    r"""The exponential distribution with rate ``rate``.

    Args:
        rate (float|Tensor): The rate (positive).

    Returns:
        Exponential: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Exponential
            >>> e = Exponential(paddle.to_tensor(2.0))
            >>> print(e.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -1.3069
    """

    def __init__(self, rate):
        if self._validate_args(rate):
            self.rate = rate
            self.dtype = _dtype_name(rate.dtype)
        else:
            [self.rate] = self._to_tensor(rate)
            self.dtype = get_default_dtype()
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate.reciprocal()

    @property
    def variance(self):
        return self.rate.pow(-2)

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        """Reparameterized samples -log(u) / rate."""
        uniform = _T.uniform(shape=Distribution._extend_shape(self, shape), min=float(np.finfo('float32').tiny),
                             max=1.0, dtype=self.rate.dtype)
        return -_T.log(uniform) / self.rate

    def prob(self, value):
        return self.rate * _T.exp(-self.rate * value)

    def log_prob(self, value):
        return _T.log(self.rate) - self.rate * value

    def entropy(self):
        return 1.0 - _T.log(self.rate)

    def cdf(self, value):
        return 1.0 - _T.exp(-self.rate * value)

    def icdf(self, value):
        return -_T.log1p(-value) / self.rate

    def kl_divergence(self, other):
        if not isinstance(other, Exponential):
            raise TypeError(f"Expected type of other is Exponential, but got {type(other)}")
        rate_ratio = other.rate / self.rate
        return -_T.log(rate_ratio) + rate_ratio - 1

    @property
    def _natural_parameters(self):
        return (-self.rate,)

    def _log_normalizer(self, x):
        return -_T.log(-x)


class Gamma(ExponentialFamily):
    r"""The gamma distribution with shape ``concentration`` and rate ``rate``.

    Args:
        concentration (float|Tensor): The shape parameter (positive).
        rate (float|Tensor): The rate (positive).

    Returns:
        Gamma: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Gamma
            >>> g = Gamma(paddle.to_tensor(2.0), paddle.to_tensor(1.0))
            >>> print(g.entropy().numpy().round(4))
            1.5772
    """

    def __init__(self, concentration, rate):
        if self._validate_args(concentration, rate):
            self.concentration, self.rate = concentration, rate
            self.dtype = _dtype_name(concentration.dtype)
        else:
            self.concentration, self.rate = self._to_tensor(concentration, rate)
            self.dtype = get_default_dtype()
        super().__init__(self.concentration.shape)

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return (self.concentration * _T.log(self.rate) + (self.concentration - 1) * _T.log(value)
                - self.rate * value - _T.lgamma(self.concentration))

    def entropy(self):
        return (self.concentration - _T.log(self.rate) + _T.lgamma(self.concentration)
                + (1.0 - self.concentration) * _T.digamma(self.concentration))

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        shape = Distribution._extend_shape(self, shape)
        return _T.standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)

    def kl_divergence(self, other):
        if not isinstance(other, Gamma):
            raise TypeError(f"Expected type of other is Exponential, but got {type(other)}")
        t1 = other.concentration * _T.log(self.rate / other.rate)
        t2 = _T.lgamma(other.concentration) - _T.lgamma(self.concentration)
        t3 = (self.concentration - other.concentration) * _T.digamma(self.concentration)
        t4 = (other.rate - self.rate) * (self.concentration / self.rate)
        return t1 + t2 + t3 + t4

    @property
    def _natural_parameters(self):
        return (self.concentration - 1, -self.rate)

    def _log_normalizer(self, x, y):
        return _T.lgamma(x + 1) + (x + 1) * _T.log(-y.reciprocal())


class Chi2(Gamma):
    r"""The chi-squared distribution with ``df`` degrees of freedom: Gamma(df / 2, 1 / 2).

    Args:
        df (float|Tensor): Degrees of freedom (positive).

    Returns:
        Chi2: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Chi2
            >>> c = Chi2(paddle.to_tensor(4.0))
            >>> print(c.mean.numpy())
            4.0
    """

    def __init__(self, df):
        if self._validate_args(df):
            self.df = df
        else:
            [self.df] = self._to_tensor(df)
        if not bool((self.df > 0).all()):
            raise ValueError("The arg of `df` must be positive.")
        super().__init__(self.df * 0.5, _T.full_like(self.df, 0.5))


class Dirichlet(ExponentialFamily):
    r"""The Dirichlet distribution on the simplex with parameter ``concentration`` (last axis: the event).

    Args:
        concentration (Tensor): Concentrations, at least one-dimensional.

    Returns:
        Dirichlet: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Dirichlet
            >>> d = Dirichlet(paddle.to_tensor([1.0, 2.0, 3.0]))
            >>> print(d.entropy().numpy().round(4))
            -1.2425
    """

    def __init__(self, concentration):
        if concentration.dim() < 1 or math.prod(concentration.shape) == 0:
            raise ValueError("`concentration` parameter must be at least one dimensional")
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:])

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, keepdim=True)

    @property
    def variance(self):
        c0 = self.concentration.sum(-1, keepdim=True)
        return (self.concentration * (c0 - self.concentration)) / (c0.pow(2) * (c0 + 1))

    def sample(self, shape=()):
        """Draws normalised gamma variates (no gradient)."""
        with no_grad():
            g = _T.standard_gamma(self.concentration.expand(self._extend_shape(tuple(shape))))
            return g / g.sum(-1, keepdim=True)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return ((_T.log(value) * (self.concentration - 1.0)).sum(-1) + _T.lgamma(self.concentration.sum(-1))
                - _T.lgamma(self.concentration).sum(-1))

    def entropy(self):
        c0 = self.concentration.sum(-1)
        k = self.concentration.shape[-1]
        return (_T.lgamma(self.concentration).sum(-1) - _T.lgamma(c0) - (k - c0) * _T.digamma(c0)
                - ((self.concentration - 1.0) * _T.digamma(self.concentration)).sum(-1))

    @property
    def _natural_parameters(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - _T.lgamma(x.sum(-1))


class Beta(ExponentialFamily):
    r"""The beta distribution on [0, 1] with shapes ``alpha`` and ``beta`` (a two-category Dirichlet).

    Args:
        alpha (float|Tensor): First shape parameter (positive).
        beta (float|Tensor): Second shape parameter (positive).

    Returns:
        Beta: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Beta
            >>> b = Beta(alpha=0.5, beta=0.5)
            >>> print(b.mean.numpy())
            0.5
    """

    def __init__(self, alpha, beta):
        alpha = _T.full(shape=[], fill_value=alpha) if not isinstance(alpha, Tensor) else alpha
        beta = _T.full(shape=[], fill_value=beta) if not isinstance(beta, Tensor) else beta
        self.alpha, self.beta = _T.broadcast_tensors([alpha, beta])
        self._dirichlet = Dirichlet(_T.stack([self.alpha, self.beta], -1))
        super().__init__(self._dirichlet._batch_shape)

    @property
    def mean(self):
        return self.alpha / (self.alpha + self.beta)

    @property
    def variance(self):
        s = self.alpha + self.beta
        return self.alpha * self.beta / (s.pow(2) * (s + 1))

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def log_prob(self, value):
        return self._dirichlet.log_prob(_T.stack([value, 1.0 - value], -1))

    def sample(self, shape=()):
        return _T.squeeze(self._dirichlet.sample(tuple(shape))[..., 0], axis=-1)

    def entropy(self):
        return self._dirichlet.entropy()

    @property
    def _natural_parameters(self):
        return (self.alpha, self.beta)

    def _log_normalizer(self, x, y):
        return _T.lgamma(x) + _T.lgamma(y) - _T.lgamma(x + y)


class StudentT(Distribution):
    r"""Student's t distribution with ``df`` degrees of freedom, location ``loc`` and scale ``scale``.

    Args:
        df (float|Tensor): Degrees of freedom (non-negative).
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (non-negative).
        name (str|None, optional): Name prefix. Default: None.

    Returns:
        StudentT: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import StudentT
            >>> dist = StudentT(df=10.0, loc=0.0, scale=1.0)
            >>> print(dist.entropy().numpy().round(4))
            1.5212
    """

    def __init__(self, df, loc, scale, name=None):
        self.name = name if name is not None else 'StudentT'
        self.df, self.loc, self.scale = self._broadcast_all(df, loc, scale)
        if not bool((self.df >= 0.0).all()):
            raise ValueError('Every element of input parameter `df` should be nonnegative.')
        if not bool((self.scale >= 0.0).all()):
            raise ValueError('Every element of input parameter `scale` should be nonnegative.')
        super().__init__(self.df.shape)
        self._chi2 = Gamma(0.5 * self.df, _T.full_like(self.df, 0.5))

    @property
    def mean(self):
        return _T.where(self.df > 1.0, self.loc, _T.full_like(self.loc, fill_value=float('nan')))

    @property
    def variance(self):
        var = self.df.clone().detach()
        var = _T.where(self.df > 2.0, self.scale.pow(2) * var / (var - 2), _T.full_like(var, fill_value=float('nan')))
        inf_condition = (self.df <= 2.0).logical_and(self.df > 1.0)
        return _T.where(inf_condition, _T.full_like(var, fill_value=float('inf')), var)

    def sample(self, shape=()):
        """loc + scale * z / sqrt(chi2 / df), z standard normal, chi2 from Gamma(df/2, 1/2)."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        z = _T.normal(shape=self._extend_shape(shape))
        chi2 = self._chi2.sample(shape)
        return self.loc + self.scale * (z * _T.rsqrt(chi2 / self.df))

    def entropy(self):
        lbeta = _T.lgamma(0.5 * self.df) + math.lgamma(0.5) - _T.lgamma(0.5 * (self.df + 1))
        return (self.scale.log() + 0.5 * (self.df + 1) * (_T.digamma(0.5 * (self.df + 1)) - _T.digamma(0.5 * self.df))
                + 0.5 * self.df.log() + lbeta)

    def log_prob(self, value):
        value = self._check_values_dtype_in_probs(self.df, value)
        y = (value - self.loc) / self.scale
        Z = (self.scale.log() + 0.5 * self.df.log() + 0.5 * math.log(math.pi) + _T.lgamma(0.5 * self.df)
             - _T.lgamma(0.5 * (self.df + 1.0)))
        return -0.5 * (self.df + 1.0) * _T.log1p(y ** 2.0 / self.df) - Z

    def prob(self, value):
        return _T.exp(self.log_prob(value))
