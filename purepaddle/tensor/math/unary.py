"""Unary math: abs, exp, log, sin, acosh, sigmoid, clip, sgn, isposinf, conj, angle, real, imag, frac, sinc,
rad2deg, ... (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import inspect
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, known_value
from ..._core.methods import TensorMethods
from ..._core.mode import no_grad
from ...ops import logic as L
from ...ops.creation.fill import Cast, FillAnyLike
from ...ops.math import unary as U
from ...ops.manipulation.views import AsComplex, AsReal
from ...ops.math.unary import Angle, Conj
from ...ops.search.select import Where
from .._check import _KERNELS, check_var, kernel_error, need_tensor, type_name, write_out
from .._operand import cast


_I32_64 = (_dt.int32, _dt.int64)
_SMALL_INTS = (_dt.int8, _dt.int16, _dt.int32, _dt.int64, _dt.uint8)
for _k, _same in (("expm1", "exp"), ("log2", "log"), ("log10", "log"), ("log1p", "log"), ("ceil", "floor"),
                  ("isfinite", "isnan")):
    _KERNELS[_k] = _KERNELS[_same]


def _float_op(op_cls, x, api, kernel=None, out=None):
    """A floating-point op: integer inputs are cast to float32 first (Paddle's autocast)."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    d = x.dtype
    if not (d.is_floating or d.is_complex):
        if d is _dt.bool_:
            raise kernel_error(kernel or api, d)
        x = apply(Cast, x, in_dtype=d.proto, out_dtype=5)
    res = apply(op_cls, x)
    return res if out is None else write_out(res, out)


def _int_kernel_op(op_cls, x, api, kernel, out=None):
    """exp/log family: int32/int64 run (giving float32); other integer types are rejected."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    d = x.dtype
    if not (d.is_floating or d.is_complex):
        if d not in _I32_64:
            raise kernel_error(kernel, d)
        x = apply(Cast, x, in_dtype=d.proto, out_dtype=5)
    res = apply(op_cls, x)
    return res if out is None else write_out(res, out)


def _same_dtype_op(op_cls, x, api, kernel, ints, out=None, arg="x", **attrs):
    """An op defined on integers too (abs, floor, ...): the dtype is kept."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api, arg)
    d = x.dtype
    if not (d.is_floating or d.is_complex or d in ints):
        raise kernel_error(kernel, d)
    res = apply(op_cls, x, **attrs)
    return res if out is None else write_out(res, out)


# -- sign and rounding --------------------------------------------------------------------
def abs(x, name=None, *, out=None):  # noqa: A001
    """Elementwise absolute value (complex inputs give their modulus).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> paddle.abs(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.40000001, 0.20000000, 0.10000000, 0.30000001])
    """
    return _same_dtype_op(U.Abs, x, "abs", "abs", _I32_64, out)


def sign(x, name=None, *, out=None):
    """Elementwise sign: -1, 0 or 1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sign(paddle.to_tensor([3.0, 0.0, -2.0, 1.7]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1.,  0., -1.,  1.])
    """
    return _same_dtype_op(U.Sign, x, "sign", "sign", _SMALL_INTS, out)


def floor(x, name=None, *, out=None):
    """Elementwise largest integer not greater than x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.floor(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1., -1.,  0.,  0.])
    """
    return _same_dtype_op(U.Floor, x, "floor", "floor", _SMALL_INTS, out)


def ceil(x, name=None, *, out=None):
    """Elementwise smallest integer not less than x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ceil(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0., -0., 1. , 1. ])
    """
    return _same_dtype_op(U.Ceil, x, "ceil", "ceil", _SMALL_INTS, out)


def round(x, decimals=0, name=None, *, out=None):  # noqa: A001
    """Round half to even, to `decimals` decimal places.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.round(paddle.to_tensor([-0.5, -0.2, 0.6, 1.5]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0., -0., 1. , 2. ])
    """
    return _same_dtype_op(U.Round, x, "round", "round", _I32_64, out, decimals=_int_arg(decimals, "round", "decimals"))


def trunc(input, name=None):  # noqa: A002
    """Elementwise integer part (rounding toward zero).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.trunc(paddle.to_tensor([[0.1, 1.5], [-0.2, -2.4]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0.,  1.],
                    [-0., -2.]])
    """
    return _same_dtype_op(U.Trunc, input, "trunc", "trunc", _I32_64, arg="input")


def neg(x, name=None):
    """Elementwise -x (Paddle writes it as a scale op).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.neg(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0.40000001,  0.20000000, -0.10000000, -0.30000001])
    """
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in neg must be paddle.Tensor, but received {type_name(x)}.")
    return apply(U.Scale, x, scale=-1.0, bias=0.0, bias_after_scale=True)


def _int_arg(v, api, arg):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise TypeError(f"(InvalidType) {api}(): argument '{arg}' must be int, but got {type_name(v)}")
    return int(v)


# -- exponentials and logarithms ----------------------------------------------------------
def exp(x, name=None, *, out=None):
    """Elementwise e ** x (int32/int64 inputs give float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.exp(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.67032003, 0.81873077, 1.10517097, 1.34985888])
    """
    return _int_kernel_op(U.Exp, x, "exp", "exp", out)


def expm1(x, name=None, *, out=None):
    """Elementwise e ** x - 1, accurate near zero.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.expm1(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.32967997, -0.18126924,  0.10517092,  0.34985882])
    """
    return _int_kernel_op(U.Expm1, x, "expm1", "expm1", out)


def log(x, name=None, *, out=None):
    """Elementwise natural logarithm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.log(paddle.to_tensor([1.0, 2.0, 3.0]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.69314718, 1.09861231])
    """
    return _int_kernel_op(U.Log, x, "log", "log", out)


def log2(x, name=None, *, out=None):
    """Elementwise base-2 logarithm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.log2(paddle.to_tensor([1.0, 2.0, 8.0]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 1., 3.])
    """
    return _int_kernel_op(U.Log2, x, "log2", "log2", out)


def log10(x, name=None, *, out=None):
    """Elementwise base-10 logarithm.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.log10(paddle.to_tensor([1.0, 10.0, 100.0]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 1., 2.])
    """
    return _int_kernel_op(U.Log10, x, "log10", "log10", out)


def log1p(x, name=None, *, out=None):
    """Elementwise log(1 + x), accurate near zero.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.log1p(paddle.to_tensor([0.0, 1.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.69314718])
    """
    return _int_kernel_op(U.Log1p, x, "log1p", "log1p", out)


# -- powers -------------------------------------------------------------------------------
def sqrt(x, name=None, *, out=None):
    """Elementwise square root (integers are cast to float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sqrt(paddle.to_tensor([0.1, 0.2, 0.3, 0.4]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.31622776, 0.44721359, 0.54772258, 0.63245553])
    """
    return _float_op(U.Sqrt, x, "sqrt", out=out)


def rsqrt(x, name=None, *, out=None):
    """Elementwise 1 / sqrt(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.rsqrt(paddle.to_tensor([0.1, 0.2, 0.3, 0.4]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3.16227770, 2.23606801, 1.82574177, 1.58113885])
    """
    return _float_op(U.Rsqrt, x, "rsqrt", out=out)


def square(x: Tensor, name: str | None = None) -> Tensor:
    """Elementwise x * x (integers keep their dtype).

    Args:
        x (Tensor): The input tensor.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: x * x, elementwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.square(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.16000001, 0.04000000, 0.01000000, 0.09000000])
    """
    return _same_dtype_op(U.Square, x, "square", "square", _I32_64)


def reciprocal(x, name=None):
    """Elementwise 1 / x (integers are cast to float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.reciprocal(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-2.50000000, -5.        ,  10.       ,  3.33333325])
    """
    return _float_op(U.Reciprocal, x, "reciprocal")


# -- trigonometric and hyperbolic ---------------------------------------------------------
def _trig_doc(fn, values):
    """Docstring of a trigonometric function: a one-line summary, Args, Returns and a worked example."""
    has_out = "out" in inspect.signature(globals()[fn]).parameters
    out = ("        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. "
           "Default: None.\n" if has_out else "")
    return (f"Elementwise {fn} (integers are cast to float32).\n\n"
            "    Args:\n        x (Tensor): The input tensor.\n"
            "        name (str|None, optional): A name for the operation (debugging output only). Default: None.\n"
            f"{out}\n    Returns:\n        Tensor: the {fn} of `x`, elementwise, with the same shape.\n\n"
            "    Examples:\n        .. code-block:: python\n\n"
            f"            >>> import paddle\n            >>> paddle.{fn}(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))\n"
            "            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
            f"                   [{values}])\n")


def sin(x: Tensor, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    return _float_op(U.Sin, x, "sin", out=out)


def cos(x, name=None, *, out=None):
    return _float_op(U.Cos, x, "cos", out=out)


def tan(x, name=None):
    return _float_op(U.Tan, x, "tan")


def asin(x, name=None):
    return _float_op(U.Asin, x, "asin")


def acos(x, name=None, *, out=None):
    return _float_op(U.Acos, x, "acos", out=out)


def atan(x, name=None):
    return _float_op(U.Atan, x, "atan")


def sinh(x, name=None, *, out=None):
    return _float_op(U.Sinh, x, "sinh", out=out)


def cosh(x, name=None, *, out=None):
    return _float_op(U.Cosh, x, "cosh", out=out)


def tanh(x: Tensor, name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    return _float_op(U.Tanh, x, "tanh", out=out)


sin.__doc__ = _trig_doc("sin", "-0.38941836, -0.19866933,  0.09983342,  0.29552022")
cos.__doc__ = _trig_doc("cos", "0.92106104, 0.98006654, 0.99500418, 0.95533657")
tan.__doc__ = _trig_doc("tan", "-0.42279324, -0.20271003,  0.10033467,  0.30933627")
asin.__doc__ = _trig_doc("asin", "-0.41151685, -0.20135793,  0.10016742,  0.30469266")
acos.__doc__ = _trig_doc("acos", "1.98231316, 1.77215421, 1.47062886, 1.26610363")
atan.__doc__ = _trig_doc("atan", "-0.38050640, -0.19739556,  0.09966865,  0.29145682")
sinh.__doc__ = _trig_doc("sinh", "-0.41075233, -0.20133601,  0.10016675,  0.30452031")
cosh.__doc__ = _trig_doc("cosh", "1.08107233, 1.02006674, 1.00500417, 1.04533851")
tanh.__doc__ = _trig_doc("tanh", "-0.37994900, -0.19737528,  0.09966799,  0.29131261")


def acosh(x, name=None, *, out=None):
    """Elementwise inverse hyperbolic cosine (integers are cast to float32; NaN below 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.acosh(paddle.to_tensor([1.0, 3.0, 4.0, 5.0]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 1.76274717, 2.06343699, 2.29243159])
    """
    return _float_op(U.Acosh, x, "acosh", out=out)


def asinh(x, name=None):
    return _float_op(U.Asinh, x, "asinh")


def atanh(x, name=None, *, out=None):
    return _float_op(U.Atanh, x, "atanh", out=out)


asinh.__doc__ = _trig_doc("asinh", "-0.39003533, -0.19869010,  0.09983408,  0.29567307")
atanh.__doc__ = _trig_doc("atanh", "-0.42364895, -0.20273255,  0.10033534,  0.30951962")


def sigmoid(x, name=None, *, out=None):
    """Elementwise 1 / (1 + exp(-x)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sigmoid(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.40131235, 0.45016602, 0.52497917, 0.57444251])
    """
    return _float_op(U.Sigmoid, x, "sigmoid", out=out)


def erf(x, name=None):
    """Elementwise Gauss error function.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.erf(paddle.to_tensor([-0.4, -0.2, 0.1, 0.3]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.42839241, -0.22270259,  0.11246292,  0.32862678])
    """
    return _float_op(U.Erf, x, "erf", "erf")


# -- special values -----------------------------------------------------------------------
def _predicate(op_cls, x, api):
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    if x.dtype is _dt.bool_:
        raise kernel_error(api, x.dtype)
    return apply(op_cls, x)


def isnan(x, name=None):
    """Elementwise test for NaN (a bool tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.isnan(paddle.to_tensor([float('-inf'), -2, 3.6, float('inf'), 0, float('nan')]))
            Tensor(shape=[6], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, False, False, False, False, True ])
    """
    return _predicate(U.IsNan, x, "isnan")


def isinf(x, name=None):
    """Elementwise test for +inf or -inf (a bool tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.isinf(paddle.to_tensor([float('-inf'), -2, 3.6, float('inf'), 0, float('nan')]))
            Tensor(shape=[6], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False, False, True , False, False])
    """
    return _predicate(U.IsInf, x, "isinf")


def isfinite(x, name=None):
    """Elementwise test for values that are neither infinite nor NaN (a bool tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.isfinite(paddle.to_tensor([float('-inf'), -2, 3.6, float('inf'), 0, float('nan')]))
            Tensor(shape=[6], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True , True , False, True , False])
    """
    return _predicate(U.IsFinite, x, "isfinite")


def _nan_to_num_attrs(x, nan, posinf, neginf, api):
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    d = x.dtype
    if d not in (_dt.float32, _dt.float64):  # Paddle asserts this in Python, before its kernel
        raise AssertionError(f"{api} only supports float32 and float64 tensors, but received {d.name}")
    info = _dt.float_info(d)
    return {"nan": float(nan), "posinf": float(info.max) if posinf is None else float(posinf),
            "neginf": float(info.min) if neginf is None else float(neginf)}


def nan_to_num(x, nan=0.0, posinf=None, neginf=None, name=None):
    """Replace NaN by `nan` and +/-inf by `posinf`/`neginf` (default: the dtype's extreme finite values).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([float('nan'), 0.3, float('+inf'), float('-inf')], dtype='float32')
            >>> paddle.nan_to_num(x, posinf=10.0, neginf=-10.0)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0.        ,  0.30000001,  10.       , -10.       ])
    """
    return apply(U.NanToNum, x, **_nan_to_num_attrs(x, nan, posinf, neginf, "nan_to_num"))


# -- clip and increment -------------------------------------------------------------------
def _default_bounds(d):
    """paddle.clip's bounds for a missing min/max: Paddle's, which stop short of the top of int32 (by 2**7) and
    int64 (by 2**39); bfloat16 takes float32's."""
    if d.is_integer:
        info = np.iinfo(d.np_dtype)
        return int(info.min), int(info.max) - (2 ** 39 if d is _dt.int64 else 2 ** 7)
    info = _dt.float_info(_dt.float32 if d is _dt.bfloat16 else d)
    return float(info.min), float(info.max)


_CLIP_DTYPES = (_dt.float16, _dt.bfloat16, _dt.float32, _dt.float64, _dt.int32, _dt.int64)
_CLIP_BOUNDS = {d: _default_bounds(d) for d in _CLIP_DTYPES}
_BOUND_TYPES = (int, float, np.number, TensorMethods)


def _clip_args(x, lo, hi, api):
    """Check clip's operands: (x maybe cast to float32, Min tensor, Max tensor, attrs)."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in {api} must be paddle.Tensor, but received {type_name(x)}.")
    d = x.dtype
    bounds = _CLIP_BOUNDS.get(d)
    if bounds is None:
        raise kernel_error("clip", d)
    for v, arg in ((lo, "min"), (hi, "max")):
        if v is not None and not isinstance(v, _BOUND_TYPES):
            raise TypeError(f"The type of '{arg}' in {api} must be (float, int, Tensor), but received {type_name(v)}.")
    if d.is_integer and known_value(x) is not None:
        lo = lo.item() if isinstance(lo, TensorMethods) else lo
        hi = hi.item() if isinstance(hi, TensorMethods) else hi
        if isinstance(lo, float) or isinstance(hi, float):
            x = cast(x, _dt.float32)
            bounds = _CLIP_BOUNDS[_dt.float32]
    tl = th = None
    vmin, vmax = bounds
    if isinstance(lo, TensorMethods):
        tl = _bound(lo)
    elif lo is not None:
        vmin = lo if d.is_integer and isinstance(lo, int) else float(lo)  # int64 bounds stay exact
    if isinstance(hi, TensorMethods):
        th = _bound(hi)
    elif hi is not None:
        vmax = hi if d.is_integer and isinstance(hi, int) else float(hi)  # int64 bounds stay exact
    if vmin > vmax and tl is None and th is None:
        raise ValueError(
            "(InvalidArgument) max should be greater than or equal to min. But received "
            f"min = {vmin:f}, max = {vmax:f}")
    return x, tl, th, {"min": vmin, "max": vmax}


def _bound(t):
    """A Tensor clip bound: one element, no gradient (Paddle converts it to a scalar)."""
    if known_value(t) is not None and t.size != 1:
        raise ValueError(
            "(InvalidArgument) The Scalar only supports Tensor with 1 element, but now Tensor has "
            f"`{t.size}` elements")
    return t.detach() if known_value(t) is not None else t


def clip(x: Tensor, min: float | Tensor | None = None, max: float | Tensor | None = None,  # noqa: A002
         name: str | None = None, *, out: Tensor | None = None) -> Tensor:
    """Clamp every element into [min, max]; the bounds are numbers or 1-element Tensors.

    Args:
        x (Tensor): The input tensor.
        min (float|Tensor|None, optional): The lower bound; None for none. Default: None.
        max (float|Tensor|None, optional): The upper bound; None for none. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: `x` with its values limited to [min, max].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.2, 3.5], [4.5, 6.4]], dtype='float32')
            >>> paddle.clip(x, min=3.5, max=5.0)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3.50000000, 3.50000000],
                    [4.50000000, 5.        ]])
    """
    x, tl, th, attrs = _clip_args(x, min, max, "clip")
    return write_out(apply(U.Clip, x, tl, th, **attrs), out)


def increment(x, value=1.0, name=None):
    """Add `value` to a one-element tensor in place and return it (a loop counter).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> data = paddle.zeros(shape=[1], dtype='float32')
            >>> paddle.increment(data)
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.])
    """
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'x' in increment must be paddle.Tensor, but received {type_name(x)}.")
    if known_value(x) is not None and x.size > 1:  # Paddle's check lets an empty tensor through (it stays empty)
        raise ValueError(
            f"(InvalidArgument) The number of elements in Input(X) should be 1.Now the number is {x.size}.")
    if known_value(x) is not None and not x.stop_gradient and x._node is None:
        # Paddle's increment writes a leaf that needs grad without the in-place check and records nothing:
        # x stays a leaf, and gradients reaching the result reach x unchanged
        with no_grad():
            return apply_inplace(U.Increment, x, step=float(value))
    return apply_inplace(U.Increment, x, step=float(value))


clamp = clip


def negative(x, name=None):
    """Elementwise -x, as paddle.neg, except that a bool tensor is refused (paddle.neg returns it unchanged).

    Args:
        x (Tensor): A numeric tensor.
        name (str, optional): Unused, kept for Paddle's signature. Default: None.

    Returns:
        Tensor: -x, of x's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.negative(paddle.to_tensor([1, -2]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1,  2])
    """
    if isinstance(x, TensorMethods) and x.dtype is _dt.bool_:
        raise TypeError("The `-` operator, on a bool tensor is not supported.")
    return neg(x)


_FLOATS = (_dt.float16, _dt.bfloat16, _dt.float32, _dt.float64)
_COMPLEX_OK = "float64, complex128, float32, complex64"


def _dtype_list_error(x, names, prefix="The data type of input must be one of"):
    return TypeError(f"{prefix} {names}, but got paddle.{x.dtype.name}")


def sgn(x, name=None):
    """Elementwise sign for real tensors; x / |x| (0 at 0) for complex tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sgn(paddle.to_tensor([3 + 4j, 0, -2]))
            Tensor(shape=[3], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [ (0.60000002+0.80000001j),  (0.00000000+0.00000000j), (-1.00000000+0.00000000j)])
    """
    check_var(x, "sgn")
    d = x.dtype
    if not (d.is_complex or d in (_dt.float16, _dt.float32, _dt.float64)):  # bfloat16 too is refused in Python
        raise _dtype_list_error(x, ['float16', 'float32', 'float64', 'complex64', 'complex128'])
    if not d.is_complex:
        return apply(U.Sign, x)
    # Paddle: as_real(x) / |x| per component, a NaN component (0 / 0, inf / inf) set to 0
    parts = apply(AsReal, x) / apply(U.Abs, x).unsqueeze(-1)
    zero = apply(FillAnyLike, parts, value=0.0, dtype=-1)
    return apply(AsComplex, apply(Where, parts.isnan(), zero, parts))


def _inf_side(x, api, positive):
    check_var(x, api)
    if x.dtype is _dt.bool_:
        raise kernel_error("isinf", x.dtype, "int16, float64, complex128, float16, float32, complex64, int32, uint8, "
                                             "bfloat16, int64, int8")
    side = x > 0 if positive else x < 0
    return apply(L.LogicalAnd, apply(U.IsInf, x), side)


def isposinf(x, name=None):
    """Elementwise test for +inf.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0., float('inf'), -2.1, -float('inf'), 2.5], dtype='float32')
            >>> paddle.isposinf(x)
            Tensor(shape=[5], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True , False, False, False])
    """
    return _inf_side(x, "isposinf", True)


def isneginf(x, name=None):
    """Elementwise test for -inf.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0., float('inf'), -2.1, -float('inf'), 2.5], dtype='float32')
            >>> paddle.isneginf(x)
            Tensor(shape=[5], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, False, False, True , False])
    """
    return _inf_side(x, "isneginf", False)


def isreal(x, name=None):
    """Elementwise test for a zero imaginary part (always True for real dtypes).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.isreal(paddle.to_tensor([(-0.+1j), (-2.1+0j), (2.5-0j)]))
            Tensor(shape=[3], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [False, True , True ])
    """
    check_var(x, "isreal")
    if not x.dtype.is_complex:
        return apply(FillAnyLike, x, value=1.0, dtype=_dt.bool_.proto)
    # the imaginary part alone decides (nan+0j is real; x == conj(x) would call it not real)
    return apply(U.Imag, x) == 0


def positive(x, name=None):
    """Return x unchanged (unary plus); bool tensors are rejected as in Paddle.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.positive(paddle.to_tensor([-1, 0, 1]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [-1,  0,  1])
    """
    check_var(x, "positive")
    if x.dtype is _dt.bool_:
        raise TypeError("The `+` operator, on a bool tensor is not supported.")
    return x


# -- complex helpers -----------------------------------------------------------------------
def conj(x, name=None):
    """Elementwise complex conjugate (real tensors are returned as a copy).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.conj(paddle.to_tensor([1 + 1j, 2 - 3j]))
            Tensor(shape=[2], dtype=complex64, place=Place(cpu), stop_gradient=True,
                   [(1.00000000-1.00000000j), (2.00000000+3.00000000j)])
    """
    need_tensor(x, "conj")
    d = x.dtype
    if not (d.is_complex or d in (_dt.float32, _dt.float64, _dt.float16, _dt.bfloat16) or d in _I32_64):
        raise kernel_error("conj", d, "int32, int64, float64, complex128, float32, complex64")
    return apply(Conj, x)


def angle(x, name=None):
    """Elementwise argument of a complex number in (-pi, pi]; 0 or pi for real tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.angle(paddle.to_tensor([1 + 1j, -1 + 0j, -2 - 2j]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0.78539819,  3.14159274, -2.35619450])
    """
    need_tensor(x, "angle")
    if not (x.dtype.is_complex or x.dtype.is_floating):
        raise kernel_error("angle", x.dtype, _COMPLEX_OK)
    return apply(Angle, x)


def _complex_part(op_cls, x, api):
    need_tensor(x, api)
    if not x.dtype.is_complex:
        raise kernel_error(api, x.dtype, "complex128, complex64")
    return apply(op_cls, x)


def real(x, name=None):
    """The real part of a complex tensor (complex64 gives float32, complex128 float64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.real(paddle.to_tensor([1 + 2j, 3 - 4j]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 3.])
    """
    return _complex_part(U.Real, x, "real")


def imag(x, name=None):
    """The imaginary part of a complex tensor (complex64 gives float32, complex128 float64).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.imag(paddle.to_tensor([1 + 2j, 3 - 4j]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 2., -4.])
    """
    return _complex_part(U.Imag, x, "imag")


def frac(x, name=None, *, out=None):
    """Elementwise fractional part x - trunc(x) (zeros for integer tensors).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.frac(paddle.to_tensor([[12.22000003, -1.02999997], [-0.54999995, 0.66000003]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0.22000027, -0.02999997],
                    [-0.54999995,  0.66000003]])
    """
    check_var(x, "frac")
    if x.dtype not in (_dt.int32, _dt.int64, _dt.float32, _dt.float64, _dt.float16):
        raise _dtype_list_error(x, ['int32', 'int64', 'float32', 'float64', 'float16'])
    return write_out(x - apply(U.Trunc, x), out)


def sinc(x, name=None):
    """Elementwise normalized sinc: sin(pi x) / (pi x), 1 at 0 (and, as in Paddle, where that is NaN: at NaN and
    +-inf).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sinc(paddle.to_tensor([0.0, 0.5, 1.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1.        ,  0.63661975, -0.21220659])
    """
    check_var(x, "sinc")
    if not (x.dtype.is_floating or x.dtype.is_complex):
        if x.dtype is _dt.bool_:
            raise kernel_error("sin", x.dtype, _COMPLEX_OK)
        raise TypeError(
            "(InvalidType) Type promotion only support calculations between floating-point numbers and between "
            f"complex and real numbers. But got different data type x: float32, y: {x.dtype.name}.")
    tiny = apply(FillAnyLike, x, value=1.0e-20, dtype=-1)
    safe = apply(Where, x == 0.0, tiny, x)
    t = apply(U.Scale, safe, scale=math.pi, bias=0.0, bias_after_scale=True)
    out = apply(U.Sin, t) / t
    # Paddle's sinc then replaces NaN by 1: sinc(NaN) and sinc(+-inf) are 1, with a NaN gradient
    return apply(Where, apply(U.IsNan, out), apply(FillAnyLike, x, value=1.0, dtype=-1), out)


def _angle_scale(x, factor, api):
    check_var(x, api)
    if x.dtype in (_dt.int32, _dt.int64):  # Paddle casts only these; int8/int16/uint8/bool scale in their dtype
        x = cast(x, _dt.float32)
    return apply(U.Scale, x, scale=factor, bias=0.0, bias_after_scale=True)


def rad2deg(x, name=None):
    """Elementwise radians to degrees (int32/int64 tensors give float32; smaller integers stay integers).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.rad2deg(paddle.to_tensor([3.142, -1.570]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [180.02334595, -89.95437622])
    """
    return _angle_scale(x, 180.0 / math.pi, "rad2deg")


def deg2rad(x, name=None):
    """Elementwise degrees to radians (int32/int64 tensors give float32; smaller integers stay integers).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.deg2rad(paddle.to_tensor([180.0, -90.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 3.14159274, -1.57079637])
    """
    return _angle_scale(x, math.pi / 180.0, "deg2rad")


__all__ = ["abs", "sign", "floor", "ceil", "round", "trunc", "neg", "exp", "expm1", "log", "log2", "log10", "log1p",
           "sqrt", "rsqrt", "square", "reciprocal", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
           "acosh", "asinh", "atanh", "sigmoid", "erf", "isnan", "isinf", "isfinite", "nan_to_num", "clip", "increment",
           "clamp", "negative",
           "sgn", "isposinf", "isneginf", "isreal", "positive", "conj", "angle", "real", "imag", "frac", "sinc",
           "rad2deg", "deg2rad"]
METHODS = {"abs": abs, "sign": sign, "floor": floor, "ceil": ceil, "round": round, "trunc": trunc, "neg": neg,
           "exp": exp, "expm1": expm1, "log": log, "log2": log2, "log10": log10, "log1p": log1p, "sqrt": sqrt,
           "rsqrt": rsqrt, "square": square, "reciprocal": reciprocal, "sin": sin, "cos": cos, "tan": tan, "asin": asin,
           "acos": acos, "atan": atan, "sinh": sinh, "cosh": cosh, "tanh": tanh, "acosh": acosh,
           "asinh": asinh, "atanh": atanh, "sigmoid": sigmoid, "erf": erf,
           "isnan": isnan, "isinf": isinf, "isfinite": isfinite, "nan_to_num": nan_to_num, "clip": clip,
           "increment": increment, "__abs__": abs, "clamp": clamp, "negative": negative, "sgn": sgn,
           "isposinf": isposinf, "isneginf": isneginf, "isreal": isreal, "__pos__": positive,
           "conj": conj, "angle": angle, "real": real,
           "imag": imag, "frac": frac,
           "sinc": sinc, "rad2deg": rad2deg, "deg2rad": deg2rad}
