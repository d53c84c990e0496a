"""The base class Distribution (shapes, argument conversion) and the parameter-conversion rules
shared by its subclasses."""
import numbers
import warnings
from collections.abc import Iterable

import numpy as np

from .. import tensor as _T
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .._core.tensor import Tensor
from ..nn import functional as F


def _dtype_name(dtype):
    return str(dtype).replace('paddle.', '')


def _sum_rightmost(value, n):
    """Sum a Tensor over its n rightmost axes (n == 0: unchanged)."""
    return value.sum(list(range(-n, 0))) if n > 0 else value


class Distribution:
    """The abstract base of probability distributions.

    Args:
        batch_shape (Sequence[int], optional): The shape of the batch of independent distributions. Default: ().
        event_shape (Sequence[int], optional): The shape of one event (one draw). Default: ().

    Examples:
        .. code-block:: python

            >>> from purepaddle.distribution import Distribution
            >>> d = Distribution(batch_shape=[2], event_shape=[3])
            >>> print(d.batch_shape, d.event_shape)
            (2,) (3,)
    """

    def __init__(self, batch_shape=(), event_shape=()):
        self._batch_shape = batch_shape if isinstance(batch_shape, tuple) else tuple(batch_shape)
        self._event_shape = event_shape if isinstance(event_shape, tuple) else tuple(event_shape)
        super().__init__()

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def variance(self):
        raise NotImplementedError

    def sample(self, shape=()):
        raise NotImplementedError

    def rsample(self, shape=()):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def kl_divergence(self, other):
        raise NotImplementedError

    def prob(self, value):
        """Probability density (or mass) of value: exp(log_prob(value))."""
        return self.log_prob(value).exp()

    def log_prob(self, value):
        raise NotImplementedError

    def probs(self, value):
        raise NotImplementedError

    def _extend_shape(self, sample_shape):
        return tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape)

    def _validate_args(self, *args):
        """True when every argument is a Tensor, False when none is; a mixture is an error."""
        is_variable = any(isinstance(a, Tensor) for a in args)
        is_number = any(not isinstance(a, Tensor) for a in args)
        if is_variable and is_number:
            raise ValueError('if one argument is Tensor, all arguments should be Tensor')
        return is_variable

    def _to_tensor(self, *args):
        """Numbers/lists/arrays to float32 Tensors broadcast against each other (Paddle builds them as float32
        whatever the input's precision; classes that keep float64 cast afterwards)."""
        numpy_args = []
        tmp = 0.0
        for arg in args:
            if not isinstance(arg, (float, list, tuple, np.ndarray, Tensor)):
                raise TypeError("Type of input args must be float, list, tuple, numpy.ndarray or Tensor, but "
                                f"received type {type(arg)}")
            arg_np = np.array(arg)
            if str(arg_np.dtype) not in ('float32', 'float64'):
                warnings.warn("data type of argument only support float32 and float64, your argument will be "
                              "convert to float32.")
                arg_np = arg_np.astype('float32')
            tmp = tmp + arg_np
            numpy_args.append(arg_np)
        return tuple(_T.to_tensor(np.broadcast_arrays(a, tmp)[0].astype('float32')) for a in numpy_args)

    def _check_values_dtype_in_probs(self, param, value):
        if param.is_complex():
            return value.astype(param.dtype)
        if value.dtype != param.dtype and str(value.dtype).replace('paddle.', '') in ('float32', 'float64'):
            warnings.warn("dtype of input 'value' needs to be the same as parameters of distribution class. dtype "
                          "of 'value' will be converted.")
            return _T.cast(value, param.dtype)
        return value

    def _probs_to_logits(self, probs, is_binary=False):
        return (_T.log(probs) - _T.log1p(-probs)) if is_binary else _T.log(probs)

    def _logits_to_probs(self, logits, is_binary=False):
        return F.sigmoid(logits) if is_binary else F.softmax(logits, axis=-1)

    def _broadcast_all(self, *args):
        for arg in args:
            if not isinstance(arg, (float, list, tuple, np.ndarray, Tensor)):
                raise TypeError("Type of input args must be float, list, tuple, numpy.ndarray or Tensor, but "
                                f"received type {type(arg)}")
        if not all(isinstance(arg, Tensor) for arg in args):
            dtype = next((a.dtype for a in args if isinstance(a, Tensor)), get_default_dtype())
            args = [a if isinstance(a, Tensor) else _T.to_tensor(a, dtype=dtype) for a in args]
        return _T.broadcast_tensors(list(args))


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


def _real_param(v, what):
    if not isinstance(v, (numbers.Real, Tensor)):
        raise TypeError(f"Expected type of {what} is Real|Variable, but got {type(v)}")
    return _T.full(shape=(), fill_value=v) if isinstance(v, numbers.Real) else v


class _RealLocScale(Distribution):
    """Laplace and Cauchy: loc and scale are Python reals or Tensors, broadcast against each other."""

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


def _finfo_eps(dtype):
    return float(np.finfo(_dtype_name(dtype)).eps)
