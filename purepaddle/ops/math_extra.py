"""More math ops: stanh, logit, multiplex, sum (add_n), renorm, cummax/cummin, logcumsumexp, conj, angle,
copysign, elementwise_heaviside, nextafter, frexp, gcd, lcm, signbit."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from .creation import FillAnyLike, FillConstant, zeros_grad
from .elementwise import ElementwisePow, broadcast_shape, sum_to
from .join import Concat
from .reduction import ReduceSum
from .scatter import PutAlongAxis
from .shape import ShapeOnly
from .unary import Abs, Exp, Log, Pow, Relu, Sign, Tanh, _Predicate, _Unary, apply_scale, as_float


class _BinaryOp(Op):
    """Two broadcasting inputs x, y (Paddle's lowercase slots); the result has x's dtype."""

    inputs, outputs = ("x", "y"), ("out",)

    def infer_meta(self, x, y):
        return TensorMeta(broadcast_shape(x.shape, y.shape, self.type), x.dtype)


# -- activations of math.py ------------------------------------------------------------------
@register("stanh")
class Stanh(_Unary):
    """scale_b * tanh(scale_a * x)."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        return (a["scale_b"] * xp.tanh(a["scale_a"] * x)).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        (x,) = self.saved
        a, b = self.attrs["scale_a"], self.attrs["scale_b"]
        t = apply(Tanh, apply_scale(x, a))
        return out_grad * (1.0 - t * t) * (a * b)


@register("logit")
class Logit(_Unary):
    """log(x / (1 - x)), x first clamped into [eps, 1 - eps] when eps is nonzero."""

    saves = ("X",)

    def forward(self, xp, x):
        eps = self.attrs["eps"]
        if eps:
            x = xp.maximum(xp.minimum(x, 1.0 - eps), eps).astype(x.dtype, copy=False)
        return xp.log(x / (1.0 - x))

    def backward(self, out_grad):
        (x,) = self.saved
        eps = self.attrs["eps"]
        grad = out_grad / (x * (1.0 - x))
        inside = as_float(x >= eps, x) * as_float(x <= 1.0 - eps, x)
        if eps:
            return grad * inside
        return grad * (inside / inside)  # NaN outside [0, 1], as Paddle


# -- list inputs -----------------------------------------------------------------------------
@register("multiplex")
class Multiplex(ShapeOnly):
    """Row i of the result is row i of X[Ids[i, 0]] (backward keeps only the shapes of X)."""

    inputs, outputs = ("X", "Ids"), ("Out",)
    duplicable = ("X",)
    saves = ("X", "Ids")
    shape_only = ("X",)

    def forward(self, xp, xs, ids):
        k = ids.reshape(-1)
        n = k.shape[0]
        if n and (int(k.max()) >= len(xs) or int(k.min()) < 0):
            bad = int(k.max()) if int(k.max()) >= len(xs) else int(k.min())
            raise RuntimeError(
                "(PreconditionNotMet) index exceeds the number of candidate tensors.\n  [Hint: Expected "
                f"static_cast<size_t>(k) < ins.size(), but received static_cast<size_t>(k):{bad} >= "
                f"ins.size():{len(xs)}.]")
        out = xp.empty((n,) + xs[0].shape[1:], dtype=xs[0].dtype)
        for j, x in enumerate(xs):
            sel = k == j
            out[sel] = x[:n][sel]
        return out

    def infer_meta(self, xs, ids):
        return TensorMeta([ids.shape[0]] + list(xs[0].shape[1:]), xs[0].dtype)

    def backward(self, out_grad):
        xs, ids = self.saved
        nd = len(out_grad.shape)
        col = ids.reshape([-1] + [1] * (nd - 1))
        grads = []
        for j, x in enumerate(xs):
            if not self.need(j):
                grads.append(None)
                continue
            g = out_grad * as_float(col == j, out_grad)
            extra = x.shape[0] - ids.shape[0] if -1 not in (x.shape[0], ids.shape[0]) else 0
            if extra > 0:
                pad = apply(FillConstant, shape=[extra] + list(x.shape[1:]), value=0.0, dtype=x.dtype.proto)
                g = apply(Concat, [g, pad], None, axis=0)
            grads.append(g)
        return grads, None


@register("sum")
class AddN(Op):
    """The elementwise sum of the list X: paddle.add_n, and the static grad accumulation of append_backward."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("X",)

    def forward(self, xp, xs):
        out = xs[0].copy()
        for x in xs[1:]:
            out += x
        return out

    def infer_meta(self, xs):
        return TensorMeta(xs[0].shape, xs[0].dtype)

    def backward(self, out_grad):
        return [out_grad if self.need(i) else None for i in range(len(self.next))]


# -- renorm --------------------------------------------------------------------------------
_RENORM_EPS = 1e-7


def _inverse(p):
    """1 / p, with 1 / 0 = inf (renorm with p = 0 zeroes every slice, as in Paddle)."""
    return float("inf") if p == 0 else 1.0 / p


def _other_axes(nd, axis):
    return [i for i in range(nd) if i != axis % nd]


@register("renorm")
class Renorm(_Unary):
    """Scale each slice along attr axis whose p-norm exceeds max_norm down to max_norm."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        p, m = a["p"], a["max_norm"]
        axes = tuple(_other_axes(x.ndim, a["axis"]))
        norm = (xp.abs(x) ** p).sum(axis=axes, keepdims=True) ** _inverse(p)
        scale = xp.where(norm > m, m / (norm + _RENORM_EPS), 1.0)
        return (x * scale).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        (x,) = self.saved
        a = self.attrs
        p, m = a["p"], a["max_norm"]
        axes = _other_axes(len(x.shape), a["axis"])

        def kept_sum(t):
            return apply(ReduceSum, t, dim=axes, keep_dim=True, reduce_all=False) if axes else t

        absx = apply(Abs, x)
        norm = apply(Pow, kept_sum(apply(Pow, absx, factor=p)), factor=_inverse(p))
        over = as_float(norm > m, x)
        denom = norm + _RENORM_EPS
        scale = over * (m / denom) + (1.0 - over)
        # d norm / d x = |x|^(p-1) sign(x) norm^(1-p); d scale / d norm = -m / (norm + eps)^2 where over
        dnorm = apply(Pow, absx, factor=p - 1.0) * apply(Sign, x) * apply(Pow, norm, factor=1.0 - p)
        coef = over * kept_sum(out_grad * x) * (-m) / (denom * denom)
        return out_grad * scale + coef * dnorm


# -- cumulative ------------------------------------------------------------------------------
class _CumExtreme(Op):
    """Running max/min along attr axis and the index where it was last attained (ties and NaN
    move the index forward, as in Paddle); attr dtype is the indices' VarType."""

    inputs, outputs = ("x",), ("out", "indices")
    nondiff_outputs = ("indices",)
    saves = ("x", "indices")
    _ufunc = None

    def forward(self, xp, x):
        a = self.attrs
        idt = _dt.from_proto(a["dtype"]).np_dtype
        if x.ndim == 0:
            return x.copy(), np.zeros((), idt)
        axis = a["axis"] % x.ndim
        vals = self._ufunc.accumulate(x, axis=axis)
        shape = [1] * x.ndim
        shape[axis] = x.shape[axis]
        pos = np.arange(x.shape[axis], dtype=idt).reshape(shape)
        hit = x == vals
        if x.dtype.kind in "fc":
            hit |= xp.isnan(x)
        idx = np.maximum.accumulate(np.where(hit, pos, 0), axis=axis).astype(idt, copy=False)
        return vals, idx

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, _dt.from_proto(self.attrs["dtype"]))

    def backward(self, out_grad, _indices_grad=None):
        x, idx = self.saved
        if len(x.shape) == 0:
            return out_grad
        zeros = apply(FillAnyLike, x, value=0.0, dtype=-1)
        return apply(PutAlongAxis, zeros, idx, out_grad, Axis=self.attrs["axis"], Reduce="add", Include_self=True)


@register("cummax")
class Cummax(_CumExtreme):
    _ufunc = np.maximum


@register("cummin")
class Cummin(_CumExtreme):
    _ufunc = np.minimum


@register("logcumsumexp")
class LogCumSumExp(_Unary):
    """log(cumsum(exp(x))) along attr axis (flatten: over the flattened input), computed stably."""

    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        if a.get("flatten"):
            x, axis = x.reshape(-1), 0
        elif x.ndim == 0:
            return x.copy()
        else:
            axis = a["axis"] % x.ndim
        if a.get("reverse"):
            x = xp.flip(x, axis)
        out = np.logaddexp.accumulate(x, axis=axis)
        if a.get("exclusive"):
            out = xp.concatenate([xp.full_like(xp.take(out, [0], axis), -xp.inf),
                                  xp.take(out, range(out.shape[axis] - 1), axis)], axis)
        if a.get("reverse"):
            out = xp.flip(out, axis)
        return out.astype(x.dtype, copy=False)

    def infer_meta(self, x):
        if self.attrs.get("flatten"):
            n = -1 if -1 in x.shape else int(np.prod(x.shape, dtype=np.int64))
            return TensorMeta([n], x.dtype)
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        if len(x.shape) == 0 and not a.get("flatten"):
            return out_grad
        if a.get("exclusive"):
            raise NotImplementedError("logcumsumexp with exclusive=True has no gradient rule here")
        flat = a.get("flatten")
        xs = x.reshape([-1]) if flat else x
        scan = {"axis": 0 if flat else a["axis"], "flatten": False, "exclusive": False,
                "reverse": not a.get("reverse", False)}
        # dx_i = sum_{j >= i} g_j exp(x_i - out_j), with g split by sign and summed in log space
        pos = apply(LogCumSumExp, apply(Log, apply(Relu, out_grad)) - out, **scan)
        neg = apply(LogCumSumExp, apply(Log, apply(Relu, -out_grad)) - out, **scan)
        g = apply(Exp, pos + xs) - apply(Exp, neg + xs)
        return g.reshape(list(x.shape)) if flat else g


# -- complex helpers -------------------------------------------------------------------------
@register("conj")
class Conj(_Unary):
    """Complex conjugate (a copy for real inputs)."""

    def forward(self, xp, x):
        return xp.conj(x) if x.dtype.kind == "c" else x.copy()

    def backward(self, out_grad):
        return apply(Conj, out_grad)


@register("angle")
class Angle(Op):
    """Argument of a complex number; 0 or pi for real inputs (NaN stays NaN)."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        if x.dtype.kind == "c":
            return xp.angle(x).astype(x.real.dtype, copy=False)
        out = xp.where(x < 0, xp.pi, 0.0).astype(x.dtype, copy=False)
        return xp.where(xp.isnan(x), x, out)

    def infer_meta(self, x):
        d = x.dtype
        if d.is_complex:
            d = _dt.float64 if d is _dt.complex128 else _dt.float32
        return TensorMeta(x.shape, d)

    def backward(self, out_grad):
        (x,) = self.saved
        if not x.dtype.is_complex:
            return zeros_grad(x)
        # d angle: (-Im z, Re z) / |z|^2, i.e. i z / |z|^2 as a complex gradient
        r = apply(Abs, x)
        unit_i = apply(FillConstant, shape=[], value=0.0, str_value="1j", dtype=x.dtype.proto)
        return x * unit_i * (out_grad / (r * r))


# -- binary extras ---------------------------------------------------------------------------
@register("copysign")
class Copysign(_BinaryOp):
    """|x| with the sign bit of y; integer x keeps its dtype."""

    saves = ("x", "y", "out")

    def forward(self, xp, x, y):
        if x.dtype.kind == "b":
            return xp.broadcast_to(x, xp.broadcast_shapes(x.shape, y.shape)).copy()
        return xp.copysign(x, y).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        x, y, out = self.saved
        gx = sum_to(out_grad * apply(Sign, x) * apply(Sign, out), x) if self.need(0) else None
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
        gy = sum_to(out_grad * as_float(x == 0, out_grad), y) if self.need(1) else None
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
        return m.astype(x.dtype, copy=False), e.astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad, _exponent_grad=None):
        (e,) = self.saved
        two = apply(FillAnyLike, e, value=2.0, dtype=-1)
        return out_grad * apply(ElementwisePow, two, apply_scale(e, -1.0))


def _euclid(a, b):
    """gcd of |a| and |b| by Euclid's algorithm (integers through np.gcd; floats by fmod steps)."""
    if a.dtype.kind in "iu":
        return np.gcd(a, b)
    a, b = np.broadcast_arrays(np.abs(a), np.abs(b))
    a, b = a.copy(), b.copy()
    for _ in range(4096):
        live = (b != 0) & ~np.isnan(b)
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
        if x.dtype.kind in "iu":
            return xp.lcm(x, y)
        d = _euclid(x, y)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = xp.where(d == 0, 0.0, xp.abs(x * y) / xp.where(d == 0, 1.0, d))
        return out.astype(x.dtype, copy=False)


@register("signbit")
class SignBit(_Predicate):
    """Whether the sign bit is set (True for -0.0 and for negative NaN)."""

    def forward(self, xp, x):
        if x.dtype.kind == "f":
            return xp.signbit(x)
        return x < 0

