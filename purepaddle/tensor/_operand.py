"""Operand conversion shared by the public tensor functions: constants, casts, Python operands as tensors,
scalar tensors and checked broadcasting (the checks themselves live in _check)."""
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, constant as const_operand
from .._core.methods import TensorMethods
from ..ops.creation.fill import Cast, FillConstant
from ._check import expand_error
from ._creation_args import as_array


def scalar_tensor(value, dtype=None):
    """A 0-D constant from a Python scalar (Paddle's to_tensor dtype rules unless `dtype` is given)."""
    if dtype is None:
        dtype = _dt.infer_data_dtype(value) or _dt.from_numpy(np.asarray(value).dtype)
    if isinstance(value, np.generic):
        value = value.item()
    return apply(FillConstant, shape=[], value=value, dtype=dtype.proto)


def broadcast_to(x, shape):
    """x broadcast to `shape` (Paddle's expand_v2 error when it cannot)."""
    shape = list(shape)
    if list(x.shape) == shape:
        return x
    err = expand_error(x.shape, shape)
    if err is not None:
        raise err
    from .manipulation.shape import broadcast_to as expand
    return expand(x, shape)


def is_var(x):
    """Whether x is a Tensor or a static Variable."""
    return isinstance(x, TensorMethods)


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
