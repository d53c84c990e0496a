"""Location-scale distributions: Normal, Uniform, Laplace."""
import math
import numbers
from collections.abc import Iterable

import numpy as np

from .. import tensor as _T
from ..tensor.random import gaussian as _gaussian
from .._core.mode import no_grad
from .._core.tensor import Tensor
from .distribution import Distribution


def _dtype_name(dtype):
    return str(dtype).replace('paddle.', '')


class _LocScaleFromArgs(Distribution):
    """Normal and Uniform take numbers, lists, arrays or Tensors for both parameters: Tensors are kept as they
    are; otherwise both become Tensors of a float32 dtype, or float64 when a numpy float64 array is given."""

    def _set_params(self, a, b):
        self.all_arg_is_float = False
        self.dtype = 'float32'
        a = float(a) if isinstance(a, int) else a
        b = float(b) if isinstance(b, int) else b
        if isinstance(a, (tuple, list)):
            a = np.array(a)
            a = a.astype('float32') if a.dtype == np.float64 else a
        if isinstance(b, (tuple, list)):
            b = np.array(b, dtype=np.float32)
        if self._validate_args(a, b):
            self.dtype = _dtype_name(a.dtype)
            return a, b
        if isinstance(a, float) and isinstance(b, float):
            self.all_arg_is_float = True
        if isinstance(a, np.ndarray) and str(a.dtype) in ('float32', 'float64'):
            self.dtype = str(a.dtype)
        elif isinstance(b, np.ndarray) and str(b.dtype) in ('float32', 'float64'):
            self.dtype = str(b.dtype)
        a, b = self._to_tensor(a, b)
        if self.dtype != _dtype_name(a.dtype):
            a, b = _T.cast(a, self.dtype), _T.cast(b, self.dtype)
        return a, b

    def _sample_shape(self, shape, seed):
        if not isinstance(shape, Iterable):
            raise TypeError('sample shape must be Iterable object.')
        return list(shape)


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

    def __init__(self, loc, scale, name=None):
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

    def __init__(self, low, high, name=None):
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


def _real_param(v, what):
    if not isinstance(v, (numbers.Real, Tensor)):
        raise TypeError(f"Expected type of {what} is Real|Variable, but got {type(v)}")
    return _T.full(shape=(), fill_value=v) if isinstance(v, numbers.Real) else v


class _RealLocScale(Distribution):
    """Laplace: loc and scale are Python reals or Tensors, broadcast against each other."""

    def _set_params(self, loc, scale):
        loc, scale = _real_param(loc, 'loc'), _real_param(scale, 'scale')
        if (len(scale.shape) > 0 or len(loc.shape) > 0) and loc.dtype == scale.dtype:
            self.loc, self.scale = _T.broadcast_tensors([loc, scale])
        else:
            self.loc, self.scale = loc, scale
        super().__init__(self.loc.shape)

    def _validate_value(self, value):
        if isinstance(value, numbers.Real):
            value = _T.full(shape=(), fill_value=value)
        if value.dtype != self.scale.dtype:
            value = _T.cast(value, self.scale.dtype)
        if len(self.scale.shape) > 0 or len(self.loc.shape) > 0 or len(value.shape) > 0:
            return _T.broadcast_tensors([self.loc, self.scale, value])
        return self.loc, self.scale, value

    def sample(self, shape=()):
        """Draw samples of shape ``shape + batch_shape`` (no gradient)."""
        with no_grad():
            return self.rsample(tuple(shape))

    def _eps(self):
        return 2.22045e-16 if _dtype_name(self.loc.dtype) in ('float64', 'complex128') else 1.19209e-07


class Laplace(_RealLocScale):
    r"""The Laplace distribution with location ``loc`` and scale ``scale``.

    Args:
        loc (float|Tensor): The location.
        scale (float|Tensor): The scale (positive).

    Returns:
        Laplace: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Laplace
            >>> m = Laplace(paddle.to_tensor(0.0), paddle.to_tensor(1.0))
            >>> print(m.entropy().numpy().round(4))
            1.6931
    """

    def __init__(self, loc, scale):
        self._set_params(loc, scale)

    @property
    def mean(self):
        return self.loc

    @property
    def stddev(self):
        return (2 ** 0.5) * self.scale

    @property
    def variance(self):
        return self.stddev.pow(2)

    def log_prob(self, value):
        loc, scale, value = self._validate_value(value)
        return -_T.log(2 * scale) - _T.abs(value - loc) / scale

    def entropy(self):
        return 1 + _T.log(2 * self.scale)

    def cdf(self, value):
        loc, scale, value = self._validate_value(value)
        return 0.5 - 0.5 * (value - loc).sign() * _T.expm1(-(value - loc).abs() / scale)

    def icdf(self, value):
        loc, scale, value = self._validate_value(value)
        term = value - 0.5
        return loc - scale * term.sign() * _T.log1p(-2 * term.abs())

    def rsample(self, shape=()):
        """Reparameterized samples by inverting the cdf of a uniform draw on (-1, 1)."""
        eps = self._eps()
        uniform = _T.uniform(shape=self._extend_shape(tuple(shape)), min=float(np.nextafter(-1, 1)) + eps / 2,
                             max=1.0 - eps / 2, dtype=self.loc.dtype)
        return self.loc - self.scale * uniform.sign() * _T.log1p(-uniform.abs())

    def kl_divergence(self, other):
        var_ratio = other.scale / self.scale
        t = _T.abs(self.loc - other.loc)
        term1 = (self.scale * _T.exp(-t / self.scale) + t) / other.scale
        return term1 + _T.log(var_ratio) - 1


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
            2.7134
    """

    def __init__(self, loc, scale, name=None):
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
