"""Discrete distributions: Bernoulli, Categorical, Geometric, Poisson, Binomial, Multinomial."""
import numbers
from collections.abc import Iterable, Sequence

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .._core.tensor import Tensor
from ..nn import functional as F
from .distribution import Distribution, ExponentialFamily

_EPS = {'float32': float(np.finfo(np.float32).eps), 'float64': float(np.finfo(np.float64).eps)}


def _dtype_name(dtype):
    return str(dtype).replace('paddle.', '')


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

    def __init__(self, probs, name=None):
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

    def __init__(self, logits, name=None):
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


class Geometric(Distribution):
    r"""The geometric distribution: the number of failures before the first success, success probability
    ``probs``.

    Args:
        probs (float|Tensor): The success probability in (0, 1].

    Returns:
        Geometric: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Geometric
            >>> geom = Geometric(0.5)
            >>> print(geom.pmf(2).numpy())
            0.125
    """

    def __init__(self, probs):
        if not isinstance(probs, (numbers.Real, Tensor)):
            raise TypeError("Expected type of probs is Number.Real|Tensor|framework.Variable|Value, but got "
                            f"{type(probs)}")
        if isinstance(probs, numbers.Real):
            probs = _T.full(shape=(), fill_value=probs, dtype='float32')
        self.probs = probs
        super().__init__(tuple(probs.shape))

    @property
    def mean(self):
        return 1.0 / self.probs - 1.0

    @property
    def variance(self):
        return (1.0 / self.probs - 1.0) / self.probs

    @property
    def stddev(self):
        return _T.sqrt(self.variance)

    @staticmethod
    def _check_k(k):
        if not isinstance(k, (numbers.Integral, Tensor)):
            raise TypeError(f"Expected type of k is number.Real|framework.Variable|Value, but got {type(k)}")

    def pmf(self, k):
        """P(X = k) = (1 - p)^k p."""
        self._check_k(k)
        return _T.pow((1.0 - self.probs), k) * self.probs

    def log_pmf(self, k):
        self._check_k(k)
        return _T.log(self.pmf(k))

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        uniform = _T.uniform(shape=self._extend_shape(shape), min=float(np.finfo('float32').tiny), max=1.0,
                             dtype=self.probs.dtype)
        return _T.floor(_T.log(uniform) / _T.log1p(-self.probs))

    def entropy(self):
        x = (1.0 - self.probs) * _T.log(1.0 - self.probs)
        y = self.probs * _T.log(self.probs)
        return -(x + y) / self.probs

    def cdf(self, k):
        self._check_k(k)
        return 1.0 - _T.pow((1.0 - self.probs), k + 1)

    def kl_divergence(self, other):
        if not isinstance(other, Geometric):
            raise TypeError(f"Exacted type of other is geometric.Geometric, but got {type(other)}")
        p, q = self.probs, other.probs
        return p * _T.log(p / q) + (1.0 - p) * _T.log((1.0 - p) / (1.0 - q))


def _finfo_eps(dtype):
    return float(np.finfo(_dtype_name(dtype)).eps)


class Poisson(Distribution):
    r"""The Poisson distribution with rate ``rate``; entropy and KL sum over a bounded support
    (rate + 30 sqrt(rate)).

    Args:
        rate (float|Tensor): The rate (non-negative).

    Returns:
        Poisson: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Poisson
            >>> rv = Poisson(paddle.to_tensor(2.0))
            >>> print(rv.log_prob(paddle.to_tensor(1.0)).numpy().round(4))
            -1.3069
    """

    def __init__(self, rate):
        self.dtype = get_default_dtype()
        if isinstance(rate, (float, int)):
            rate = _T.to_tensor([rate], dtype=self.dtype)
        else:
            self.dtype = _dtype_name(rate.dtype)
        self.rate = rate
        super().__init__(self.rate.shape)

    @property
    def mean(self):
        return self.rate

    @property
    def variance(self):
        return self.rate

    def sample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        output_shape = tuple(shape) + tuple(self.batch_shape)
        with no_grad():
            return _T.poisson(_T.broadcast_to(self.rate, shape=output_shape))

    def _enumerate_bounded_support(self, rate):
        rmax = _T.max(rate)
        s_max = _T.sqrt(rmax) if bool(rmax >= 1.0) else _T.ones_like(rate, dtype=self.dtype)
        upper = _T.max(_T.cast(rate + 30 * s_max, dtype='int32'))
        return _T.arange(0, upper, dtype=self.dtype)

    def entropy(self):
        values = self._enumerate_bounded_support(self.rate).reshape((-1,) + (1,) * len(self.batch_shape))
        log_prob = self.log_prob(values)
        proposed = -(_T.exp(log_prob) * log_prob).sum(0)
        return proposed * _T.cast(self.rate != 0.0, dtype=self.dtype)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        eps = _finfo_eps(self.rate.dtype)
        return _T.nan_to_num(-self.rate + value * _T.log(self.rate) - _T.lgamma(value + 1), neginf=-eps)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        if self.batch_shape != other.batch_shape:
            raise ValueError("KL divergence of two poisson distributions should share the same `batch_shape`.")
        support_max = self._enumerate_bounded_support(_T.max(_T.maximum(self.rate, other.rate)))
        common = _T.arange(0, _T.max(support_max), dtype=self.dtype).reshape((-1,) + (1,) * len(self.batch_shape))
        lp1, lp2 = self.log_prob(common), other.log_prob(common)
        return (_T.exp(lp1) * (lp1 - lp2)).sum(0)


class Binomial(Distribution):
    r"""The binomial distribution: successes in ``total_count`` trials of success probability ``probs``.

    Args:
        total_count (int|Tensor): The number of trials.
        probs (float|Tensor): The success probability.

    Returns:
        Binomial: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Binomial
            >>> rv = Binomial(10, 0.5)
            >>> print(rv.mean.numpy())
            5.0
    """

    def __init__(self, total_count, probs):
        self.dtype = get_default_dtype()
        if isinstance(probs, float):
            probs = _T.to_tensor(probs, dtype=self.dtype)
        else:
            self.dtype = probs.dtype
        if isinstance(total_count, int):
            total_count = _T.to_tensor(total_count, dtype=self.dtype)
        else:
            total_count = _T.cast(total_count, dtype=self.dtype)
        self.total_count, self.probs = _T.broadcast_tensors([total_count, probs])
        super().__init__(self.total_count.shape)

    @property
    def mean(self):
        return self.total_count * self.probs

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    def sample(self, shape=()):
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        output_shape = tuple(shape) + tuple(self.batch_shape)
        with no_grad():
            size = _T.broadcast_to(self.total_count, shape=output_shape)
            prob = _T.broadcast_to(self.probs, shape=output_shape)
            return _T.cast(_T.binomial(_T.cast(size, dtype='int32'), prob), self.dtype)

    def _enumerate_support(self):
        values = _T.arange(1 + _T.max(self.total_count), dtype=self.dtype)
        return values.reshape((-1,) + (1,) * len(self.batch_shape))

    def entropy(self):
        log_prob = self.log_prob(self._enumerate_support())
        return -(_T.exp(log_prob) * log_prob).sum(0)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        log_comb = (_T.lgamma(self.total_count + 1.0) - _T.lgamma(self.total_count - value + 1.0)
                    - _T.lgamma(value + 1.0))
        eps = _finfo_eps(self.probs.dtype)
        probs = _T.clip(self.probs, min=eps, max=1 - eps)
        return _T.nan_to_num(log_comb + value * _T.log(probs) + (self.total_count - value) * _T.log(1 - probs),
                             neginf=-eps)

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def kl_divergence(self, other):
        support = self._enumerate_support()
        lp1, lp2 = self.log_prob(support), other.log_prob(support)
        return (_T.exp(lp1) * (lp1 - lp2)).sum(0)


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
