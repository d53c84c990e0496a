"""Public statistics and whole-tensor comparisons: mean, var, std, median, allclose, isclose, equal_all."""
import warnings

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.methods import TensorMethods
from .._core.mode import STATE
from ..ops.logic import AllClose, EqualAll
from ..ops.math.reduction import ReduceMax, _count
from ..ops.stat import Median, ReduceMean
from ..ops.creation.fill import Cast
from ..ops.logic import IsClose
from ..ops.math.unary import Sqrt
from .math_reduce import reduce_dims
from .math_unary import kernel_error, need_tensor, type_name, write_out

_MEAN_OTHER = frozenset((_dt.bool_, _dt.int32, _dt.int64, _dt.complex64, _dt.complex128))


def mean(x, axis=None, keepdim=False, name=None, *, dtype=None, out=None):
    """Arithmetic mean over `axis` (all elements when None); integer inputs give a truncated integer mean.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[[1., 2., 3., 4.], [5., 6., 7., 8.], [9., 10., 11., 12.]],
            ...                       [[13., 14., 15., 16.], [17., 18., 19., 20.], [21., 22., 23., 24.]]])
            >>> paddle.mean(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   12.50000000)
            >>> paddle.mean(x, axis=[0, 2])
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [8.50000000 , 12.50000000, 16.50000000])
    """
    if not isinstance(x, TensorMethods):
        need_tensor(x, "mean")
    if dtype is not None:
        d = _dt.convert_dtype(dtype)
        if d is not x.dtype:
            x = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    d = x.dtype
    if not (d.is_floating or d in _MEAN_OTHER):
        raise kernel_error("mean", d, "int32, int64, float64, complex128, float32, complex64, bool")
    dims, all_ = reduce_dims(axis, x, "mean")
    return write_out(apply(ReduceMean, x, dim=dims, keep_dim=bool(keepdim), reduce_all=all_), out)


def _var(x, axis, unbiased, keepdim, correction, api):
    """Variance as Paddle computes it on CPU: sum((x - mean)^2) / (n - correction)."""
    from .math import sum as _sum
    if not isinstance(x, TensorMethods):
        need_tensor(x, "mean")
    d = x.dtype
    if d is _dt.bool_:
        raise kernel_error("subtract", d, "int64, int16, float64, complex128, float32, complex64, int32, bfloat16")
    c = (1.0 if unbiased else 0.0) if unbiased is not None else float(correction)
    dims, all_ = reduce_dims(axis, x, "mean")
    u = apply(ReduceMean, x, dim=dims, keep_dim=True, reduce_all=all_)
    diff = x - u
    total = _sum(diff * diff, axis=dims or None, keepdim=keepdim, dtype=d)
    n = _count(x, {"dim": dims, "keep_dim": True, "reduce_all": all_})
    if isinstance(n, int):
        denom = n - c
        if denom <= 0 and not STATE.static:
            warnings.warn("Degrees of freedom is <= 0.", stacklevel=3)
        res = total / float(denom if denom > 0 else 0.0)
    else:  # static shapes left n unknown: count at run time
        n = apply(ReduceMax, n, dim=[], keep_dim=False, reduce_all=True)
        res = total / (n - c)
    return res if res.dtype is d else apply(Cast, res, in_dtype=res.dtype.proto, out_dtype=d.proto)


def var(x, axis=None, unbiased=None, keepdim=False, name=None, *, correction=1, out=None):
    """Variance over `axis` with `correction` degrees of freedom removed (unbiased=False means 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [1.0, 4.0, 5.0]])
            >>> paddle.var(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   2.66666675)
            >>> paddle.var(x, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 4.33333349])
    """
    return write_out(_var(x, axis, unbiased, keepdim, correction, "var"), out)


def std(x, axis=None, unbiased=True, keepdim=False, name=None):
    """Standard deviation over `axis` (unbiased by default); integer inputs give float32.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, 2.0, 3.0], [1.0, 4.0, 5.0]])
            >>> paddle.std(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   1.63299322)
            >>> paddle.std(x, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 2.08166599])
    """
    v = _var(x, axis, unbiased, keepdim, 1, "std")
    if not v.dtype.is_floating:
        v = apply(Cast, v, in_dtype=v.dtype.proto, out_dtype=_dt.float32.proto)
    return apply(Sqrt, v)


def median(x, axis=None, keepdim=False, mode="avg", name=None, *, out=None):
    """Median over `axis` (all elements when None). mode 'avg' averages the two middle values of
    an even count (float32 result unless x is float64); mode 'min' takes the lower one and, with an
    axis, also returns its index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12).reshape([3, 4])
            >>> paddle.median(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   5.50000000)
            >>> paddle.median(x, axis=1)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.50000000, 5.50000000, 9.50000000])
            >>> paddle.median(x, axis=0, mode='min')
            (Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [4, 5, 6, 7]), Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 1, 1, 1]))
    """
    if not isinstance(x, TensorMethods):
        raise TypeError("In median, the input x should be a Tensor.")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        raise ValueError("Axis list should not be empty.")
    nd = x.ndim
    if nd == 0:
        if axis not in (-1, 0, None):
            raise AssertionError("when input 0-D, axis can only be [-1, 0] or default None")
    elif axis is not None and (isinstance(axis, bool) or not isinstance(axis, (int, np.integer))
                               or not -nd <= axis < nd):
        raise ValueError("In median, axis should be none or an integer in range [-rank(x), rank(x)).")
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")
    d = x.dtype
    if d.is_complex or (d.is_integer and d not in (_dt.int32, _dt.int64)) or (d is _dt.bool_ and mode == "min"):
        raise kernel_error("median", d, "float64, float32, int32, int64, float16, bfloat16")
    if mode == "avg" and d is not _dt.float64:
        x = apply(Cast, x, in_dtype=d.proto, out_dtype=_dt.float32.proto)
    dims = [] if axis is None or nd == 0 else [int(axis) % nd]
    values, index = apply(Median, x, axis=dims, keepdim=bool(keepdim), mode=mode)
    if mode == "min" and axis is not None:
        if out is not None:
            write_out(values, out[0])
            write_out(index, out[1])
            return tuple(out)
        return values, index
    return write_out(values, out)


def _tol(v, arg, api):
    """rtol/atol as Paddle passes them to the op: a float formatted as a string."""
    if isinstance(v, TensorMethods):
        v = v.item()
    if isinstance(v, bool) or not isinstance(v, (int, float, np.number)):
        raise TypeError(f"The type of '{arg}' in {api} must be float, but received {type_name(v)}.")
    return str(float(v))


def _close_operands(x, y, api):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({x.dtype.name}) does not match the "
            f"type of data ({y.dtype.name}) currently contained in the container.")
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) != len(ys):
        raise RuntimeError("(PreconditionNotMet) Input(Input) and Input(Other) must have the same dimension size.")
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a != b and a != -1 and b != -1:
            raise RuntimeError(f"(PreconditionNotMet) The value at dim {i} of Input(Input) is not equal to the "
                               f"Input(Other): {a} != {b}.")


def allclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Whether all |x - y| <= atol + rtol * |y| (a 0-D bool Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([10000., 1e-07])
            >>> y = paddle.to_tensor([10000.1, 1e-08])
            >>> paddle.allclose(x, y, rtol=1e-05, atol=1e-08)
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   False)
            >>> paddle.allclose(x, y, rtol=1e-05, atol=1e-07)
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   True)
    """
    _close_operands(x, y, "allclose")
    return apply(AllClose, x, y, rtol=_tol(rtol, "rtol", "allclose"), atol=_tol(atol, "atol", "allclose"),
                 equal_nan=bool(equal_nan))


def isclose(x, y, rtol=1e-05, atol=1e-08, equal_nan=False, name=None):
    """Elementwise |x - y| <= atol + rtol * |y| (a bool Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([10000., 1e-07])
            >>> y = paddle.to_tensor([10000.1, 1e-08])
            >>> paddle.isclose(x, y, rtol=1e-05, atol=1e-08)
            Tensor(shape=[2], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False])
    """
    _close_operands(x, y, "isclose")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        raise kernel_error("isclose", x.dtype, "float64, complex128, float32, complex64")
    return apply(IsClose, x, y, rtol=_tol(rtol, "rtol", "isclose"), atol=_tol(atol, "atol", "isclose"),
                 equal_nan=bool(equal_nan))


def equal_all(x, y, name=None):
    """Whether x and y have the same shape and all elements equal (a 0-D bool Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> paddle.equal_all(x, paddle.to_tensor([1, 2, 3]))
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   True)
            >>> paddle.equal_all(x, paddle.to_tensor([1, 4, 3]))
            Tensor(shape=[], dtype=bool, place=Place(cpu), stop_gradient=True,
                   False)
    """
    need_tensor(x, "equal_all", "x", 0)
    need_tensor(y, "equal_all", "y", 1)
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({y.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    return apply(EqualAll, x, y)


__all__ = ["mean", "var", "std", "median", "allclose", "isclose", "equal_all"]
METHODS = {n: globals()[n] for n in __all__}
