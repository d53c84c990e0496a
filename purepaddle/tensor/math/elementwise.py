"""Binary elementwise arithmetic: add, subtract, multiply, divide, pow, maximum, scale, atan2, lerp,
logaddexp, hypot, reduce_as, and the Tensor operators (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import Numeric

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant as const_operand
from ..._core.methods import TensorMethods
from ..._core.tensor import Parameter, Tensor
from ...ops.math import elementwise as E
from ...ops.math.elementwise import ReduceAs
from ...ops.math.unary import Pow, Scale, Trunc
from .._check import check_var, kernel_error, need_tensor, type_name, write_out
from .._operand import as_var, cast
from . import unary as _unary


_Number = (int, float)


def _binary(op_cls, x, y, api, scalar_rule="keep"):
    """Common path of binary elementwise functions: operand conversion, dtype promotion, apply.

    scalar_rule says how a 0-D operand promotes: "keep" (it takes the other operand's dtype
    within a category), "lattice" (plain tensor+tensor promotion) or None (no 0-D rule).
    """
    if type(x) in _EAGER and type(y) in _EAGER and x._data.dtype is y._data.dtype:  # nothing to convert
        return apply(op_cls, x, y, axis=-1)
    if not isinstance(x, TensorMethods):
        if isinstance(y, TensorMethods):
            x = as_var(x, y, api, "x")
        else:
            raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type(x).__name__}.")
    y = as_var(y, x, api)
    dx, dy = x.dtype, y.dtype
    if dx is not dy:
        if scalar_rule is None:
            d = _dt.promote(dx, dy)
        else:
            d = _dt.promote_with_0d(dx, dy, len(x.shape) == 0, len(y.shape) == 0, scalar_rule == "keep")
        x, y = cast(x, d), cast(y, d)
    return apply(op_cls, x, y, axis=-1)


def _scalar_fast(x, y, s, b, api):
    """x * s + b for a Python scalar operand via the scale op (Paddle's static form too)."""
    d = x.dtype
    r = _dt.scalar_dtype(y, d)
    if r is not d:
        x = cast(x, r)
    return apply(Scale, x, scale=s, bias=b, bias_after_scale=True)


def add(x: Tensor, y: Tensor, name: str | None = None, *, alpha: Numeric = 1,
        out: Tensor | None = None) -> Tensor:
    """Elementwise x + alpha * y with broadcasting.

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        alpha (Numeric, optional): A factor on `y` (torch style): x + alpha * y. Default: 1.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: x + y, broadcast.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.add(paddle.to_tensor([1., 2.]), paddle.to_tensor([3., 4.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 6.])
    """
    if alpha != 1:
        y = _alpha_scaled(y, alpha, x)
    return write_out(_binary(E.ElementwiseAdd, x, y, "paddle.add"), out)


def _alpha_scaled(y, alpha, like):
    """alpha * y for add/subtract's alpha keyword (a float alpha on integers is a promotion error)."""
    y = as_var(y, like, "paddle.add")
    if isinstance(alpha, float) and not (y.dtype.is_floating or y.dtype.is_complex):
        _dt.promote(y.dtype, _dt.float32)
    return apply(Scale, y, scale=float(alpha), bias=0.0, bias_after_scale=True)


def subtract(x, y, name=None, *, alpha=1, out=None):
    """Elementwise x - alpha * y with broadcasting.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [7., 8.]])
            >>> y = paddle.to_tensor([[5., 6.], [3., 4.]])
            >>> paddle.subtract(x, y)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-4., -4.],
                    [ 4.,  4.]])
    """
    if alpha != 1:
        y = _alpha_scaled(y, alpha, x)
    return write_out(_binary(E.ElementwiseSub, x, y, "paddle.subtract"), out)


def multiply(x: Tensor, y: Tensor, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """Elementwise x * y with broadcasting (matmul is the matrix product).

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: x * y, broadcast.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2], [3, 4]])
            >>> y = paddle.to_tensor([[5, 6], [7, 8]])
            >>> paddle.multiply(x, y)
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[5 , 12],
                    [21, 32]])
    """
    return write_out(_binary(E.ElementwiseMul, x, y, "paddle.multiply"), out)


def divide(x: Tensor, y: Tensor, name: str | None = None, *, rounding_mode: str | None = None,
           out: Tensor | None = None) -> Tensor:
    """Elementwise division: true division (integers give float32), or rounded with
    rounding_mode 'trunc' / 'floor' (integers stay integers).

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        rounding_mode (str|None, optional): None for true division, 'trunc' or 'floor' to round the quotient.
            Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: x / y, broadcast.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([7, -7])
            >>> y = paddle.to_tensor([2, 2])
            >>> paddle.divide(x, y)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 3.50000000, -3.50000000])
            >>> paddle.divide(x, y, rounding_mode='floor')
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [ 3, -4])
    """
    if rounding_mode is not None:
        if rounding_mode == "floor":
            return write_out(_floordiv_op(x, y), out)
        if rounding_mode != "trunc":
            raise ValueError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                             f"{rounding_mode}.")
        return write_out(_trunc_divide(x, y), out)
    x = check_var(x, "paddle.divide") if not isinstance(y, TensorMethods) else x
    if isinstance(x, TensorMethods) and not (x.dtype.is_floating or x.dtype.is_complex):
        if not isinstance(y, TensorMethods) or not (y.dtype.is_floating or y.dtype.is_complex):
            if isinstance(y, TensorMethods) and y.dtype is not x.dtype:  # int32 / int64: Paddle's TypeError
                _dt.promote_with_0d(x.dtype, y.dtype, len(x.shape) == 0, len(y.shape) == 0)
            x = cast(x, _dt.float32)
            if isinstance(y, TensorMethods):
                y = cast(y, _dt.float32)
    return write_out(_binary(E.ElementwiseDiv, x, y, "paddle.divide"), out)


def _trunc_divide(x, y):
    """x / y rounded toward zero; integer operands keep their dtype."""
    if isinstance(x, TensorMethods) and x.dtype.is_integer:
        d = x.dtype
        q = divide(cast(x, _dt.float64), cast(as_var(y, x, "paddle.divide"), _dt.float64))
        return cast(apply(Trunc, q), d)
    return apply(Trunc, divide(x, y))


def floor_divide(x, y, name=None):
    """Elementwise floor division.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2, 3, 8, 7])
            >>> y = paddle.to_tensor([1, 5, 3, 3])
            >>> paddle.floor_divide(x, y)
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 0, 2, 2])
    """
    if isinstance(x, TensorMethods) and isinstance(y, _Number) and not isinstance(y, bool):
        # paddle.floor_divide turns a Python number into a 0-D tensor of the default dtype
        # (int64 / float32) before promoting, so int32 // 2 gives int64 and float16 // 2.5 float32;
        # the // operator keeps the tensor's dtype (_floordiv_op).
        d = _dt.int64 if isinstance(y, int) else _dt.default_float()
        y = const_operand(np.asarray(y, dtype=d.np_dtype))
    return _floordiv_op(x, y)


def _floordiv_op(x, y):
    """x // y with Paddle's operator rule: a Python number takes the tensor's dtype."""
    return _binary(E.ElementwiseFloorDiv, x, y, "paddle.floor_divide", "lattice")


def remainder(x, y, name=None):
    """Elementwise modulus with the sign of y (Python's %).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2, 3, 8, 7])
            >>> y = paddle.to_tensor([1, 5, 3, 3])
            >>> paddle.remainder(x, y)
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 3, 2, 1])
    """
    if (isinstance(x, TensorMethods) and x.dtype.is_integer and isinstance(y, float)):
        # paddle.remainder casts a Python float to the integer tensor's dtype (toward zero):
        # int64 tensor mod 2.5 is int64 mod 2; the % operator promotes to float32 (_mod_op)
        y = const_operand(np.asarray(y).astype(x.dtype.np_dtype))
    return _mod_op(x, y)


def _mod_op(x, y):
    """x % y with Paddle's operator rule: an integer tensor and a Python float give float32."""
    return _binary(E.ElementwiseMod, x, y, "paddle.remainder")


mod = remainder
floor_mod = remainder


def maximum(x, y, name=None):
    """Elementwise maximum (NaN propagates).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [7., 8.]])
            >>> y = paddle.to_tensor([[3., 4.], [5., 6.]])
            >>> paddle.maximum(x, y)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 4.],
                    [7., 8.]])
    """
    return _binary(E.ElementwiseMax, x, y, "paddle.maximum", None)


def minimum(x, y, name=None):
    """Elementwise minimum (NaN propagates).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [7., 8.]])
            >>> y = paddle.to_tensor([[3., 4.], [5., 6.]])
            >>> paddle.minimum(x, y)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                    [5., 6.]])
    """
    return _binary(E.ElementwiseMin, x, y, "paddle.minimum", None)


def fmax(x, y, name=None):
    """Elementwise maximum ignoring NaN.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 3., 5.])
            >>> y = paddle.to_tensor([1., float('nan'), float('nan')])
            >>> paddle.fmax(x, y)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 3., 5.])
    """
    return _binary(E.ElementwiseFMax, x, y, "paddle.fmax", None)


def fmin(x, y, name=None):
    """Elementwise minimum ignoring NaN.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 3., 5.])
            >>> y = paddle.to_tensor([1., float('nan'), float('nan')])
            >>> paddle.fmin(x, y)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 3., 5.])
    """
    return _binary(E.ElementwiseFMin, x, y, "paddle.fmin", None)


def pow(x: Tensor, y: Numeric | Tensor, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """x ** y; a Python number y keeps x's dtype (Paddle's pow op), a Tensor y broadcasts.

    Args:
        x (Tensor): The input tensor.
        y (Numeric|Tensor): The exponent: a number or a tensor broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: x raised to the power y, elementwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3], dtype='float32')
            >>> paddle.pow(x, 2)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 4., 9.])
    """
    check_var(x, "paddle.pow")
    if isinstance(y, (int, float, np.number)) and not isinstance(y, np.ndarray):
        return write_out(apply(Pow, x, factor=float(y)), out)
    return write_out(_binary(E.ElementwisePow, x, y, "paddle.pow"), out)


def _pow_op(x, y):
    """x ** y: a float scalar exponent on an integer tensor computes in float; an int one takes Paddle's scalar
    `pow` op (exact integer powers that wrap), as paddle.pow does."""
    if type(y) in _Number and type(y) is not bool:
        if x.dtype.is_floating or (x.dtype.is_integer and isinstance(y, (int, np.integer))):
            return apply(Pow, x, factor=float(y))
        if isinstance(y, float) and not x.dtype.is_complex:
            x = cast(x, _dt.default_float())
            return apply(Pow, x, factor=y)
    return _binary(E.ElementwisePow, x, y, "paddle.pow")


def scale(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """scale * x + bias (or scale * (x + bias) when bias_after_scale is False).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.scale(x, scale=2.0, bias=1.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 5.],
                    [7., 9.]])
    """
    check_var(x, "paddle.scale")
    if isinstance(scale, TensorMethods):
        scale = float(scale.item())
    return apply(Scale, x, scale=float(scale), bias=float(bias), bias_after_scale=bool(bias_after_scale))


# -- operators ---------------------------------------------------------------------------
# exact types: subclasses (SelectedRows) and static Variables take the checks. `type(x) in _EAGER and type(y) in
# _EAGER and x._data.dtype is y._data.dtype` (both eager tensors of one dtype: nothing to convert or promote) is
# written out where it guards the operators' and _binary's fast path: a helper call there costs as much as the test
_EAGER = (Tensor, Parameter)


def _scales(x):
    """Whether x's operators with a Python real number run Paddle's `scale` op: floats, and complex (whose scale
    multiplies by complex(scale, 0): (inf + 0j) + 2 is inf + nan*j in Paddle)."""
    return x.dtype.is_floating or x.dtype.is_complex


def _add_op(x, y):
    if type(x) in _EAGER and type(y) in _EAGER and x._data.dtype is y._data.dtype:
        return apply(E.ElementwiseAdd, x, y, axis=-1)
    if type(y) in _Number and type(y) is not bool and _scales(x):
        return apply(Scale, x, scale=1.0, bias=float(y), bias_after_scale=True)
    return _binary(E.ElementwiseAdd, x, y, "paddle.add")


def _sub_op(x, y):
    if type(x) in _EAGER and type(y) in _EAGER and x._data.dtype is y._data.dtype:
        return apply(E.ElementwiseSub, x, y, axis=-1)
    if type(y) in _Number and _scales(x):
        return apply(Scale, x, scale=1.0, bias=-float(y), bias_after_scale=True)
    return _binary(E.ElementwiseSub, x, y, "paddle.subtract")


def _rsub_op(x, y):
    if type(y) in _Number and _scales(x):
        return apply(Scale, x, scale=-1.0, bias=float(y), bias_after_scale=True)
    return _binary(E.ElementwiseSub, as_var(y, x, "paddle.subtract"), x, "paddle.subtract")


def _mul_op(x, y):
    if type(x) in _EAGER and type(y) in _EAGER and x._data.dtype is y._data.dtype:
        return apply(E.ElementwiseMul, x, y, axis=-1)
    if type(y) in _Number and _scales(x):
        return apply(Scale, x, scale=float(y), bias=0.0, bias_after_scale=True)
    return _binary(E.ElementwiseMul, x, y, "paddle.multiply")


def _rdiv_op(x, y):
    return divide(as_var(y, x, "paddle.divide"), x)


def _rpow_op(x, y):
    return pow(as_var(y, x, "paddle.pow"), x)


def _rfloordiv_op(x, y):
    return _floordiv_op(as_var(y, x, "paddle.floor_divide"), x)


def _rmod_op(x, y):
    return _mod_op(as_var(y, x, "paddle.remainder"), x)


def _neg_op(x):
    return apply(Scale, x, scale=-1.0, bias=0.0, bias_after_scale=True)


# -- binary extras ------------------------------------------------------------------------
def atan2(x, y, name=None):
    """Elementwise arctan(x / y) in (-pi, pi], using the signs of both; integers give float64.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-1, 1, 1, -1]).astype('float32')
            >>> y = paddle.to_tensor([-1, -1, 1, 1]).astype('float32')
            >>> paddle.atan2(x, y)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-2.35619450,  2.35619450,  0.78539819, -0.78539819])
    """
    for v, arg in ((x, "x"), (y, "y")):
        if not isinstance(v, TensorMethods):
            raise TypeError(f"The type of '{arg}' in atan2 must be paddle.Tensor, but received {type_name(v)}.")
    E.broadcast_shape(list(x.shape), list(y.shape), "atan2")
    dx, dy = x.dtype, y.dtype
    d = _dt.promote(dx, dy)  # refuses mixed integers too, before the integer kernel
    if dx.is_integer and dy.is_integer:  # Paddle's integer kernel: atan2f in float32, stored as float64
        return cast(apply(E.Atan2, cast(x, _dt.float32), cast(y, _dt.float32)), _dt.float64)
    if dx is not dy:
        x, y = cast(x, d), cast(y, d)
    return apply(E.Atan2, x, y)


def lerp(x, y, weight, name=None):
    """x + weight * (y - x), broadcasting x, y and weight (a float or a Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(1., 5., dtype='float32')
            >>> y = paddle.empty([4], dtype='float32')
            >>> y.fill_(10.)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [10., 10., 10., 10.])
            >>> paddle.lerp(x, y, 0.5)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [5.50000000, 6.        , 6.50000000, 7.        ])
    """
    x, y, w = _lerp_args(x, y, weight, "lerp")
    return apply(E.Lerp, x, y, w)


def _lerp_args(x, y, weight, api):
    need_tensor(x, api, "x", 0)
    need_tensor(y, api, "y", 1)
    d = x.dtype
    if y.dtype is not d:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({d.name}) does not match the "
            f"type of data ({y.dtype.name}) currently contained in the container.")
    if not d.is_floating:
        raise kernel_error("lerp", d, "float64, float32")
    if isinstance(weight, TensorMethods):
        if weight.dtype is not d:
            raise ValueError(
                f"(InvalidArgument) The type of data we are trying to retrieve ({d.name}) does not match the "
                f"type of data ({weight.dtype.name}) currently contained in the container.")
        return x, y, weight
    if not isinstance(weight, (float, np.floating)):
        raise ValueError(f"(InvalidArgument) {api}(): argument 'weight' (position 2) must be Tensor, but got "
                         f"{type_name(weight)}")
    return x, y, const_operand(np.asarray(weight, dtype=d.np_dtype))


def logaddexp(x, y, name=None):
    """Elementwise log(exp(x) + exp(y)), computed as max(x, y) + log1p(exp(-|x - y|)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-1, -2, -3], 'float64')
            >>> y = paddle.to_tensor([-1], 'float64')
            >>> paddle.logaddexp(x, y)
            Tensor(shape=[3], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [-0.30685282, -0.68673831, -0.87307199])
    """
    for v, arg in ((x, "x"), (y, "y")):
        if not isinstance(v, TensorMethods):
            raise TypeError(f"The type of '{arg}' in logaddexp must be paddle.Tensor, but received {type_name(v)}.")
    soft = _unary.log1p(_unary.exp(-_unary.abs(x - y)))
    top = maximum(x, y)
    if not top.dtype.is_floating and not top.dtype.is_complex:
        top = cast(top, soft.dtype)
    return soft + top


sub = subtract
mul = multiply
div = divide
true_divide = divide


def _same_dtype(x, y):
    """x, y promoted to one dtype (Paddle 3 rules: a TypeError for int/float or int32/int64 mixes)."""
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast(x, d), cast(y, d)
    return x, y


# -- binary extras -------------------------------------------------------------------------
def hypot(x, y, name=None):
    """Elementwise sqrt(x**2 + y**2) (integer tensors give float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.hypot(paddle.to_tensor([3.0]), paddle.to_tensor([4.0]))
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [5.])
    """
    check_var(x, "hypot")
    if not isinstance(y, TensorMethods):
        raise TypeError(f"y must be tensor type, but got {type(y)}")
    from .unary import sqrt
    # Paddle's composite, squares first, each in its own dtype, so a mixed pair promotes only at the add
    # (float64 with float32 squares the float32 side in float32); for complex x, y pow is cpow, not x * x
    return sqrt(pow(x, 2) + pow(y, 2))


def reduce_as(x, target, name=None):
    """Sum x over its broadcast dimensions so that it takes target's shape (bool and int32 sum in int64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3, 4], [5, 6, 7, 8]])
            >>> paddle.reduce_as(x, paddle.to_tensor([1, 2, 3, 4]))
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [6 , 8 , 10, 12])
    """
    need_tensor(x, "reduce_as")
    need_tensor(target, "reduce_as", "target", 1)
    xs, ts = list(x.shape), list(target.shape)
    lead = len(xs) - len(ts)
    bad = lead < 0
    for i, t in enumerate(ts):
        if bad:
            break
        d = xs[i + lead]
        if t != d and t != 1 and -1 not in (t, d):
            bad = True
    if bad:
        raise ValueError(
            "(InvalidArgument) ReduceDims dimension mismatch. Operands could not be broadcast together with the shape "
            f"of in_dims = {xs} and the shape of out_dims = {ts}.")
    # Paddle's kernel sums bool and int32 in int64 but keeps uint8, int8 and int16 (wrapping)
    if x.dtype in (_dt.bool_, _dt.int32):
        x = cast(x, _dt.int64)
    return apply(ReduceAs, x, target)


__all__ = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "mod", "floor_mod", "maximum",
           "minimum", "fmax", "fmin", "pow", "scale", "atan2", "lerp", "logaddexp", "sub", "mul", "div", "true_divide",
           "hypot", "reduce_as"]

METHODS = {"__add__": _add_op, "__radd__": _add_op, "__sub__": _sub_op, "__rsub__": _rsub_op, "__mul__": _mul_op,
           "__rmul__": _mul_op, "__truediv__": divide, "__rtruediv__": _rdiv_op, "__floordiv__": _floordiv_op,
           "__rfloordiv__": _rfloordiv_op, "__mod__": _mod_op, "__rmod__": _rmod_op, "__pow__": _pow_op,
           "__rpow__": _rpow_op, "__neg__": _neg_op, "add": add, "subtract": subtract, "multiply": multiply,
           "divide": divide, "floor_divide": floor_divide, "remainder": remainder, "mod": mod, "floor_mod": floor_mod,
           "maximum": maximum, "minimum": minimum, "fmax": fmax, "fmin": fmin, "pow": pow, "scale": scale,
           "atan2": atan2, "lerp": lerp, "logaddexp": logaddexp, "sub": sub, "mul": mul, "div": div,
           "true_divide": true_divide, "hypot": hypot, "reduce_as": reduce_as}
