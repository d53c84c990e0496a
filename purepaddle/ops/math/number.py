"""Number-level elementwise ops: copysign, nextafter, frexp, signbit (floating-point representation),
gcd, lcm (integers), elementwise_heaviside."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import OPS, Op, TensorMeta, register
from ..creation.fill import FillAnyLike, zeros_grad
from ..logic import paddle_equal
from .elementwise import ElementwisePow, broadcast_shape, exact_equal, sum_to
from .unary import Sign, _Predicate, apply_scale, as_float


class _BinaryOp(Op):
    """Two broadcasting inputs x, y (Paddle's lowercase slots); the result has x's dtype."""

    inputs, outputs = ("x", "y"), ("out",)

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)


# -- binary extras ---------------------------------------------------------------------------
@register("copysign")
class Copysign(_BinaryOp):
    """|x| with the sign bit of y; integer x keeps its dtype."""

    saves = ("x", "y", "out")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) == "b":
            return xp.broadcast_to(x, xp.broadcast_shapes(x.shape, y.shape)).copy()
        return xp.copysign(x, y).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        x, y, out = self.saved
        gx = None
        if self.need(0):  # Paddle's kernel: dout * out / x (NaN at +-inf), and x itself where x == 0
            gx = sum_to(apply(OPS["where"], exact_equal(x, 0.0), x, out_grad * (out / x)), x)
        return gx, (zeros_grad(y) if self.need(1) else None)


@register("elementwise_heaviside")
class Heaviside(Op):
    """0 where x < 0, y where x == 0, 1 where x > 0 (NaN counts as not positive)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        return xp.where(x == 0, y, (x > 0).astype(x.dtype))

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        gx = zeros_grad(x) if self.need(0) else None
        gy = sum_to(out_grad * as_float(exact_equal(x, 0), out_grad), y) if self.need(1) else None
        return gx, gy


@register("nextafter")
class Nextafter(_BinaryOp):
    """The next representable value after x toward y."""

    differentiable = False

    def forward(self, xp, x, y):
        return xp.nextafter(x, y)


@register("frexp")
class Frexp(Op):
    """x = mantissa * 2 ** exponent with 0.5 <= |mantissa| < 1; both outputs in x's dtype."""

    inputs, outputs = ("x",), ("mantissa", "exponent")
    nondiff_outputs = ("exponent",)
    saves = ("exponent",)

    def forward(self, xp, x):
        m, e = xp.frexp(x)
        # Paddle's exponent comes from floor(log2|x|) with infinities zeroed, then the mantissa >= 1 correction:
        # NaN for NaN and 1 for +-inf (np.frexp gives 0 to both)
        e = xp.where(xp.isnan(x), np.nan, xp.where(xp.isinf(x), 1, e))
        return m.astype(x.dtype, copy=False), e.astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad, _exponent_grad=None):
        (e,) = self.saved
        two = apply(FillAnyLike, e, value=2.0, dtype=-1)
        return out_grad * apply(ElementwisePow, two, apply_scale(e, -1.0))


def _euclid(a, b):
    """gcd of |a| and |b| by Euclid's algorithm (integers through np.gcd; floats by fmod steps until b equals 0
    by Paddle's float equality, which calls |b| < 1e-15 zero, as its Python loop tests `y != 0`)."""
    if kind_of(a.dtype) in "iu":
        return np.gcd(a, b)
    a, b = np.broadcast_arrays(np.abs(a), np.abs(b))
    a, b = a.copy(), b.copy()
    for _ in range(4096):
        live = ~paddle_equal(b, np.zeros_like(b)) & ~np.isnan(b)
        if not live.any():
            break
        al, bl = a[live], b[live]
        a[live], b[live] = bl, np.fmod(al, bl)
    return a


@register("gcd")
class Gcd(_BinaryOp):
    """Greatest common divisor (non-negative; gcd(0, 0) = 0)."""

    differentiable = False

    def forward(self, xp, x, y):
        return _euclid(x, y).astype(x.dtype, copy=False)


@register("lcm")
class Lcm(_BinaryOp):
    """Least common multiple (non-negative; 0 when either is 0)."""

    differentiable = False

    def forward(self, xp, x, y):
        d = _euclid(x, y)
        zero = paddle_equal(d, np.zeros_like(d))
        # Paddle's composite: |x * y| // d, 0 where d == 0; for integers x * y and its abs wrap around as int64
        # arithmetic does (so lcm of extremes is |x * y| mod 2**64 over d, not x / d * y)
        with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
            out = xp.where(zero, 0, xp.floor_divide(xp.abs(x * y), xp.where(zero, 1, d)))
        return out.astype(x.dtype, copy=False)


@register("signbit")
class SignBit(_Predicate):
    """Whether the sign bit is set (True for -0.0 and for negative NaN)."""

    def forward(self, xp, x):
        if kind_of(x.dtype) == "f":
            return xp.signbit(x)
        return x < 0
