"""Attributes of a tensor as values: its rank and the kind of its dtype (paddle.rank, paddle.is_complex,
paddle.is_floating_point, paddle.is_integer)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import constant
from .._core.methods import TensorMethods


def _need_tensor(x):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"Expected Tensor, but received type of x: {type(x)}")
    return x


def rank(input):  # noqa: A002
    """The number of dimensions of input, as a 0-D int32 tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.rank(paddle.ones([3, 100, 100]))
            Tensor(shape=[], dtype=int32, place=Place(cpu), stop_gradient=True,
                   3)
    """
    return constant(np.array(len(input.shape), dtype=np.int32))


def is_complex(x):
    """Whether x has a complex dtype (complex64 or complex128).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.is_complex(paddle.to_tensor([1 + 2j]))
            True
            >>> paddle.is_complex(paddle.to_tensor([1.0]))
            False
    """
    return _need_tensor(x).dtype.is_complex


def is_floating_point(x):
    """Whether x has a floating-point dtype (float16, bfloat16, float32, float64, ...).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.is_floating_point(paddle.to_tensor([1.0]))
            True
            >>> paddle.is_floating_point(paddle.to_tensor([1]))
            False
    """
    return _need_tensor(x).dtype.is_floating


def is_integer(x):
    """Whether x has an integer dtype (uint8, int8, int16, int32, int64; bool is not one).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.is_integer(paddle.to_tensor([1]))
            True
            >>> paddle.is_integer(paddle.to_tensor([True]))
            False
    """
    d = _need_tensor(x).dtype
    return d.is_integer and d is not _dt.bool_


def _contiguous(x):
    """Tensor.contiguous: x itself (purepaddle keeps no strided layout that would need compacting).

    Returns:
        Tensor: x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> x.contiguous() is x
            True
    """
    return x


def _is_contiguous(x):
    """Tensor.is_contiguous: True (purepaddle keeps no strided layout).

    Returns:
        bool: True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ones([2, 3]).is_contiguous()
            True
    """
    return True


__all__ = ["rank", "is_complex", "is_floating_point", "is_integer"]
METHODS = {"rank": rank, "is_complex": is_complex, "is_floating_point": is_floating_point, "is_integer": is_integer,
           "contiguous": _contiguous, "is_contiguous": _is_contiguous}
