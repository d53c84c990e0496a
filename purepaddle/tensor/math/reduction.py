"""Reductions of paddle.tensor.math: sum, max, min, amax, amin, prod, logsumexp, nansum, nanmean, renorm."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike
    from purepaddle._core.tensor import Tensor

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, known_value
from ..._core.methods import TensorMethods
from ...ops.creation.fill import Cast, FillAnyLike
from ...ops.math.reduction import Logsumexp, ReduceAMax, ReduceAMin, ReduceMax, ReduceMin, ReduceProd, ReduceSum, Renorm
from ...ops.math.unary import IsNan, NanToNum
from ...ops.search.select import Where
from .cumulative import _F32_64
from .._check import kernel_error, need_tensor, type_name, write_out


_I32_64 = (_dt.int32, _dt.int64)
_FLOAT_INT = "int32, int64, float64, float32"


def reduce_dims(axis, x, api, pos=2):
    """Paddle's reduce axis argument -> (dims as non-negative ints, reduce_all), with Paddle's errors."""
    if axis is None:
        return [], True
    if isinstance(axis, TensorMethods):
        if known_value(axis) is None:
            raise TypeError(f"{api}: a Tensor axis is only supported in dynamic mode")
        axis = axis.tolist()
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        axis = [axis]
    elif isinstance(axis, (list, tuple)):
        axis = [int(a.item()) if isinstance(a, TensorMethods) else a for a in axis]
    else:
        raise TypeError(f"(InvalidType) {api}(): argument (position {pos}) must be list, tuple, int, or Tensor, "
                        f"but got {type_name(axis)}")
    if not axis:
        return [], True
    nd = x.ndim
    if nd == 0:
        for a in axis:
            if a not in (0, -1):
                raise ValueError("(InvalidArgument) When input 0D Tensor, the axis can only be -1, 0, None or []")
        return [], True
    dims = []
    for i, a in enumerate(axis):
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)):
            raise TypeError(f"(InvalidType) {api}(): the elements of axis must be int, but got {type_name(a)}")
        if a >= nd or a < -nd:
            gap = " " if a >= nd else "  "  # Paddle's two messages differ by this space
            raise ValueError(
                f"(InvalidArgument) The reduce dim index {i} should be in the range [ -dimension(X), dimension(X) )"
                f"{gap}which dimension = {nd}. But received dim index = {a}.")
        a = int(a) % nd
        if a in dims:
            raise ValueError(
                f"(InvalidArgument) Axis contains duplicate dimensions. Dimension {a} appears more than once in axis.")
        dims.append(a)
    return dims, len(dims) == nd


def _reduce(op_cls, x, axis, keepdim, api, kernel, ints, supported=_FLOAT_INT):
    """A reduce_* op with Paddle's attrs (dim, keep_dim, reduce_all)."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    d = x.dtype
    # `supported` is the kernel's registration list: complex kernels (prod) are honoured from it
    if not (d.is_floating or d in ints or (d.is_complex and d.name in supported.split(", "))):
        raise kernel_error(kernel, d, supported)
    dims, all_ = reduce_dims(axis, x, api)
    if op_cls._empty_error and known_value(x) is not None and x.size == 0:
        shape = list(x.shape)
        for i in (range(len(shape)) if all_ else dims):
            if shape[i] == 0:
                raise ValueError(
                    f"(InvalidArgument) Cannot perform reduction along an axis ({i}) that has a size of 0. ")
    return apply(op_cls, x, dim=dims, keep_dim=bool(keepdim), reduce_all=all_)


def max(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False,  # noqa: A001
        name: str | None = None) -> Tensor:
    """Maximum over `axis` (all elements when None); the gradient is shared among ties.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the largest values over `axis` (gradient shared among ties).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]])
            >>> paddle.max(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.89999998)
            >>> paddle.max(x, axis=1, keepdim=True)
            Tensor(shape=[2, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.89999998],
                    [0.69999999]])
    """
    return _reduce(ReduceMax, x, axis, keepdim, "max", "max", _I32_64)


def min(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False,  # noqa: A001
        name: str | None = None) -> Tensor:
    """Minimum over `axis` (all elements when None); the gradient is shared among ties.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the smallest values over `axis` (gradient shared among ties).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]])
            >>> paddle.min(x, axis=0)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.10000000, 0.20000000, 0.50000000, 0.69999999])
    """
    return _reduce(ReduceMin, x, axis, keepdim, "min", "min", _I32_64)


def amax(x, axis=None, keepdim=False, name=None, *, out=None):
    """Maximum over `axis`; the gradient is split evenly among equal maxima.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.1, 0.9, 0.9, 0.9], [0.9, 0.9, 0.6, 0.7]], stop_gradient=False)
            >>> y = paddle.amax(x)
            >>> y.backward()
            >>> x.grad
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[0.        , 0.20000000, 0.20000000, 0.20000000],
                    [0.20000000, 0.20000000, 0.        , 0.        ]])
    """
    return write_out(_reduce(ReduceAMax, x, axis, keepdim, "amax", "amax", _I32_64), out)


def amin(x, axis=None, keepdim=False, name=None, *, out=None):
    """Minimum over `axis`; the gradient is split evenly among equal minima.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.1, 0.1, 0.1], [0.1, 0.1, 0.6, 0.7]])
            >>> paddle.amin(x, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.10000000, 0.10000000])
    """
    return write_out(_reduce(ReduceAMin, x, axis, keepdim, "amin", "amin", _I32_64), out)


def prod(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False,
         dtype: DTypeLike | None = None, out: Tensor | None = None, name: str | None = None) -> Tensor:
    """Product over `axis` (all elements when None), optionally computed in `dtype`.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the product over `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]])
            >>> paddle.prod(x, -1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.02700000, 0.00840000])
    """
    if not isinstance(x, TensorMethods):
        need_tensor(x, "prod")
    if dtype is not None:
        d = _dt.convert_dtype(dtype)
        if d is not x.dtype:
            x = apply(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    res = _reduce(ReduceProd, x, axis, keepdim, "prod", "prod", _I32_64,
                  "int32, int64, float64, complex128, float32, complex64")
    return write_out(res, out)


def logsumexp(x, axis=None, keepdim=False, name=None, *, out=None):
    """log(sum(exp(x))) over `axis`, computed without overflow.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1.5, 0., 2.], [3., 1.2, -2.4]])
            >>> paddle.logsumexp(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   3.46912265)
    """
    if not isinstance(x, TensorMethods):
        need_tensor(x, "logsumexp")
    d = x.dtype
    if not d.is_floating:
        if not d.is_integer:  # every integer dtype is cast to float32 first, as in Paddle; bool and complex are not
            raise kernel_error("logsumexp", d, "float64, float32")
        x = apply(Cast, x, in_dtype=d.proto, out_dtype=_dt.float32.proto)
    dims, all_ = reduce_dims(axis, x, "logsumexp")
    return write_out(apply(Logsumexp, x, axis=dims, keepdim=bool(keepdim), reduce_all=all_), out)


def _nan_zeroed(x, api):
    """x with NaNs replaced by 0 (their gradient is 0); integer tensors are returned as they are."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    d = x.dtype
    if d is _dt.bool_:
        raise kernel_error("isnan", d, "int64, float64, complex128, float16, float32, complex64, int32, bfloat16")
    if d.is_complex:  # an element with a NaN part becomes 0 as a whole (nan_to_num would zero that part only)
        return apply(Where, apply(IsNan, x), apply(FillAnyLike, x, value=0.0, dtype=d.proto), x)
    if not d.is_floating:
        return x
    return apply(NanToNum, x, nan=0.0, posinf=float("inf"), neginf=float("-inf"))


def nansum(x: Tensor, axis: int | Sequence[int] | None = None, dtype: DTypeLike | None = None,
           keepdim: bool = False, name: str | None = None) -> Tensor:
    """Sum over `axis` treating NaN as zero.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the input's. Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the sum over `axis`, NaN counted as zero.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 0.5, 0.5, 1.0], [0.25, 0.5, float('-nan'), 0.75]])
            >>> paddle.nansum(x, axis=0)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.25000000, 1.        , 0.50000000, 1.75000000])
    """
    from .reduction import sum as _sum
    if isinstance(dtype, bool):  # nansum(x, axis, keepdim) in torch's order
        dtype, keepdim = (None if isinstance(keepdim, bool) else keepdim), dtype
    return _sum(_nan_zeroed(x, "nansum"), axis=axis, dtype=dtype, keepdim=keepdim)


def sum(x: Tensor, axis: int | Sequence[int] | None = None, dtype: DTypeLike | None = None,
        keepdim: bool = False, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """Sum over `axis` (all when None); bool and int32 sum to int64 as in Paddle.

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the input's (bool and int32
            sum to int64). Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the sum over `axis`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.3, 0.5, 0.9], [0.1, 0.2, 0.6, 0.7]])
            >>> paddle.sum(x, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.89999998, 1.60000002])
    """
    if not isinstance(x, TensorMethods):
        need_tensor(x, "sum")
    if isinstance(dtype, bool):  # sum(x, axis, keepdim) in torch's order, as Paddle 3 accepts
        dtype, keepdim = (None if isinstance(keepdim, bool) else keepdim), dtype
    dims, all_ = reduce_dims(axis, x, "sum")
    out_dtype = -1
    if dtype is not None:
        out_dtype = _dt.convert_dtype(dtype).proto
    else:
        d = x.dtype
        if d is _dt.bool_ or d is _dt.int32:
            out_dtype = _dt.int64.proto
    return write_out(apply(ReduceSum, x, dim=dims, keep_dim=bool(keepdim), reduce_all=all_, out_dtype=out_dtype), out)


def nanmean(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False,
            name: str | None = None) -> Tensor:
    """Mean over `axis` of the non-NaN elements (NaN where all are NaN).

    Args:
        x (Tensor): The input tensor.
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the mean over `axis` of the elements that are not NaN.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 0.3, 0.5, 0.9], [0.1, 0.2, float('-nan'), 0.7]])
            >>> paddle.nanmean(x, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.56666666, 0.33333334])
    """
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in nanmean must be paddle.Tensor, but received {type_name(x)}.")
    d = x.dtype
    dims, all_ = reduce_dims(axis, x, "nanmean")
    attrs = {"dim": dims, "keep_dim": bool(keepdim), "reduce_all": all_}
    if not (d.is_floating or d.is_complex):
        if d not in _I32_64:
            raise kernel_error("isnan", d)
        # Paddle sums integers exactly in int64 (wrapping on overflow) and divides in float32 only at
        # the end; casting first would round each large int64 to float32 before the sum
        total = apply(ReduceSum, x, out_dtype=_dt.int64.proto, **attrs)
        f32 = _dt.float32.proto
        count = apply(ReduceSum, apply(FillAnyLike, x, value=1.0, dtype=f32), **attrs)
        return apply(Cast, total, in_dtype=_dt.int64.proto, out_dtype=f32) / count
    total = apply(ReduceSum, _nan_zeroed(x, "nanmean"), **attrs)
    valid = apply(Cast, apply(IsNan, x), in_dtype=_dt.bool_.proto, out_dtype=d.proto)
    count = apply(ReduceSum, 1.0 - valid, **attrs)
    return total / count


# -- renorm ------------------------------------------------------------------------------------
def _renorm_args(x, p, axis, max_norm, api):
    need_tensor(x, api)
    if x.dtype not in _F32_64:
        raise kernel_error("renorm", x.dtype, "float64, float32")
    nd = x.ndim
    if axis >= nd:
        raise ValueError(f"the axis:{axis} should be less then the shape's size {nd}:{x.shape}")
    if axis < -nd:
        raise ValueError(f"the axis:{axis} should not be less than -1 * length of input_shape:{-nd}")
    return {"p": float(p), "axis": int(axis) % nd, "max_norm": float(max_norm)}


def renorm(x, p, axis, max_norm):
    """Rescale each slice along axis whose p-norm exceeds max_norm to have norm max_norm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.renorm(x, 2.0, 0, 1.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.44721359, 0.89442718],
                    [0.60000002, 0.80000001]])
    """
    return apply(Renorm, x, **_renorm_args(x, p, axis, max_norm, "renorm"))


def renorm_(x, p, axis, max_norm):
    """In-place version of renorm: writes the result into x and returns x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[3., 4.], [0.3, 0.4]])
            >>> _ = paddle.renorm_(x, 2.0, 0, 1.0)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.60000002, 0.80000001],
                    [0.30000001, 0.40000001]])
    """
    return apply_inplace(Renorm, x, **_renorm_args(x, p, axis, max_norm, "renorm_"))


__all__ = ["sum", "max", "min", "amax", "amin", "prod", "logsumexp", "nansum", "nanmean", "renorm", "renorm_"]

METHODS = {"sum": sum, "max": max, "min": min, "amax": amax, "amin": amin, "prod": prod, "logsumexp": logsumexp,
           "nansum": nansum, "nanmean": nanmean, "renorm": renorm, "renorm_": renorm_}
