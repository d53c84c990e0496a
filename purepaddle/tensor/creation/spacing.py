"""Evenly spaced values: arange, range, linspace, logspace (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, PlaceLike
    from purepaddle._core.tensor import Tensor

import numbers
import warnings

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant
from ..._core.methods import TensorMethods
from ...ops.creation.spacing import Linspace, Logspace, Range
from .._check import check_dtype_registered
from .._creation_args import convert_dtype, finish
from .conversion import _scalar_of
from .fill import _is_float, _number, _operand, cast


_RANGE_DTYPES = ("int32", "int64", "float32", "float64", "float16", "bfloat16")


def arange(start: float | Tensor = 0, end: float | Tensor | None = None, step: float | Tensor = 1,
           dtype: DTypeLike | None = None, *, out: Tensor | None = None, device: PlaceLike | None = None,
           requires_grad: bool = False, pin_memory: bool = False, name: str | None = None) -> Tensor:
    """Values in [start, end) spaced by step; int arguments give int64, float ones the default float.

    Args:
        start (float|Tensor, optional): The first value; when `end` is None it is the end and 0 is the start.
            Default: 0.
        end (float|Tensor|None, optional): The end of the range, not included. Default: None.
        step (float|Tensor, optional): The distance between two neighbouring values. Default: 1.
        dtype (DTypeLike|None, optional): The data type; None infers it: int64 for integer arguments, else the
            default float dtype. Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the 1-D tensor of values start, start+step, ... below end.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.arange(5)
            Tensor(shape=[5], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 1, 2, 3, 4])
            >>> paddle.arange(1, 2, 0.25)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 1.25000000, 1.50000000, 1.75000000])
    """
    if end is None:
        start, end = 0, start
    args = [_number(v, "paddle.arange", a) for v, a in ((start, "start"), (end, "end"), (step, "step"))]
    if dtype is None:
        d = _dt.default_float() if any(_is_float(v) for v in args) else _dt.int64
    else:
        d = check_dtype_registered(convert_dtype(dtype), _RANGE_DTYPES, "arange")
    if not isinstance(args[2], TensorMethods) and args[2] == 0:
        raise ValueError("(InvalidArgument) The step of range op should not be 0.")
    t = apply(Range, *[_operand(v, d) for v in args])
    return finish(t, out, device, requires_grad)


def _num_arg(num, api):
    if isinstance(num, TensorMethods):
        return cast(num.reshape([1]) if num.ndim != 1 else num, _dt.int32)
    if not isinstance(num, (numbers.Real, np.number)) or isinstance(num, bool):
        raise TypeError(f"The type of 'num' in {api} must be int or Tensor, but received {type(num).__name__}.")
    n = int(num)
    if n < 0:
        raise ValueError(f"(InvalidArgument) The num of {api} should be larger than or equal to 0, "
                         f"but received num is {n}")
    return constant(np.array([n], dtype=np.int32))


def _ends(start, stop, api):
    return [_operand(_number(v, api, a), _dt.float64 if not isinstance(v, TensorMethods) else v.dtype)
            for v, a in ((start, "start"), (stop, "stop"))]


def linspace(start: float | Tensor, stop: float | Tensor, num: int | Tensor, dtype: DTypeLike | None = None,
             name: str | None = None, *, out: Tensor | None = None, device: PlaceLike | None = None,
             requires_grad: bool = False) -> Tensor:
    """`num` evenly spaced values from start to stop, both included.

    Args:
        start (float|Tensor): The first value.
        stop (float|Tensor): The last value (included).
        num (int|Tensor): The number of values.
        dtype (DTypeLike|None, optional): The data type; None means the default float dtype. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.

    Returns:
        Tensor: `num` evenly spaced values from start to stop.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.linspace(0, 1, 5)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.25000000, 0.50000000, 0.75000000, 1.        ])
    """
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    check_dtype_registered(d, _RANGE_DTYPES, "linspace")
    t = apply(Linspace, *_ends(start, stop, "paddle.linspace"), _num_arg(num, "linspace op"), dtype=d.proto)
    return finish(t, out, device, requires_grad)


def logspace(start, stop, num, base=10.0, dtype=None, name=None):
    """`num` values base**e for e evenly spaced from start to stop.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.logspace(0, 2, 3)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.  , 10. , 100.])
    """
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    check_dtype_registered(d, _RANGE_DTYPES, "logspace")
    b = _operand(_number(base, "paddle.logspace", "base"),
                 _dt.float64 if not isinstance(base, TensorMethods) else base.dtype)
    return apply(Logspace, *_ends(start, stop, "paddle.logspace"), _num_arg(num, "logspace op"), b, dtype=d.proto)


def range(start=0, end=None, step=1, dtype=None, *, out=None, device=None, requires_grad=False,  # noqa: A001
          name=None):
    """Values start, start + step, ... up to end INCLUDED (deprecated in Paddle: use paddle.arange).

    The dtype defaults to the default float dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.range(3)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 1., 2., 3.])
    """
    warnings.warn("paddle.range is deprecated: its end is inclusive, unlike Python's range; use paddle.arange",
                  DeprecationWarning, stacklevel=2)
    if end is None:
        start, end = 0, start
    s, e, st = (_scalar_of(v, "paddle.range", a) for v, a in ((start, "start"), (end, "end"), (step, "step")))
    if st == 0:
        raise ValueError("(InvalidArgument) step must be nonzero.")
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    n = max(int(np.floor((e - s) / st + 1e-9)) + 1, 0)
    # an exclusive end half a step past the last value: arange gives exactly n values
    stop = s + n * st if d.is_integer else s + (n - 0.5) * st
    return arange(s, stop, st, dtype=d, out=out, device=device, requires_grad=requires_grad)


__all__ = ["arange", "linspace", "logspace", "range"]

METHODS = {}
