"""Functions that combine a list of tensors: add_n, multiplex (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops.math.combine import AddN, Multiplex
from .._check import kernel_error, need_tensor, type_name


def multiplex(inputs, index, name=None):
    """Row i of the result is row i of inputs[index[i, 0]] (index: int32 of shape [N, 1]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> img1 = paddle.to_tensor([[1, 2], [3, 4]], dtype=paddle.float32)
            >>> img2 = paddle.to_tensor([[5, 6], [7, 8]], dtype=paddle.float32)
            >>> paddle.multiplex([img1, img2], paddle.to_tensor([[1], [0]], dtype=paddle.int32))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[5., 6.],
                    [3., 4.]])
    """
    if not isinstance(inputs, (list, tuple)) or not all(isinstance(t, TensorMethods) for t in inputs):
        raise ValueError("(InvalidArgument) multiplex(): argument 'inputs' (position 0) must be list of Tensors, but "
                         f"got {type_name(inputs) if not isinstance(inputs, TensorMethods) else 'Tensor'}")
    need_tensor(index, "multiplex", "index", 1)
    if len(inputs) < 2:
        raise ValueError("(InvalidArgument) multiplex operator should have more than one candidate input tensors.\n"
                         f"  [Hint: Expected num_ins > 1, but received num_ins:{len(inputs)} <= 1:1.]")
    if index.ndim != 2:
        raise RuntimeError("(PreconditionNotMet) The index tensor must be a vector with 2 dimensions")
    first = inputs[0]
    if first.ndim < 2:
        raise ValueError("(InvalidArgument) The rank of candidate tensors must be not less than 2.")
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {first.dtype.name}, but {i}th tensor is {t.dtype.name}.")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) All the candidate tensors must have the same size, but received "
                             f"{list(first.shape)} and {list(t.shape)}.")
    if index.dtype is not _dt.int32:
        raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve (int32) does not match the "
                         f"type of data ({index.dtype.name}) currently contained in the container.")
    return apply(Multiplex, list(inputs), index)


def add_n(inputs: Tensor | Sequence[Tensor], name: str | None = None) -> Tensor:
    """Elementwise sum of a list of tensors of one shape and dtype (a single tensor is returned as is).

    Args:
        inputs (Tensor|Sequence[Tensor]): The tensors to add; all have the same shape and dtype.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: their sum.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input0 = paddle.to_tensor([[1, 2, 3], [4, 5, 6]], dtype='float32')
            >>> input1 = paddle.to_tensor([[7, 8, 9], [10, 11, 12]], dtype='float32')
            >>> paddle.add_n([input0, input1])
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[8. , 10., 12.],
                    [14., 16., 18.]])
    """
    if isinstance(inputs, TensorMethods):
        return inputs
    if not isinstance(inputs, (list, tuple)) or not inputs or not all(isinstance(t, TensorMethods) for t in inputs):
        got = "empty list" if isinstance(inputs, (list, tuple)) and not inputs else type_name(inputs)
        raise ValueError(f"(InvalidArgument) add_n(): argument 'inputs' (position 0) must be list of Tensors, but got "
                         f"{got}")
    first = inputs[0]
    for i, t in enumerate(inputs[1:], 1):
        if t.dtype is not first.dtype:
            raise ValueError(f"(InvalidArgument) The type of data we are trying to retrieve ({first.dtype.name}) does "
                             f"not match the type of data ({t.dtype.name}) currently contained in the container.")
        if list(t.shape) != list(first.shape):
            raise ValueError(f"(InvalidArgument) The input tensor X of AddNOp must have same shape. But received "
                             f"X[0]'s shape = {list(first.shape)}, X[{i}]'s shape = {list(t.shape)}.")
    if first.dtype is _dt.bool_ or first.dtype in (_dt.int8, _dt.int16, _dt.uint8):
        raise kernel_error("add_n", first.dtype, "int64, float64, complex128, float16, float32, complex64, int32, "
                                                 "bfloat16")
    return apply(AddN, list(inputs))


__all__ = ["multiplex", "add_n"]

METHODS = {"multiplex": multiplex, "add_n": add_n}
