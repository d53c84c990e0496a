"""Reinterpreting views: as_complex, as_real, view_as_complex, view_as_real, view, as_strided, unfold."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant as const_operand
from ...ops.manipulation import gathering as G, shape as S
from ...ops.manipulation.views import AsComplex, AsReal, ViewDtype
from .._check import check_x, kernel_error
from .shape import _is_int, reshape


# -- complex views, strided views ------------------------------------------------------------
def as_complex(x, name=None):
    """A [..., 2] float tensor read as complex numbers (real, imag) of shape [...].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.as_complex(paddle.to_tensor([[1.0, 2.0]])).tolist()
            [(1+2j)]
    """
    check_x(x, "as_complex")
    if x.dtype not in (_dt.float32, _dt.float64):
        raise kernel_error("as_complex", x.dtype, "float32, float64")
    return apply(AsComplex, x)


def as_real(x, name=None):
    """A complex tensor as a float tensor with a last dim of 2 (real, imag).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.as_real(paddle.to_tensor([1 + 2j])).tolist()
            [[1.0, 2.0]]
    """
    check_x(x, "as_real")
    if x.dtype not in (_dt.complex64, _dt.complex128):
        raise kernel_error("as_real", x.dtype, "complex64, complex128")
    return apply(AsReal, x)


def view_as_complex(input):
    """as_complex (a view in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.view_as_complex(paddle.ones([3, 2])).shape
            paddle.Size([3])
    """
    return as_complex(input)


def view_as_real(input):
    """as_real (a view in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.view_as_real(paddle.to_tensor([1 + 2j, 3j])).shape
            paddle.Size([2, 2])
    """
    return as_real(input)


def _gather_flat(x, index):
    """x's row-major elements at the int64 positions `index` (any shape): differentiable."""
    flat = apply(S.Reshape, x, shape=[-1])
    res = apply(G.IndexSelect, flat, const_operand(index.reshape(-1).astype(np.int64)), dim=0)
    return apply(S.Reshape, res, shape=list(index.shape))


def as_strided(x, shape, stride, offset=0, name=None):
    """The elements of x's row-major storage at offset (bytes) + sum(i_k * stride[k]), shaped `shape`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6, dtype='float32')
            >>> paddle.as_strided(x, [2, 2], [1, 2], 4).tolist()
            [[1.0, 3.0], [2.0, 4.0]]
    """
    check_x(x, "as_strided")
    shape, stride = [int(d) for d in shape], [int(s) for s in stride]
    if len(shape) != len(stride) or any(d < 0 for d in shape):
        raise ValueError("(InvalidArgument) Input meta is invalid, please check the meta attribute.")
    if offset < 0:
        raise ValueError(f"(InvalidArgument) The offset must be non-negative, but got {offset}.")
    item = np.dtype(x.dtype.np_dtype).itemsize
    if offset % item:
        raise ValueError(f"(InvalidArgument) as_strided: offset {offset} (bytes) is not a multiple of the element "
                         f"size {item} of {x.dtype.name}.")
    index = np.full(shape, offset // item, dtype=np.int64)
    for k, (d, s) in enumerate(zip(shape, stride)):
        index += (np.arange(d, dtype=np.int64) * s).reshape([-1 if j == k else 1 for j in range(len(shape))])
    n = int(np.prod(x.shape))
    if index.size and (index.min() < 0 or index.max() >= n):
        raise ValueError(f"(InvalidArgument) as_strided: shape {shape} with stride {stride} and offset {offset} "
                         f"reads outside the {n} elements of x.")
    return _gather_flat(x, index)


def view(x, shape_or_dtype=None, *more, name=None, size=None, dtype=None):
    """x with another shape (a list, or ints; alias size=), or its bytes read as another dtype (alias dtype=).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 4, 6])
            >>> paddle.view(x, [8, -1]).shape
            paddle.Size([8, 6])
            >>> paddle.view(x, 'uint8').shape
            paddle.Size([2, 4, 24])
    """
    check_x(x, "view")
    shape_or_dtype = next((v for v in (shape_or_dtype, size, dtype) if v is not None), None)
    if shape_or_dtype is None:
        raise TypeError("view() missing 1 required positional argument: 'shape_or_dtype'")
    if more or _is_int(shape_or_dtype):
        shape_or_dtype = [shape_or_dtype, *more]
    if isinstance(shape_or_dtype, (list, tuple)):
        return reshape(x, list(shape_or_dtype))
    d = _dt.convert_dtype(shape_or_dtype)
    if d is x.dtype:
        return x
    return apply(ViewDtype, x, dtype=d.proto)


def unfold(x, axis, size, step, name=None):
    """All windows of `size` elements taken every `step` along axis (a new last dim of size `size`).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.unfold(paddle.arange(9, dtype='float64'), 0, 2, 4)
            Tensor(shape=[2, 2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[0., 1.],
                    [4., 5.]])
    """
    check_x(x, "unfold")
    shape = list(x.shape)
    nd = len(shape)
    if not _is_int(axis) or not -max(nd, 1) <= axis < max(nd, 1):
        raise ValueError(f"(InvalidArgument) paddle.unfold axis must be in range [{-max(nd, 1)}, {max(nd, 1)}), "
                         f"but got {axis}")
    axis = int(axis) % max(nd, 1)
    n = shape[axis] if nd else 1
    if size > n:
        raise ValueError(f"(InvalidArgument) paddle.unfold size({size}) must be less than shape[axis]({n}).")
    if step <= 0:
        raise ValueError("(InvalidArgument) paddle.unfold step must be greater than 0")
    if nd == 0:
        return reshape(x, [size])
    starts = np.arange((n - size) // step + 1, dtype=np.int64) * step
    pos = starts[:, None] + np.arange(size, dtype=np.int64)[None, :]
    index = np.take(np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape), pos, axis=axis)
    return _gather_flat(x, np.moveaxis(index, axis + 1, -1))


__all__ = ["as_complex", "as_real", "view_as_complex", "view_as_real", "as_strided", "view", "unfold"]

METHODS = {"as_complex": as_complex, "as_real": as_real, "view_as_complex": view_as_complex,
           "view_as_real": view_as_real, "as_strided": as_strided, "view": view, "unfold": unfold}
