"""In-place math: paddle.exp_-style unary forms, x.add_()-style binary forms, clip_, lerp_ (addmm_ sits
beside addmm in matmul_add.py)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply_inplace, building_program, known_value
from ..._core.methods import TensorMethods
from ..._core.mode import STATE
from ..._core.tensor import Tensor
from ...ops.creation.fill import Cast
from ...ops.math import elementwise as E, unary as U
from ...ops._through_float import to_int
from ...ops.math.unary import Pow, Scale
from .._check import check_inplace_shape, check_var, kernel_error, need_tensor, type_name
from .._operand import as_var, cast
from .unary import _I32_64, _SMALL_INTS, _clip_args, _int_arg, _nan_to_num_attrs


def _inplace(op_cls, x, api, kernel=None, ints=(), int_to_float=False, **attrs):
    """In-place form: ints in `ints` keep their dtype; int32/int64 become float32 for the
    exp/log family (int_to_float); other non-float dtypes are rejected."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    d = x.dtype
    if not (d.is_floating or d.is_complex or d in ints):
        if not (int_to_float and d in _I32_64):
            raise kernel_error(kernel or api, d)
        apply_inplace(Cast, x, in_dtype=d.proto, out_dtype=5)
    return apply_inplace(op_cls, x, **attrs)


# -- unary --------------------------------------------------------------------------------
def _inplace_doc(x, fn, call, values):
    """Docstring of an in-place function: what it does and a worked example on the float64 tensor x (a list text)."""
    return (f"In-place version of {fn}: writes the result into x and returns x.\n\n    Examples:\n"
            "        .. code-block:: python\n\n            >>> import paddle\n"
            f"            >>> x = paddle.to_tensor({x}, dtype='float64')\n"
            f"            >>> _ = {call}\n            >>> x\n"
            "            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,\n"
            f"                   [{values}])\n")


def exp_(x, name=None):
    return _inplace(U.Exp, x, "exp_", "exp", int_to_float=True)


def expm1_(x, name=None):
    return _inplace(U.Expm1, x, "expm1_", "expm1", int_to_float=True)


def log_(x, name=None):
    return _inplace(U.Log, x, "log_", "log", int_to_float=True)


def log2_(x, name=None):
    return _inplace(U.Log2, x, "log2_", "log2", int_to_float=True)


def log10_(x, name=None):
    return _inplace(U.Log10, x, "log10_", "log10", int_to_float=True)


def log1p_(x, name=None):
    return _inplace(U.Log1p, x, "log1p_", "log1p", int_to_float=True)


def sqrt_(x, name=None):
    return _inplace(U.Sqrt, x, "sqrt_", "sqrt")


def rsqrt_(x, name=None):
    return _inplace(U.Rsqrt, x, "rsqrt_", "rsqrt")


def reciprocal_(x, name=None):
    return _inplace(U.Reciprocal, x, "reciprocal_", "reciprocal")


def square_(x, name=None):
    return _inplace(U.Square, x, "square_", "square", _I32_64)


def abs_(x, name=None):
    return _inplace(U.Abs, x, "abs_", "abs", _I32_64)


def floor_(x, name=None):
    return _inplace(U.Floor, x, "floor_", "floor", _SMALL_INTS)


def ceil_(x, name=None):
    return _inplace(U.Ceil, x, "ceil_", "ceil", _SMALL_INTS)


def round_(x, decimals=0, name=None):
    return _inplace(U.Round, x, "round_", "round", _I32_64, decimals=_int_arg(decimals, "round_", "decimals"))


def trunc_(input, name=None):  # noqa: A002
    return _inplace(U.Trunc, input, "trunc_", "trunc", _I32_64)


def neg_(x, name=None):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in neg_ must be paddle.Tensor, but received {type_name(x)}.")
    return apply_inplace(U.Scale, x, scale=-1.0, bias=0.0, bias_after_scale=True)


def sin_(x, name=None):
    return _inplace(U.Sin, x, "sin_", "sin")


def cos_(x, name=None):
    return _inplace(U.Cos, x, "cos_", "cos")


def tan_(x, name=None):
    return _inplace(U.Tan, x, "tan_", "tan")


def asin_(x, name=None):
    return _inplace(U.Asin, x, "asin_", "asin")


def acos_(x, name=None):
    return _inplace(U.Acos, x, "acos_", "acos")


def atan_(x, name=None):
    return _inplace(U.Atan, x, "atan_", "atan")


def sinh_(x, name=None):
    return _inplace(U.Sinh, x, "sinh_", "sinh")


def cosh_(x, name=None):
    return _inplace(U.Cosh, x, "cosh_", "cosh")


def tanh_(x, name=None):
    return _inplace(U.Tanh, x, "tanh_", "tanh")


def acosh_(x, name=None):
    return _inplace(U.Acosh, x, "acosh", "acosh")


def asinh_(x, name=None):
    return _inplace(U.Asinh, x, "asinh", "asinh")


def atanh_(x, name=None):
    return _inplace(U.Atanh, x, "atanh", "atanh")


def sigmoid_(x, name=None):
    return _inplace(U.Sigmoid, x, "sigmoid_", "sigmoid")


def erf_(x, name=None):
    return _inplace(U.Erf, x, "erf_", "erf")


def nan_to_num_(x, nan=0.0, posinf=None, neginf=None, name=None):
    return apply_inplace(U.NanToNum, x, **_nan_to_num_attrs(x, nan, posinf, neginf, "nan_to_num_"))


def clip_(x, min=None, max=None, name=None):  # noqa: A002
    """In-place clip.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 5.0, 9.0])
            >>> _ = x.clip_(2.0, 6.0)
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 5., 6.])
    """
    # Paddle's clip_ fills a missing bound with -+FLT_MAX whatever x's dtype (float64 values beyond float32's range
    # are clipped), and its kernel converts a float bound to an integer x's dtype as C++ does (ops/_through_float):
    # 3.5 becomes 3 and FLT_MAX INT_MIN, so clip_() fills an int32 tensor with INT_MIN and clip_(0) raises
    lo = -_FLT_MAX if min is None else min
    hi = _FLT_MAX if max is None else max
    if isinstance(x, TensorMethods) and x.dtype.is_integer:
        lo, hi = (int(to_int(np, np.asarray(v, np.float64), x.dtype.np_dtype)) if isinstance(v, float) else v
                  for v in (lo, hi))
    x2, tl, th, attrs = _clip_args(x, lo, hi, "clip_")
    return apply_inplace(U.Clip, x, tl, th, **attrs)


_FLT_MAX = float(np.finfo(np.float32).max)


_INPLACE = {
    "exp_": exp_, "expm1_": expm1_, "log_": log_, "log2_": log2_, "log10_": log10_, "log1p_": log1p_,
    "sqrt_": sqrt_, "rsqrt_": rsqrt_, "reciprocal_": reciprocal_, "square_": square_, "abs_": abs_,
    "floor_": floor_, "ceil_": ceil_, "round_": round_, "trunc_": trunc_, "neg_": neg_, "sin_": sin_,
    "cos_": cos_, "tan_": tan_, "asin_": asin_, "acos_": acos_, "atan_": atan_, "sinh_": sinh_,
    "cosh_": cosh_, "tanh_": tanh_, "sigmoid_": sigmoid_, "erf_": erf_, "nan_to_num_": nan_to_num_,
    "clip_": clip_, "acosh_": acosh_, "asinh_": asinh_, "atanh_": atanh_,
}
_INPLACE_EXAMPLES = {  # name: (call, printed result for x = [0.5, 0.25])
    "exp_": ("x.exp_()", "1.64872127, 1.28402542"), "expm1_": ("paddle.expm1_(x)", "0.64872127, 0.28402542"),
    "log_": ("paddle.log_(x)", "-0.69314718, -1.38629436"), "log2_": ("paddle.log2_(x)", "-1., -2."),
    "log10_": ("paddle.log10_(x)", "-0.30103000, -0.60205999"),
    "log1p_": ("paddle.log1p_(x)", "0.40546511, 0.22314355"), "sqrt_": ("x.sqrt_()", "0.70710678, 0.50000000"),
    "rsqrt_": ("x.rsqrt_()", "1.41421356, 2.        "), "reciprocal_": ("x.reciprocal_()", "2., 4."),
    "square_": ("paddle.square_(x)", "0.25000000, 0.06250000"), "abs_": ("paddle.abs_(x)", "0.50000000, 0.25000000"),
    "floor_": ("x.floor_()", "0., 0."), "ceil_": ("x.ceil_()", "1., 1."), "round_": ("x.round_()", "0., 0."),
    "trunc_": ("paddle.trunc_(x)", "0., 0."), "neg_": ("paddle.neg_(x)", "-0.50000000, -0.25000000"),
    "sin_": ("paddle.sin_(x)", "0.47942554, 0.24740396"), "cos_": ("paddle.cos_(x)", "0.87758256, 0.96891242"),
    "tan_": ("paddle.tan_(x)", "0.54630249, 0.25534192"), "asin_": ("paddle.asin_(x)", "0.52359878, 0.25268026"),
    "acos_": ("paddle.acos_(x)", "1.04719755, 1.31811607"), "atan_": ("paddle.atan_(x)", "0.46364761, 0.24497866"),
    "sinh_": ("paddle.sinh_(x)", "0.52109531, 0.25261232"), "cosh_": ("paddle.cosh_(x)", "1.12762597, 1.03141310"),
    "tanh_": ("paddle.tanh_(x)", "0.46211716, 0.24491866"), "sigmoid_": ("x.sigmoid_()", "0.62245933, 0.56217650"),
    "erf_": ("paddle.erf_(x)", "0.52049988, 0.27632639"),
    "asinh_": ("paddle.asinh_(x)", "0.48121183, 0.24746646"),
    "atanh_": ("x.atanh_()", "0.54930614, 0.25541281"),
    "nan_to_num_": ("paddle.nan_to_num_(x)", "0.50000000, 0.25000000"),
}
for _n, (_call, _vals) in _INPLACE_EXAMPLES.items():
    _INPLACE[_n].__doc__ = _inplace_doc("[0.5, 0.25]", _n[:-1], _call, _vals)
acosh_.__doc__ = _inplace_doc("[1.5, 2.0]", "acosh", "paddle.acosh_(x)", "0.96242365, 1.31695790")


# -- binary -------------------------------------------------------------------------------
def _inplace_binary(op_cls, x, y, api):
    """x op= y: y broadcasts to x's shape; a promoted dtype is taken on by x, as in Paddle."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    y = as_var(y, x, api)
    dx, dy = x.dtype, y.dtype
    if dx is not dy:
        d = _dt.promote(dx, dy)
        if dy is not d:
            y = cast(y, d)
        if dx is not d:
            apply_inplace(Cast, x, in_dtype=dx.proto, out_dtype=d.proto)
    check_inplace_shape(x, E.broadcast_shape(list(x.shape), list(y.shape), op_cls.type))
    return apply_inplace(op_cls, x, y, axis=-1)


def add_(x, y, name=None, *, alpha=1):
    """In-place x + alpha * y (the result must keep x's shape).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0])
            >>> _ = x.add_(paddle.to_tensor([3.0, 4.0]))
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 6.])
    """
    if alpha != 1:
        from .elementwise import _alpha_scaled
        y = _alpha_scaled(y, alpha, x)
    return _inplace_binary(E.ElementwiseAdd, x, y, "add_")


def subtract_(x, y, name=None, *, alpha=1):
    """In-place x - alpha * y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([5., 6.])
            >>> _ = paddle.subtract_(x, paddle.to_tensor([1., 2.]))
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 4.])
    """
    if alpha != 1:
        from .elementwise import _alpha_scaled
        y = _alpha_scaled(y, alpha, x)
    return _inplace_binary(E.ElementwiseSub, x, y, "subtract_")


def multiply_(x, y, name=None):
    """In-place x * y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([5., 6.])
            >>> _ = paddle.multiply_(x, paddle.to_tensor([2., 3.]))
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [10., 18.])
    """
    return _inplace_binary(E.ElementwiseMul, x, y, "multiply_")


def divide_(x, y, name=None, *, rounding_mode=None):
    """In-place division (integer x becomes float32 unless rounding_mode is given).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([5., 6.])
            >>> _ = paddle.divide_(x, paddle.to_tensor([2., 4.]))
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2.50000000, 1.50000000])
    """
    if rounding_mode is not None:
        if rounding_mode == "floor":
            return _inplace_binary(E.ElementwiseFloorDiv, x, y, "divide_")
        if rounding_mode != "trunc":
            raise ValueError(f"div_ expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
                             f"{rounding_mode}.")
        from .elementwise import _trunc_divide
        return _assign_into(x, _trunc_divide(_snapshot_if_needed(x), y), "divide_")
    if isinstance(x, TensorMethods) and not (x.dtype.is_floating or x.dtype.is_complex):
        if not isinstance(y, TensorMethods) or not (y.dtype.is_floating or y.dtype.is_complex):
            if isinstance(y, TensorMethods):
                _dt.promote(x.dtype, y.dtype)  # Paddle refuses int64 / int32 before casting x
            apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=_dt.float32.proto)
            if isinstance(y, TensorMethods):
                y = cast(y, _dt.float32)
    return _inplace_binary(E.ElementwiseDiv, x, y, "divide_")


def floor_divide_(x, y, name=None):
    """In-place floor division.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([5, 6])
            >>> _ = paddle.floor_divide_(x, paddle.to_tensor([2, 4]))
            >>> x
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 1])
    """
    return _inplace_binary(E.ElementwiseFloorDiv, x, y, "floor_divide_")


def remainder_(x, y, name=None):
    """In-place modulus with the sign of y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([5, 6])
            >>> _ = paddle.remainder_(x, paddle.to_tensor([2, 4]))
            >>> x
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2])
    """
    return _inplace_binary(E.ElementwiseMod, x, y, "remainder_")


def pow_(x, y, name=None):
    """In-place x ** y for a Python number y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 3.])
            >>> _ = paddle.pow_(x, 2)
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4., 9.])
    """
    if isinstance(y, TensorMethods) or not isinstance(y, (int, float, np.number)):
        raise TypeError(f"y must be scalar type, but received: {type(y)} ")
    check_var(x, "pow_")
    return apply_inplace(Pow, x, factor=float(y))


def scale_(x, scale=1.0, bias=0.0, bias_after_scale=True, act=None, name=None):
    """In-place scale * x + bias.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 3.])
            >>> _ = x.scale_(2.0, 1.0)
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [5., 7.])
    """
    check_var(x, "scale_")
    if isinstance(scale, TensorMethods):
        scale = float(scale.item())
    return apply_inplace(Scale, x, scale=float(scale), bias=float(bias), bias_after_scale=bool(bias_after_scale))


def lerp_(x, y, weight, name=None):
    """In-place lerp: x + weight * (y - x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 4.])
            >>> _ = x.lerp_(paddle.to_tensor([4., 8.]), 0.5)
            >>> x
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 6.])
    """
    from .elementwise import _lerp_args
    x2, y, w = _lerp_args(x, y, weight, "lerp_")
    if x2 is not x:
        apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=x2.dtype.proto)
    check_inplace_shape(x, E.broadcast_shape(E.broadcast_shape(list(x.shape), list(y.shape)), list(w.shape)))
    return apply_inplace(E.Lerp, x, y, w)


def _snapshot_if_needed(t):
    """A handle on t's current value for a composite in-place op (so t's later rebinding does not
    invalidate what the composite saved for backward)."""
    if not isinstance(t, Tensor) or known_value(t) is None:
        return t
    old = Tensor._make(t._data, t.stop_gradient, t._node, t._idx, t._place)
    old._version = t._version
    return old


def _assign_into(target, res, api):
    """Make `target` hold `res` (the result of a composite in-place op), as apply_inplace does."""
    if building_program():  # a Program wires res to target's variable by name
        target._rebind_static(res)
        return target
    if STATE.grad_enabled and not target.stop_gradient and target._node is None:
        raise ValueError(f"(InvalidArgument) Leaf Var ({target.name}) that doesn't stop gradient can't use "
                         "inplace strategy.")
    target._data = res._data
    target._node, target._idx, target.stop_gradient = res._node, res._idx, res.stop_gradient
    target._version += 1
    return target


sub_ = subtract_
div_ = divide_
mod_ = remainder_
floor_mod_ = remainder_


__all__ = ["abs_", "acos_", "acosh_", "asin_", "asinh_", "atanh_", "atan_", "cos_", "cosh_", "erf_", "expm1_",
           "log_", "log2_", "log10_", "log1p_",
           "nan_to_num_", "neg_", "sin_", "sinh_", "square_", "tan_", "tanh_", "trunc_", "divide_", "div_",
           "floor_divide_", "floor_mod_", "mod_", "multiply_", "pow_", "remainder_", "sub_", "subtract_"]

METHODS = {"exp_": exp_, "log_": log_, "log2_": log2_, "log10_": log10_, "log1p_": log1p_, "sqrt_": sqrt_,
           "rsqrt_": rsqrt_, "reciprocal_": reciprocal_, "square_": square_, "abs_": abs_, "floor_": floor_,
           "ceil_": ceil_, "round_": round_, "trunc_": trunc_, "neg_": neg_, "sin_": sin_, "cos_": cos_, "tan_": tan_,
           "asin_": asin_, "acos_": acos_, "atan_": atan_, "sinh_": sinh_, "cosh_": cosh_, "tanh_": tanh_,
           "acosh_": acosh_, "asinh_": asinh_, "atanh_": atanh_, "sigmoid_": sigmoid_, "nan_to_num_": nan_to_num_,
           "clip_": clip_, "clamp_": clip_, "add_": add_,
           "subtract_": subtract_, "sub_": sub_, "multiply_": multiply_, "mul_": multiply_, "divide_": divide_,
           "div_": div_, "floor_divide_": floor_divide_, "remainder_": remainder_, "mod_": mod_,
           "floor_mod_": floor_mod_, "pow_": pow_, "scale_": scale_, "lerp_": lerp_}
