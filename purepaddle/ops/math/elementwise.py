"""Binary and n-ary elementwise ops with numpy broadcasting: elementwise_add/sub/mul/div/pow/...,
atan2, lerp, reduce_as."""
import numpy as np

from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import OPS, Op, TensorMeta, register
from .._complex import divide as complex_divide, join, multiply as complex_multiply, power as complex_power
from .._holomorphic import holomorphic
from .._through_float import through_float


def broadcast_shape(a, b, op_type="elementwise"):
    """Broadcast two static shapes (-1 = unknown); raises Paddle's error when they don't."""
    n = max(len(a), len(b))
    orig_a, orig_b = list(a), list(b)
    a = [1] * (n - len(a)) + orig_a
    b = [1] * (n - len(b)) + orig_b
    out = []
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        elif x == -1 or y == -1:
            out.append(max(x, y))
        else:
            raise ValueError(
                f"(InvalidArgument) Broadcast dimension mismatch in op '{op_type}'. Operands could not be "
                f"broadcast together with the shape of X = {orig_a} and the shape of Y = {orig_b}. Received "
                f"[{x}] in X is not equal to [{y}] in Y at i:{i}.")
    return out


def sum_to(grad, like):
    """Reduce a broadcast gradient back to the shape of `like` (a Tensor or Variable)."""
    try:  # eager: compare the arrays' shapes, the cheap common case
        if grad._data.shape == like._data.shape:
            return grad
    except AttributeError:  # static Variables: shapes may hold -1
        gs, ls = list(grad.shape), list(like.shape)
        if gs == ls and -1 not in ls:
            return grad
    return apply(ReduceAs, grad, like)


class _Binary(Op):
    """Shared shape rule and slots of the binary elementwise ops."""

    inputs, outputs = ("X", "Y"), ("Out",)

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)

    def bind(self, op):
        """Runner hook: honour a legacy program's `axis` (Y's dims line up with X's from `axis`).

        purepaddle's own programs always use axis=-1 (numpy's trailing alignment); Paddle 1.x/2.x
        programs may add a [C] bias to NCHW data with axis=1. Then the smaller operand gets
        trailing 1-dims so numpy broadcasting lines it up the same way.
        """
        axis = self.attrs.get("axis", -1)
        if axis is None or axis == -1:
            return
        shapes = []
        for slot in ("X", "Y"):
            names = op.inputs.get(slot) or [None]
            v = op.block._find_var_recursive(names[0]) if hasattr(op.block, "_find_var_recursive") else None
            shapes.append(None if v is None else len(v.shape))
        rx, ry = shapes
        if rx is None or ry is None or rx == ry:
            return
        small, big = (1, rx) if ry < rx else (0, ry)
        pad = big - axis - min(rx, ry)
        if pad <= 0:
            return
        kernel = self.forward

        def forward(xp, *arrays):
            arrays = list(arrays)
            a = arrays[small]
            arrays[small] = a.reshape(a.shape + (1,) * pad)
            return kernel(xp, *arrays)

        self.forward = forward

    def explain_error(self, inputs):
        try:  # a failed kernel is almost always a shape mismatch: say it as Paddle does
            broadcast_shape(inputs[0].shape, inputs[1].shape, self.type)
        except ValueError as e:
            return e
        return None


@register("elementwise_add")
class ElementwiseAdd(_Binary):
    def forward(self, xp, x, y):
        return x + y

    saves = ("X", "Y")

    def backward(self, out_grad):
        x, y = self.saved
        return (sum_to(out_grad, x) if self.need(0) else None,
                sum_to(out_grad, y) if self.need(1) else None)


@register("elementwise_sub")
class ElementwiseSub(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        return x - y

    def backward(self, out_grad):
        x, y = self.saved
        return (sum_to(out_grad, x) if self.need(0) else None,
                sum_to(-out_grad, y) if self.need(1) else None)


@register("elementwise_mul")
@holomorphic
class ElementwiseMul(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) == "c":
            return complex_multiply(x, y)
        return x * y

    def backward(self, out_grad):
        x, y = self.saved
        return (sum_to(out_grad * y, x) if self.need(0) else None,
                sum_to(out_grad * x, y) if self.need(1) else None)


@register("elementwise_div")
@holomorphic
class ElementwiseDiv(_Binary):
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) == "c":
            return complex_divide(x, y)
        out = x / y
        if out.dtype != x.dtype and kind_of(x.dtype) == "f":
            out = out.astype(x.dtype)
        return out

    def backward(self, out_grad):
        x, y, out = self.saved
        # Paddle's order: dy = -dout * out / y (dividing last keeps -0 / 1e-40 a zero, not inf * 0)
        return (sum_to(out_grad / y, x) if self.need(0) else None,
                sum_to(-out_grad * out / y, y) if self.need(1) else None)


@register("elementwise_pow")
class ElementwisePow(_Binary):
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) in "iu" and kind_of(y.dtype) in "iu":
            # Paddle: std::pow in double, cast back (3 ** 39 rounds, 2 ** 31 in int32 is INT_MIN) ...
            out = through_float(xp, xp.power, x, y, dtype=xp.result_type(x, y), compute=np.float64)
            if (y < 0).any():  # ... but a negative exponent gives 1, -1 or 0 (also 0 ** -1)
                from .unary import _int_power
                out = xp.where(y < 0, _int_power(xp, x, y), out)
            return out
        if kind_of(x.dtype) == "c":
            return complex_power(x, y)
        return xp.power(x, y)

    def backward(self, out_grad):
        x, y, out = self.saved
        where, zeros = OPS["where"], OPS["fill_any_like"]
        gx = gy = None
        # Paddle's special cases: dx is 0 where y == 0, dy is 0 where x == 0 and y >= 0
        real = not out_grad.dtype.is_complex

        def zero_where(cond, g):
            return apply(where, cond, apply(zeros, g, value=0.0, dtype=-1), g) if real else g

        if self.need(0):
            gx = sum_to(zero_where(exact_equal(y, 0.0), out_grad * y * x ** (y - 1)), x)
        if self.need(1):
            gy = sum_to(zero_where(exact_equal(x, 0.0) & (y >= 0.0), out_grad * out * x.log()), y)
        if out_grad.dtype.is_complex:
            # Paddle's complex elementwise_pow conjugates the upstream gradient too: conj(g * f'),
            # unlike the other holomorphic ops' g * conj(f') (the same for a real upstream gradient)
            gx, gy = (None if g is None else g.conj() for g in (gx, gy))
        return gx, gy


def exact_equal(a, b, equal_nan=False):
    """a == b exactly, on Tensors (or Variables), as Paddle's grad kernels compare (C++ ==): the `equal` op and
    `isclose` have Paddle's 1e-15 slack (ops/logic.py), so backward rules compare with >= and <=. NaN equals NaN
    only with equal_nan."""
    eq = (a >= b) & (a <= b)
    return eq | (a.isnan() & b.isnan()) if equal_nan else eq


def _tie_split(out_grad, x, y, x_wins, y_wins):
    """maximum/minimum grads as Paddle gives them: the winner takes out_grad, a tie splits it 0.5/0.5,
    and a NaN on either side (neither wins nor ties) passes nothing."""
    dtype = out_grad.dtype
    half = exact_equal(x, y).astype(dtype) * 0.5
    return (sum_to(out_grad * (x_wins.astype(dtype) + half), x),
            sum_to(out_grad * (y_wins.astype(dtype) + half), y))


@register("elementwise_max")
class ElementwiseMax(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        return xp.maximum(x, y)

    def backward(self, out_grad):
        x, y = self.saved
        return _tie_split(out_grad, x, y, x > y, x < y)


@register("elementwise_min")
class ElementwiseMin(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        return xp.minimum(x, y)

    def backward(self, out_grad):
        x, y = self.saved
        return _tie_split(out_grad, x, y, x < y, x > y)


@register("elementwise_fmax")
class ElementwiseFMax(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) in "iu":  # Paddle compares integers as float (int32) or double, then std::lrint
            return through_float(xp, xp.fmax, x, y, width=64)
        return xp.fmax(x, y)

    def backward(self, out_grad):
        x, y = self.saved
        mask = ((x >= y) | y.isnan()).astype(out_grad.dtype)
        return sum_to(out_grad * mask, x), sum_to(out_grad * (1 - mask), y)


@register("elementwise_fmin")
class ElementwiseFMin(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) in "iu":  # Paddle compares integers as float (int32) or double, then std::lrint
            return through_float(xp, xp.fmin, x, y, width=64)
        return xp.fmin(x, y)

    def backward(self, out_grad):
        x, y = self.saved
        mask = ((x <= y) | y.isnan()).astype(out_grad.dtype)
        return sum_to(out_grad * mask, x), sum_to(out_grad * (1 - mask), y)


@register("elementwise_floordiv")
class ElementwiseFloorDiv(_Binary):
    differentiable = False

    def forward(self, xp, x, y):
        if kind_of(x.dtype) in "iu" and (y == 0).any():
            raise ZeroDivisionError("Integer division by zero encountered in floor_divide")
        return xp.floor_divide(x, y)


def _round_half_away(xp, v):
    """C's round(): to the nearest integer, halves away from zero (NumPy's round goes to even)."""
    t = xp.trunc(v)
    with np.errstate(invalid="ignore"):
        return t + xp.where(xp.abs(v - t) >= 0.5, xp.sign(v), 0)


@register("elementwise_mod")
class ElementwiseMod(_Binary):
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        if kind_of(x.dtype) in "iu" and (y == 0).any():
            raise ZeroDivisionError("Integer division by zero encountered in remainder")
        if kind_of(x.dtype) == "c":
            # Paddle's complex remainder: x - y * q with q the quotient x / y rounded per component to the
            # nearest integer, halves away from zero (C's round); a zero divisor gives NaN
            q = x / y
            q = join(_round_half_away(xp, q.real), _round_half_away(xp, q.imag), x.dtype)
            return (x - y * q).astype(x.dtype, copy=False)
        return xp.mod(x, y)

    def backward(self, out_grad):
        x, y = self.saved
        return sum_to(out_grad, x), sum_to(-out_grad * (x / y).floor(), y)


@register("reduce_as")
class ReduceAs(Op):
    """Sum `X` over the broadcast dims so it takes the shape of `Target` (runtime shapes)."""

    inputs, outputs = ("X", "target"), ("Out",)
    saves = ("X",)

    def forward(self, xp, x, target):
        shape = target.shape
        if x.shape == shape:
            return x
        lead = x.ndim - len(shape)
        axes = tuple(range(lead)) + tuple(i + lead for i, d in enumerate(shape) if d == 1 and x.shape[i + lead] != 1)
        # small integers sum in their own dtype (wrapping) as in Paddle; NumPy would widen them
        acc = x.dtype if kind_of(x.dtype) in "iu" else None
        out = x.sum(axis=axes, keepdims=True, dtype=acc) if axes else x
        return out.reshape(shape)

    def infer_meta(self, x, target):
        return TensorMeta(target.shape, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return out_grad.expand_as(x), None


@register("atan2")
class Atan2(Op):
    """Elementwise arctan(x1 / x2) with the quadrant of (x2, x1)."""

    inputs, outputs = ("X1", "X2"), ("Out",)
    saves = ("X1", "X2")

    def forward(self, xp, x, y):
        return xp.arctan2(x, y)

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)

    def backward(self, out_grad):
        x, y = self.saved
        g = out_grad / (x * x + y * y)
        return (sum_to(g * y, x) if self.need(0) else None,
                sum_to(-(g * x), y) if self.need(1) else None)


@register("lerp")
class Lerp(Op):
    """x + weight * (y - x), all three broadcast together."""

    inputs, outputs = ("X", "Y", "Weight"), ("Out",)
    saves = ("X", "Y", "Weight")

    def forward(self, xp, x, y, w):
        out = x + w * (y - x)
        return out if out.dtype == x.dtype else out.astype(x.dtype)

    def infer_meta(self, x, y, w):
        shape = broadcast_shape(broadcast_shape(x.shape, y.shape, self.type), w.shape, self.type)
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        x, y, w = self.saved
        gy = out_grad * w
        gx = sum_to(out_grad - gy, x) if self.need(0) else None
        # Paddle's lerp_grad has no Weight@GRAD: the weight gets None even when it asks for a gradient
        return gx, sum_to(gy, y) if self.need(1) else None, None
