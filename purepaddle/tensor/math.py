"""Public math functions: add, subtract, multiply, divide, pow, sum, matmul, ... (paddle.*)."""
import numbers

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.methods import TensorMethods
from .._core.tensor import Tensor
from ..ops import elementwise as E
from ..ops.matmul import MatMul
from ..ops.reduction import ReduceSum
from ..ops.unary import Scale
from ._operand import as_var, axis_list, cast, check_var, constant

_Number = (int, float)


def _binary(op_cls, x, y, api):
    """Common path of binary elementwise functions: operand conversion, dtype promotion, apply."""
    if not isinstance(x, TensorMethods):
        if isinstance(y, TensorMethods):
            x = as_var(x, y, api, "x")
        else:
            raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type(x).__name__}.")
    y = as_var(y, x, api)
    dx, dy = x.dtype, y.dtype
    if dx is not dy:
        d = _dt.promote(dx, dy)
        x, y = cast(x, d), cast(y, d)
    return apply(op_cls, x, y, axis=-1)


def _scalar_fast(x, y, s, b, api):
    """x * s + b for a Python scalar operand via the scale op (Paddle's static form too)."""
    d = x.dtype
    r = _dt.scalar_dtype(y, d)
    if r is not d:
        x = cast(x, r)
    return apply(Scale, x, scale=s, bias=b, bias_after_scale=True)


def add(x, y, name=None):
    """Elementwise x + y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.add(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 6.])
    """
    return _binary(E.ElementwiseAdd, x, y, "paddle.add")


def subtract(x, y, name=None):
    """Elementwise x - y with broadcasting."""
    return _binary(E.ElementwiseSub, x, y, "paddle.subtract")


def multiply(x, y, name=None):
    """Elementwise x * y with broadcasting (matmul is the matrix product)."""
    return _binary(E.ElementwiseMul, x, y, "paddle.multiply")


def divide(x, y, name=None):
    """Elementwise true division; integer inputs give float32."""
    x = check_var(x, "paddle.divide") if not isinstance(y, TensorMethods) else x
    if isinstance(x, TensorMethods) and not (x.dtype.is_floating or x.dtype.is_complex):
        if not isinstance(y, TensorMethods) or not (y.dtype.is_floating or y.dtype.is_complex):
            x = cast(x, _dt.float32)
            if isinstance(y, TensorMethods):
                y = cast(y, _dt.float32)
    return _binary(E.ElementwiseDiv, x, y, "paddle.divide")


def floor_divide(x, y, name=None):
    """Elementwise floor division."""
    return _binary(E.ElementwiseFloorDiv, x, y, "paddle.floor_divide")


def remainder(x, y, name=None):
    """Elementwise modulus with the sign of y (Python's %)."""
    return _binary(E.ElementwiseMod, x, y, "paddle.remainder")


mod = remainder
floor_mod = remainder


def maximum(x, y, name=None):
    """Elementwise maximum (NaN propagates)."""
    return _binary(E.ElementwiseMax, x, y, "paddle.maximum")


def minimum(x, y, name=None):
    """Elementwise minimum (NaN propagates)."""
    return _binary(E.ElementwiseMin, x, y, "paddle.minimum")


def fmax(x, y, name=None):
    """Elementwise maximum ignoring NaN."""
    return _binary(E.ElementwiseFMax, x, y, "paddle.fmax")


def fmin(x, y, name=None):
    """Elementwise minimum ignoring NaN."""
    return _binary(E.ElementwiseFMin, x, y, "paddle.fmin")


def pow(x, y, name=None):
    """x ** y; y may be a Python number or a Tensor."""
    check_var(x, "paddle.pow")
    if isinstance(y, (int, float)) and not isinstance(y, bool):
        d = x.dtype
        if isinstance(y, float) and not (d.is_floating or d.is_complex):
            x = cast(x, _dt.default_float())
        return _binary(E.ElementwisePow, x, y, "paddle.pow")
    return _binary(E.ElementwisePow, x, y, "paddle.pow")


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """scale * x + bias (or scale * (x + bias) when bias_after_scale is False)."""
    check_var(x, "paddle.scale")
    if isinstance(scale, TensorMethods):
        scale = float(scale.item())
    return apply(Scale, x, scale=float(scale), bias=float(bias), bias_after_scale=bool(bias_after_scale))


def sum(x, axis=None, dtype=None, keepdim=False, name=None):
    """Sum over `axis` (all when None); bool and int32 sum to int64 as in Paddle."""
    check_var(x, "paddle.sum")
    dims = axis_list(axis, x.ndim, "paddle.sum")
    out_dtype = -1
    if dtype is not None:
        out_dtype = _dt.convert_dtype(dtype).proto
    elif x.dtype in (_dt.bool_, _dt.int32):
        out_dtype = _dt.int64.proto
    return apply(ReduceSum, x, dim=dims, keep_dim=bool(keepdim), reduce_all=not dims, out_dtype=out_dtype)


def matmul(x, y, transpose_x=False, transpose_y=False, name=None):
    """Matrix product with numpy rules: 1-D operands promoted then squeezed, batch dims broadcast."""
    check_var(x, "paddle.matmul")
    check_var(y, "paddle.matmul", "y")
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast(x, d), cast(y, d)
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError(
            f"(InvalidArgument) The Input(X) dims size must be greater than 0, but received x.shape="
            f"{list(x.shape)}, y.shape={list(y.shape)} in paddle.matmul")
    return apply(MatMul, x, y, trans_x=bool(transpose_x), trans_y=bool(transpose_y))


# -- operators ---------------------------------------------------------------------------
def _add_op(x, y):
    if type(y) in _Number and type(y) is not bool and x.dtype.is_floating:
        return apply(Scale, x, scale=1.0, bias=float(y), bias_after_scale=True)
    return _binary(E.ElementwiseAdd, x, y, "paddle.add")


def _sub_op(x, y):
    if type(y) in _Number and x.dtype.is_floating:
        return apply(Scale, x, scale=1.0, bias=-float(y), bias_after_scale=True)
    return _binary(E.ElementwiseSub, x, y, "paddle.subtract")


def _rsub_op(x, y):
    if type(y) in _Number and x.dtype.is_floating:
        return apply(Scale, x, scale=-1.0, bias=float(y), bias_after_scale=True)
    return _binary(E.ElementwiseSub, as_var(y, x, "paddle.subtract"), x, "paddle.subtract")


def _mul_op(x, y):
    if type(y) in _Number and x.dtype.is_floating:
        return apply(Scale, x, scale=float(y), bias=0.0, bias_after_scale=True)
    return _binary(E.ElementwiseMul, x, y, "paddle.multiply")


def _rdiv_op(x, y):
    return divide(as_var(y, x, "paddle.divide"), x)


def _rpow_op(x, y):
    return pow(as_var(y, x, "paddle.pow"), x)


def _rfloordiv_op(x, y):
    return floor_divide(as_var(y, x, "paddle.floor_divide"), x)


def _rmod_op(x, y):
    return remainder(as_var(y, x, "paddle.remainder"), x)


def _neg_op(x):
    return apply(Scale, x, scale=-1.0, bias=0.0, bias_after_scale=True)


def _matmul_op(x, y):
    return matmul(x, y)


def _rmatmul_op(x, y):
    return matmul(as_var(y, x, "paddle.matmul"), x)


__all__ = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "floor_mod",
           "maximum", "minimum", "fmax", "fmin", "pow", "scale", "sum", "matmul"]

METHODS = {
    "__add__": _add_op, "__radd__": _add_op, "__sub__": _sub_op, "__rsub__": _rsub_op,
    "__mul__": _mul_op, "__rmul__": _mul_op, "__truediv__": divide, "__rtruediv__": _rdiv_op,
    "__floordiv__": floor_divide, "__rfloordiv__": _rfloordiv_op, "__mod__": remainder,
    "__rmod__": _rmod_op, "__pow__": pow, "__rpow__": _rpow_op, "__neg__": _neg_op,
    "__matmul__": _matmul_op, "__rmatmul__": _rmatmul_op,
    "add": add, "subtract": subtract, "multiply": multiply, "divide": divide,
    "floor_divide": floor_divide, "remainder": remainder, "mod": remainder, "floor_mod": remainder,
    "maximum": maximum, "minimum": minimum, "fmax": fmax, "fmin": fmin, "pow": pow, "scale": scale,
    "sum": sum, "matmul": matmul, "mm": matmul,
}
