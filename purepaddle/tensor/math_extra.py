"""Elementwise extras of paddle.tensor.math: copysign, hypot, ldexp, heaviside, nextafter, gcd, lcm, frexp, frac,
sgn, signbit, isposinf, isneginf, isreal, sinc, rad2deg, deg2rad, positive, conj, angle, and in-place forms."""
import math

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.dispatch import constant as const_operand
from .._core.methods import TensorMethods
from ..ops import logic as L
from ..ops.math.number import Copysign, Frexp, Gcd, Heaviside, Lcm, Nextafter, SignBit
from ..ops.math.unary import Angle, Conj
from ..ops.math import unary as U
from ..ops.creation.fill import FillAnyLike
from ..ops.math.elementwise import ElementwisePow, broadcast_shape
from ..ops.search.select import Where
from ._operand import cast, check_var
from .math_inplace import _assign_into, _snapshot_if_needed
from .math_unary import kernel_error, need_tensor, write_out

_I32_64 = (_dt.int32, _dt.int64)
_FLOATS = (_dt.float16, _dt.bfloat16, _dt.float32, _dt.float64)
_COMPLEX_OK = "float64, complex128, float32, complex64"


def _same_dtype(x, y):
    """x, y promoted to one dtype (Paddle 3 rules: a TypeError for int/float or int32/int64 mixes)."""
    if x.dtype is not y.dtype:
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast(x, d), cast(y, d)
    return x, y


def _dtype_list_error(x, names, prefix="The data type of input must be one of"):
    return TypeError(f"{prefix} {names}, but got paddle.{x.dtype.name}")


# -- sign manipulation ---------------------------------------------------------------------
def copysign(x, y, name=None):
    """Elementwise |x| with the sign of y (y a Tensor or a number; -0.0 counts as negative).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3], dtype='float64')
            >>> y = paddle.to_tensor([-1, 1, -0.0], dtype='float64')
            >>> paddle.copysign(x, y)
            Tensor(shape=[3], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [-1.,  2., -3.])
    """
    check_var(x, "copysign")
    if isinstance(y, TensorMethods):
        broadcast_shape(list(x.shape), list(y.shape), "copysign")
        x, y = _same_dtype(x, y)
    elif isinstance(y, (int, float, np.number)) and not isinstance(y, bool):
        y = const_operand(np.asarray(y, dtype=x.dtype.np_dtype))
    else:
        raise TypeError(f"The type of 'y' in copysign must be Tensor, float or int, but received {type(y).__name__}.")
    return apply(Copysign, x, y)


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
    if not (d.is_complex or d in _FLOATS):
        raise _dtype_list_error(x, ['float16', 'float32', 'float64', 'complex64', 'complex128'])
    if not d.is_complex:
        return apply(U.Sign, x)
    mag = apply(U.Abs, x)
    safe = apply(Where, mag == 0.0, apply(FillAnyLike, mag, value=1.0, dtype=-1), mag)
    return x / cast(safe, d)


def signbit(x, name=None):
    """Elementwise test of the sign bit (True for negatives and -0.0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.signbit(paddle.to_tensor([-0., 1.1, -2.1, 0., 2.5], dtype='float32'))
            Tensor(shape=[5], dtype=bool, place=Place(cpu), stop_gradient=True,
                   [True , False, True , False, False])
    """
    check_var(x, "signbit")
    if x.dtype is _dt.bool_ or x.dtype.is_complex:
        raise kernel_error("sign", x.dtype, "int16, float64, complex128, int32, uint8, float32, complex64, int64, int8")
    return apply(SignBit, x)


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
    return x == apply(Conj, x)


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
    x, y = _same_dtype(x, y)
    from .math_unary import sqrt
    return sqrt(x * x + y * y)


def ldexp(x, y, name=None):
    """Elementwise x * 2 ** y (integer x gives float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3], dtype='float32')
            >>> y = paddle.to_tensor([2, 3, 4], dtype='int32')
            >>> paddle.ldexp(x, y)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4. , 16., 48.])
    """
    check_var(x, "ldexp")
    if not isinstance(y, TensorMethods):
        raise TypeError(f"y must be tensor type, but got {type(y)}")
    d = x.dtype if x.dtype.is_floating else _dt.default_float()
    x, y = cast(x, d), cast(y, d)
    broadcast_shape(list(x.shape), list(y.shape), "ldexp")
    two = apply(FillAnyLike, y, value=2.0, dtype=-1)
    return x * apply(ElementwisePow, two, y, axis=-1)


def heaviside(x, y, name=None):
    """Elementwise Heaviside step: 0 where x < 0, y where x == 0, 1 where x > 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.heaviside(paddle.to_tensor([-0.5, 0, 0.5]), paddle.to_tensor([0.1]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.10000000, 1.        ])
    """
    need_tensor(x, "heaviside")
    need_tensor(y, "heaviside", "y", 1)
    if not (x.dtype.is_floating or x.dtype in _I32_64):
        raise kernel_error("heaviside", x.dtype, "int32, int64, float64, float32")
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({y.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    broadcast_shape(list(x.shape), list(y.shape), "elementwise_heaviside")
    return apply(Heaviside, x, y)


def nextafter(x, y, name=None):
    """Elementwise next representable floating value after x toward y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nextafter(paddle.to_tensor([1.0, 2.0]), paddle.to_tensor([2.0, 1.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.00000012, 1.99999988])
    """
    need_tensor(x, "nextafter")
    need_tensor(y, "nextafter", "y", 1)
    for v in (x, y):
        if v.dtype not in (_dt.float32, _dt.float64):
            raise kernel_error("nextafter", v.dtype, "float64, float32")
    x, y = _same_dtype(x, y)
    broadcast_shape(list(x.shape), list(y.shape), "nextafter")
    return apply(Nextafter, x, y)


def _gcd_args(x, y, api):
    check_var(x, api)
    check_var(y, api, "y")
    x, y = _same_dtype(x, y)
    if not (x.dtype in _I32_64 or x.dtype in (_dt.float32, _dt.float64)):
        raise kernel_error("abs", x.dtype, "int32, int64, float64, complex128, float32, complex64")
    broadcast_shape(list(x.shape), list(y.shape), api)
    return x, y


def gcd(x, y, name=None):
    """Elementwise greatest common divisor of |x| and |y| (gcd(0, 0) = 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.gcd(paddle.arange(6), paddle.to_tensor(20))
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [20, 1 , 2 , 1 , 4 , 5 ])
    """
    x, y = _gcd_args(x, y, "gcd")
    return apply(Gcd, x, y)


def lcm(x, y, name=None):
    """Elementwise least common multiple of |x| and |y| (0 when either is 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.lcm(paddle.arange(6), paddle.to_tensor(20))
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0 , 20, 20, 60, 20, 20])
    """
    x, y = _gcd_args(x, y, "lcm")
    return apply(Lcm, x, y)


# -- decompositions and conversions --------------------------------------------------------
def frexp(x, name=None):
    """Split x into mantissa (0.5 <= |m| < 1) and exponent with x = m * 2 ** e; both in x's dtype.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> mantissa, exponent = paddle.frexp(paddle.to_tensor([[1, 2, 3, 4]], dtype="float32"))
            >>> mantissa
            Tensor(shape=[1, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.50000000, 0.50000000, 0.75000000, 0.50000000]])
            >>> exponent
            Tensor(shape=[1, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2., 2., 3.]])
    """
    check_var(x, "frexp")
    if x.dtype not in (_dt.float32, _dt.float64):
        raise _dtype_list_error(x, ['float32', 'float64'])
    return apply(Frexp, x)


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
    """Elementwise normalized sinc: sin(pi x) / (pi x), 1 at 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.sinc(paddle.to_tensor([0.0, 0.5, 1.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1.        ,  0.63661975, -0.21220659])
    """
    check_var(x, "sinc")
    if not x.dtype.is_floating:
        if x.dtype is _dt.bool_:
            raise kernel_error("sin", x.dtype, _COMPLEX_OK)
        raise TypeError(
            "(InvalidType) Type promotion only support calculations between floating-point numbers and between "
            f"complex and real numbers. But got different data type x: float32, y: {x.dtype.name}.")
    tiny = apply(FillAnyLike, x, value=1.0e-20, dtype=-1)
    safe = apply(Where, x == 0.0, tiny, x)
    t = apply(U.Scale, safe, scale=math.pi, bias=0.0, bias_after_scale=True)
    return apply(U.Sin, t) / t


def _angle_scale(x, factor, api):
    check_var(x, api)
    if x.dtype.is_integer:
        x = cast(x, _dt.float32)
    return apply(U.Scale, x, scale=factor, bias=0.0, bias_after_scale=True)


def rad2deg(x, name=None):
    """Elementwise radians to degrees (integer tensors give float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.rad2deg(paddle.to_tensor([3.142, -1.570]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [180.02334595, -89.95437622])
    """
    return _angle_scale(x, 180.0 / math.pi, "rad2deg")


def deg2rad(x, name=None):
    """Elementwise degrees to radians (integer tensors give float32).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.deg2rad(paddle.to_tensor([180.0, -90.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 3.14159274, -1.57079637])
    """
    return _angle_scale(x, math.pi / 180.0, "deg2rad")


# -- in-place forms ------------------------------------------------------------------------
def _inplace_doc(fn, call, values):
    return (f"In-place version of {fn}: writes the result into x and returns x.\n\n    Examples:\n"
            "        .. code-block:: python\n\n            >>> import paddle\n"
            "            >>> x = paddle.to_tensor([3.0, -4.5], dtype='float64')\n"
            f"            >>> _ = {call}\n            >>> x\n"
            "            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,\n"
            f"                   [{values}])\n")


def _composite_inplace(fn, x, api, *args):
    check_var(x, api)
    res = fn(_snapshot_if_needed(x), *args)
    if res.dtype is not x.dtype:
        raise ValueError(f"(InvalidArgument) {api} cannot write a {res.dtype.name} result into a "
                         f"{x.dtype.name} tensor in place.")
    return _assign_into(x, res, api)


def copysign_(x, y, name=None):
    return _composite_inplace(copysign, x, "copysign_", y)


def hypot_(x, y, name=None):
    return _composite_inplace(hypot, x, "hypot_", y)


def ldexp_(x, y, name=None):
    return _composite_inplace(ldexp, x, "ldexp_", y)


def gcd_(x, y, name=None):
    return _composite_inplace(gcd, x, "gcd_", y)


def lcm_(x, y, name=None):
    return _composite_inplace(lcm, x, "lcm_", y)


def frac_(x, name=None):
    return _composite_inplace(frac, x, "frac_")


def sinc_(x, name=None):
    return _composite_inplace(sinc, x, "sinc_")


copysign_.__doc__ = _inplace_doc("copysign", "paddle.copysign_(x, -1.0)", "-3.        , -4.50000000")
hypot_.__doc__ = _inplace_doc("hypot", "paddle.hypot_(x, paddle.to_tensor([4.0, 6.0], dtype='float64'))",
                              "5.        , 7.50000000")
ldexp_.__doc__ = _inplace_doc("ldexp", "paddle.ldexp_(x, paddle.to_tensor([1, 2]))", " 6. , -18.")
gcd_.__doc__ = _inplace_doc("gcd", "paddle.gcd_(x, paddle.to_tensor([6.0, 3.0], dtype='float64'))",
                            "3.        , 1.50000000")
lcm_.__doc__ = _inplace_doc("lcm", "paddle.lcm_(x, paddle.to_tensor([6.0, 3.0], dtype='float64'))",
                            "6., 9.")
frac_.__doc__ = _inplace_doc("frac", "paddle.frac_(x)", " 0.        , -0.50000000")
sinc_.__doc__ = _inplace_doc("sinc", "paddle.sinc_(x)", "0.00000000, 0.07073553")

_INPLACE = ["copysign_", "hypot_", "ldexp_", "gcd_", "lcm_", "frac_", "sinc_"]
__all__ = ["copysign", "sgn", "signbit", "isposinf", "isneginf", "isreal", "positive", "conj", "angle", "hypot",
           "ldexp", "heaviside", "nextafter", "gcd", "lcm", "frexp", "frac", "sinc", "rad2deg", "deg2rad"] + _INPLACE

METHODS = {n: globals()[n] for n in __all__ if n != "positive"}
