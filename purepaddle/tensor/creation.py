"""Public creation functions: to_tensor, full, zeros, ones, arange, eye, ... (paddle.*)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.place import convert_place
from .._core.tensor import Tensor, to_array
from ..ops.creation import FillConstant
from ._operand import cast, check_var


def to_tensor(data, dtype=None, place=None, stop_gradient=True):
    """Create a Tensor from Python data, a numpy array or a Tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([1, 2, 3])
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 3])
    """
    arr, d = to_array(data, dtype)
    if isinstance(data, Tensor) or (isinstance(data, np.ndarray) and arr is data):
        arr = arr.copy()
    t = Tensor._make(arr, bool(stop_gradient), None, 0, convert_place(place))
    return t


def _shape_list(shape, api):
    """Paddle shape argument (list/tuple of ints or Tensors, or a Tensor) -> list of ints."""
    if isinstance(shape, Tensor):
        shape = shape.tolist()
    if isinstance(shape, (int, np.integer)):
        shape = [shape]
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in {api} must be list, tuple or Tensor, but received {type(shape).__name__}.")
    out = []
    for d in shape:
        if isinstance(d, Tensor):
            d = int(d.item())
        if not isinstance(d, (int, np.integer)) or isinstance(d, bool):
            raise TypeError(f"The type of each element of 'shape' in {api} must be int, but received {type(d).__name__}.")
        if d < 0 and d != -1:
            raise ValueError(f"(InvalidArgument) Each element of 'shape' in {api} must not be negative, but received {list(shape)}.")
        out.append(int(d))
    return out


def full(shape, fill_value, dtype=None, name=None):
    """A tensor of `shape` filled with `fill_value`."""
    shape = _shape_list(shape, "paddle.full")
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    if dtype is None:
        if isinstance(fill_value, bool):
            d = _dt.bool_
        elif isinstance(fill_value, (int, np.integer)):
            d = _dt.int64
        elif isinstance(fill_value, complex):
            d = _dt.default_complex()
        else:
            d = _dt.default_float()
    else:
        d = _dt.convert_dtype(dtype)
    return apply(FillConstant, shape=shape, value=fill_value, dtype=d.proto)


def zeros(shape, dtype=None, name=None):
    """A tensor of zeros (default dtype float32)."""
    return full(shape, 0.0, dtype if dtype is not None else _dt.default_float())


def ones(shape, dtype=None, name=None):
    """A tensor of ones (default dtype float32)."""
    return full(shape, 1.0, dtype if dtype is not None else _dt.default_float())


__all__ = ["to_tensor", "full", "zeros", "ones"]
METHODS = {}
