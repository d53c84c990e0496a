"""Mask- and index-driven selection: where, nonzero, argwhere, count_nonzero, masked_select, masked_fill,
index_sample (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

import numbers

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ...ops.creation.fill import Cast
from ...ops.manipulation.gathering import Gather
from ...ops.math.reduction import ReduceSum
from ...ops.search.select import IndexSample, MaskedFill, MaskedSelect, Where, WhereIndex
from .._check import check_broadcast, index_dtype, need_tensor, need_tensor_short_name, write_out_result
from ..logic import _reduce_dims
from .._operand import cast as cast_to, scalar_tensor
from .._signature import paddle_signature
from .sorting import _Var


def count_nonzero(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False,
                  name: str | None = None) -> Tensor:
    """Number of nonzero elements over `axis` (all axes when None); int64 result.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the number of non-zero elements over `axis` (int64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.count_nonzero(paddle.to_tensor([[0., 1.], [2., 3.]]), axis=1)
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2])
    """
    need_tensor(x, "count_nonzero", "x", 0)
    if axis is not None and not isinstance(axis, (int, np.integer, list, tuple, _Var)):
        raise TypeError(f"(InvalidType) count_nonzero(): argument (position 2) must be list, tuple, int, or Tensor, "
                        f"but got {type(axis).__name__}")
    dims, everything = _reduce_dims(x, axis, "count_nonzero")
    b = x if x.dtype is _dt.bool_ else apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=_dt.bool_.proto)
    i = apply(Cast, b, in_dtype=_dt.bool_.proto, out_dtype=_dt.int64.proto)
    return apply(ReduceSum, i, dim=dims, keep_dim=bool(keepdim), reduce_all=everything, out_dtype=-1)


def argwhere(input):
    """The coordinates of the nonzero elements of input, as an int64 [N, rank] tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.argwhere(paddle.to_tensor([[1.0, 0.0], [0.0, 2.0]]))
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 0],
                    [1, 1]])
    """
    from .select import nonzero
    return nonzero(input)


def index_sample(x, index):
    """out[i, j] = x[i, index[i, j]] for a 2-D x and a 2-D index with as many rows.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
            >>> paddle.index_sample(x, paddle.to_tensor([[2, 0], [1, 1]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 1.],
                    [5., 5.]])
    """
    need_tensor_short_name(x, "index_sample", "x", 0)
    need_tensor_short_name(index, "index_sample", "index", 1)
    index_dtype(index, "paddle.tensor.search.index_sample", "(InvalidArgument) Input(Index) holds the wrong type, "
                "it holds {dtype}, but desires to be int32 or int64")
    xs, ishape = list(x.shape), list(index.shape)
    if len(xs) != 2:
        raise ValueError(f"(InvalidArgument) Inputs(X) shape of IndexSample op should be 2-D, but got X's shape "
                         f"{xs}, please check X shape.")
    if len(ishape) != 2:
        raise ValueError(f"(InvalidArgument) Inputs(Index) shape of IndexSample op should be 2-D, but got Index's "
                         f"shape {ishape} , please check index shape.")
    if xs[0] != ishape[0] and xs[0] >= 0 and ishape[0] >= 0:
        raise ValueError(
            f"(InvalidArgument) Inputs(X)'s value of dimension 0 must same with Inputs(Index)'s value of dimension "
            f"0, but got {xs[0]} of Inputs(X), and got {ishape[0]} of Inputs(Index), please check Inputs shape.")
    return apply(IndexSample, x, index)


# -- masks and where ---------------------------------------------------------------------
def masked_select(x=None, mask=None, name=None, *, out=None, **kwargs):
    """The elements of `x` where the bool `mask` is True (x and mask broadcast), as a 1-D tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
            >>> paddle.masked_select(x, x > 2.5)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 4., 5., 6.])
    """
    if kwargs:
        x = kwargs.pop("input", x)
        if kwargs:
            raise TypeError(f"masked_select() got an unexpected keyword argument '{next(iter(kwargs))}'")
    need_tensor_short_name(x, "masked_select", "x", 0)
    need_tensor_short_name(mask, "masked_select", "mask", 1)
    if mask.dtype is not _dt.bool_:
        raise ValueError(f"(InvalidArgument) The data type of 'mask' in masked_select must be bool, but received "
                         f"{mask.dtype.name}.")
    return write_out_result(apply(MaskedSelect, x, mask), out)


def _fill_value(x, value, api):
    """masked_fill's value as a 0-D/1-element tensor of x's dtype."""
    if isinstance(value, TensorMethods):
        if len(value.shape) > 1 or (len(value.shape) == 1 and value.shape[0] not in (1, -1)):
            raise ValueError(f"(InvalidArgument) 'value' in {api} must be a scalar, a 0-D or a 1-element Tensor, "
                             f"but received a Tensor of shape {list(value.shape)}.")
        if value.dtype is not x.dtype:
            raise ValueError(f"(InvalidArgument) The data type of 'value' in {api} must be the same as x "
                             f"({x.dtype.name}), but received {value.dtype.name}.")
        return value
    if isinstance(value, (numbers.Number, np.generic)):
        v = value.item() if isinstance(value, np.generic) else value
        if not (x.dtype.is_floating or x.dtype.is_complex) and isinstance(v, float):
            v = int(v) if x.dtype is not _dt.bool_ else bool(v)
        return scalar_tensor(v, x.dtype)
    raise TypeError(f"The type of 'value' in {api} must be a number or a Tensor, but received {type(value).__name__}.")


def _fill_mask(mask, api):
    need_tensor_short_name(mask, api, "mask", 1)
    return mask if mask.dtype is _dt.bool_ else cast_to(mask, _dt.bool_)


def masked_fill(x, mask, value, name=None):
    """x with `value` (a scalar or 0-D/1-element Tensor) where the bool `mask` is True; mask broadcasts.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> paddle.masked_fill(x, paddle.to_tensor([True, False, True]), 2.0)
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 1., 2.],
                    [2., 1., 2.]])
    """
    need_tensor_short_name(x, "masked_fill", "x", 0)
    mask = _fill_mask(mask, "masked_fill")
    check_broadcast(x.shape, mask.shape)
    return apply(MaskedFill, x, mask, _fill_value(x, value, "masked_fill"))


def masked_fill_(x, mask, value, name=None):
    """In-place masked_fill: x itself takes `value` where `mask` is True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> _ = paddle.masked_fill_(x, paddle.to_tensor([False, True, False]), 5.0)
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 5., 0.])
    """
    need_tensor_short_name(x, "masked_fill_", "x", 0)
    mask = _fill_mask(mask, "masked_fill_")
    shape = check_broadcast(x.shape, mask.shape)
    if list(shape) != list(x.shape):
        raise ValueError(f"(InvalidArgument) The shape of mask {list(mask.shape)} must broadcast to the shape of x "
                         f"{list(x.shape)} in the inplace masked_fill_, but the result has shape {list(shape)}.")
    return apply_inplace(MaskedFill, x, mask, _fill_value(x, value, "masked_fill_"))


def _where_operand(v):
    if isinstance(v, TensorMethods):
        return v
    if isinstance(v, (numbers.Number, np.generic)):
        return scalar_tensor(v)
    raise TypeError(f"The type of 'x'/'y' in where must be a Tensor or a number, but received {type(v).__name__}.")


def where(condition, x=None, y=None, name=None, *, out=None, **kwargs):
    """Elementwise `x if condition else y`, broadcast (x, y may be scalars); where(condition) is nonzero(as_tuple=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.9, 0.1, 3.2, 1.2])
            >>> paddle.where(x > 1, x, paddle.zeros([4]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.        , 3.20000005, 1.20000005])
            >>> paddle.where(x > 1)
            (Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 3]),)
    """
    if kwargs:
        x = kwargs.pop("input", x)
        y = kwargs.pop("other", y)
        if kwargs:
            raise TypeError(f"where() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if x is None and y is None:
        return nonzero(condition, as_tuple=True, out=out)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    if not isinstance(condition, TensorMethods):
        raise TypeError(f"The type of 'condition' in where must be Tensor, but received {type(condition).__name__}.")
    x, y = _where_operand(x), _where_operand(y)
    if condition.dtype is not _dt.bool_:
        raise ValueError("The `condition` is expected to be a boolean Tensor, "
                         f"but got a Tensor with dtype {condition.dtype}")
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast_to(x, d), cast_to(y, d)
    check_broadcast(check_broadcast(x.shape, y.shape), condition.shape)
    return write_out_result(apply(Where, condition, x, y), out)


def where_(condition, x=None, y=None, name=None):
    """In-place where: x takes `x if condition else y` and is returned.

    As in Paddle, x is written only when it already has the broadcast shape of (condition, x, y); otherwise the
    result is a new tensor and x is unchanged. A y of a wider floating dtype widens x in place.

    Args:
        condition (Tensor): A bool tensor choosing x (True) or y (False), broadcast against x and y.
        x (Tensor): The tensor written in place; its values where condition is True are kept.
        y (Tensor): The values taken where condition is False.
        name (str, optional): Unused, kept for Paddle's signature. Default: None.

    Returns:
        Tensor: x, updated (or a new tensor when x must be broadcast).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.9, 0.1, 3.2, 1.2])
            >>> _ = paddle.where_(x > 1, x, paddle.zeros([4]))
            >>> x
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.        , 3.20000005, 1.20000005])
    """
    if x is None or y is None or np.isscalar(x) or np.isscalar(y):
        raise ValueError("either both or neither of x and y should be given")
    for v, arg in ((condition, "condition"), (x, "x"), (y, "y")):
        if not isinstance(v, TensorMethods):
            raise TypeError(f"The type of '{arg}' in where_ must be Tensor, but received {type(v).__name__}.")
    if condition.dtype is not _dt.bool_:
        raise ValueError("The `condition` is expected to be a boolean Tensor, "
                         f"but got a Tensor with dtype {condition.dtype}")
    shape = check_broadcast(check_broadcast(x.shape, y.shape), condition.shape)
    if list(x.shape) != list(shape):
        return where(condition, x, y)
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        y = cast_to(y, d)
        if x.dtype is not d:
            apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    return apply_inplace(Where, x, condition, y, target_slot=1)


def nonzero(x=None, as_tuple=False, *, out=None, **kwargs):
    """Coordinates of the nonzero elements: an int64 [N, rank] tensor, or one [N] tensor per dim (as_tuple).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 0.], [0., 3.]])
            >>> paddle.nonzero(x)
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 0],
                    [1, 1]])
            >>> paddle.nonzero(x, as_tuple=True)[1]
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 1])
    """
    if kwargs:
        x = kwargs.pop("input", x)
        if kwargs:
            raise TypeError(f"nonzero() got an unexpected keyword argument '{next(iter(kwargs))}'")
    need_tensor_short_name(x, "nonzero", "x", 0)
    nd = len(x.shape)
    if nd == 0:
        raise ValueError("(InvalidArgument) Input(Condition) should have number of dimension at least 1\n  [Hint: "
                         "Expected rank >= 1UL, but received rank:0 < 1UL:1.]")
    res = apply(WhereIndex, x)
    if not as_tuple:
        return write_out_result(res, out)
    return tuple(apply(Gather, res, scalar_tensor(i, _dt.int64), None, axis=1, overwrite=False) for i in range(nd))


for _f, _req in ((masked_select, ("x", "mask")), (where, ()), (nonzero, ("x",))):
    paddle_signature(_f, *_req)

__all__ = ["count_nonzero", "argwhere", "index_sample", "masked_select", "masked_fill", "masked_fill_", "where",
           "where_", "nonzero"]

METHODS = {"count_nonzero": count_nonzero, "argwhere": argwhere, "index_sample": index_sample,
           "masked_select": masked_select, "masked_fill": masked_fill, "masked_fill_": masked_fill_, "where": where,
           "where_": where_, "nonzero": nonzero}
