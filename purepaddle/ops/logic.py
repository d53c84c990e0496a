"""Logic ops: comparisons, logical_*, bitwise_* and shifts, reduce_any/reduce_all, is_empty, isclose,
allclose, equal_all (no gradients)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dtype import kind_of
from .._core.op import Op, TensorMeta, register
from .math.elementwise import broadcast_shape
from .math._axes import reduce_axes, reduced_shape


class _Binary(Op):
    """Broadcasting binary op with a bool (comparisons, logical_*) result."""

    inputs, outputs = ("X", "Y"), ("Out",)
    differentiable = False
    _fn = None

    def forward(self, xp, x, y):
        try:
            return self._fn(x, y)
        except ValueError:
            if x.shape != y.shape:  # numpy's broadcast error -> Paddle's message
                broadcast_shape(list(x.shape), list(y.shape), self.type)
            raise

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), _dt.bool_)


# Paddle's CPU equality of floating and complex numbers is not exact: two finite values whose difference (taken in
# their dtype, then widened to float64) is below 1e-15 compare equal, so 1e-40 == -0.0 and 1e-300 == 0 are True
# while 1e-15 == 0 is False. An infinity compares exactly, NaN equals nothing; complex numbers compare their real
# and imaginary parts so, exactly when any part is infinite. equal, not_equal, equal_all and isin share this rule.
_EQUAL_TOLERANCE = 1e-15


def paddle_equal(x, y):
    """Elementwise equality of two arrays by Paddle's rule (above); integers and bools compare exactly."""
    kind = kind_of(np.result_type(x.dtype, y.dtype)) if x.dtype != y.dtype else kind_of(x.dtype)
    if kind not in "fc":
        return np.equal(x, y)
    with np.errstate(all="ignore"):
        diff = x - y
        if kind == "c":
            inf = np.isinf(x.real) | np.isinf(x.imag) | np.isinf(y.real) | np.isinf(y.imag)
            near = ((np.abs(diff.real.astype(np.float64)) < _EQUAL_TOLERANCE)
                    & (np.abs(diff.imag.astype(np.float64)) < _EQUAL_TOLERANCE))
        else:
            inf = np.isinf(x) | np.isinf(y)
            near = np.abs(np.asarray(diff).astype(np.float64)) < _EQUAL_TOLERANCE
    return np.where(inf, np.equal(x, y), near)


@register("equal")
class Equal(_Binary):
    _fn = staticmethod(paddle_equal)


@register("not_equal")
class NotEqual(_Binary):
    _fn = staticmethod(lambda x, y: ~paddle_equal(x, y))


@register("less_than")
class LessThan(_Binary):
    _fn = staticmethod(np.less)


@register("less_equal")
class LessEqual(_Binary):
    _fn = staticmethod(np.less_equal)


@register("greater_than")
class GreaterThan(_Binary):
    _fn = staticmethod(np.greater)


@register("greater_equal")
class GreaterEqual(_Binary):
    _fn = staticmethod(np.greater_equal)


@register("logical_and")
class LogicalAnd(_Binary):
    _fn = staticmethod(np.logical_and)


@register("logical_or")
class LogicalOr(_Binary):
    _fn = staticmethod(np.logical_or)


@register("logical_xor")
class LogicalXor(_Binary):
    _fn = staticmethod(np.logical_xor)


@register("logical_not")
class LogicalNot(Op):
    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return np.logical_not(x)

    def infer_meta(self, x):
        return TensorMeta(x.shape, _dt.bool_)


class _Bitwise(_Binary):
    """Integer/bool binary op keeping the input dtype."""

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)


@register("bitwise_and")
class BitwiseAnd(_Bitwise):
    _fn = staticmethod(np.bitwise_and)


@register("bitwise_or")
class BitwiseOr(_Bitwise):
    _fn = staticmethod(np.bitwise_or)


@register("bitwise_xor")
class BitwiseXor(_Bitwise):
    _fn = staticmethod(np.bitwise_xor)


@register("bitwise_not")
class BitwiseNot(Op):
    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return np.invert(x)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


class _Shift(_Bitwise):
    """x << y / x >> y; `is_arithmetic=False` shifts signed values as unsigned bits."""

    inputs, outputs = ("x", "y"), ("out",)

    def forward(self, xp, x, y):
        bits = x.dtype.itemsize * 8
        arith = self.attrs.get("is_arithmetic", True)
        signed = kind_of(x.dtype) == "i"
        if signed and not arith:
            u = np.dtype(f"u{x.dtype.itemsize}")
            return self._shift(x.astype(u), y.astype(u), bits).astype(x.dtype)
        return self._shift(x, y, bits)


@register("bitwise_left_shift")
class BitwiseLeftShift(_Shift):
    @staticmethod
    def _shift(x, y, bits):
        big = y >= bits
        out = np.left_shift(x, np.where(big, 0, y).astype(x.dtype))
        return np.where(big, x.dtype.type(0), out) if big.any() else out


@register("bitwise_right_shift")
class BitwiseRightShift(_Shift):
    @staticmethod
    def _shift(x, y, bits):
        big = y >= bits
        out = np.right_shift(x, np.where(big, 0, y).astype(x.dtype))
        if big.any():
            fill = np.where(x < 0, x.dtype.type(-1), x.dtype.type(0)) if kind_of(x.dtype) == "i" else x.dtype.type(0)
            out = np.where(big, fill, out)
        return out


class _ReduceBool(Op):
    """reduce_any / reduce_all: attrs dim, keep_dim, reduce_all; bool result."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False
    _fn = None

    def forward(self, xp, x):
        a = self.attrs
        return np.asarray(self._fn(x, axis=reduce_axes(a, x.ndim), keepdims=a["keep_dim"]))

    def infer_meta(self, x):
        return TensorMeta(reduced_shape(x.shape, self.attrs), _dt.bool_)


@register("reduce_any")
class ReduceAny(_ReduceBool):
    _fn = staticmethod(np.any)


@register("reduce_all")
class ReduceAll(_ReduceBool):
    _fn = staticmethod(np.all)


@register("is_empty")
class IsEmpty(Op):
    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return np.asarray(x.size == 0)

    def infer_meta(self, x):
        return TensorMeta([], _dt.bool_)


def paddle_isclose(x, y, rtol, atol, equal_nan):
    """Paddle's CPU isclose, elementwise: a == b, or |a - b| <= atol + rtol * |b|, or the two sides within 1e-15
    of each other (each side rounded to the dtype), so isclose(1, inf) and isclose(inf, -inf) are True. A NaN
    compares by equal_nan; a complex element holding NaN is always True (Paddle's kernel never writes it)."""
    kind = kind_of(np.result_type(x.dtype, y.dtype))
    if kind not in "fc":
        return np.isclose(x, y, rtol=rtol, atol=atol, equal_nan=equal_nan)
    with np.errstate(all="ignore"):
        nan = np.isnan(x) | np.isnan(y)  # complex: either part NaN
        left = np.abs(x - y)  # the modulus for complex numbers
        b = np.abs(y)
        real = left.dtype
        right = (atol + rtol * b.astype(np.float64)).astype(real)
        diff = np.abs(left - right)
        val = (x == y) | (left <= right) | (diff.astype(np.float64) <= 1e-15)
    if kind == "c":
        return val | nan
    return np.where(nan, equal_nan & (np.isnan(x) == np.isnan(y)), val)


@register("isclose")
class IsClose(Op):
    """|x - y| <= atol + rtol * |y| elementwise (attrs rtol/atol are strings, as in Paddle)."""

    inputs, outputs = ("Input", "Other"), ("Out",)
    differentiable = False

    def forward(self, xp, x, y):
        a = self.attrs
        return paddle_isclose(x, y, float(a["rtol"]), float(a["atol"]), a["equal_nan"])

    def infer_meta(self, x, y):
        from .._core import dtype as _dt
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), _dt.bool_)


# -- whole-tensor comparisons -------------------------------------------------------------
@register("allclose")
class AllClose(Op):
    """Whether every |x - y| <= atol + rtol * |y| (a 0-D bool)."""

    inputs, outputs = ("Input", "Other"), ("Out",)
    differentiable = False

    def forward(self, xp, x, y):
        a = self.attrs
        return xp.asarray(bool(paddle_isclose(x, y, float(a["rtol"]), float(a["atol"]), a["equal_nan"]).all()))

    def infer_meta(self, x, y):
        return TensorMeta([], _dt.bool_)


@register("equal_all")
class EqualAll(Op):
    """Whether x and y have the same shape and values (a 0-D bool)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    differentiable = False

    def forward(self, xp, x, y):
        return xp.asarray(x.shape == y.shape and bool(paddle_equal(x, y).all()))

    def infer_meta(self, x, y):
        return TensorMeta([], _dt.bool_)
