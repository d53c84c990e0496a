"""Combinatorial constructions: vander, combinations, cartesian_prod (paddle.*)."""
import itertools

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant as const_operand
from ..._core.methods import TensorMethods
from ...ops.creation.fill import FillAnyLike, FillConstant
from .._check import check_var, type_name
from .._operand import cast
from .cumulative import _F32_64, _I32_64


# -- constructions from vectors ------------------------------------------------------------
def vander(x, n=None, increasing=False, name=None):
    """Vandermonde matrix of the 1-D x with n columns (powers decreasing unless increasing=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.vander(paddle.to_tensor([1., 2., 3.]), increasing=True)
            Tensor(shape=[3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1., 1.],
                    [1., 2., 4.],
                    [1., 3., 9.]])
    """
    from ..manipulation.join import concat, flip
    check_var(x, "vander")
    if x.ndim != 1:
        raise ValueError(f"The input of x is expected to be a 1-D Tensor.But now the dims of Input(X) is {x.ndim}.")
    if n is None:
        n = int(x.shape[0])
        if n < 0:
            raise ValueError("vander: n must be given when the length of x is unknown")
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"The type of 'n' in vander must be int, but received {type_name(n)}.")
    if n < 0:
        raise ValueError("N must be non-negative.")
    d = x.dtype
    column = x.unsqueeze(1)
    if n == 0:
        return column[:, 0:0]
    work = d if (d.is_complex or d in _F32_64 or d in _I32_64) else (
        _dt.float32 if d.is_floating else _dt.int64)
    column = cast(column, work)
    ones = apply(FillAnyLike, column, value=1.0, dtype=-1)
    cols = concat([ones, column.expand([-1, n - 1])], axis=1) if n > 1 else ones
    res = cols.cumprod(dim=1)
    if not increasing:
        res = flip(res, [1])
    return cast(res, d)


def combinations(x, r=2, with_replacement=False, name=None):
    """All length-r combinations of the elements of the 1-D x, one per row.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.combinations(paddle.to_tensor([1, 2, 3], dtype='int32'))
            Tensor(shape=[3, 2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [1, 3],
                    [2, 3]])
    """
    from ..manipulation.gathering import gather
    check_var(x, "combinations")
    if x.ndim != 1:
        raise TypeError(f"Expect a 1-D vector, but got x shape {x.shape}")
    if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or r < 0:
        raise ValueError(f"Expect a non-negative int, but got r={r}")
    if r == 0:
        return apply(FillConstant, shape=[0], value=0.0, dtype=x.dtype.proto)
    if x.shape[0] < 0:
        raise ValueError("combinations needs the length of x to be known")
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    idx = np.array(list(pick(range(int(x.shape[0])), r)), dtype=np.int64).reshape(-1, r)
    return gather(x, const_operand(idx.reshape(-1))).reshape([idx.shape[0], r])


def cartesian_prod(x, name=None):
    """Cartesian product of a list of 1-D tensors, one combination per row (a single tensor is returned as is).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.to_tensor([1, 2], dtype='int32')
            >>> b = paddle.to_tensor([5, 6], dtype='int32')
            >>> paddle.cartesian_prod([a, b])
            Tensor(shape=[4, 2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[1, 5],
                    [1, 6],
                    [2, 5],
                    [2, 6]])
    """
    from ..manipulation.join import stack
    if isinstance(x, TensorMethods) or not isinstance(x, (list, tuple)) or not x:
        shape = list(x.shape) if isinstance(x, TensorMethods) else type_name(x)
        raise ValueError(f"cartesian_prod expects a non-empty list of 1-D Tensors, but got {shape}")
    for t in x:
        if not isinstance(t, TensorMethods) or t.ndim != 1:
            raise ValueError(f"Expect a 1D vector, but got shape {t.shape if isinstance(t, TensorMethods) else t}")
    for i, t in enumerate(x[1:], 1):
        if t.dtype is not x[0].dtype:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {x[0].dtype.name}, but {i}th tensor is {t.dtype.name}.")
    if len(x) == 1:
        return x[0]
    sizes = [int(t.shape[0]) for t in x]
    if min(sizes) < 0:
        raise ValueError("cartesian_prod needs the lengths of the inputs to be known")
    cols = []
    for i, t in enumerate(x):
        shape = [1] * len(x)
        shape[i] = -1
        cols.append(t.reshape(shape).expand(sizes).reshape([-1]))
    return stack(cols, axis=1)


__all__ = ["vander", "combinations", "cartesian_prod"]

METHODS = {"vander": vander, "combinations": combinations}
