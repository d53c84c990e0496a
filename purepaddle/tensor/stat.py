"""Statistics: mean, var, std, median, nanmedian, quantile, nanquantile, numel (paddle.* and Tensor methods;
nanmean is math's, beside nansum, as in Paddle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike
    from purepaddle._core.tensor import Tensor

import warnings

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, building_program
from .._core.methods import TensorMethods
from ..ops import stat as E
from ..ops.creation.fill import Cast
from ..ops.math.reduction import ReduceMax, _count
from ..ops.math.unary import Sqrt
from ..ops.stat import Median, ReduceMean
from ._check import check_x, class_type_name, kernel_error, need_tensor, write_out
from .manipulation.shape import _is_int
from .math.reduction import reduce_dims


_MEAN_OTHER = frozenset((_dt.bool_, _dt.int32, _dt.int64, _dt.complex64, _dt.complex128))


def mean(x: Tensor, axis: int | Sequence[int] | None = None, keepdim: bool = False, name: str | None = None,
         *, dtype: DTypeLike | None = None, out: Tensor | None = None) -> Tensor:
    """Arithmetic mean over `axis` (all elements when None); integer inputs give a truncated integer mean.

    Args:
        x (Tensor): The input tensor (float or integer).
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the mean over `axis`.

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
    from .math.reduction import sum as _sum
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
        if denom <= 0 and not building_program():
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
    if not (v.dtype.is_floating or v.dtype.is_complex):  # integers give float32; complex stays complex
        v = apply(Cast, v, in_dtype=v.dtype.proto, out_dtype=_dt.float32.proto)
    return apply(Sqrt, v)


def median(x: Tensor, axis: int | None = None, keepdim: bool = False, mode: str = "avg",
           name: str | None = None, *, out: Tensor | None = None) -> Tensor | tuple[Tensor, Tensor]:
    """Median over `axis` (all elements when None). mode 'avg' averages the two middle values of
    an even count (float32 result unless x is float64); mode 'min' takes the lower one and, with an
    axis, also returns its index.

    Args:
        x (Tensor): The input tensor.
        axis (int|None, optional): The axis to work along; None flattens the input. Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        mode (str, optional): 'avg' averages the two middle values of an even count; 'min' takes the lower one
            and also returns its index. Default: "avg".
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the medians; with mode='min' and an axis, also their indices.

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
    # Paddle casts every input but float64 to float32 before the 'avg' kernel (ints, bool and complex
    # included); the 'min' kernel takes the input as it is and is registered for four dtypes only
    if mode == "avg" and d is not _dt.float64:
        x = apply(Cast, x, in_dtype=d.proto, out_dtype=_dt.float32.proto)
    elif mode == "min" and d not in (_dt.float64, _dt.float32, _dt.int32, _dt.int64):
        raise kernel_error("median", d, "int32, int64, float64, float32")
    dims = [] if axis is None or nd == 0 else [int(axis) % nd]
    values, index = apply(Median, x, axis=dims, keepdim=bool(keepdim), mode=mode)
    index.stop_gradient = True  # Paddle's median cuts its indices off the graph (other ops' indices stay on it)
    if mode == "min" and axis is not None:
        if out is not None:
            write_out(values, out[0])
            write_out(index, out[1])
            return tuple(out)
        return values, index
    return write_out(values, out)


def numel(x, name=None):
    """The number of elements of x as a 0-D int64 tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.numel(paddle.ones([4, 5, 7]))
            Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
                   140)
    """
    check_x(x, "numel")
    return apply(E.Size, x)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """Median of the non-NaN values over axis (int, list or all); mode 'min' takes the lower middle
    value and, for an int axis, also returns its index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 2., 3.], [0., 1., 2.]])
            >>> print(x.nanmedian(0).numpy())
            [0.  1.5 2.5]
            >>> print(x.nanmedian(1, mode='min')[1].numpy())
            [1 1]
    """
    if not isinstance(x, TensorMethods):
        raise TypeError("In median, the input x should be a Tensor.")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        raise ValueError("Axis list should not be empty.")
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")
    need_index = axis is not None and not isinstance(axis, (list, tuple))
    if axis is None:
        axes = []
    elif _is_int(axis):
        axes = [int(axis)]
    elif isinstance(axis, (list, tuple)) and all(_is_int(a) for a in axis):
        axes = [int(a) for a in axis]
    else:
        raise TypeError(f"(InvalidType) nanmedian(): argument (position 2) must be list, tuple, int, or Tensor, but "
                        f"got {class_type_name(axis)}")
    nd = len(x.shape)
    seen = []
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise ValueError(f"(InvalidArgument) each element of the axis should be in the range [ -dimension(X), "
                             f"dimension(X) ) which dimension = {nd}. But received axis = {a}.")
        if a % max(nd, 1) in seen:
            raise ValueError(f"(InvalidArgument) Attr(axes) has duplicated elements: {a}.")
        seen.append(a % max(nd, 1))
    if x.dtype not in (_dt.int32, _dt.int64, _dt.float32, _dt.float64):
        raise kernel_error("nanmedian", x.dtype, "int32, int64, float64, float32")
    out, index = apply(E.NanMedian, x, axis=axes, keepdim=bool(keepdim), mode=mode)
    index.stop_gradient = True  # as median's
    return (out, index) if mode == "min" and need_index else out


_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile(x, q, axis, keepdim, interpolation, ignore_nan, out=None):
    """Sort along the (merged) axis and read each q at q * (count - 1), interpolating between neighbours."""
    from .creation.fill import full, full_like
    from .manipulation.join import stack
    from .logic import logical_not
    from .manipulation.shape import flatten, moveaxis, reshape, squeeze
    from .math.elementwise import lerp, maximum
    from .math.unary import ceil, floor, isnan, round
    from .search.sorting import sort
    from .manipulation.gathering import take_along_axis
    from .search.select import where
    if not isinstance(x, TensorMethods):
        raise TypeError("input x should be a Tensor.")
    if isinstance(q, (int, float)) and not isinstance(q, bool):
        qs = [q]
    elif isinstance(q, (list, tuple)):
        if len(q) == 0:
            raise ValueError("q should not be empty")
        qs = list(q)
    elif isinstance(q, TensorMethods):
        if len(q.shape) > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        qs = [q] if len(q.shape) == 0 else [q[i] for i in range(q.shape[0])]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    for v in qs:
        if not (isinstance(v, TensorMethods) and not hasattr(v, "_data")) and not 0 <= float(v) <= 1:
            raise ValueError("q should be in range [0, 1]")
    if interpolation not in _INTERPOLATIONS:
        raise ValueError("interpolation must be one of 'linear', 'lower', 'higher', 'nearest' or 'midpoint', but "
                         f"got {interpolation}")
    dims = len(x.shape)
    out_shape = list(x.shape)
    bad = "Axis should be None, int, or a list, element should in range [-rank(x), rank(x))."
    if axis is None:
        x, axis, out_shape = flatten(x), 0, [1] * dims
    elif isinstance(axis, list):
        src = []
        for a in axis:
            if not _is_int(a) or not -dims <= a < dims:
                raise ValueError(bad)
            src.append(a % dims)
            out_shape[a % dims] = 1
        dst = list(range(-len(axis), 0))
        x = moveaxis(x, src, dst) if src else x
        x, axis = (flatten(x), 0) if not dst else (flatten(x, dst[0], dst[-1]), len(x.shape) - len(dst))
    else:
        if not _is_int(axis) or not -dims <= axis < dims:
            raise ValueError(bad)
        axis = int(axis) % dims
        out_shape[axis] = 1
    d = x.dtype
    if not d.is_floating and interpolation == "linear":
        raise kernel_error("lerp", d, "float64, float32")
    qd = d if d.is_floating else _dt.float64
    mask = isnan(x)
    valid = logical_not(mask).sum(axis=axis, keepdim=True)
    srt = sort(x, axis)
    empty = x.shape[axis] == 0
    if empty:  # Paddle reads a 0 for each q over an empty axis: one zero to read, gradient still reaching x
        from .manipulation.join import concat
        pad = list(x.shape)
        pad[axis] = 1
        srt = concat([srt, full(pad, 0, d)], axis=axis)
    outputs = []
    for v in qs:
        qt = v.astype(qd) if isinstance(v, TensorMethods) else full([], float(v), qd)
        if not d.is_floating:  # Paddle makes q a tensor of x's dtype: an integer x reads q as 0 (or 1 for q = 1)
            qt = qt.astype(d).astype(qd)
        index = qt * (valid - 1).astype(qd)
        if empty:
            index = maximum(index, full([], 0.0, qd))
        # an all-NaN row under ignore_nan reads q * -1 as Paddle does: floor and ceil pick the last and first
        # sorted entries (NaN either way), and the gradient splits between them
        elif not ignore_nan:
            index = where(mask.any(axis=axis, keepdim=True), full_like(index, x.shape[axis] - 1), index)
        if interpolation == "nearest":
            res = take_along_axis(srt, round(index).astype("int64"), axis=axis)
        else:
            below = floor(index)
            lo = take_along_axis(srt, below.astype("int64"), axis=axis)
            hi = take_along_axis(srt, ceil(index).astype("int64"), axis=axis)
            if interpolation == "lower":
                res = lo
            elif interpolation == "higher":
                res = hi
            elif interpolation == "midpoint":
                res = (hi + lo) / 2
            else:
                res = lerp(lo, hi, (index - below).astype(d))
        outputs.append(reshape(res, out_shape) if keepdim else squeeze(res, axis=axis))
    res = stack(outputs, 0) if len(outputs) > 1 else outputs[0]
    return write_out(res, out)


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """The q-th quantiles of x over axis (int, list or all; q a number, list or Tensor); NaN when the
    reduced values contain NaN. A list of several q stacks the results on a new first dim.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> y = paddle.arange(0, 8, dtype="float32").reshape([4, 2])
            >>> paddle.quantile(y, q=0.5, axis=1)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.50000000, 2.50000000, 4.50000000, 6.50000000])
    """
    return _quantile(x, q, axis, keepdim, interpolation, False, out)


def nanquantile(x: Tensor, q: float | Sequence[float] | Tensor, axis: int | Sequence[int] | None = None,
                keepdim: bool = False, interpolation: str = "linear") -> Tensor:
    """quantile over the non-NaN values (NaN where all are NaN).

    Args:
        x (Tensor): The input tensor.
        q (float|Sequence[float]|Tensor): The quantile(s), in [0, 1].
        axis (int|Sequence[int]|None, optional): The axis or axes to work along; None means all of them.
            Default: None.
        keepdim (bool, optional): Whether the reduced axes stay in the result with size 1. Default: False.
        interpolation (str, optional): How a quantile between two values is read: 'linear', 'lower', 'higher',
            'midpoint' or 'nearest'. Default: "linear".

    Returns:
        Tensor: the quantiles over `axis`, NaNs ignored.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 1., 2., 3., 4.], [5., 6., 7., 8., 9.]])
            >>> paddle.nanquantile(x, q=0.5, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2.50000000, 7.        ])
    """
    return _quantile(x, q, axis, keepdim, interpolation, True)


__all__ = ["mean", "var", "std", "median", "numel", "nanmedian", "quantile", "nanquantile"]

METHODS = {"mean": mean, "var": var, "std": std, "median": median, "numel": numel,
           "nanmedian": nanmedian, "quantile": quantile, "nanquantile": nanquantile}
