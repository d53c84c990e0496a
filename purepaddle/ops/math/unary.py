"""Unary elementwise math ops: scale, exp, log, tanh, sigmoid, abs, clip, conj, angle, real, imag,
... (one class each); relu and softmax/log_softmax until the activation family takes them."""
import math
import warnings

import numpy as np

from ..._core import dtype as _dt
from ..._core.libm import eigen_exp, eigen_expf
from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import OPS, Op, TensorMeta, register
from .._complex import (divide_real as complex_divide_real, exp as complex_exp, multiply as complex_multiply,
                        power as complex_power, reciprocal as complex_reciprocal, sigmoid as complex_sigmoid,
                        sign as complex_sign, square as complex_square)
from .._holomorphic import holomorphic
from .._through_float import through_float
from ..creation.conversion import Complex
from ..creation.fill import Cast, FillAnyLike, FillConstant, zeros_grad
from ._special_kernels import erf as _erf_kernel
from .elementwise import exact_equal


# numpy warns on log(0), sqrt(-1), exp overflow...; Paddle returns inf/nan silently
warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"purepaddle\.ops\.")
_LN2 = math.log(2.0)
_LN10 = math.log(10.0)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


class _Unary(Op):
    """Same shape and dtype in as out."""

    inputs, outputs = ("X",), ("Out",)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


class _Predicate(_Unary):
    """Elementwise test: bool output, no gradient."""

    differentiable = False

    def infer_meta(self, x):
        return TensorMeta(x.shape, _dt.bool_)


class _Piecewise(_Unary):
    """Piecewise-constant ops (floor, sign, ...): the gradient is zero where defined."""

    def backward(self, out_grad):
        return zeros_grad(out_grad)


def apply_scale(x, s, bias=0.0, bias_after_scale=True):
    """x * s + bias through the scale op."""
    return apply(Scale, x, scale=float(s), bias=float(bias), bias_after_scale=bias_after_scale)


def as_float(mask, like):
    """A bool mask as a 0/1 tensor of like's dtype (for gradient masks)."""
    d = like.dtype
    return apply(Cast, mask, in_dtype=_dt.bool_.proto, out_dtype=d.proto)


@register("scale")
class Scale(_Unary):
    """out = scale * x + bias (bias_after_scale) or scale * (x + bias)."""

    def forward(self, xp, x):
        a = self.attrs
        s, b = a["scale"], a["bias"]
        if kind_of(x.dtype) in "iu":
            return self._integer(x, s, b, a["bias_after_scale"])
        if kind_of(x.dtype) == "c":  # Paddle multiplies by complex(scale, 0) even for 1: (inf + 0j) * 1 is inf + nan*j
            factor = xp.asarray(s, dtype=x.dtype)
            with np.errstate(all="ignore"):
                if a["bias_after_scale"]:
                    return complex_multiply(x, factor) + xp.asarray(b, dtype=x.dtype)
                return complex_multiply(x + xp.asarray(b, dtype=x.dtype), factor)
        if b == 0:
            out = x * s if s != 1 else x.copy()
        elif s == 1:
            out = x + b
        elif a["bias_after_scale"]:
            out = x * s + b
        else:
            out = (x + b) * s
        if out.dtype != x.dtype:
            out = out.astype(x.dtype)
        return out

    @staticmethod
    def _integer(x, s, b, bias_after_scale):
        # Paddle's integer kernel casts scale and bias to the input's dtype (truncating toward zero, so
        # 1.5 acts as 1) and wraps on overflow like C++ integers: neg(INT64_MAX) is -INT64_MAX, never
        # a detour through float64 that rounds large int64 values and saturates at the ends
        dt = x.dtype
        bits = dt.itemsize * 8
        signed = kind_of(dt) == "i"

        def wrapped(v):
            v = int(math.trunc(v)) % (1 << bits)
            return dt.type(v - (1 << bits) if signed and v >= 1 << (bits - 1) else v)

        si, bi = wrapped(s), wrapped(b)
        with np.errstate(over="ignore"):
            if bias_after_scale:
                return np.add(np.multiply(x, si, dtype=dt), bi, dtype=dt)
            return np.multiply(np.add(x, bi, dtype=dt), si, dtype=dt)

    def backward(self, out_grad):
        s = self.attrs["scale"]
        return out_grad if s == 1 else apply_scale(out_grad, s)


def real_meta(x):
    """x's meta with a complex dtype replaced by its real one (abs, angle, real, imag)."""
    d = x.dtype
    if d.is_complex:
        d = _dt.float64 if d is _dt.complex128 else _dt.float32
    return TensorMeta(x.shape, d)


# -- sign-like and rounding ---------------------------------------------------------------
@register("abs")
class Abs(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.abs(x)

    def infer_meta(self, x):
        return real_meta(x)

    def backward(self, out_grad):
        (x,) = self.saved
        # Paddle's kernel: x / |x|, with 0 at 0; so NaN at +-inf, which x * 0 adds
        if x.dtype.is_complex:
            mag = apply(Abs, x)
            unit = x / mag
            zero = apply(FillAnyLike, unit, value=0.0, dtype=-1)
            return out_grad * apply(OPS["where"], exact_equal(mag, 0.0), zero, unit)
        return out_grad * (apply(Sign, x) + x * 0.0)


@register("sign")
class Sign(_Piecewise):
    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return complex_sign(x)
        return xp.sign(x)


@register("floor")
class Floor(_Piecewise):
    def forward(self, xp, x):
        return xp.floor(x) if kind_of(x.dtype) in "fc" else x.copy()


@register("ceil")
class Ceil(_Piecewise):
    def forward(self, xp, x):
        return xp.ceil(x) if kind_of(x.dtype) in "fc" else x.copy()


@register("round")
class Round(_Piecewise):
    """Round half to even, optionally to `decimals` places."""

    def forward(self, xp, x):
        d = self.attrs.get("decimals", 0)
        if kind_of(x.dtype) not in "fc":
            return x.copy()
        return xp.round(x, d) if d else xp.round(x)


@register("trunc")
class Trunc(_Piecewise):
    def forward(self, xp, x):
        if kind_of(x.dtype) in "iu":  # Paddle truncates integers as doubles: int64 beyond 2**53 rounds
            return through_float(xp, xp.trunc, x, compute=np.float64)
        return xp.trunc(x) if kind_of(x.dtype) in "fc" else x.copy()


# -- exponentials and logarithms ----------------------------------------------------------
@register("exp")
@holomorphic
class Exp(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return complex_exp(x)
        if x.dtype == np.float32:  # Paddle's kernel is Eigen's: its vectorised exp, not the libm one
            return eigen_expf(x)
        if x.dtype == np.float64:
            return eigen_exp(x)
        return xp.exp(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * out


@register("expm1")
@holomorphic
class Expm1(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":  # Paddle: C's complex exp, minus 1
            with np.errstate(all="ignore"):
                return xp.exp(x) - 1
        return xp.expm1(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * (out + 1.0)


@register("log")
@holomorphic
class Log(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.log(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad / x


@register("log2")
@holomorphic
class Log2(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":  # Paddle: log(x) / log(2) as a complex over a real
            with np.errstate(all="ignore"):
                return complex_divide_real(xp.log(x), np.log(2.0))
        return xp.log2(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad / (x * _LN2)


@register("log10")
@holomorphic
class Log10(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.log10(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad / (x * _LN10)


@register("log1p")
@holomorphic
class Log1p(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.log1p(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad / (x + 1.0)


# -- powers -------------------------------------------------------------------------------
@register("sqrt")
@holomorphic
class Sqrt(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        return xp.sqrt(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * 0.5 / out


@register("rsqrt")
@holomorphic
class Rsqrt(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        return 1 / xp.sqrt(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * (out * out * out) * -0.5


def _int_power(xp, x, y):
    """Integer x ** y; negative exponents truncate toward zero (1, -1 or 0) instead of failing."""
    if (y < 0).any():
        out = xp.trunc(xp.power(x.astype(xp.float64), y))
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            out = xp.nan_to_num(out, nan=0.0, posinf=0.0, neginf=0.0)
        return out.astype(xp.result_type(x, y))
    return xp.power(x, y)


@register("pow")
@holomorphic
class Pow(_Unary):
    """x ** factor for a scalar exponent (attr factor); the dtype of x is kept."""

    saves = ("X",)

    def forward(self, xp, x):
        f = self.attrs["factor"]
        if kind_of(x.dtype) in "iub":  # integer kernels take the integer part of the factor
            f = int(f)
            return xp.power(x, f) if f >= 0 else _int_power(xp, x, xp.asarray(f, dtype=x.dtype))
        if kind_of(x.dtype) == "c":
            return complex_power(x, xp.asarray(f, dtype=x.dtype))
        out = x * x if f == 2 else xp.power(x, f)
        if f == 0.5:  # NumPy takes sqrt there; C's pow gives (-inf) ** 0.5 = inf and (-0) ** 0.5 = +0
            out = xp.where(x == 0, xp.zeros_like(out), xp.where(xp.isneginf(x), xp.inf, out))
        return out if out.dtype == x.dtype else out.astype(x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        f = self.attrs["factor"]
        if f == 0:
            return zeros_grad(out_grad)
        if f == 1:
            return out_grad
        if f == 2:
            return out_grad * x * 2.0
        return out_grad * apply(Pow, x, factor=f - 1.0) * f


@register("square")
@holomorphic
class Square(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return complex_square(x)
        return x * x

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * x * 2.0


@register("reciprocal")
@holomorphic
class Reciprocal(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return complex_reciprocal(x)
        return 1 / x

    def backward(self, out_grad):
        (out,) = self.saved
        return -(out_grad * out * out)


# -- trigonometric and hyperbolic ---------------------------------------------------------
@register("sin")
@holomorphic
class Sin(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.sin(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Cos, x)


@register("cos")
@holomorphic
class Cos(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.cos(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return -(out_grad * apply(Sin, x))


@register("tan")
@holomorphic
class Tan(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        return xp.tan(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * (out * out + 1.0)


@register("asin")
@holomorphic
class Asin(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arcsin(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Rsqrt, 1.0 - x * x)


@register("acos")
@holomorphic
class Acos(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arccos(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return -(out_grad * apply(Rsqrt, 1.0 - x * x))


@register("atan")
@holomorphic
class Atan(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arctan(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad / (x * x + 1.0)


@register("sinh")
@holomorphic
class Sinh(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.sinh(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Cosh, x)


@register("cosh")
@holomorphic
class Cosh(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.cosh(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Sinh, x)


@register("tanh")
@holomorphic
class Tanh(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        return xp.tanh(x)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * (1.0 - out * out)


@register("sigmoid")
@holomorphic
class Sigmoid(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return complex_sigmoid(x)
        e = xp.exp(-x)
        if e.ndim == 0:  # a numpy scalar: no in-place arithmetic
            return xp.asarray(1 / (1 + e))
        e += 1
        return xp.reciprocal(e, out=e)

    def backward(self, out_grad):
        (out,) = self.saved
        return out_grad * (out * (1.0 - out))


@register("erf")
@holomorphic
class Erf(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        out = _erf_kernel(x.astype(np.float64, copy=False).reshape(-1))
        return out.reshape(x.shape).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Exp, -(x * x)) * _TWO_OVER_SQRT_PI


# -- special values -----------------------------------------------------------------------
@register("isnan_v2")
class IsNan(_Predicate):
    def forward(self, xp, x):
        return xp.isnan(x) if kind_of(x.dtype) in "fc" else xp.zeros(x.shape, dtype=bool)


@register("isinf_v2")
class IsInf(_Predicate):
    def forward(self, xp, x):
        return xp.isinf(x) if kind_of(x.dtype) in "fc" else xp.zeros(x.shape, dtype=bool)


@register("isfinite_v2")
class IsFinite(_Predicate):
    def forward(self, xp, x):
        return xp.isfinite(x) if kind_of(x.dtype) in "fc" else xp.ones(x.shape, dtype=bool)


@register("nan_to_num")
class NanToNum(_Unary):
    """Replace NaN / +inf / -inf by the attrs nan / posinf / neginf (Paddle composes this of where ops)."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        return xp.nan_to_num(x, nan=a["nan"], posinf=a["posinf"], neginf=a["neginf"])

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        if a["posinf"] == math.inf and a["neginf"] == -math.inf:  # only NaNs replaced (nansum)
            keep = as_float(apply(IsNan, x), out_grad)
            return out_grad - out_grad * keep
        return out_grad * as_float(apply(IsFinite, x), out_grad)


# -- clipping and counters ----------------------------------------------------------------
@register("clip")
class Clip(Op):
    """Clamp to [min, max]; the bounds come from the optional Min/Max tensors or the attrs."""

    inputs, outputs = ("X", "Min", "Max"), ("Out",)
    saves = ("X", "Min", "Max")

    def forward(self, xp, x, lo, hi):
        a = self.attrs
        lo = a["min"] if lo is None else lo.reshape(()).item()
        hi = a["max"] if hi is None else hi.reshape(()).item()
        if lo > hi:
            raise ValueError(
                "(InvalidArgument) max should be greater than or equal to min. But received "
                f"min = {float(lo):f}, max = {float(hi):f}")
        if kind_of(x.dtype) in "iu":
            # Paddle clamps integers in their own dtype: bounds become exact integers (a float bound of
            # 2**63 means "no upper bound" for int64), so no element takes a lossy trip through float64
            info = np.iinfo(x.dtype)
            lo, hi = (x.dtype.type(int(max(min(v, info.max), info.min))) for v in (lo, hi))
        if x.size > 4096:  # np.clip's fixed cost is high, but on big arrays it is one fast pass
            out = xp.clip(x, lo, hi)
        else:
            out = xp.minimum(xp.maximum(x, lo), hi)
        return out if out.dtype == x.dtype else out.astype(x.dtype)

    def infer_meta(self, x, lo, hi):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        x, lo, hi = self.saved
        a = self.attrs
        # inside [min, max] (bounds included) the gradient passes, outside it is zero
        inside = apply(Clip, x, lo, hi, min=a["min"], max=a["max"])
        mask = as_float(exact_equal(inside, x), out_grad)
        return out_grad * mask, None, None


@register("increment")
class Increment(_Unary):
    """x + step for a one-element tensor (Paddle's loop counter op)."""

    def forward(self, xp, x):
        if x.size > 1:  # Paddle lets an empty tensor through: it stays empty
            raise ValueError(
                "(InvalidArgument) The number of elements in Input(X) should be 1."
                f"Now the number is {x.size}.")
        step = self.attrs["step"]
        if kind_of(x.dtype) in "iu":
            return Scale._integer(x, 1, step, True)  # step truncated to the dtype, exact, wrapping
        out = x + step
        return out if out.dtype == x.dtype else out.astype(x.dtype)

    def backward(self, out_grad):
        return out_grad


# -- complex helpers -------------------------------------------------------------------------
@register("conj")
class Conj(_Unary):
    """Complex conjugate (a copy for real inputs)."""

    def forward(self, xp, x):
        return xp.conj(x) if kind_of(x.dtype) == "c" else x.copy()

    def backward(self, out_grad):
        return apply(Conj, out_grad)


@register("angle")
class Angle(Op):
    """Argument of a complex number; 0 or pi for real inputs (NaN stays NaN)."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        if kind_of(x.dtype) == "c":
            return xp.angle(x).astype(x.real.dtype, copy=False)
        out = xp.where(x < 0, xp.pi, 0.0).astype(x.dtype, copy=False)
        return xp.where(xp.isnan(x), x, out)

    def infer_meta(self, x):
        return real_meta(x)

    def backward(self, out_grad):
        (x,) = self.saved
        if not x.dtype.is_complex:
            return zeros_grad(x)
        # d angle: (-Im z, Re z) / |z|^2 per component (Paddle's kernel), 0 at z == 0
        re, im = apply(OPS["real"], x), apply(OPS["imag"], x)
        r2 = re * re + im * im
        zero = exact_equal(re, 0.0) & exact_equal(im, 0.0)  # z == 0 itself: a subnormal z gives r2 = 0 and inf/nan
        g = apply(OPS["where"], zero, apply(FillAnyLike, out_grad, value=0.0, dtype=-1), out_grad)
        one = apply(OPS["where"], zero, apply(FillAnyLike, r2, value=1.0, dtype=-1), r2)
        return apply(Complex, -g * im / one, g * re / one)


# -- inverse hyperbolic ----------------------------------------------------------------------
@register("acosh")
@holomorphic
class Acosh(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arccosh(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Rsqrt, x * x - 1.0)


@register("asinh")
@holomorphic
class Asinh(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arcsinh(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Rsqrt, x * x + 1.0)


@register("atanh")
@holomorphic
class Atanh(_Unary):
    saves = ("X",)

    def forward(self, xp, x):
        return xp.arctanh(x)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad * apply(Reciprocal, 1.0 - x * x)


# -- parts of a complex number ---------------------------------------------------------------
class _ComplexPart(Op):
    """The real or imaginary part of a complex tensor, as the matching float dtype."""

    inputs, outputs = ("X",), ("Out",)

    def infer_meta(self, x):
        return real_meta(x)


@register("real")
class Real(_ComplexPart):
    def forward(self, xp, x):
        return x.real.copy()

    def backward(self, out_grad):
        return apply(Complex, out_grad, zeros_grad(out_grad))


@register("imag")
class Imag(_ComplexPart):
    def forward(self, xp, x):
        return x.imag.copy()

    def backward(self, out_grad):
        return apply(Complex, zeros_grad(out_grad), out_grad)
