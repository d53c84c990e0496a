"""Argument checks and operand conversion shared by the public tensor functions."""
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.dispatch import constant as const_operand
from .._core.methods import TensorMethods
from .._core.tensor import Tensor
from ..ops.creation.fill import Cast, FillConstant
from ._creation_args import as_array


def is_var(x):
    """Whether x is a Tensor or a static Variable."""
    return isinstance(x, TensorMethods)


def check_var(x, api, arg="x"):
    """Raise Paddle's TypeError unless x is a Tensor/Variable."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of '{arg}' in {api} must be paddle.Tensor, but received {type(x).__name__}.")
    return x


def constant(value, dtype, shape=()):
    """A constant tensor (eager) or fill_constant op (static) of the given DType."""
    return apply(FillConstant, shape=list(shape), value=value, dtype=dtype.proto)


def cast(x, dtype):
    """x converted to DType `dtype` (no-op when it already is)."""
    d = x.dtype
    if d is dtype:
        return x
    return apply(Cast, x, in_dtype=d.proto, out_dtype=dtype.proto)


def as_var(y, like, api, arg="y"):
    """Turn a Python scalar / list / ndarray operand into a tensor matching `like`'s dtype rules."""
    if isinstance(y, TensorMethods):
        return y
    if isinstance(y, (numbers.Number, np.generic)) and not isinstance(y, np.ndarray):
        d = _dt.scalar_dtype(y if not isinstance(y, np.generic) else y.item(), like.dtype)
        return const_operand(np.asarray(y, dtype=d.np_dtype))
    if isinstance(y, (list, tuple, np.ndarray)):
        return const_operand(as_array(y))
    raise TypeError(f"The type of '{arg}' in {api} must be a Tensor or a number, but received {type(y).__name__}.")


def normalize_axis(axis, ndim, api, arg="axis"):
    """Check an axis against ndim (Paddle allows [-ndim, ndim)); returns it non-negative."""
    if isinstance(axis, TensorMethods):
        axis = int(axis.item())
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"The type of '{arg}' in {api} must be int, but received {type(axis).__name__}.")
    n = max(ndim, 1)
    if axis < -n or axis >= n:
        raise ValueError(
            f"(InvalidArgument) '{arg}' in {api} must be in range [{-n}, {n}), but received {axis} "
            f"(the input has {ndim} dims).")
    return int(axis) % n


def axis_list(axis, ndim, api):
    """None / int / list / tuple / Tensor axis -> list of normalised ints ([] = all)."""
    if axis is None:
        return []
    if isinstance(axis, TensorMethods):
        axis = axis.tolist() if hasattr(axis, "tolist") else axis
    if isinstance(axis, (int, np.integer)):
        axis = [axis]
    return [normalize_axis(a, ndim, api) for a in axis]
