"""Number-level elementwise functions: copysign, signbit, ldexp, frexp, nextafter, heaviside, gcd, lcm
(paddle.*), and the in-place forms of these and of hypot, frac and sinc."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, constant as const_operand
from ..._core.methods import TensorMethods
from ...ops.creation.fill import Cast, FillAnyLike
from ...ops.math.elementwise import ElementwisePow, broadcast_shape
from ...ops.math.number import Copysign, Frexp, Gcd, Heaviside, Lcm, Nextafter, SignBit
from .._check import check_inplace_shape, check_var, kernel_error, need_tensor
from .._operand import cast
from .elementwise import _same_dtype, hypot
from .inplace import _assign_into, _inplace_doc, _snapshot_if_needed
from .unary import _dtype_list_error, frac, sinc


_I32_64 = (_dt.int32, _dt.int64)


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


def ldexp(x, y, name=None):
    """Elementwise x * 2 ** y (integer, float16 and bfloat16 x give float32).

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
    # Paddle computes only in float32/float64: float16 and bfloat16 come back float32 too.
    d = x.dtype if x.dtype in (_dt.float32, _dt.float64) else _dt.default_float()
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


def gcd(x: Tensor, y: Tensor, name: str | None = None) -> Tensor:
    """Elementwise greatest common divisor of |x| and |y| (gcd(0, 0) = 0).

    Args:
        x (Tensor): An integer tensor.
        y (Tensor): An integer tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the greatest common divisors (non-negative), elementwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.gcd(paddle.arange(6), paddle.to_tensor(20))
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [20, 1 , 2 , 1 , 4 , 5 ])
    """
    x, y = _gcd_args(x, y, "gcd")
    return apply(Gcd, x, y)


def lcm(x: Tensor, y: Tensor, name: str | None = None) -> Tensor:
    """Elementwise least common multiple of |x| and |y| (0 when either is 0).

    Args:
        x (Tensor): An integer tensor.
        y (Tensor): An integer tensor, broadcast against `x`.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the least common multiples (non-negative), elementwise.

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


# -- in-place forms ------------------------------------------------------------------------
def _composite_inplace(fn, x, api, *args):
    check_var(x, api)
    res = fn(_snapshot_if_needed(x), *args)
    check_inplace_shape(x, res.shape)
    if res.dtype is not x.dtype:
        raise ValueError(f"(InvalidArgument) {api} cannot write a {res.dtype.name} result into a "
                         f"{x.dtype.name} tensor in place.")
    return _assign_into(x, res, api)


def copysign_(x, y, name=None):
    return _composite_inplace(copysign, x, "copysign_", y)


def hypot_(x, y, name=None):
    return _composite_inplace(hypot, x, "hypot_", y)


def ldexp_(x, y, name=None):
    check_var(x, "ldexp_")
    if isinstance(y, TensorMethods):
        # Paddle first casts x in place to the result dtype (float64 when either is, else the default float)
        d = _dt.float64 if _dt.float64 in (x.dtype, y.dtype) else _dt.default_float()
        if x.dtype is not d:
            apply_inplace(Cast, x, in_dtype=x.dtype.proto, out_dtype=d.proto)
    return _composite_inplace(ldexp, x, "ldexp_", y)


def gcd_(x, y, name=None):
    return _composite_inplace(gcd, x, "gcd_", y)


def lcm_(x, y, name=None):
    return _composite_inplace(lcm, x, "lcm_", y)


def frac_(x, name=None):
    return _composite_inplace(frac, x, "frac_")


def sinc_(x, name=None):
    return _composite_inplace(sinc, x, "sinc_")


_EXAMPLE_X = "[3.0, -4.5]"  # the tensor the in-place examples below start from

copysign_.__doc__ = _inplace_doc(_EXAMPLE_X, "copysign", "paddle.copysign_(x, -1.0)", "-3.        , -4.50000000")
hypot_.__doc__ = _inplace_doc(_EXAMPLE_X, "hypot", "paddle.hypot_(x, paddle.to_tensor([4.0, 6.0], dtype='float64'))",
                              "5.        , 7.50000000")
ldexp_.__doc__ = _inplace_doc(_EXAMPLE_X, "ldexp", "paddle.ldexp_(x, paddle.to_tensor([1, 2]))", " 6. , -18.")
gcd_.__doc__ = _inplace_doc(_EXAMPLE_X, "gcd", "paddle.gcd_(x, paddle.to_tensor([6.0, 3.0], dtype='float64'))",
                            "3.        , 1.50000000")
lcm_.__doc__ = _inplace_doc(_EXAMPLE_X, "lcm", "paddle.lcm_(x, paddle.to_tensor([6.0, 3.0], dtype='float64'))",
                            "6., 9.")
frac_.__doc__ = _inplace_doc(_EXAMPLE_X, "frac", "paddle.frac_(x)", " 0.        , -0.50000000")
sinc_.__doc__ = _inplace_doc(_EXAMPLE_X, "sinc", "paddle.sinc_(x)", "0.00000000, 0.07073553")


__all__ = ["copysign", "signbit", "ldexp", "heaviside", "nextafter", "gcd", "lcm", "frexp", "copysign_", "hypot_",
           "ldexp_", "gcd_", "lcm_", "frac_", "sinc_"]

METHODS = {"copysign": copysign, "signbit": signbit, "ldexp": ldexp, "heaviside": heaviside, "nextafter": nextafter,
           "gcd": gcd, "lcm": lcm, "frexp": frexp, "copysign_": copysign_, "hypot_": hypot_, "ldexp_": ldexp_,
           "gcd_": gcd_, "lcm_": lcm_, "frac_": frac_, "sinc_": sinc_}
