"""Checked application of the elementwise activation ops (float inputs only, Paddle's kernel errors)."""
import numpy as _np

from ...._core.dispatch import apply, apply_inplace
from ...._core.methods import TensorMethods
from ....tensor._check import kernel_error as _kernel_error
from ....tensor._check import need_tensor as _need_tensor


_FLOATS = "float64, float32"




def _f32(v):
    """A float attribute as Paddle stores it (32-bit), so float64 kernels see the same constant."""
    return float(_np.float32(v))


def _act(op_cls, x, api, kernel=None, **attrs):
    """Check x (a floating Tensor) and apply op_cls."""
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if not x.dtype.is_floating:
        raise _kernel_error(kernel or api, x.dtype, _FLOATS)
    return apply(op_cls, x, **attrs)


def _act_(op_cls, x, api, kernel=None, **attrs):
    """In-place form of _act."""
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if not x.dtype.is_floating:
        raise _kernel_error(kernel or api, x.dtype, _FLOATS)
    return apply_inplace(op_cls, x, **attrs)
