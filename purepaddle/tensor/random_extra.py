"""More public random functions: binomial, standard_gamma, log_normal(_), and the in-place samplers
Tensor.random_, cauchy_ and geometric_ (dygraph only, as in Paddle)."""
import numbers

import numpy as np

from .._core.dispatch import apply, apply_inplace
from .._core.methods import TensorMethods
from ..ops import random as RX
from ._creation_args import check_kernel_dtype, dygraph_only
from .random import _FLOATS, _PROBS, gaussian_, normal

_SAMPLE_FLOATS = ("float16", "float32", "float64", "bfloat16")
_RANDOM_KERNEL = ("int64", "float64", "float16", "float32", "int32", "bfloat16")


def _check_tensor(x, api, arg="x"):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of '{arg}' in {api} must be paddle.Tensor, but received {type(x).__name__}.")


def binomial(count, prob, name=None):
    """Binomial samples (int64): successes in `count` trials of probability `prob` (broadcast together).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.binomial(paddle.to_tensor([10., 5.]), paddle.to_tensor([1., 0.]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [10, 0 ])
    """
    _check_tensor(count, "paddle.binomial", "count")
    _check_tensor(prob, "paddle.binomial", "prob")
    check_kernel_dtype(prob.dtype, _PROBS, "binomial")
    if not (count.dtype.is_floating or count.dtype.is_integer):
        raise TypeError(f"The dtype of 'count' in paddle.binomial must be a real number type, but received "
                        f"{count.dtype.name}.")
    return apply(RX.Binomial, count, prob)


def standard_gamma(x, name=None):
    """Samples of Gamma(shape=x, scale=1) in x's dtype (0 where x <= 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out = paddle.standard_gamma(paddle.to_tensor([1., 2., 3.]))
            >>> print(out.shape, out.dtype)
            paddle.Size([3]) paddle.float32
    """
    _check_tensor(x, "paddle.standard_gamma")
    check_kernel_dtype(x.dtype, ("float32", "float64"), "standard_gamma")
    return apply(RX.StandardGamma, x)


def log_normal(mean=1.0, std=2.0, shape=None, name=None):
    """exp of normal samples with the given mean and std (numbers, or Tensors giving the output's shape).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out = paddle.log_normal(shape=[2, 3])
            >>> print(out.shape, bool((out > 0).all()))
            paddle.Size([2, 3]) True
    """
    for v, arg in ((mean, "mean"), (std, "std")):
        if isinstance(v, bool) or not isinstance(v, (numbers.Real, TensorMethods)):
            raise TypeError(f"The type of '{arg}' in paddle.log_normal must be float or Tensor, but received "
                            f"{type(v).__name__}.")
    if not isinstance(mean, TensorMethods) and not isinstance(std, TensorMethods) and shape is None:
        raise TypeError("paddle.log_normal needs `shape` when mean and std are numbers")
    if isinstance(mean, TensorMethods) and isinstance(std, TensorMethods) and mean.dtype is not std.dtype:
        std = std.astype(mean.dtype)
    return normal(mean, std, shape).exp()


def log_normal_(x, mean=1.0, std=2.0, name=None):
    """Refill x in place with exp of N(mean, std**2) samples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3]).log_normal_(0.0, 0.0)
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1., 1.])
    """
    dygraph_only("log_normal_")
    _check_tensor(x, "paddle.log_normal_")
    check_kernel_dtype(x.dtype, _FLOATS, "gaussian_inplace")
    return gaussian_(x, float(mean), float(std)).exp_()


def random_(x, from_=0, to=None, *, generator=None):
    """Refill x in place with integers uniform in [from_, to) (to=None: [0, from_) when from_ > 0, else the
    dtype's full exact-integer range).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([4], dtype='int32').random_(0, 10)
            >>> bool(((x >= 0) & (x < 10)).all())
            True
    """
    dygraph_only("random_")
    _check_tensor(x, "paddle.Tensor.random_")
    d = check_kernel_dtype(x.dtype, _RANDOM_KERNEL, "random")
    for v, arg in ((from_, "from_"), (to, "to")):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
            raise TypeError(f"The type of '{arg}' in random_ must be int, but received {type(v).__name__}.")
    if to is None:
        if from_:
            from_, to = 0, from_
        else:  # every integer the dtype holds exactly
            to = int(np.iinfo(d.np_dtype).max) if d.is_integer else \
                2 ** {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}[d.name] + 1
    if not from_ < to:
        raise ValueError(f"random_ expects 'from' to be less than 'to', but got from={from_} >= to={to}")
    return apply_inplace(RX.RandomInplace, x, **{"from": int(from_), "to": int(to)})


def cauchy_(x, loc=0, scale=1, name=None):
    """Refill x in place with samples of the Cauchy distribution (median loc, half-width scale).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3, 4]).cauchy_(1, 2)
            >>> x.shape
            paddle.Size([3, 4])
    """
    dygraph_only("cauchy_")
    _check_tensor(x, "paddle.cauchy_")
    check_kernel_dtype(x.dtype, _SAMPLE_FLOATS, "cauchy_")
    for v, arg in ((loc, "loc"), (scale, "scale")):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"The type of '{arg}' in paddle.cauchy_ must be int or float, but received "
                            f"{type(v).__name__}.")
    return apply_inplace(RX.CauchyInplace, x, loc=float(loc), scale=float(scale))


def geometric_(x, probs, name=None):
    """Refill x in place with samples log(u) / log(1 - probs) of the (continuous) geometric distribution.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3, 4]).geometric_(0.3)
            >>> bool((x >= 0).all())
            True
    """
    dygraph_only("geometric_")
    _check_tensor(x, "paddle.geometric_")
    if not x.dtype.is_floating:
        raise ValueError(f"paddle.geometric_ needs a floating point tensor, but x's dtype is {x.dtype.name}")
    if isinstance(probs, TensorMethods):
        return apply_inplace(RX.GeometricInplace, x, probs.detach(), probs=0.0)
    if isinstance(probs, bool) or not isinstance(probs, numbers.Real):
        raise TypeError(f"The type of 'probs' in paddle.geometric_ must be float or Tensor, but received "
                        f"{type(probs).__name__}.")
    return apply_inplace(RX.GeometricInplace, x, None, probs=float(probs))


__all__ = ["binomial", "standard_gamma", "log_normal", "log_normal_", "cauchy_", "geometric_"]

METHODS = {"log_normal_": log_normal_, "random_": random_, "cauchy_": cauchy_, "geometric_": geometric_}
