"""Matrix-structure creation: eye, tril_indices/triu_indices, tril/triu, diag, diagflat, diag_embed,
meshgrid (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike, Numeric, PlaceLike
    from typing import Any

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops.creation.matrix import DiagEmbed, DiagV2, Eye, Meshgrid, TrilIndices, TrilTriu, TriuIndices
from ...ops.manipulation.shape import Reshape
from .._check import check_dtype_registered, need_tensor_short_name, write_out_result
from .._creation_args import convert_dtype, finish
from ..manipulation.distinct import unique_consecutive
from .._signature import paddle_signature


def _dim(v, what):
    if isinstance(v, TensorMethods):
        if not isinstance(v, Tensor):
            raise TypeError(f"{what} must be a Python int in static mode")
        v = v._data.reshape(-1)[0].item()
    if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
        raise TypeError(f"{what} should be a non-negative int.")
    return int(v)


def eye(num_rows: int, num_columns: int | None = None, dtype: DTypeLike | None = None,
        name: str | None = None, *, out: Tensor | None = None, device: PlaceLike | None = None,
        requires_grad: bool = False, pin_memory: bool = False) -> Tensor:
    """A 2-D tensor with ones on the diagonal (num_columns defaults to num_rows).

    Args:
        num_rows (int): The number of rows.
        num_columns (int|None, optional): The number of columns; None means num_rows. Default: None.
        dtype (DTypeLike|None, optional): The data type of the result; None keeps the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        requires_grad (bool, optional): Whether the result records gradients (it sets stop_gradient to the
            opposite). Default: False.
        pin_memory (bool, optional): Accepted for compatibility; pinned memory does not apply on the CPU.
            Default: False.

    Returns:
        Tensor: a 2-D tensor with ones on the diagonal and zeros elsewhere.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.eye(2, 3, dtype='int32')
            Tensor(shape=[2, 3], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[1, 0, 0],
                    [0, 1, 0]])
    """
    rows = _dim(num_rows, "num_rows")
    cols = rows if num_columns is None else _dim(num_columns, "num_columns")
    d = _dt.default_float() if dtype is None else convert_dtype(dtype)
    return finish(apply(Eye, num_rows=rows, num_columns=cols, dtype=d.proto), out, device, requires_grad)


def _tri_indices(op, row, col, offset, dtype, names):
    if not isinstance(row, int) or isinstance(row, bool) or row < 0:
        raise TypeError("row should be a non-negative int")
    if col is None:
        col = row
    elif not isinstance(col, int) or isinstance(col, bool) or col < 0:
        raise TypeError("col should be a non-negative int")
    if not isinstance(offset, int):
        raise TypeError("offset should be a int")
    d = check_dtype_registered(convert_dtype(dtype), ("int32", "int64"), op.type)
    return apply(op, **{names[0]: row, names[1]: col, "offset": offset, "dtype": d.proto})


def tril_indices(row, col, offset=0, dtype="int64"):
    """[2, N] indices (rows, then columns) of the lower triangle of a row x col matrix.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tril_indices(3, 3)
            Tensor(shape=[2, 6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 1, 1, 2, 2, 2],
                    [0, 0, 1, 0, 1, 2]])
    """
    return _tri_indices(TrilIndices, row, col, offset, dtype, ("rows", "cols"))


def triu_indices(row, col=None, offset=0, dtype="int64"):
    """[2, N] indices (rows, then columns) of the upper triangle of a row x col matrix.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.triu_indices(3, 3)
            Tensor(shape=[2, 6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 0, 0, 1, 1, 2],
                    [0, 1, 2, 1, 2, 2]])
    """
    return _tri_indices(TriuIndices, row, col, offset, dtype, ("row", "col"))


# -- tril / triu -------------------------------------------------------------------------
def _tri_args(x, diagonal, api):
    need_tensor_short_name(x, api, "x", 0)
    if not isinstance(diagonal, (int, np.integer)) or isinstance(diagonal, bool):
        raise TypeError(f"(InvalidType) {api}(): argument (position 2) must be int, but got {type(diagonal).__name__}")
    nd = len(x.shape)
    if nd < 2:
        raise ValueError("(InvalidArgument) Input(X)'s rank must be at least 2 in TrilTriuOp.\n  [Hint: Expected "
                         f"x_dims.size() >= 2, but received x_dims.size():{nd} < 2:2.]")
    return int(diagonal)


def tril(x, diagonal=0, name=None, *, out=None):
    """The lower triangle of the last two dims of x (on and below diagonal `diagonal`); the rest is zero.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
            >>> paddle.tril(x)
            Tensor(shape=[3, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 0, 0],
                    [4, 5, 0],
                    [7, 8, 9]])
            >>> paddle.tril(x, diagonal=1)
            Tensor(shape=[3, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 0],
                    [4, 5, 6],
                    [7, 8, 9]])
    """
    d = _tri_args(x, diagonal, "tril")
    return write_out_result(apply(TrilTriu, x, diagonal=d, lower=True), out)


def triu(x, diagonal=0, name=None, *, out=None):
    """The upper triangle of the last two dims of x (on and above diagonal `diagonal`); the rest is zero.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
            >>> paddle.triu(x, diagonal=-1)
            Tensor(shape=[3, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 3],
                    [4, 5, 6],
                    [0, 8, 9]])
    """
    d = _tri_args(x, diagonal, "triu")
    return write_out_result(apply(TrilTriu, x, diagonal=d, lower=False), out)


def tril_(x, diagonal=0, name=None):
    """In-place tril.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 2])
            >>> _ = paddle.tril_(x)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 0.],
                    [1., 1.]])
    """
    d = _tri_args(x, diagonal, "tril_")
    return apply_inplace(TrilTriu, x, diagonal=d, lower=True)


def triu_(x, diagonal=0, name=None):
    """In-place triu.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 2])
            >>> _ = paddle.triu_(x)
            >>> x
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1.],
                    [0., 1.]])
    """
    d = _tri_args(x, diagonal, "triu_")
    return apply_inplace(TrilTriu, x, diagonal=d, lower=False)


def _int_arg(v, api, arg):
    if not isinstance(v, (int, np.integer)) or isinstance(v, bool):
        raise TypeError(f"The type of '{arg}' in {api} must be int, but received {type(v).__name__}.")
    return int(v)


# -- diagonals ---------------------------------------------------------------------------
def diag(x: Tensor, offset: int = 0, padding_value: Numeric = 0, name: str | None = None) -> Tensor:
    """1-D x: a square matrix with x on diagonal `offset` (padding_value elsewhere); 2-D x: that diagonal.

    Args:
        x (Tensor): A 1-D tensor (to build a matrix) or a 2-D tensor (to read a diagonal).
        offset (int, optional): Which diagonal: 0 the main one, > 0 above it, < 0 below. Default: 0.
        padding_value (Numeric, optional): The value off the diagonal of a built matrix. Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the matrix with `x` on its diagonal, or the diagonal of `x`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.diag(paddle.to_tensor([1, 2, 3]), offset=1)
            Tensor(shape=[4, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 1, 0, 0],
                    [0, 0, 2, 0],
                    [0, 0, 0, 3],
                    [0, 0, 0, 0]])
            >>> paddle.diag(paddle.to_tensor([[1, 2, 3], [4, 5, 6]]), offset=-1)
            Tensor(shape=[1], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [4])
    """
    need_tensor_short_name(x, "diag", "x", 0)
    offset = _int_arg(offset, "diag", "offset")
    nd = len(x.shape)
    if nd > 2:
        raise ValueError(f"(InvalidArgument) The input tensor X's dimensions of DiagV2Op should be either 1 or 2, but "
                         f"received {nd}.")
    if not isinstance(padding_value, (int, float, np.number)) or isinstance(padding_value, bool):
        raise TypeError(f"The type of 'padding_value' in diag must be int or float, but received "
                        f"{type(padding_value).__name__}.")
    pv = float(padding_value) if x.dtype.is_floating or x.dtype.is_complex else float(int(padding_value))
    return apply(DiagV2, x, offset=offset, padding_value=pv)


def diagflat(x: Tensor, offset: int = 0, name: str | None = None) -> Tensor:
    """A square matrix with the flattened x on diagonal `offset`.

    Args:
        x (Tensor): The values; flattened first.
        offset (int, optional): Which diagonal: 0 the main one, > 0 above it, < 0 below. Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: a 2-D tensor with the values of `x` on that diagonal.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.diagflat(paddle.to_tensor([[1, 2], [3, 4]]))
            Tensor(shape=[4, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 0, 0, 0],
                    [0, 2, 0, 0],
                    [0, 0, 3, 0],
                    [0, 0, 0, 4]])
    """
    need_tensor_short_name(x, "diagflat", "x", 0)
    offset = _int_arg(offset, "diagflat", "offset")
    if len(x.shape) > 1:
        x = apply(Reshape, x, shape=[-1])
    return apply(DiagV2, x, offset=offset, padding_value=0.0)


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """A tensor whose (dim1, dim2) planes hold the last dim of `input` on diagonal `offset` (no gradient, as in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.diag_embed(paddle.to_tensor([[1., 2.], [3., 4.]]))
            Tensor(shape=[2, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[1., 0.],
                     [0., 2.]],
            <BLANKLINE>
                    [[3., 0.],
                     [0., 4.]]])
    """
    if not isinstance(input, TensorMethods):
        from .conversion import to_tensor
        input = to_tensor(input)
    offset = _int_arg(offset, "diag_embed", "offset")
    dim1 = _int_arg(dim1, "diag_embed", "dim1")
    dim2 = _int_arg(dim2, "diag_embed", "dim2")
    nd = len(input.shape)
    for k, d in (("Dim1", dim1), ("Dim2", dim2)):
        if d < -(nd + 1) or d > nd:
            hint = (f"{k.lower()} >= -(x_dims.size() + 1), but received {k.lower()}:{d} < -(x_dims.size() + 1):"
                    f"{-(nd + 1)}" if d < 0 else f"{k.lower()} <= x_dims.size(), but received {k.lower()}:{d} > "
                    f"x_dims.size():{nd}")
            raise IndexError(f"(OutOfRange) {k} is out of range (expected to be in range of [{-(nd + 1)}, {nd}], but "
                             f"got {d}).\n  [Hint: Expected {hint}.]")
    if dim1 % (nd + 1) == dim2 % (nd + 1):
        raise ValueError(f"(InvalidArgument) diagonal dimensions should not be identical {dim1} vs {dim2}.")
    return apply(DiagEmbed, input, offset=offset, dim1=dim1, dim2=dim2)


# -- meshgrid ----------------------------------------------------------------------------
def meshgrid(*args: Tensor | Sequence[Tensor], **kwargs: Any) -> list[Tensor]:
    """Grids of the 1-D (or 0-D) inputs, one output each: 'ij' indexing by default, 'xy' swaps the first two dims.

    Args:
        *args (Tensor|Sequence[Tensor]): The 1-D tensors (or one list of them).
        **kwargs (Any): `name` only, as in Paddle.

    Returns:
        list[Tensor]: one N-D grid tensor per input ('ij' indexing).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> gx, gy = paddle.meshgrid(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4, 5]))
            >>> gx
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 1, 1],
                    [2, 2, 2]])
            >>> gy
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[3, 4, 5],
                    [3, 4, 5]])
    """
    indexing = kwargs.pop("indexing", None)
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"meshgrid() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        args = tuple(args[0])
    if not args:
        raise ValueError("(InvalidArgument) meshgrid(): argument 'inputs' (position 0) must be list of Tensors, but "
                         "got empty list")
    if indexing not in (None, "ij", "xy"):
        raise ValueError(f"meshgrid() expects indexing to be 'xy' or 'ij', but got {indexing!r}")
    xs = []
    for i, t in enumerate(args):
        need_tensor_short_name(t, "meshgrid", "inputs", 0)
        if t.dtype is not args[0].dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {args[0].dtype.name}, but {i}th tensor is {t.dtype.name}.")
        nd = len(t.shape)
        if nd > 1:
            raise ValueError(f"(InvalidArgument) Expected scalar or 1D tensor in the tensor list but got tensor {i}: "
                             f"shape {list(t.shape)}")
        xs.append(apply(Reshape, t, shape=[1]) if nd == 0 else t)
    swap = indexing == "xy" and len(xs) > 1
    if swap:
        xs[0], xs[1] = xs[1], xs[0]
    (outs,) = apply(Meshgrid, xs)
    outs = list(outs)
    if swap:
        outs[0], outs[1] = outs[1], outs[0]
    return outs


paddle_signature(unique_consecutive, "x")


__all__ = ["eye", "tril_indices", "triu_indices", "tril", "triu", "tril_", "triu_", "diag", "diagflat", "diag_embed",
           "meshgrid"]

METHODS = {"tril": tril, "triu": triu, "tril_": tril_, "triu_": triu_, "diag": diag, "diagflat": diagflat,
           "diag_embed": diag_embed}
