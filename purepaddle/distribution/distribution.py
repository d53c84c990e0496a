"""The base classes: Distribution (shapes, argument conversion) and ExponentialFamily (entropy from the
log-normalizer's gradient)."""
import warnings

import numpy as np

from .. import tensor as _T
from .._core.autograd import grad as _grad
from .._core.dtype import get_default_dtype
from .._core.tensor import Tensor
from ..nn import functional as F


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


class ExponentialFamily(Distribution):
    """Base of exponential-family distributions: entropy (and the generic KL) from the log-normalizer, whose
    gradient in the natural parameters is the mean of the sufficient statistics.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Exponential, ExponentialFamily
            >>> print(isinstance(Exponential(paddle.to_tensor(2.0)), ExponentialFamily))
            True
    """

    @property
    def _natural_parameters(self):
        raise NotImplementedError

    def _log_normalizer(self):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        entropy_value = -self._mean_carrier_measure
        natural_parameters = []
        for parameter in self._natural_parameters:
            parameter = parameter.detach()
            parameter.stop_gradient = False
            natural_parameters.append(parameter)
        log_norm = self._log_normalizer(*natural_parameters)
        grads = _grad(log_norm.sum(), natural_parameters, create_graph=True)
        entropy_value += log_norm
        for p, g in zip(natural_parameters, grads):
            entropy_value -= p * g
        return entropy_value
