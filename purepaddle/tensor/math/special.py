"""Special functions of paddle.tensor.math: lgamma, gammaln, digamma, polygamma, gammainc, gammaincc,
multigammaln, erfinv, i0, i0e, i1, i1e, logit, stanh, and their in-place forms."""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, known_value
from ..._core.methods import TensorMethods
from ...ops.math import special as S
from ...ops.math.special import Logit, Stanh
from ...ops.math.unary import Scale
from .._check import check_inplace_shape, check_var, kernel_error, need_tensor, type_name
from .._operand import cast
from .inplace import _assign_into, _inplace_doc, _snapshot_if_needed


_F64_F32 = "float64, float32"


def _float_in(x, api, kernel=None, autocast=True, supported=_F64_F32):
    """x as a floating tensor: integers are cast to float32 (Paddle's autocast) unless the kernel has
    no such rule; bool inputs, and complex ones unless `supported` lists them, get Paddle's kernel error."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    d = x.dtype
    if d.is_floating or (d.is_complex and d.name in supported.split(", ")):  # complex when the kernel lists it
        return x
    if not autocast or not d.is_integer:
        raise kernel_error(kernel or api, d, supported)
    return cast(x, _dt.float32)


def _inplace(op_cls, x, api, kernel, **attrs):
    """In-place form of a special function (floating tensors only)."""
    if not isinstance(x, TensorMethods):
        need_tensor(x, api)
    if not x.dtype.is_floating:
        raise kernel_error(kernel, x.dtype, _F64_F32)
    return apply_inplace(op_cls, x, **attrs)


# -- gamma family --------------------------------------------------------------------------
def lgamma(x, name=None):
    """Elementwise log |Gamma(x)| (+inf at 0 and the negative integers).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.lgamma(paddle.to_tensor([-0.4, 0.5, 1.0, 4.0]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.31452453, 0.57236493, 0.        , 1.79175949])
    """
    return apply(S.Lgamma, _float_in(x, "lgamma"))


def gammaln(x, name=None):
    """Elementwise log |Gamma(x)| for floating tensors (no integer autocast, as Paddle's gammaln kernel).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.gammaln(paddle.to_tensor([1.5, 2.0, 2.5]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.12078224,  0.        ,  0.28468287])
    """
    return apply(S.Gammaln, _float_in(x, "gammaln", autocast=False))


def digamma(x, name=None):
    """Elementwise psi(x), the derivative of log Gamma (-inf at +0, NaN at the negative integers).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.digamma(paddle.to_tensor([1.0, 1.5, -2.2]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.57721567,  0.03648997,  5.32286882])
    """
    return apply(S.Digamma, _float_in(x, "digamma"))


def _check_order(n, api="polygamma"):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"The input of n must be int type, but received: {type(n)} ")
    if n < 0:
        raise ValueError(f"The input of n must be greater than or equal to 0. But received n = {n}")
    return int(n)


def polygamma(x, n, name=None):
    """Elementwise n-th derivative of digamma (n = 0 is digamma itself).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.polygamma(paddle.to_tensor([2.0, 3.0, 25.5]), 1)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.64493406, 0.39493406, 0.03999467])
    """
    n = _check_order(n)
    return apply(S.Polygamma, _float_in(x, "polygamma"), n=n)


def _gammaincc_args(x, y, api, check_sign=True):
    """x, y checked as Paddle's gammaincc/gammainc do; the in-place forms skip the sign check (Paddle's do)."""
    for v, arg in ((x, "x"), (y, "y")):
        check_var(v, api, arg)
    for v in (x, y):
        if not v.dtype.is_floating:
            raise kernel_error("gammaincc", v.dtype, _F64_F32)
    if x.dtype is not y.dtype:
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({y.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    if check_sign and known_value(x) is not None:
        for v, arg in ((x, "x"), (y, "y")):
            if v.size and not bool((v._data >= 0).all()):  # NaN fails too, as in Paddle
                raise ValueError(f"The input argument {arg} must be greater than or equal to 0.")
    return x, y


def _gammaincc(x, y, api, check_sign=True):
    return apply(S.Gammaincc, *_gammaincc_args(x, y, api, check_sign))


def gammaincc(x, y, name=None):
    """Regularized upper incomplete gamma function Q(x, y) = Gamma(x, y) / Gamma(x) (x, y >= 0, broadcast).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.5, 0.5, 0.5, 0.5, 0.5], dtype="float32")
            >>> y = paddle.to_tensor([0, 1, 10, 100, 1000], dtype="float32")
            >>> paddle.gammaincc(x, y)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 0.15729921, 0.00000774, 0.00000000, 0.        ])
    """
    return _gammaincc(x, y, "gammaincc")


def gammainc(x, y, name=None):
    """Regularized lower incomplete gamma function P(x, y) = 1 - Q(x, y) (x, y >= 0, broadcast).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.5, 0.5, 0.5, 0.5, 0.5], dtype="float32")
            >>> y = paddle.to_tensor([0, 1, 10, 100, 1000], dtype="float32")
            >>> paddle.gammainc(x, y)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.84270078, 0.99999225, 1.        , 1.        ])
    """
    return _gammainc(x, y)


def _gammainc(x, y, check_sign=True):
    return apply(Scale, _gammaincc(x, y, "gammainc", check_sign), scale=-1.0, bias=1.0, bias_after_scale=True)


def multigammaln(x, p, name=None):
    """Multivariate log-gamma of dimension p: p(p-1)/4 log(pi) + sum_j lgamma(x - j/2), j = 0..p-1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.multigammaln(paddle.to_tensor([2.5, 3.5, 4.0]), 2)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.85704780, 2.46648574, 3.56509781])
    """
    if not p >= 1:
        raise AssertionError(f"The p must be greater than or equal to 1, But received p is {p}.\n")
    check_var(x, "multigammaln")
    if not x.dtype.is_floating:
        raise TypeError(
            "(InvalidType) Type promotion only support calculations between floating-point numbers and between "
            f"complex and real numbers. But got different data type x: {x.dtype.name}, y: float32.")
    out = None
    for b in 0.5 * np.arange(1 - p, 1, 1, dtype=np.float64):
        term = apply(S.Lgamma, apply(Scale, x, scale=1.0, bias=float(b), bias_after_scale=True))
        out = term if out is None else out + term
    const = 0.25 * p * (p - 1) * math.log(math.pi)
    return apply(Scale, out, scale=1.0, bias=const, bias_after_scale=True)


# -- erfinv, logit, stanh ------------------------------------------------------------------
def erfinv(x, name=None):
    """Elementwise inverse error function (+-inf at +-1, NaN outside [-1, 1]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.erfinv(paddle.to_tensor([0, 0.5, -1.], dtype="float32"))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 0.        ,  0.47693628, -inf.      ])
    """
    return apply(S.Erfinv, _float_in(x, "erfinv"))


def _eps(eps):
    if eps is None:
        return 0.0
    if isinstance(eps, TensorMethods):
        eps = eps.item()
    return float(eps)


def logit(x, eps=None, name=None):
    """Elementwise log(x / (1 - x)); with eps, x is first clamped into [eps, 1 - eps].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.2635, 0.0106, 0.2780, 0.2097, 0.8095])
            >>> paddle.logit(x)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.02785587, -4.53624487, -0.95440412, -1.32673478,  1.44676447])
    """
    return apply(Logit, _float_in(x, "logit"), eps=_eps(eps))


def _scale_arg(v, api, arg):
    if isinstance(v, TensorMethods):
        if known_value(v) is None:
            raise TypeError(f"{api}: a Tensor {arg} is only supported in dynamic mode")
        return float(v.item())
    if isinstance(v, bool) or not isinstance(v, (int, float, np.number)):
        raise TypeError(f"The type of '{arg}' in {api} must be float, but received {type_name(v)}.")
    return float(v)


def stanh(x, scale_a=0.67, scale_b=1.7159, name=None):
    """Elementwise scaled tanh: scale_b * tanh(scale_a * x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
            >>> paddle.stanh(x, scale_a=0.67, scale_b=1.72)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.00616539, 1.49927628, 1.65933096, 1.70390463])
    """
    x = _float_in(x, "stanh", supported="float64, complex128, float32, complex64")
    return apply(Stanh, x, scale_a=_scale_arg(scale_a, "stanh", "scale_a"),
                 scale_b=_scale_arg(scale_b, "stanh", "scale_b"))


# -- modified Bessel functions -------------------------------------------------------------
def i0(x, name=None):
    """Elementwise modified Bessel function of the first kind, order 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.i0(paddle.to_tensor([0, 1, 2, 3, 4], dtype="float32"))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.         , 1.26606584 , 2.27958536 , 4.88079262 , 11.30192184])
    """
    return apply(S.I0, _float_in(x, "i0"))


def i0e(x, name=None):
    """Elementwise exponentially scaled modified Bessel function of order 0: exp(-|x|) * I0(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.i0e(paddle.to_tensor([0, 1, 2, 3, 4], dtype="float32"))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 0.46575961, 0.30850834, 0.24300036, 0.20700192])
    """
    return apply(S.I0e, _float_in(x, "i0e"))


def i1(x, name=None):
    """Elementwise modified Bessel function of the first kind, order 1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.i1(paddle.to_tensor([0, 1, 2, 3, 4], dtype="float32"))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.56515908, 1.59063685, 3.95337033, 9.75946522])
    """
    return apply(S.I1, _float_in(x, "i1"))


def i1e(x, name=None):
    """Elementwise exponentially scaled modified Bessel function of order 1: exp(-|x|) * I1(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.i1e(paddle.to_tensor([0, 1, 2, 3, 4], dtype="float32"))
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.20791042, 0.21526928, 0.19682671, 0.17875084])
    """
    return apply(S.I1e, _float_in(x, "i1e"))


# -- in-place forms ------------------------------------------------------------------------
def lgamma_(x, name=None):
    return _inplace(S.Lgamma, x, "lgamma_", "lgamma")


def gammaln_(x, name=None):
    return _inplace(S.Gammaln, x, "gammaln_", "gammaln")


def digamma_(x, name=None):
    return _inplace(S.Digamma, x, "digamma_", "digamma")


def polygamma_(x, n, name=None):
    return _inplace(S.Polygamma, x, "polygamma_", "polygamma", n=_check_order(n))


def erfinv_(x, name=None):
    return _inplace(S.Erfinv, x, "erfinv_", "erfinv")


def i0_(x, name=None):
    return _inplace(S.I0, x, "i0_", "i0")


def logit_(x, eps=None, name=None):
    return _inplace(Logit, x, "logit_", "logit", eps=_eps(eps))


def gammaincc_(x, y, name=None):
    res = _gammaincc(_snapshot_if_needed(x), y, "gammaincc_", check_sign=False)
    check_inplace_shape(x, res.shape)
    return _assign_into(x, res, "gammaincc_")


def gammainc_(x, y, name=None):
    res = _gammainc(_snapshot_if_needed(x), y, check_sign=False)
    check_inplace_shape(x, res.shape)
    return _assign_into(x, res, "gammainc_")


def multigammaln_(x, p, name=None):
    return _assign_into(x, multigammaln(_snapshot_if_needed(x), p), "multigammaln_")


_EXAMPLE_X = "[0.5, 2.0]"  # the tensor the in-place examples below start from

lgamma_.__doc__ = _inplace_doc(_EXAMPLE_X, "lgamma", "paddle.lgamma_(x)", "0.57236494, 0.        ")
gammaln_.__doc__ = _inplace_doc(_EXAMPLE_X, "gammaln", "paddle.gammaln_(x)", "0.57236494, 0.        ")
digamma_.__doc__ = _inplace_doc(_EXAMPLE_X, "digamma", "paddle.digamma_(x)", "-1.96351003,  0.42278434")
polygamma_.__doc__ = _inplace_doc(_EXAMPLE_X, "polygamma", "paddle.polygamma_(x, 1)", "4.93480220, 0.64493407")
erfinv_.__doc__ = _inplace_doc(_EXAMPLE_X, "erfinv", "x.erfinv_()", "0.47693628, nan       ")
i0_.__doc__ = _inplace_doc(_EXAMPLE_X, "i0", "paddle.i0_(x)", "1.06348337, 2.27958530")
logit_.__doc__ = _inplace_doc(_EXAMPLE_X, "logit", "paddle.logit_(x)", "0. , nan")
gammaincc_.__doc__ = _inplace_doc(_EXAMPLE_X, "gammaincc",
                                  "paddle.gammaincc_(x, paddle.to_tensor([1.0, 1.0], dtype='float64'))",
                                  "0.15729921, 0.73575888")
gammainc_.__doc__ = _inplace_doc(_EXAMPLE_X, "gammainc",
                                 "paddle.gammainc_(x, paddle.to_tensor([1.0, 1.0], dtype='float64'))",
                                 "0.84270079, 0.26424112")
multigammaln_.__doc__ = _inplace_doc(_EXAMPLE_X, "multigammaln", "paddle.multigammaln_(x, 1)", "0.57236494, 0.        ")


__all__ = ["lgamma", "gammaln", "digamma", "polygamma", "gammaincc", "gammainc", "multigammaln", "erfinv", "logit",
           "stanh", "i0", "i0e", "i1", "i1e", "lgamma_", "gammaln_", "digamma_", "polygamma_", "i0_", "logit_",
           "gammaincc_", "gammainc_", "multigammaln_"]

METHODS = {"lgamma": lgamma, "gammaln": gammaln, "digamma": digamma, "polygamma": polygamma, "gammaincc": gammaincc,
           "gammainc": gammainc, "multigammaln": multigammaln, "erfinv": erfinv, "logit": logit, "stanh": stanh,
           "i0": i0, "i0e": i0e, "i1": i1, "i1e": i1e, "lgamma_": lgamma_, "gammaln_": gammaln_, "digamma_": digamma_,
           "polygamma_": polygamma_, "i0_": i0_, "logit_": logit_, "gammaincc_": gammaincc_, "gammainc_": gammainc_,
           "multigammaln_": multigammaln_, "erfinv_": erfinv_}
