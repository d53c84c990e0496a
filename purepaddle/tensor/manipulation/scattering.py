"""Writing by index: scatter, scatter_nd(_add), put_along_axis, index_add, index_fill, fill_diagonal_,
fill_diagonal_tensor, diagonal_scatter, select_scatter, slice_scatter, masked_scatter (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import Numeric

import numbers

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ..._core.tensor import Size, Tensor
from ...ops.creation.fill import Assign, FillConstant
from ...ops.manipulation import indexing as L, scattering as S
from ...ops.manipulation.gathering import IndexSelect
from ...ops.manipulation.shape import Reshape
from ...ops.math.unary import Scale
from ...ops.search import select as G
from ..search.select import where
from .._check import (axis_int, check_broadcast, check_same_dtype, check_x, index_dtype, need_tensor_short_name,
                      write_out_result)
from .._operand import broadcast_to, cast as cast_to, scalar_tensor
from .._signature import paddle_signature
from .gathering import _along_axis_common, _size


def _same_dtype(x, v, api, arg):
    if v.dtype is not x.dtype:
        raise ValueError(f"(InvalidArgument) The data type of '{arg}' in {api} must be the same as x "
                         f"({x.dtype.name}), but received {v.dtype.name}.")


# -- scatter -----------------------------------------------------------------------------
_SCATTER_FORMS = (" - (Tensor input, int dim, Tensor index, Tensor src, *, str reduce, Tensor out = None)",
                  " - (Tensor x, Tensor index, Tensor updates, bool overwrite, str name = None)")


def _scatter_args(x, index, updates, overwrite, api):
    need_tensor_short_name(x, api, "x", 0)
    need_tensor_short_name(index, api, "index", 1)
    need_tensor_short_name(updates, api, "updates", 2)
    if not isinstance(overwrite, bool):
        raise TypeError(f"(InvalidType) {api}(): argument (position 4) must be bool, but got "
                        f"{type(overwrite).__name__}")
    index_dtype(index, api, "(InvalidArgument) Index holds the wrong type, it holds [{dtype}],but desires to be "
                "[int32] or [int64].")
    _same_dtype(x, updates, api, "updates")
    ishape, xs, us = list(index.shape), list(x.shape), list(updates.shape)
    if len(ishape) == 2 and ishape[1] not in (1, -1):
        raise ValueError(
            "(InvalidArgument) The last dim of the index should be 1 when the index is a 2D tensor, but we get "
            f"{ishape[1]}.\n  [Hint: Expected index_dims[1] == 1, but received index_dims[1]:{ishape[1]} != 1:1.]")
    if len(ishape) > 2:
        raise ValueError("(InvalidArgument) The index should be a 0D or 1D tensor when the index is not a 2D tensor, "
                         f"but we get {len(ishape)}.")
    if not ishape:
        if us != xs[1:]:
            raise ValueError(f"(InvalidArgument) When the Input(Index) is a 0D tensor, the shape of Input(Updates) "
                             f"should be the shape of Input(X) without its first dim {xs[1:]}, but received {us}.")
        return
    if len(us) != len(xs):
        raise ValueError(
            "(InvalidArgument) When the Input(Index) is not a 0D tensor, the Input(X) and Input(Updates) should have "
            f"the same shape size, but received the size of Input(x)'s shape is {len(xs)}, the size of "
            f"Input(Updates)'s shape is {len(us)}.")
    if ishape[0] >= 0 and us[0] >= 0 and ishape[0] > us[0]:
        raise ValueError(
            "(InvalidArgument) The first dimension size of Input(Index) should be no greater than Input(Updates), "
            f"but received first dimension size of Input(Index) is {ishape[0]}, Input(Updates) is  {us[0]}.")
    for i in range(1, len(xs)):
        if us[i] != xs[i] and us[i] >= 0 and xs[i] >= 0:
            raise ValueError(
                "(InvalidArgument) The dimensions of the source tensor and target tensor should match, but received "
                f"source tensor's {i}-th dimension is {us[i]},target tensor's {i}-th dimension is {xs[i]}.")


def scatter(x=None, index=None, updates=None, overwrite=True, name=None, out=None, **kwargs):
    """x with the rows at `index` replaced by `updates` (overwrite) or zeroed and then summed into (overwrite=False).

    The torch order ``scatter(input, dim, index, src, reduce=None)`` (put_along_axis without broadcast) works too.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 1.], [2., 2.], [3., 3.]])
            >>> index = paddle.to_tensor([2, 1, 0, 1])
            >>> updates = paddle.to_tensor([[1., 1.], [2., 2.], [3., 3.], [4., 4.]])
            >>> paddle.scatter(x, index, updates, overwrite=False)
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 3.],
                    [6., 6.],
                    [1., 1.]])
            >>> paddle.scatter(x, index, updates)
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 3.],
                    [4., 4.],
                    [1., 1.]])
    """
    if "dim" in kwargs or (isinstance(index, (int, np.integer)) and not isinstance(index, bool)):
        return _scatter_torch(x, index, updates, overwrite, out, kwargs)
    if kwargs:
        raise TypeError(f"scatter() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if x is None or index is None or updates is None:
        raise TypeError("Too few arguments in the function call: scatter. Expect one of: \n"
                        + "\n".join(_SCATTER_FORMS))
    _scatter_args(x, index, updates, overwrite, "scatter")
    return write_out_result(apply(S.Scatter, x, index, updates, overwrite=overwrite), out)


def _scatter_torch(x, index, updates, overwrite, out, kwargs):
    """scatter(input, dim, index, src|value, *, reduce=None): put_along_axis without broadcasting."""
    x = kwargs.pop("input", x)
    if "dim" in kwargs:
        dim, idx = kwargs.pop("dim"), index
    else:  # positional (input, dim, index, src): the parameter names are shifted by one
        dim, idx = index, updates
        if isinstance(overwrite, TensorMethods):
            kwargs.setdefault("src", overwrite)
    src, value = kwargs.pop("src", None), kwargs.pop("value", None)
    reduce = kwargs.pop("reduce", None)
    if kwargs:
        raise TypeError(f"scatter() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if src is None:
        src = value
        if src is None:
            raise TypeError("'paddle.scatter' expect one of the following input pattern: \n" + "\n".join(_SCATTER_FORMS)
                            + "\nHowever, the input pattern does not match, please check.")
    elif value is not None:
        raise TypeError("`value` is useless when `src` is specified. Be careful for conflicting parameters.")
    res = put_along_axis(x, idx, src, dim, "assign" if reduce is None else reduce, broadcast=False)
    return write_out_result(res, out)


def scatter_(x, index, updates, overwrite=True, name=None):
    """In-place scatter: x itself is updated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3, 2])
            >>> _ = paddle.scatter_(x, paddle.to_tensor([1]), paddle.to_tensor([[5., 6.]]))
            >>> x
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 0.],
                    [5., 6.],
                    [0., 0.]])
    """
    _scatter_args(x, index, updates, overwrite, "scatter_")
    return apply_inplace(S.Scatter, x, index, updates, overwrite=overwrite)


# -- scatter_nd --------------------------------------------------------------------------
def scatter_nd_add(x, index, updates, name=None):
    """x with `updates` summed in at the (partial) coordinates held in the last dim of `index`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3, 2])
            >>> index = paddle.to_tensor([[1, 1], [0, 1], [1, 1]])
            >>> paddle.scatter_nd_add(x, index, paddle.to_tensor([1., 2., 3.]))
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 2.],
                    [0., 4.],
                    [0., 0.]])
    """
    need_tensor_short_name(x, "scatter_nd_add", "x", 0)
    need_tensor_short_name(index, "scatter_nd_add", "index", 1)
    need_tensor_short_name(updates, "scatter_nd_add", "updates", 2)
    if x.dtype is not updates.dtype:
        raise TypeError(f"x and updates must have same data type but x.dtype={x.dtype.name}, "
                        f"updates.dtype={updates.dtype.name}")
    index_dtype(index, "scatter_nd_add", "(InvalidArgument) Index holds the wrong type, it holds [{dtype}], but "
                "desires to be [int32] or [int64].")
    xs, ishape, us = list(x.shape), list(index.shape), list(updates.shape)
    k = ishape[-1] if ishape else 0
    if k > len(xs):
        raise ValueError(
            "(InvalidArgument) The last dimension of Input(Index)'s shape should be no greater than the rank of "
            f"Input(X), but received the last dimension of Input(Index)'s shape is {k}, the rank of Input(X) is "
            f"{len(xs)}.")
    expect = ishape[:-1] + xs[k:]
    if len(expect) != len(us):
        raise ValueError(
            "(InvalidArgument) Updates has wrong shape. The shape of Updates and Input(Updates) should be same, but "
            f"received the shape of Updates is {len(expect)}, the shape of Input(Updates) is {len(us)}.")
    for i, (e, u) in enumerate(zip(expect, us)):
        if e != u and e >= 0 and u >= 0:
            raise ValueError(
                "(InvalidArgument) Updates has wrong shape. The dimensions of Updates and Input(Updates) should "
                f"match, but received Updates's{i}-th dimension is {e}, Input(Updates)'s {i}-th dimension is {u}.")
    return apply(S.ScatterNdAdd, x, index, updates)


def scatter_nd(index, updates, shape, name=None):
    """A zero tensor of `shape` (updates' dtype) with `updates` summed in at `index` (see scatter_nd_add).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> index = paddle.to_tensor([[1], [1]])
            >>> paddle.scatter_nd(index, paddle.to_tensor([[1., 2.], [3., 4.]]), [3, 2])
            Tensor(shape=[3, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 0.],
                    [4., 6.],
                    [0., 0.]])
    """
    need_tensor_short_name(updates, "scatter_nd", "updates", 1)
    if isinstance(shape, TensorMethods):
        shape = shape.tolist()
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in scatter_nd must be list, tuple or Tensor, but received "
                        f"{type(shape).__name__}.")
    shape = [int(d.item()) if isinstance(d, Tensor) else int(d) for d in shape]
    zeros = apply(FillConstant, shape=shape, value=0, dtype=updates.dtype.proto)
    return scatter_nd_add(zeros, index, updates)


# -- put_along_axis ----------------------------------------------------------------------
def _put_args(arr, indices, values, axis, reduce, include_self, broadcast, api):
    axis = _along_axis_common(arr, indices, axis, api)
    if reduce not in S._REDUCES:
        raise ValueError(
            f"(InvalidArgument) can not support reduce: '{reduce}' for scatter kernel, only support reduce op: 'add', "
            "'assign', 'mul', 'mean', 'amin', 'amax' and 'multiply', the default reduce op is 'assign' ")
    if not isinstance(include_self, bool):
        raise TypeError(f"The type of 'include_self' in {api} must be bool, but received "
                        f"{type(include_self).__name__}.")
    if isinstance(values, TensorMethods):
        _same_dtype(arr, values, api, "values")
    elif isinstance(values, (numbers.Number, np.generic)):
        # Paddle turns a Python scalar into a tensor of to_tensor's dtype (a float: the default float dtype,
        # an int: int64), which the kernel then requires to match arr's dtype
        values = scalar_tensor(values.item() if isinstance(values, np.generic) else values)
        check_same_dtype(values, arr, api)
    else:
        raise TypeError(f"The type of 'values' in {api} must be a number or a Tensor, but received "
                        f"{type(values).__name__}.")
    ashape, ishape = list(arr.shape), list(indices.shape)
    if broadcast:
        if any(a < i for a, i in zip(ashape, ishape)):
            values = broadcast_to(values, ishape)
        else:
            shape = list(ashape)
            shape[axis] = ishape[axis]
            indices = broadcast_to(indices, shape)
            values = broadcast_to(values, shape)
    else:
        vshape = list(values.shape)
        if len(vshape) == 0:
            values = broadcast_to(values, ishape)
        elif len(vshape) != len(ishape):
            raise ValueError("`indices` and `values` must have the same number of dimensions!")
        vshape = list(values.shape)
        for i in range(len(ashape)):
            if (i != axis and ashape[i] < ishape[i]) or ishape[i] > vshape[i]:
                raise RuntimeError(
                    f"Size does not match at dimension {i} expected index {_size(ishape)} to be smaller than self "
                    f"{_size(ashape)} apart from dimension {axis} and to be smaller size than values {_size(vshape)}")
    d = indices.dtype
    if d is not _dt.int32 and d is not _dt.int64:
        if isinstance(indices, Tensor):
            raise TypeError(f"The data type of indices should be one of ['int32', 'int64'], but got {d.name}")
        raise TypeError(f"The data type of 'index' in {api} must be ['int32', 'int64'], but received {d.name}. ")
    ashape, ishape = list(arr.shape), list(indices.shape)
    for i in range(len(ashape)):
        if i != axis and 0 <= ashape[i] < ishape[i]:
            raise RuntimeError(f"Size does not match at dimension {i} expected index {_size(ishape)} to be smaller "
                               f"than self {_size(ashape)} apart from dimension {axis}")
    if not broadcast and isinstance(indices, Tensor) and indices._data.size and indices._data.max() >= ashape[axis]:
        raise RuntimeError(f"one of element of indices is out of bounds for dimension {axis} with size "
                           f"{ashape[axis]}")
    return indices, values, dict(Axis=axis, Reduce=reduce, Include_self=include_self)


def put_along_axis(arr: Tensor, indices: Tensor, values: Numeric | Tensor, axis: int, reduce: str = "assign",
                   include_self: bool = True, broadcast: bool = True) -> Tensor:
    """arr with `values` put at `indices` along `axis`, or reduced in: 'add', 'mul'/'multiply', 'mean', 'amin', 'amax'.

    Args:
        arr (Tensor): The tensor written into (a copy is returned).
        indices (Tensor): Where along `axis` to write.
        values (Numeric|Tensor): What to write, broadcast to the shape of `indices`.
        axis (int): The axis of the indices.
        reduce (str, optional): 'assign', 'add', 'mul', 'multiply', 'mean', 'amin' or 'amax': how a value
            combines with the one already there. Default: "assign".
        include_self (bool, optional): Whether the existing values take part in the reduction. Default: True.
        broadcast (bool, optional): Whether `indices` is broadcast against `arr` first. Default: True.

    Returns:
        Tensor: `arr` with the values put in.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[10, 30, 20], [60, 40, 50]])
            >>> paddle.put_along_axis(x, paddle.to_tensor([[0]]), 99, 0)
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[99, 99, 99],
                    [60, 40, 50]])
            >>> index = paddle.zeros((2, 2), dtype='int64')
            >>> value = paddle.to_tensor([[1, 2], [3, 4]])
            >>> paddle.put_along_axis(x, index, value, 0, "add", True, False)
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[14, 36, 20],
                    [60, 40, 50]])
    """
    indices, values, attrs = _put_args(arr, indices, values, axis, reduce, include_self, broadcast, "put_along_axis")
    return apply(S.PutAlongAxis, arr, indices, values, **attrs)


def put_along_axis_(arr, indices, values, axis, reduce="assign", include_self=True, broadcast=True):
    """In-place put_along_axis: arr itself is updated (a Tensor method only, as in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 3])
            >>> _ = x.put_along_axis_(paddle.to_tensor([[1, 0, 1]]), 7.0, 0)
            >>> x
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 7., 0.],
                    [7., 0., 7.]])
    """
    indices, values, attrs = _put_args(arr, indices, values, axis, reduce, include_self, broadcast,
                                       "put_along_axis_")
    return apply_inplace(S.PutAlongAxis, arr, indices, values, **attrs)


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    """put_along_axis(input, index, src, dim, reduce), no broadcasting; reduce: sum, prod, mean, amin or amax.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[10, 20, 30], [40, 50, 60]])
            >>> index = paddle.zeros((2, 3), dtype='int64')
            >>> src = paddle.to_tensor([[1, 2, 3], [4, 5, 6]])
            >>> paddle.scatter_reduce(x, 0, index, src, "sum")
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[15, 27, 39],
                    [40, 50, 60]])
    """
    reduce = {"sum": "add", "prod": "multiply"}.get(reduce, reduce)
    return put_along_axis(input, index, src, dim, reduce, include_self, broadcast=False)


def scatter_add(input, dim, index, src):
    """put_along_axis(input, index, src, dim, 'add') without broadcasting (torch.scatter_add).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 3])
            >>> paddle.scatter_add(x, 1, paddle.to_tensor([[0, 0], [2, 1]]), paddle.ones([2, 2]))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 0., 0.],
                    [0., 1., 1.]])
    """
    return put_along_axis(input, index, src, dim, "add", include_self=True, broadcast=False)


def scatter_add_(input, dim, index, src):
    """In-place scatter_add: input takes put_along_axis(input, index, src, dim, 'add') without broadcasting.

    Args:
        input (Tensor): The tensor updated in place.
        dim (int): The axis along which index points.
        index (Tensor): int32/int64 indices into input along dim, of src's shape.
        src (Tensor): The values added at the indexed places, of input's dtype.

    Returns:
        Tensor: input, updated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 3])
            >>> _ = paddle.scatter_add_(x, 1, paddle.to_tensor([[0, 0], [2, 1]]), paddle.ones([2, 2]))
            >>> x
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 0., 0.],
                    [0., 1., 1.]])
    """
    return put_along_axis_(input, index, src, dim, "add", include_self=True, broadcast=False)


# -- index_add / index_fill --------------------------------------------------------------
def _index_add_args(x, index, axis, value, alpha, api, kwargs):
    if kwargs:
        x = kwargs.pop("input", x)
        axis = kwargs.pop("dim", axis)
        value = kwargs.pop("source", value)
        if kwargs:
            raise TypeError(f"{api}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if isinstance(index, (int, np.integer)) and not isinstance(index, bool):  # torch order (input, dim, index, value)
        index, axis = axis, int(index)
    need_tensor_short_name(x, api, "x", 0)
    need_tensor_short_name(index, api, "index", 1)
    need_tensor_short_name(value, api, "value", 3)
    index_dtype(index, "paddle.tensor.manipulation.index_add", "(InvalidArgument) Input(Index) holds the wrong "
                "type, it holds {dtype}, but desires to be int32 or int64")
    _same_dtype(x, value, api, "value")
    xs, ishape, vs = list(x.shape), list(index.shape), list(value.shape)
    nd = len(xs)
    axis = axis_int(axis, api)
    if axis >= nd or axis < -nd:
        raise IndexError(
            f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [{-nd}, {nd - 1}]. But "
            f"received Attr(axis) = {axis}.")
    axis %= nd
    if len(ishape) != 1:
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(Index) must be 1-D tensor. But received: the 'shape' of "
            f"Input(Index) is {ishape}, the dimension of Input(Index) is [{len(ishape)}].")
    if len(vs) != nd:
        raise ValueError("(InvalidArgument) The add_value must be the same dimension as x.")
    for i in range(nd):
        if i != axis and xs[i] != vs[i] and xs[i] >= 0 and vs[i] >= 0:
            raise ValueError(
                f"(InvalidArgument) The add_value parameter does not supported broadcast, so input_dim[i]({xs[i]}) "
                f"must be equal to add_value_dim[i]({vs[i]}) when i({i}) != axis({axis}).")
    if vs[axis] != ishape[0] and vs[axis] >= 0 and ishape[0] >= 0:
        raise ValueError(f"(InvalidArgument) The size of add_value along axis {axis} ({vs[axis]}) must equal the "
                         f"length of index ({ishape[0]}).")
    if alpha != 1:
        value = apply(Scale, value, scale=float(alpha), bias=0.0, bias_after_scale=True)
    return x, index, axis, value


def index_add(x=None, index=None, axis=None, value=None, alpha=1, name=None, *, out=None, **kwargs):
    """x with `alpha * value` summed in at positions `index` along `axis` (duplicates accumulate).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([3, 3])
            >>> value = paddle.to_tensor([[1., 1., 1.], [1., 1., 1.]])
            >>> paddle.index_add(x, paddle.to_tensor([0, 2]), 0, value)
            Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 2., 2.],
                    [1., 1., 1.],
                    [2., 2., 2.]])
    """
    x, index, axis, value = _index_add_args(x, index, axis, value, alpha, "index_add", kwargs)
    return write_out_result(apply(S.IndexAdd, x, index, value, axis=axis), out)


def index_add_(x=None, index=None, axis=None, value=None, alpha=1, name=None, **kwargs):
    """In-place index_add: x itself is updated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> _ = paddle.index_add_(x, paddle.to_tensor([1, 1]), 0, paddle.to_tensor([2., 3.]))
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 5., 0.])
    """
    x, index, axis, value = _index_add_args(x, index, axis, value, alpha, "index_add_", kwargs)
    return apply_inplace(S.IndexAdd, x, index, value, axis=axis)


def _index_fill_args(x, index, axis, value, api):
    need_tensor_short_name(x, api, "x", 0)
    need_tensor_short_name(index, api, "index", 1)
    index_dtype(index, api, "(InvalidArgument) Input(Index) holds the wrong type, it holds {dtype}, but desires to "
                "be int32 or int64")
    if isinstance(value, TensorMethods):
        if len(value.shape) > 0:
            raise ValueError("value must be scalar or 0-D tensor")
        value = cast_to(value, x.dtype)
    else:
        value = scalar_tensor(value.item() if isinstance(value, np.generic) else value, x.dtype)
    nd = len(x.shape)
    if not isinstance(axis, int) or isinstance(axis, bool) or axis > nd - 1 or axis < -nd:
        raise ValueError("The axis should be int, and in range [-rank(x), rank(x))")
    axis %= nd
    n = x.shape[axis]
    flat = apply(Reshape, index, shape=[-1])
    base = apply(FillConstant, shape=[n], value=False, dtype=_dt.bool_.proto)
    hits = apply(FillConstant, shape=[flat.shape[0]], value=True, dtype=_dt.bool_.proto)
    mask = apply(S.Scatter, base, flat, hits, overwrite=True)
    mask = apply(Reshape, mask, shape=[n if i == axis else 1 for i in range(nd)])
    return mask, value


def index_fill(x, index, axis, value, name=None):
    """x with every slice at positions `index` along `axis` set to the scalar (or 0-D Tensor) `value`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
            >>> paddle.index_fill(x, paddle.to_tensor([0, 2]), 0, -1)
            Tensor(shape=[3, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[-1, -1, -1],
                    [ 4,  5,  6],
                    [-1, -1, -1]])
    """
    mask, value = _index_fill_args(x, index, axis, value, "index_fill")
    return apply(G.MaskedFill, x, mask, value)


def index_fill_(x, index, axis, value, name=None):
    """In-place index_fill: x itself is updated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 2])
            >>> _ = paddle.index_fill_(x, paddle.to_tensor([1]), 1, 3.0)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 3.],
                    [0., 3.]])
    """
    mask, value = _index_fill_args(x, index, axis, value, "index_fill_")
    return apply_inplace(G.MaskedFill, x, mask, value)


for _f, _req in ((scatter, ("x", "index", "updates")), (index_add, ("x", "index", "axis", "value")),
                 (index_add_, ("x", "index", "axis", "value"))):
    paddle_signature(_f, *_req)


def fill_diagonal_(x, value, offset=0, wrap=False, name=None):
    """Write value onto the main (or offset) diagonal of x in place; a tall 2-D x may wrap every
    ncols+1 rows; an N-D x takes the positions (i, i, ..., i).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3, 3])
            >>> _ = x.fill_diagonal_(1.0)
            >>> x.tolist()
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    """
    check_x(x, "fill_diagonal_")
    if len(x.shape) < 2:
        raise ValueError(f"(InvalidArgument) fill_diagonal_: the input must have at least 2 dims, but got shape "
                         f"{list(x.shape)}.")
    wrap = bool(wrap) if len(x.shape) == 2 else True
    return apply_inplace(S.FillDiagonal, x, value=float(value), offset=int(offset), wrap=wrap)


def _diag_tensor_args(x, y, offset, dim1, dim2):
    check_x(x, "fill_diagonal_tensor")
    check_x(y, "fill_diagonal_tensor", "y", 1)
    shape = list(x.shape)
    n = len(shape)
    if not -n <= dim1 < n:
        raise AssertionError("dim1 should between [-rank,rank) in fill_diagonal_tensor_")
    if not -n <= dim2 < n:
        raise AssertionError("dim2 should between [-rank,rank) in fill_diagonal_tensor_")
    if n < 2:
        raise AssertionError("Tensor dims should >= 2 in fill_diagonal_tensor_")
    dim1, dim2 = dim1 % n, dim2 % n
    want = [d for i, d in enumerate(shape) if i not in (dim1, dim2)]
    want.append(min(shape[dim1], shape[dim1] + offset, shape[dim2], shape[dim2] - offset))
    if want != list(y.shape):
        raise AssertionError(f"the y shape should be {want}")
    if dim1 == dim2:
        raise ValueError(f"(InvalidArgument) fill_diagonal_tensor: dim1 and dim2 must differ, but both are {dim1}.")
    return cast_to(y, x.dtype), dict(offset=int(offset), dim1=dim1, dim2=dim2)


def fill_diagonal_tensor(x, y, offset=0, dim1=0, dim2=1, name=None):
    """A copy of x with its offset diagonal over (dim1, dim2) replaced by y (y has paddle.diagonal's shape).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 3])
            >>> x.fill_diagonal_tensor(paddle.to_tensor([1.0, 2.0])).tolist()
            [[1.0, 0.0, 0.0], [0.0, 2.0, 0.0]]
    """
    y, attrs = _diag_tensor_args(x, y, offset, dim1, dim2)
    return apply(S.FillDiagonalTensor, x, y, **attrs)


def fill_diagonal_tensor_(x, y, offset=0, dim1=0, dim2=1, name=None):
    """In-place fill_diagonal_tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 2])
            >>> _ = x.fill_diagonal_tensor_(paddle.to_tensor([1.0, 2.0]))
            >>> x.tolist()
            [[1.0, 0.0], [0.0, 2.0]]
    """
    y, attrs = _diag_tensor_args(x, y, offset, dim1, dim2)
    return apply_inplace(S.FillDiagonalTensor, x, y, **attrs)


def diagonal_scatter(x, y, offset=0, axis1=0, axis2=1, name=None):
    """A copy of x with its offset diagonal over (axis1, axis2) replaced by y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6.0).reshape((2, 3))
            >>> x.diagonal_scatter(paddle.ones((2,)))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1., 2.],
                    [3., 1., 5.]])
    """
    return fill_diagonal_tensor(x, y, offset, axis1, axis2)


def _set_value(x, value, axes, starts, ends, steps, decrease):
    return apply(L.SetValue, x, cast_to(value, x.dtype), dtype=x.dtype.proto, axes=axes, starts=starts, ends=ends,
                 steps=steps, decrease_axes=decrease, none_axes=[], values=[], shape=[])


def select_scatter(x, values, axis, index, name=None):
    """A copy of x with the slice at `index` of `axis` replaced by values (the slice's shape).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros((2, 3))
            >>> paddle.select_scatter(x, paddle.ones((2,)), 1, 1).tolist()
            [[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
    """
    check_x(x, "select_scatter")
    check_x(values, "select_scatter", "values", 1)
    shape = list(x.shape)
    n = len(shape)
    if not -n <= axis < n:
        raise ValueError(f"(InvalidArgument) The axis of select_scatter should be in range [{-n}, {n}), but got "
                         f"{axis}.")
    axis = int(axis) % n
    if index < 0:
        index += shape[axis]
    if not 0 <= index < shape[axis]:
        raise IndexError(f"(OutOfRange) select_scatter: index {index} is out of range for axis {axis} of size "
                         f"{shape[axis]}.")
    del shape[axis]
    if shape != list(values.shape):
        raise RuntimeError(f"expected values to have a size equal to the slice of x. value size = "
                           f"{Size(values.shape)} slice size = {Size(shape)}")
    return _set_value(x, values, [axis], [int(index)], [int(index) + 1], [1], [axis])


def slice_scatter(x, value, axes, starts, ends, strides, name=None):
    """A copy of x with x[starts:ends:strides] along axes replaced by value (broadcast to the slice).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros((2, 6))
            >>> paddle.slice_scatter(x, paddle.ones((2, 2)), axes=[1], starts=[1], ends=[5], strides=[2]).tolist()
            [[0.0, 1.0, 0.0, 1.0, 0.0, 0.0], [0.0, 1.0, 0.0, 1.0, 0.0, 0.0]]
    """
    check_x(x, "slice_scatter")
    check_x(value, "slice_scatter", "value", 1)
    axes, starts, ends, strides = ([int(v) for v in seq] for seq in (axes, starts, ends, strides))
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError(f"(InvalidArgument) The size of axes ({len(axes)}), starts ({len(starts)}), ends "
                         f"({len(ends)}) and strides ({len(strides)}) of slice_scatter must be equal.")
    n = len(x.shape)
    for a in axes:
        if not -n <= a < n:
            raise ValueError(f"(InvalidArgument) The axis {a} of slice_scatter should be in range [{-n}, {n}).")
    if 0 in strides:
        raise ValueError("(InvalidArgument) Step should not be 0, but received step = 0.")
    return _set_value(x, value, [a % n for a in axes], starts, ends, strides, [])


def _masked_scatter(x, mask, value, api):
    check_x(x, api)
    check_x(mask, api, "mask", 1)
    check_x(value, api, "value", 2)
    if x.dtype is not value.dtype:
        raise AssertionError(f"x and value must have the same dtype, but got x dtype is {x.dtype}, value dtype "
                             f"is {value.dtype}")
    if mask.dtype is not _dt.bool_:
        raise AssertionError(f"mask must be a bool Tensor, but got {mask.dtype}")
    shape = check_broadcast(list(x.shape), list(mask.shape))
    xb, mb = broadcast_to(x, shape), broadcast_to(mask, shape)
    flat = apply(Reshape, mb, shape=[-1])
    if isinstance(flat, Tensor):
        count, size = int(flat._data.sum()), int(np.prod(value.shape))
        if count > size:
            raise AssertionError(f"mask true nums must be <= value size, but got mask true nums is {count}, value "
                                 f"size is {size}")
        if count == 0:
            return apply(Assign, xb)
    from ..math.cumulative import cumsum
    from ..math.unary import clip
    pos = clip(cumsum(cast_to(flat, _dt.int64)) - 1, min=0)
    picked = apply(IndexSelect, apply(Reshape, value, shape=[-1]), pos, dim=0)
    return where(mb, apply(Reshape, picked, shape=shape), xb)


def masked_scatter(x, mask, value, name=None):
    """A copy of x with the positions where mask (broadcast) is True filled by value's elements in order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([2, 2])
            >>> mask = paddle.to_tensor([[True, False], [False, True]])
            >>> paddle.masked_scatter(x, mask, paddle.to_tensor([5.0, 6.0, 7.0])).tolist()
            [[5.0, 0.0], [0.0, 6.0]]
    """
    return _masked_scatter(x, mask, value, "masked_scatter")


def masked_scatter_(x, mask, value, name=None):
    """In-place masked_scatter (mask must broadcast to x's shape).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> _ = x.masked_scatter_(paddle.to_tensor([False, True, True]), paddle.to_tensor([1.0, 2.0]))
            >>> x.tolist()
            [0.0, 1.0, 2.0]
    """
    res = _masked_scatter(x, mask, value, "masked_scatter_")
    if list(res.shape) != list(x.shape):
        raise ValueError(f"(InvalidArgument) masked_scatter_: mask of shape {list(mask.shape)} must broadcast to "
                         f"the shape of x {list(x.shape)}.")
    return apply_inplace(L.SetValue, x, res, dtype=x.dtype.proto, axes=[], starts=[], ends=[], steps=[],
                         decrease_axes=[], none_axes=[], values=[], shape=[])


__all__ = ["scatter", "scatter_", "scatter_nd", "scatter_nd_add", "put_along_axis", "scatter_reduce", "scatter_add",
           "scatter_add_",
           "index_add", "index_add_", "index_fill", "index_fill_", "diagonal_scatter", "select_scatter",
           "slice_scatter", "masked_scatter", "masked_scatter_"]

METHODS = {"scatter": scatter, "scatter_": scatter_, "scatter_nd": scatter_nd, "scatter_nd_add": scatter_nd_add,
           "put_along_axis": put_along_axis, "put_along_axis_": put_along_axis_, "scatter_reduce": scatter_reduce,
           "scatter_add": scatter_add, "scatter_add_": scatter_add_, "index_add": index_add, "index_add_": index_add_, "index_fill": index_fill,
           "index_fill_": index_fill_, "diagonal_scatter": diagonal_scatter, "select_scatter": select_scatter,
           "slice_scatter": slice_scatter, "masked_scatter": masked_scatter, "masked_scatter_": masked_scatter_,
           "fill_diagonal_": fill_diagonal_, "fill_diagonal_tensor": fill_diagonal_tensor,
           "fill_diagonal_tensor_": fill_diagonal_tensor_}
