"""Sorting and order statistics: argmax, argmin, argsort, sort, msort, topk, kthvalue, mode (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import collections

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, known_value
from ..._core.methods import TensorMethods
from ...ops.search.sorting import ArgMax, ArgMin, ArgSort, KthValue, Mode, TopK
from .._check import check_sortable, need_tensor, store_out


_Var = TensorMethods
TopKRetType = collections.namedtuple("TopKRetType", ["values", "indices"])
TopKRetType.__doc__ = "The (values, indices) pair returned by paddle.topk."
_NUMERIC = "int32, int64, float64, float32"


def _bool_arg(v, api, pos):
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError(f"(InvalidType) {api}(): argument (position {pos}) must be bool, but got {type(v).__name__}")
    return bool(v)


def _int_arg(v, api, pos, kind="int", tensor_ok=True):
    """An int argument; a 1-element Tensor is read eagerly."""
    if isinstance(v, _Var) and tensor_ok:
        if known_value(v) is None:
            raise TypeError(f"(InvalidType) {api}(): argument (position {pos}) must be {kind}; a Variable is not "
                            "supported here in static mode")
        return int(v.item())
    if isinstance(v, (int, np.integer)) and not isinstance(v, bool):
        return int(v)
    raise TypeError(f"(InvalidType) {api}(): argument (position {pos}) must be {kind}, but got {type(v).__name__}")


def _check_axis(axis, ndim, msg):
    """Raise ValueError(msg(axis, n)) unless -n <= axis < n (n = max(ndim, 1))."""
    n = max(ndim, 1)
    if axis < -n or axis >= n:
        raise ValueError(msg(axis, n))
    return axis


# -- argmax / argmin -----------------------------------------------------------------------
def _arg_extreme(op_cls, api, x, axis, keepdim, dtype):
    need_tensor(x, api, "x", 0)
    if dtype is None:
        raise ValueError("(InvalidArgument) the value of 'dtype' in argmax and argmin could not be None, but "
                         "received None")
    d = _dt.convert_dtype(dtype)
    if d not in (_dt.int32, _dt.int64):
        raise ValueError(f"(InvalidArgument) The attribute of dtype in argmin/argmax must be [int32] or [int64], "
                         f"but received [{d.name}]")
    keepdim = _bool_arg(keepdim, api, 3)
    check_sortable(x, api, "int64, int16, float64, int32, uint8, float32, float16, bfloat16")
    if axis is None:
        return apply(op_cls, x, axis=0, keepdims=keepdim, flatten=True, dtype=d.proto)
    if isinstance(axis, _Var):
        axis = int(axis.item())
    elif isinstance(axis, (int, float, np.integer, np.floating)):
        axis = int(axis)
    else:
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be int, float, bool or Tensor, but got "
                        f"{type(axis).__name__}")
    n = max(x.ndim, 1)
    if axis >= n:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be less than Rank(X)({n}) of Input(X).")
    if axis < -n:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be greater than or equal to -Rank(X)({-n}).")
    return apply(op_cls, x, axis=axis, keepdims=keepdim, flatten=False, dtype=d.proto)


def argmax(x, axis=None, keepdim=False, dtype="int64", name=None):
    """Index of the largest element (flattened when axis is None); first index on ties, NaN ignored.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 3., 3.], [2., 2., 0.]])
            >>> paddle.argmax(x, axis=1)
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 0])
    """
    return _arg_extreme(ArgMax, "argmax", x, axis, keepdim, dtype)


def argmin(x, axis=None, keepdim=False, dtype="int64", name=None):
    """Index of the smallest element (flattened when axis is None); first index on ties, NaN ignored.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 3., 3.], [2., 2., 0.]])
            >>> paddle.argmin(x)
            Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
                   5)
    """
    return _arg_extreme(ArgMin, "argmin", x, axis, keepdim, dtype)


# -- sorting ---------------------------------------------------------------------------------
def _argsort(x, axis, descending, stable, api):
    need_tensor(x, api, "x", 0)
    axis = _int_arg(axis, api, 2, tensor_ok=False)
    descending = _bool_arg(descending, api, 3)
    stable = _bool_arg(stable, api, 4)
    n = max(x.ndim, 1)
    if axis >= n:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be less than num_dims({n}).")
    if axis < -n:
        raise ValueError(f"(InvalidArgument) 'axis'({axis}) must be greater than or equal to -num_dims({-n}).")
    check_sortable(x, api)
    return apply(ArgSort, x, axis=axis, descending=descending, stable=stable)


def argsort(x: Tensor, axis: int = -1, descending: bool = False, stable: bool = False,
            name: str | None = None) -> Tensor:
    """Indices that sort x along `axis` (Paddle's CPU order for ties unless stable=True).

    Args:
        x (Tensor): The input tensor.
        axis (int, optional): The axis to sort along. Default: -1.
        descending (bool, optional): Whether the largest value comes first. Default: False.
        stable (bool, optional): Whether equal values keep their order. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the int64 indices that sort `x` along `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.argsort(paddle.to_tensor([3., 1., 2., 1.]))
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 3, 2, 0])
    """
    return _argsort(x, axis, descending, stable, "argsort")[1]


def sort(x, axis=-1, descending=False, stable=False, name=None):
    """x sorted along `axis` (NaN last, or first when descending); differentiable.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sort(paddle.to_tensor([3., 1., 2.]), descending=True)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 2., 1.])
    """
    return _argsort(x, axis, descending, stable, "sort")[0]


def msort(input, *, out=None):
    """input sorted along its first axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.msort(paddle.to_tensor([[3., 1.], [1., 2.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1.],
                    [3., 2.]])
    """
    return store_out(sort(input, axis=0), out)


def topk(x, k, axis=None, largest=True, sorted=True, name=None, *, out=None):
    """The k largest (or smallest) elements along `axis` (default last) as TopKRetType(values, indices).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> values, indices = paddle.topk(paddle.to_tensor([1., 4., 5., 7.]), k=2)
            >>> values
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [7., 5.])
            >>> indices
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [3, 2])
    """
    api = "topk"
    need_tensor(x, api, "x", 0)
    largest = _bool_arg(largest, api, 4)
    sorted = _bool_arg(sorted, api, 5)
    axis = -1 if axis is None else _int_arg(axis, api, 3, tensor_ok=False)
    k_in = None
    if isinstance(k, _Var) and known_value(k) is None:
        k_in, k = k, -1
    else:
        if isinstance(k, _Var):
            k = int(k.item())
        elif isinstance(k, (int, float, np.integer, np.floating)) and not isinstance(k, bool):
            k = int(k)
        else:
            raise TypeError(f"(InvalidType) topk(): argument (position 2) must be int or Tensor, but got "
                            f"{type(k).__name__}")
        if k < 1:
            raise ValueError(f"(InvalidArgument) the attribute of k in the topk must >= 1 or be a Tensor, but "
                             f"received {k} .")
    check_sortable(x, api, "int32, int64, float64, float16, float32")
    nd = x.ndim
    if nd:
        _check_axis(axis, nd, lambda a, n: f"(InvalidArgument) the axis of topk must be [-{n}, {n}), but you set "
                                           f"axis is {a}")
        dim = x.shape[axis]
        if k_in is None and 0 <= dim < k:
            shape = list(x.shape)
            numel = int(np.prod(shape)) if -1 not in shape else -1
            if 0 <= numel < k:
                raise ValueError(f"(InvalidArgument) x has only {numel} element, can not find {k} top values.")
            raise ValueError(f"(InvalidArgument) The rank ({k}) of the input 'k' for topk op must be less than or "
                             f"equal to {dim}.")
    values, indices = apply(TopK, x, k_in, k=k, axis=axis, largest=largest, sorted=sorted)
    if out is not None:
        store_out(values, out[0])
        store_out(indices, out[1])
        return TopKRetType(out[0], out[1])
    return TopKRetType(values, indices)


def kthvalue(x, k, axis=None, keepdim=False, name=None):
    """The k-th smallest element along `axis` (default last) and its index, as a tuple.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> values, indices = paddle.kthvalue(paddle.to_tensor([[3., 1., 2.], [5., 6., 4.]]), k=2)
            >>> values
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 5.])
            >>> indices
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 0])
    """
    api = "kthvalue"
    need_tensor(x, api, "x", 0)
    k = _int_arg(k, api, 2, kind="long")
    axis = -1 if axis is None else _int_arg(axis, api, 3, tensor_ok=False)
    keepdim = _bool_arg(keepdim, api, 4)
    if k < 1:
        raise ValueError(f"(InvalidArgument) the k in the kthvalue must >= 1, but received {k} .")
    check_sortable(x, api, _NUMERIC)
    nd = x.ndim
    _check_axis(axis, nd, lambda a, n: f"(InvalidArgument) the axis must be [-{n}, {n}), but received {a} .")
    if nd == 0:
        if k != 1:
            raise ValueError("(InvalidArgument) the k in the kthvalue must less equal than the elements number of "
                             f"the input X, but received {k} .")
    else:
        dim = x.shape[axis]
        if 0 <= dim < k:
            raise ValueError(f"(InvalidArgument) input of kthvalue must have >= {k} columns in axis of {axis % nd}")
    return tuple(apply(KthValue, x, k=k, axis=axis, keepdim=keepdim))


def mode(x, axis=-1, keepdim=False, name=None):
    """The most frequent element along `axis` (the smallest on equal counts) and its index, as a tuple.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> values, indices = paddle.mode(paddle.to_tensor([[2., 2., 1.], [3., 1., 1.]]))
            >>> values
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 1.])
            >>> indices
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2])
    """
    api = "mode"
    need_tensor(x, api, "x", 0)
    axis = _int_arg(axis, api, 2, tensor_ok=False)
    keepdim = _bool_arg(keepdim, api, 3)
    check_sortable(x, api, _NUMERIC)
    _check_axis(axis, x.ndim, lambda a, n: f"(InvalidArgument) the axis must be [-{n}, {n}), but received {a} .")
    return tuple(apply(Mode, x, axis=axis, keepdim=keepdim))


__all__ = ["argmax", "argmin", "argsort", "sort", "msort", "topk", "kthvalue", "mode"]

METHODS = {"argmax": argmax, "argmin": argmin, "argsort": argsort, "sort": sort, "msort": msort, "topk": topk,
           "kthvalue": kthvalue, "mode": mode}
