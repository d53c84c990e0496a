"""Scans along an axis, differences and trapezoid integration: cumsum, cumprod, cummax, cummin,
logcumsumexp, diff, trapezoid, cumulative_trapezoid (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike
    from purepaddle._core.tensor import Tensor

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ...ops.creation.fill import Cast
from ...ops.math.cumulative import Cummax, Cummin, Cumprod, Cumsum, LogCumSumExp
from .._check import check_var, kernel_error, type_name, write_out
from .._operand import cast


_I32_64 = (_dt.int32, _dt.int64)
_F32_64 = (_dt.float32, _dt.float64)


def _axis_arg(axis, x, api):
    """An int axis checked against x (0-D tensors take -1 and 0), returned non-negative."""
    if isinstance(axis, TensorMethods):
        axis = int(axis.item())
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be int, but got {type_name(axis)}")
    n = max(x.ndim, 1)
    if axis >= n or axis < -n:
        raise IndexError(f"(OutOfRange) axis is out of range (expected to be in range of [{-n}, {n}), but got "
                         f"{axis}).")
    return int(axis) % n


# -- running extremes and log-sum-exp ------------------------------------------------------
def _cum_extreme(op_cls, x, axis, dtype, api):
    check_var(x, api)
    d = _dt.convert_dtype(dtype)
    if d not in _I32_64:
        raise ValueError("(InvalidArgument) dtype of indices must be DataType::INT32 or DataType::INT64")
    if not (x.dtype in _F32_64 or x.dtype in _I32_64):
        raise kernel_error(api, x.dtype, "int32, int64, float64, float32")
    if axis is None:
        x, axis = x.reshape([-1]), 0
    else:
        axis = _axis_arg(axis, x, api)
    return apply(op_cls, x, axis=axis, dtype=d.proto)


def cummax(x, axis=None, dtype="int64", name=None):
    """Running maximum along axis (of the flattened tensor when None) and the index where each was attained.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> data = paddle.to_tensor([[-1, 5, 0], [-2, -3, 2]])
            >>> value, indices = paddle.cummax(data, axis=-1)
            >>> value
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[-1,  5,  5],
                    [-2, -2,  2]])
            >>> indices
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 1, 1],
                    [0, 0, 2]])
    """
    return _cum_extreme(Cummax, x, axis, dtype, "cummax")


def cummin(x, axis=None, dtype="int64", name=None):
    """Running minimum along axis (of the flattened tensor when None) and the index where each was attained.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> value, indices = paddle.cummin(paddle.to_tensor([-1, 5, 0, -2, -3, 2]))
            >>> value
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1, -1, -1, -2, -3, -3])
            >>> indices
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 0, 0, 3, 4, 4])
    """
    return _cum_extreme(Cummin, x, axis, dtype, "cummin")


def logcumsumexp(x, axis=None, dtype=None, name=None):
    """Running log(sum(exp(x))) along axis (of the flattened tensor when None), computed stably.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logcumsumexp(paddle.to_tensor([0., 1., 2., 3.], dtype='float64'))
            Tensor(shape=[4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [0.        , 1.31326169, 2.40760596, 3.44018970])
    """
    check_var(x, "logcumsumexp")
    if dtype is not None:
        x = cast(x, _dt.convert_dtype(dtype))
    d = x.dtype
    if not d.is_floating:
        if not d.is_integer:
            raise kernel_error("logcumsumexp", d, "float64, float32")
        x = cast(x, _dt.float32)
    if axis is None:
        return apply(LogCumSumExp, x, axis=-1, flatten=True, exclusive=False, reverse=False)
    return apply(LogCumSumExp, x, axis=_axis_arg(axis, x, "logcumsumexp"), flatten=False, exclusive=False,
                 reverse=False)


# -- differences and integration -----------------------------------------------------------
def _along(t, axis, start, stop):
    idx = [slice(None)] * t.ndim
    idx[axis] = slice(start, stop)
    return t[tuple(idx)]


def diff(x: Tensor, n: int = 1, axis: int = -1, prepend: Tensor | None = None, append: Tensor | None = None,
         name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """n-th forward difference along axis, after joining prepend / append (bool tensors use xor).

    Args:
        x (Tensor): The input tensor.
        n (int, optional): How many times the difference is taken. Default: 1.
        axis (int, optional): The axis to work along. Default: -1.
        prepend (Tensor|None, optional): Values put before `x` along `axis` first. Default: None.
        append (Tensor|None, optional): Values put after `x` along `axis` first. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the n-th forward difference along `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 4, 5, 2])
            >>> paddle.diff(x)
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [ 3,  1, -3])
            >>> paddle.diff(x, n=2, append=paddle.to_tensor([7, 9]))
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-2, -4,  8, -3])
    """
    from ..manipulation.join import concat
    check_var(x, "diff")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError(f"diff expects n to be a positive integer, but got n={n}")
    if x.ndim == 0:
        raise IndexError("diff expects the input to be at least one-dimensional, but got a 0-D tensor")
    nd = x.ndim
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis of diff is out of range (expected to be in range of [{-nd}, {nd}), "
                         f"but got {axis}).")
    axis = int(axis) % nd
    parts = [t for t in (prepend, x, append) if t is not None]
    if len(parts) > 1:
        x = concat(parts, axis=axis)
    for _ in range(int(n)):
        hi, lo = _along(x, axis, 1, None), _along(x, axis, None, -1)
        x = hi ^ lo if x.dtype is _dt.bool_ else hi - lo
    return write_out(x, out)


def _trapezoid_parts(y, x, dx, axis, api):
    """(y[1:] + y[:-1]) / 2 and the spacing (a number or a Tensor broadcasting against it)."""
    check_var(y, api, "y")
    if x is not None and dx is not None:
        raise ValueError("Not permitted to specify both x and dx input args.")
    for t in (y, x):
        if t is not None and (not isinstance(t, TensorMethods) or t.dtype not in _F32_64 + (_dt.float16,)):
            got = f"paddle.{t.dtype.name}" if isinstance(t, TensorMethods) else type_name(t)
            raise TypeError("The data type of input must be Tensor, and dtype should be one of ['paddle.float16', "
                            f"'paddle.float32', 'paddle.float64'], but got {got}")
    nd = y.ndim
    if not -nd <= axis < nd:
        raise IndexError(f"(OutOfRange) axis of {api} is out of range (expected to be in range of [{-nd}, {nd}), "
                         f"but got {axis}).")
    axis = int(axis) % nd
    mid = (_along(y, axis, 1, None) + _along(y, axis, None, -1)) * 0.5
    if x is None:
        step = 1.0 if dx is None else dx
    elif x.ndim == 1:
        step = _along(x, 0, 1, None) - _along(x, 0, None, -1)
        step = step.reshape([-1] + [1] * (nd - 1 - axis))
    else:
        step = _along(x, axis, 1, None) - _along(x, axis, None, -1)
    return mid, step, axis


def trapezoid(y: Tensor, x: Tensor | None = None, dx: float | None = None, axis: int = -1,
              name: str | None = None) -> Tensor:
    """Integral of y along axis by the trapezoidal rule, with sample points x or a uniform spacing dx (1.0).

    Args:
        y (Tensor): The values of the function.
        x (Tensor|None, optional): The sample points; None means equal spacing dx. Default: None.
        dx (float|None, optional): The spacing when x is None (default 1). Default: None.
        axis (int, optional): The axis to integrate along. Default: -1.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the trapezoid-rule integral along `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> y = paddle.to_tensor([4, 5, 6], dtype='float32')
            >>> paddle.trapezoid(y, dx=2.)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   20.)
            >>> paddle.trapezoid(y, paddle.to_tensor([1, 2, 3], dtype='float32'))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   10.)
    """
    mid, step, axis = _trapezoid_parts(y, x, dx, axis, "trapezoid")
    return (mid * step).sum(axis=axis)


def cumulative_trapezoid(y: Tensor, x: Tensor | None = None, dx: float | None = None, axis: int = -1,
                         name: str | None = None) -> Tensor:
    """Running trapezoidal integral of y along axis (one element shorter than y there).

    Args:
        y (Tensor): The values of the function.
        x (Tensor|None, optional): The sample points; None means equal spacing dx. Default: None.
        dx (float|None, optional): The spacing when x is None (default 1). Default: None.
        axis (int, optional): The axis to integrate along. Default: -1.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the running trapezoid-rule integral along `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.cumulative_trapezoid(paddle.to_tensor([4, 5, 6], dtype='float32'))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4.50000000, 10.       ])
    """
    mid, step, axis = _trapezoid_parts(y, x, dx, axis, "cumulative_trapezoid")
    return (mid * step).cumsum(axis=axis)


def _scan_axis(axis, x, api, arg):
    if isinstance(axis, TensorMethods):
        axis = int(axis.item())
    if isinstance(axis, float) and axis == int(axis):
        axis = int(axis)
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be int, float, bool or Tensor, "
                        f"but got {type_name(axis)}")
    nd = max_rank = x.ndim
    if nd == 0:
        max_rank = 1
    if axis >= max_rank or axis < -max_rank:
        raise IndexError(f"(OutOfRange) axis is out of range (expected to be in range of [{-max_rank}, {max_rank}), "
                         f"but got {axis}).")
    return int(axis) % max_rank if nd else 0


def _cumsum_args(x, axis, dtype, api):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    if dtype is not None:
        d = _dt.convert_dtype(dtype)
    elif x.dtype.is_integer:
        d = _dt.int64  # Paddle sums integers in int64
    else:
        d = x.dtype
    if x.dtype is _dt.bool_ or d is _dt.bool_ or d is _dt.float16:
        bad = x.dtype if x.dtype is _dt.bool_ else d
        raise kernel_error("cumsum", bad, "int16, float64, complex128, int32, uint8, float32, complex64, int64, int8")
    flatten = axis is None
    attrs = {"axis": -1 if flatten else _scan_axis(axis, x, api, "axis"), "flatten": flatten,
             "exclusive": False, "reverse": False}
    return d, attrs


def cumsum(x: Tensor, axis: int | None = None, dtype: DTypeLike | None = None, name: str | None = None, *,
           out: Tensor | None = None) -> Tensor:
    """Running sum along `axis` (over the flattened tensor when None); integers sum in int64.

    Args:
        x (Tensor): The input tensor.
        axis (int|None, optional): The axis to accumulate along; None flattens the input first. Default: None.
        dtype (DTypeLike|None, optional): The data type the input is cast to first; None keeps it. Default:
            None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the running sums along `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> data = paddle.arange(12).reshape([3, 4])
            >>> paddle.cumsum(data, axis=0)
            Tensor(shape=[3, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0 , 1 , 2 , 3 ],
                    [4 , 6 , 8 , 10],
                    [12, 15, 18, 21]])
    """
    d, attrs = _cumsum_args(x, axis, dtype, "cumsum")
    if d is not x.dtype:
        x = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    return write_out(apply(Cumsum, x, **attrs), out)


def cumsum_(x, axis=None, dtype=None, name=None):
    """In-place cumsum (with axis None the tensor becomes 1-D).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
            >>> _ = paddle.cumsum_(x, axis=1)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 3.],
                    [3., 7.]])
    """
    # in place, integers keep their dtype (and wrap) unless dtype is given; cumsum sums them in int64
    d, attrs = _cumsum_args(x, axis, dtype if dtype is not None or not x.dtype.is_integer else x.dtype, "cumsum_")
    if d is not x.dtype:
        apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    return apply_inplace(Cumsum, x, **attrs)


def _cumprod_args(x, dim, dtype, api):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    d = x.dtype if dtype is None else _dt.convert_dtype(dtype)
    for t in (x.dtype, d):
        if not (t.is_floating or t.is_complex or t in _I32_64) or t is _dt.float16:
            raise kernel_error("cumprod", t, "int32, int64, float64, complex128, float32, complex64")
    if dim is not None:
        if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
            raise TypeError(f"The type of 'dim' in {api} must be int, but received {type_name(dim)}.")
        nd = x.ndim if x.ndim else 1
        if dim >= nd or dim < -nd:
            raise ValueError("(InvalidArgument) Attr(axis) value should be in range [-R, R-1], R is the rank of "
                             "Input(X).")
        dim = int(dim) % nd
    return d, dim


def cumprod(x, dim=None, *, dtype=None, out=None, name=None):
    """Running product along `dim` (over the flattened tensor when None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> data = paddle.arange(12).reshape([3, 4])
            >>> paddle.cumprod(data, dim=0)
            Tensor(shape=[3, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0  , 1  , 2  , 3  ],
                    [0  , 5  , 12 , 21 ],
                    [0  , 45 , 120, 231]])
    """
    d, dim = _cumprod_args(x, dim, dtype, "cumprod")
    if d is not x.dtype:
        x = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    if dim is None:
        x = x.reshape([-1])
        dim = 0
    return write_out(apply(Cumprod, x, dim=dim, exclusive=False, reverse=False), out)


def cumprod_(x, dim=None, dtype=None, name=None):
    """In-place cumprod (with dim None the tensor becomes 1-D).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
            >>> _ = paddle.cumprod_(x, dim=1)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1. , 2. ],
                    [3. , 12.]])
    """
    d, dim = _cumprod_args(x, dim, dtype, "cumprod_")
    if d is not x.dtype:
        apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    if dim is None:
        from ...ops.manipulation.shape import Reshape
        apply_inplace(Reshape, x, shape=[-1])
        dim = 0
    return apply_inplace(Cumprod, x, dim=dim, exclusive=False, reverse=False)


__all__ = ["cumsum", "cumprod", "cumsum_", "cumprod_", "cummax", "cummin", "logcumsumexp", "diff", "trapezoid",
           "cumulative_trapezoid"]

METHODS = {"cumsum": cumsum, "cumprod": cumprod, "cumsum_": cumsum_, "cumprod_": cumprod_, "cummax": cummax,
           "cummin": cummin, "logcumsumexp": logcumsumexp, "diff": diff, "trapezoid": trapezoid,
           "cumulative_trapezoid": cumulative_trapezoid}
