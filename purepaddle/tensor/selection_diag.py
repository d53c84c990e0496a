"""Writing into parts of a tensor: fill_diagonal_, fill_diagonal_tensor(_), diagonal_scatter,
select_scatter, slice_scatter, masked_scatter(_) (paddle.* and Tensor methods)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, apply_inplace
from .._core.tensor import Size, Tensor
from ..ops.manipulation import gathering as G
from ..ops.manipulation import scattering as E
from ..ops.manipulation import shape as S
from ..ops.manipulation import indexing as L
from ..ops.creation.fill import Assign
from .manipulation import check_x
from .selection import broadcast_to, cast_to, check_broadcast, where


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
    return apply_inplace(E.FillDiagonal, x, value=float(value), offset=int(offset), wrap=wrap)


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
    return apply(E.FillDiagonalTensor, x, y, **attrs)


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
    return apply_inplace(E.FillDiagonalTensor, x, y, **attrs)


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
    flat = apply(S.Reshape, mb, shape=[-1])
    if isinstance(flat, Tensor):
        count, size = int(flat._data.sum()), int(np.prod(value.shape))
        if count > size:
            raise AssertionError(f"mask true nums must be <= value size, but got mask true nums is {count}, value "
                                 f"size is {size}")
        if count == 0:
            return apply(Assign, xb)
    from .math_reduce import cumsum
    from .math_unary import clip
    pos = clip(cumsum(cast_to(flat, _dt.int64)) - 1, min=0)
    picked = apply(G.IndexSelect, apply(S.Reshape, value, shape=[-1]), pos, dim=0)
    return where(mb, apply(S.Reshape, picked, shape=shape), xb)


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


__all__ = ["diagonal_scatter", "select_scatter", "slice_scatter", "masked_scatter", "masked_scatter_"]

METHODS = {name: globals()[name] for name in __all__}
METHODS.update({"fill_diagonal_": fill_diagonal_, "fill_diagonal_tensor": fill_diagonal_tensor,
                "fill_diagonal_tensor_": fill_diagonal_tensor_})
