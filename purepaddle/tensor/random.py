"""Public random functions: rand, randn, randint, uniform, normal, randperm, bernoulli, multinomial, poisson,
binomial, standard_gamma, log_normal and the in-place samplers (paddle.* and Tensor methods).

Draws come from the global generator (`paddle.seed`); the streams are purepaddle's own, so
the same seed repeats the same numbers here but not Paddle's exact numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, PlaceLike, ShapeLike

import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, apply_inplace
from .._core.methods import TensorMethods
from .._core.tensor import Tensor
from ..ops import random as R
from ..ops.creation.fill import FillAnyLike
from .creation.fill import cast
from ._check import check_dtype_registered, dygraph_only
from ._creation_args import convert_dtype, finish, shape_list, size_args


_FLOATS = ("float16", "float32", "float64", "bfloat16", "complex64", "complex128")
_PROBS = ("float32", "float64", "float16", "bfloat16")


def _float_dtype(dtype, kernel):
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    return check_dtype_registered(d, _FLOATS, kernel)


def _bound(v, api, arg):
    if isinstance(v, Tensor):
        return float(v._data.reshape(-1)[0])
    if not isinstance(v, numbers.Real):
        raise TypeError(f"The type of '{arg}' in {api} must be float, int or Tensor, but received {type(v).__name__}.")
    return float(v)


def uniform(shape: ShapeLike, dtype: DTypeLike | None = None, min: float = 0, max: float = 1.0, seed: int = 0,
            name: str | None = None, *, out: Tensor | None = None, device: PlaceLike | None = None,
            requires_grad: bool = False) -> Tensor:
    """Uniform samples in [min, max) (dtype: the default float; seed != 0 gives a fixed stream).

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): float32 or float64; None means the default float dtype. Default:
            None.
        min (float, optional): The lower bound (included). Default: 0.
        max (float, optional): The upper bound (excluded). Default: 1.0.
        seed (int, optional): A seed for this call only; 0 uses the global generator. Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.

    Returns:
        Tensor: samples drawn uniformly from [min, max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.uniform([2, 3], min=-1.0, max=1.0)
            >>> print(x.shape, x.dtype)
            paddle.Size([2, 3]) paddle.float32
    """
    d = _float_dtype(dtype, "uniform")
    if not isinstance(seed, int):
        raise TypeError(f"The type of 'seed' in paddle.uniform must be int, but received {type(seed).__name__}.")
    t = apply(R.UniformRandom, shape=shape_list(shape, "uniform"), dtype=d.proto,
              min=_bound(min, "paddle.uniform", "min"), max=_bound(max, "paddle.uniform", "max"), seed=seed,
              diag_num=0, diag_step=0, diag_val=1.0)
    return finish(t, out, device, requires_grad)


@size_args
def rand(shape: ShapeLike, dtype: DTypeLike | None = None, name: str | None = None, *,
         out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
         pin_memory: bool = False) -> Tensor:
    """Uniform samples in [0, 1) of the default float dtype.

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): float32 or float64; None means the default float dtype. Default:
            None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: samples drawn uniformly from [0, 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> _ = paddle.seed(123)
            >>> x = paddle.rand([2, 3])
            >>> bool(((x >= 0) & (x < 1)).all())
            True
    """
    return uniform(shape, dtype, 0.0, 1.0, out=out, device=device, requires_grad=requires_grad)


def _gaussian(shape, mean, std, dtype, api, out=None, device=None, requires_grad=False, seed=0):
    d = _float_dtype(dtype, "gaussian")
    if isinstance(mean, complex):
        if not d.is_complex:
            raise TypeError(f"if mean is a complex number, dtype should be complex64 or complex128, but got dtype = {d}")
        if mean.real != mean.imag:
            raise ValueError("The mean of complex gaussian distribution should be a complex number with real part "
                             f"equal imaginary part, but got {mean.real} != {mean.imag}")
        mean = mean.real
    t = apply(R.GaussianRandom, shape=shape_list(shape, api), mean=float(mean), std=float(std), seed=seed,
              dtype=d.proto)
    return finish(t, out, device, requires_grad)


def gaussian(shape, mean=0.0, std=1.0, seed=0, dtype=None, name=None, *, out=None, device=None,
             requires_grad=False):
    """Samples of the normal distribution N(mean, std^2) (paddle.tensor.random.gaussian; not in paddle.*).

    Args:
        shape (list|tuple|Tensor): The shape of the result.
        mean (float|complex, optional): The mean; a complex mean (real part equal to the imaginary part) needs
            a complex dtype. Default: 0.0.
        std (float, optional): The standard deviation. Default: 1.0.
        seed (int, optional): 0 draws from the global generator; another value gives a fixed stream. Default: 0.
        dtype (str|paddle.dtype, optional): A floating or complex dtype; None is the default float dtype.
        name (str, optional): Unused, kept for Paddle's signature. Default: None.
        out (Tensor, optional): A tensor the result is written into. Default: None.
        device (PlaceLike, optional): The device of the result. Default: None.
        requires_grad (bool, optional): Whether the result records gradients. Default: False.

    Returns:
        Tensor: The samples, of `shape` and `dtype`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.tensor.random.gaussian([2, 3], mean=1.0, std=2.0, dtype='float64')
            >>> print(x.shape, x.dtype)
            paddle.Size([2, 3]) paddle.float64
    """
    return _gaussian(shape, mean, std, dtype, "gaussian", out, device, requires_grad, seed)


def standard_normal(shape, dtype=None, name=None, *, out=None, device=None, requires_grad=False):
    """Samples of the standard normal distribution N(0, 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.standard_normal([2, 3], dtype='float64').dtype)
            paddle.float64
    """
    return _gaussian(shape, 0.0, 1.0, dtype, "standard_normal", out, device, requires_grad)


@size_args
def randn(shape: ShapeLike, dtype: DTypeLike | None = None, name: str | None = None, *,
          out: Tensor | None = None, device: PlaceLike | None = None, requires_grad: bool = False,
          pin_memory: bool = False) -> Tensor:
    """Samples of N(0, 1) of the default float dtype.

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike|None, optional): float32 or float64; None means the default float dtype. Default:
            None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: samples from the standard normal distribution (mean 0, std 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.randn([4]).shape
            paddle.Size([4])
    """
    return _gaussian(shape, 0.0, 1.0, dtype, "randn", out, device, requires_grad)


def normal(mean: float | Tensor = 0.0, std: float | Tensor = 1.0, shape: ShapeLike | None = None,
           name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """Normal samples with the given mean and std (numbers, or Tensors giving the output's shape).

    Args:
        mean (float|Tensor, optional): The mean: a number, or a tensor of means. Default: 0.0.
        std (float|Tensor, optional): The standard deviation: a number, or a tensor of them. Default: 1.0.
        shape (ShapeLike|None, optional): The shape when mean and std are numbers. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: normally distributed samples.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.normal(shape=[2, 3]).shape
            paddle.Size([2, 3])
            >>> paddle.normal(mean=paddle.to_tensor([0., 100.]), std=0.0)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.  , 100.])
    """
    for v, arg in ((mean, "mean"), (std, "std")):
        if not isinstance(v, (numbers.Number, TensorMethods)) or isinstance(v, bool):
            raise TypeError(f"The type of '{arg}' in paddle.normal must be int, float, complex or Tensor, but "
                            f"received {type(v).__name__}.")
    if isinstance(std, complex):
        raise TypeError("The type of 'std' in paddle.normal must be int, float or Tensor, but received complex.")
    mean_t, std_t = isinstance(mean, TensorMethods), isinstance(std, TensorMethods)
    if not mean_t and not std_t:
        if shape is None:
            raise TypeError("paddle.normal needs `shape` when mean and std are numbers")
        d = _dt.complex64 if isinstance(mean, complex) else None
        return _gaussian(shape, mean, std, d, "normal", out)
    if isinstance(mean, complex):
        sample = _gaussian(std.shape, 0j, 1.0, _dt.complex64, "normal")
    elif mean_t:
        check_dtype_registered(mean.dtype, _FLOATS, "gaussian")
        if std_t:
            if std.dtype is not mean.dtype:
                std = cast(std, mean.dtype)
            std = std.reshape(mean.shape)
        sample = _gaussian(mean.shape, 0j if mean.dtype.is_complex else 0.0, 1.0, mean.dtype, "normal")
    else:
        sample = _gaussian(std.shape, 0.0, 1.0, check_dtype_registered(std.dtype, _FLOATS, "gaussian"), "normal")
        mean = float(mean)
    return finish(sample * std + mean, out)


def randint(low: int = 0, high: int | None = None, shape: ShapeLike = [1], dtype: DTypeLike | None = None,  # noqa: B006  (Paddle's default)
            name: str | None = None) -> Tensor:
    """Integers uniform in [low, high) (just [0, low) when high is None); default dtype int64.

    Args:
        low (int, optional): The lower bound (included); when `high` is None it is the upper bound and 0 the
            lower. Default: 0.
        high (int|None, optional): The upper bound (excluded). Default: None.
        shape (ShapeLike, optional): The shape of the result: a list or tuple of ints (or 1-element int
            Tensors), or an int Tensor. Default: [1].
        dtype (DTypeLike|None, optional): int32 or int64; None means int64. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: integers drawn uniformly from [low, high).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.randint(0, 10, [3])
            >>> print(x.dtype, bool(((x >= 0) & (x < 10)).all()))
            paddle.int64 True
    """
    low, high = _int_range(low, high, "randint")
    d = check_dtype_registered(_dt.int64 if dtype is None else convert_dtype(dtype), ("int32", "int64"), "randint")
    return apply(R.RandInt, low=low, high=high, shape=shape_list(shape, "randint"), dtype=d.proto, seed=0)


def _int_range(low, high, api):
    for v, pos in ((low, 1), (high, 2)):
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            if isinstance(v, Tensor) and v._data.dtype.kind in "iu":
                continue
            raise TypeError(f"(InvalidType) {api}(): argument (position {pos}) must be int, but got "
                            f"{type(v).__name__}")
    low = int(low)
    if high is None:
        if low <= 0:
            raise ValueError(f"If high is None, low must be greater than 0, but received low = {low}.")
        low, high = 0, low
    high = int(high)
    if low >= high:
        raise ValueError(f"(InvalidArgument) {api}'s low must less then high, but received: low = {low}, "
                         f"high = {high}.")
    return low, high


def randint_like(x: Tensor, low: int = 0, high: int | None = None, dtype: DTypeLike | None = None,
                 name: str | None = None) -> Tensor:
    """Integers uniform in [low, high), shaped like x, in x's dtype unless `dtype` is given.

    Args:
        x (Tensor): The tensor whose shape the result takes.
        low (int, optional): The lower bound (included); the upper one when high is None. Default: 0.
        high (int|None, optional): The upper bound (excluded). Default: None.
        dtype (DTypeLike|None, optional): The data type; None means x's. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: random integers in [low, high) shaped like `x`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 2])
            >>> y = paddle.randint_like(x, 5)
            >>> print(y.shape, y.dtype)
            paddle.Size([2, 2]) paddle.float32
    """
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in paddle.randint_like must be paddle.Tensor, but received "
                        f"{type(x).__name__}.")
    low, high = _int_range(low, high, "randint_like")
    d = x.dtype if dtype is None else convert_dtype(dtype)
    t = apply(R.RandInt, low=low, high=high, shape=list(x.shape), dtype=_dt.int64.proto, seed=0)
    return t if d is _dt.int64 else cast(t, d)


def randperm(n, dtype="int64", name=None, *, out=None, device=None, requires_grad=False, pin_memory=False):
    """A random permutation of 0 .. n-1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> sorted(paddle.randperm(5).tolist())
            [0, 1, 2, 3, 4]
    """
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"The type of 'n' in paddle.randperm must be int, but received {type(n).__name__}.")
    if n < 0:
        raise ValueError(f"(InvalidArgument) The input n of randperm op should be no less than 0, but received {n}.")
    d = check_dtype_registered(convert_dtype(dtype), ("int32", "int64", "float32", "float64"), "randperm")
    return finish(apply(R.RandPerm, n=n, dtype=d.proto), out, device, requires_grad)


def _check_probs(x, api, kernel):
    if not isinstance(x, TensorMethods):
        raise ValueError(f"(InvalidArgument) {api}(): argument 'x' (position 0) must be Tensor, but got "
                         f"{type(x).__name__}")
    check_dtype_registered(x.dtype, _PROBS, kernel)


def _check_p(p):
    if p < 0:  # NaN passes this test and fails the next, as in Paddle
        raise IndexError(f"(OutOfRange) The probability should be >= 0, but got {p:f}")
    if not p <= 1:
        raise IndexError(f"(OutOfRange) The probability should be <= 1, but got {p:f}")


def bernoulli(x, p=None, name=None):
    """1 with probability x (or `p` for every element when given), else 0; x's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bernoulli(paddle.to_tensor([0., 1., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 1., 1.])
    """
    _check_probs(x, "bernoulli", "bernoulli")
    if p is not None:
        _check_p(float(p))
        x = apply(FillAnyLike, x, value=float(p), dtype=x.dtype.proto)
    return apply(R.Bernoulli, x)


def poisson(x, name=None):
    """Poisson samples with rate x, in x's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.poisson(paddle.zeros([3]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 0.])
    """
    _check_probs(x, "poisson", "poisson")
    return apply(R.Poisson, x)


def multinomial(x, num_samples=1, replacement=False, name=None, *, out=None):
    """Category indices drawn from each row of weights x (int64, shape [..., num_samples]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.multinomial(paddle.to_tensor([0., 0., 1.]), 2, replacement=True)
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 2])
    """
    _check_probs(x, "multinomial", "multinomial")
    if x.ndim > 2 or x.ndim < 1:
        raise ValueError("(InvalidArgument) The number of dimensions of the input probability distribution should "
                         f"be > 0 and <= 2, but got {x.ndim}.")
    if not isinstance(num_samples, int) or num_samples <= 0:
        raise ValueError(f"(InvalidArgument) The number of samples should be > 0, but got {num_samples}.")
    t = apply(R.Multinomial, x, num_samples=num_samples, replacement=bool(replacement))
    return finish(t, out)


def _like(x, dtype, api):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type(x).__name__}.")
    return list(x.shape), x.dtype if dtype is None else convert_dtype(dtype)


def rand_like(input, name=None, *, dtype=None, device=None, requires_grad=False):
    """Uniform samples in [0, 1) shaped like `input` (its dtype unless `dtype` is given).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.rand_like(paddle.zeros([2], dtype='float64')).dtype)
            paddle.float64
    """
    shape, d = _like(input, dtype, "paddle.rand_like")
    return uniform(shape, d, device=device, requires_grad=requires_grad)


def randn_like(x, dtype=None, name=None, *, device=None, requires_grad=False):
    """Standard normal samples shaped like x (its dtype unless `dtype` is given).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.randn_like(paddle.zeros([2, 2])).shape
            paddle.Size([2, 2])
    """
    shape, d = _like(x, dtype, "paddle.randn_like")
    return _gaussian(shape, 0.0, 1.0, d, "randn_like", device=device, requires_grad=requires_grad)


# -- in-place samplers (dygraph only, as in Paddle) ----------------------------------------
def uniform_(x, min=0, max=1.0, seed=0, name=None):
    """Refill x in place with uniform samples in [min, max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> bool((x.uniform_(2., 3.) >= 2).all())
            True
    """
    dygraph_only("uniform_")
    check_dtype_registered(x.dtype, ("float32", "float64", "float16", "bfloat16"), "uniform_inplace")
    return apply_inplace(R.UniformRandomInplace, x, min=_bound(min, "uniform_", "min"),
                         max=_bound(max, "uniform_", "max"), seed=int(seed), diag_num=0, diag_step=0, diag_val=1.0)


def gaussian_(x, mean=0.0, std=1.0, seed=0, name=None):
    """Refill x in place with samples of N(mean, std**2); a complex mean needs equal real and imaginary parts.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 2])
            >>> paddle.tensor.random.gaussian_(x, mean=5.0, std=0.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[5., 5.],
                    [5., 5.]])
    """
    dygraph_only("gaussian_")
    check_dtype_registered(x.dtype, _FLOATS, "gaussian_inplace")
    if isinstance(mean, complex):
        if mean.real != mean.imag:
            raise ValueError("The mean of complex gaussian distribution should be a complex number with real part "
                             f"equal imaginary part, but got {mean.real} != {mean.imag}")
        mean = mean.real
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"The type of 'seed' in gaussian_ must be int, but received {type(seed).__name__}.")
    return apply_inplace(R.GaussianInplace, x, mean=float(mean), std=float(std), seed=seed)


def normal_(x, mean=0.0, std=1.0, name=None):
    """Refill x in place with samples of N(mean, std**2).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.zeros([2, 2]).normal_(0.0, 1.0).shape
            paddle.Size([2, 2])
    """
    dygraph_only("normal_")
    check_dtype_registered(x.dtype, _FLOATS, "gaussian_inplace")
    return apply_inplace(R.GaussianInplace, x, mean=float(mean), std=float(std), seed=0)


def uniform_random_batch_size_like(input, shape, dtype="float32", input_dim_idx=0, output_dim_idx=0, min=-1.0,
                                   max=1.0, seed=0):
    """Uniform samples in [min, max) of `shape`, with dim output_dim_idx taken from input's dim input_dim_idx.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.tensor import random
            >>> x = paddle.zeros([3, 2])
            >>> random.uniform_random_batch_size_like(x, [2, 4]).shape
            paddle.Size([3, 4])
    """
    api = "uniform_random_batch_size_like"
    if not isinstance(input, TensorMethods):
        raise TypeError(f"The type of 'input' in {api} must be paddle.Tensor, but received {type(input).__name__}.")
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in {api} must be (<class 'list'>, <class 'tuple'>), but received "
                        f"{type(shape)}. ")
    d = convert_dtype(dtype)
    if d.name not in ("float32", "float64", "bfloat16"):
        raise TypeError(f"The data type of 'dtype' in {api} must be ('float32', 'float64', 'uint16'), but received "
                        f"{d.name}. ")
    dims = shape_list(shape, api)
    nd = len(input.shape)
    if not 0 <= input_dim_idx < nd:
        raise ValueError(f"(InvalidArgument) Input dimension size must be larger than input dimension index, but "
                         f"received input dimension size: {nd}, input dimension index: {input_dim_idx}.")
    if not 0 <= output_dim_idx < len(dims):
        raise ValueError(f"(InvalidArgument) Output dimension size must be larger than output dimension index, but "
                         f"received output dimension size: {len(dims)}, output dimension index: {output_dim_idx}.")
    return apply(R.UniformRandomBatchSizeLike, input, shape=dims, input_dim_idx=int(input_dim_idx),
                 output_dim_idx=int(output_dim_idx), min=float(min), max=float(max), seed=int(seed), dtype=d.proto,
                 diag_num=0, diag_step=0, diag_val=1.0)


def exponential_(x, lam=1.0, name=None):
    """Refill x in place with exponential samples of rate `lam`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> bool((paddle.zeros([4]).exponential_(2.0) >= 0).all())
            True
    """
    dygraph_only("exponential_")
    check_dtype_registered(x.dtype, ("float32", "float64", "float16", "bfloat16"), "exponential")
    return apply_inplace(R.Exponential, x, **{"lambda": float(lam)})


def bernoulli_(x, p=0.5, name=None):
    """Refill x in place with 1 (probability p, a number or a Tensor broadcast to x) or 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.zeros([3]).bernoulli_(1.0)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1., 1.])
    """
    dygraph_only("bernoulli_")
    check_dtype_registered(x.dtype, ("float32", "float64", "float16", "bfloat16"), "uniform_inplace")
    if isinstance(p, TensorMethods):
        return apply_inplace(R.BernoulliInplace, x, p.detach(), p=0.0)
    return apply_inplace(R.BernoulliInplace, x, None, p=float(p))


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
    check_dtype_registered(prob.dtype, _PROBS, "binomial")
    if not (count.dtype.is_floating or count.dtype.is_integer):
        raise TypeError(f"The dtype of 'count' in paddle.binomial must be a real number type, but received "
                        f"{count.dtype.name}.")
    return apply(R.Binomial, count, prob)


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
    check_dtype_registered(x.dtype, ("float32", "float64"), "standard_gamma")
    return apply(R.StandardGamma, x)


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
    check_dtype_registered(x.dtype, _FLOATS, "gaussian_inplace")
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
    d = check_dtype_registered(x.dtype, _RANDOM_KERNEL, "random")
    for v, arg in ((from_, "from_"), (to, "to")):
        if v is not None and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
            raise TypeError(f"The type of '{arg}' in random_ must be int, but received {type(v).__name__}.")
    if to is None:
        if from_:
            from_, to = 0, from_
        else:  # every integer the dtype holds exactly
            to = int(np.iinfo(d.np_dtype).max) if d.is_integer else \
                2 ** {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}[d.name]
    if not from_ < to:
        raise ValueError(f"random_ expects 'from' to be less than 'to', but got from={from_} >= to={to}")
    return apply_inplace(R.RandomInplace, x, **{"from": int(from_), "to": int(to)})


def _as_tensor_value(v):
    """A number as Paddle's cauchy_/geometric_ see it after paddle.to_tensor: a float becomes float32."""
    return float(np.float32(v)) if isinstance(v, float) else float(v)


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
    check_dtype_registered(x.dtype, _SAMPLE_FLOATS, "cauchy_")
    for v, arg in ((loc, "loc"), (scale, "scale")):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError(f"The type of '{arg}' in paddle.cauchy_ must be int or float, but received "
                            f"{type(v).__name__}.")
    return apply_inplace(R.CauchyInplace, x, loc=_as_tensor_value(loc), scale=float(scale))


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
        return apply_inplace(R.GeometricInplace, x, probs.detach(), probs=0.0)
    if isinstance(probs, bool) or not isinstance(probs, numbers.Real):
        raise TypeError(f"The type of 'probs' in paddle.geometric_ must be float or Tensor, but received "
                        f"{type(probs).__name__}.")
    return apply_inplace(R.GeometricInplace, x, None, probs=_as_tensor_value(probs))


__all__ = ["rand", "randn", "randint", "randint_like", "uniform", "normal", "standard_normal", "randperm", "bernoulli",
           "bernoulli_", "multinomial", "poisson", "rand_like", "randn_like", "normal_", "binomial", "standard_gamma",
           "log_normal", "log_normal_", "cauchy_", "geometric_"]

METHODS = {"uniform_": uniform_, "normal_": normal_, "exponential_": exponential_, "bernoulli_": bernoulli_,
           "log_normal_": log_normal_, "random_": random_, "cauchy_": cauchy_, "geometric_": geometric_}
