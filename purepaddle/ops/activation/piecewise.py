"""Piecewise-linear activation ops of paddle.nn.functional: relu (and relu_grad), relu6, leaky_relu,
hardtanh, shrinks, hard_sigmoid / hard_swish, prelu, rrelu, maxout (the exp/erf-based ones are in
smooth.py, the softmax family in softmax.py).

Forward kernels work on arrays with few temporaries and keep the input dtype; backward rules are
written with framework ops (so static programs and double backward reuse them). Piecewise masks
are comparisons cast to the gradient's dtype.
"""
import numpy as np

from ..._core.dispatch import apply
from ..._core.op import Op, TensorMeta, register
from .._blocking import blocked
from .._max_rules import has_nan, scan_reduce
from ..math.elementwise import sum_to
from ..math.unary import _Unary, as_float


def _mask(cond, like):
    """A bool Tensor as 0/1 in like's dtype."""
    return as_float(cond, like)


_CHUNK = 1 << 17  # elements per sweep: a block of zeros this long stays in L2
_ZEROS = {}  # dtype -> a zero block of _CHUNK elements
_SWEPT = (np.float16, np.float32, np.float64)  # NumPy's own float types (bfloat16 keeps the plain ufunc call)


def against_zero(ufunc, x, out, plus_zero=False):
    """out = ufunc(x, 0) (fmax/maximum/minimum) for float arrays; out may be x (in place). With plus_zero, a
    -0.0 result becomes +0.0 (x + 0.0: every other value is unchanged).

    NumPy's binary ufuncs against a scalar 0 take a slow loop (about 3x slower than against a
    contiguous array of zeros), so contiguous arrays are swept in chunks against a zero block (the +0.0 pass
    then runs on a chunk still in cache)."""
    if not (type(x) is np.ndarray and x.flags.c_contiguous and out.flags.c_contiguous
            and x.dtype.type in _SWEPT and out.dtype == x.dtype):
        out = ufunc(x, 0, out=out)
        if plus_zero:
            np.add(out, out.dtype.type(0), out=out)
        return out
    z = _ZEROS.get(x.dtype)
    if z is None:
        z = _ZEROS[x.dtype] = np.zeros(_CHUNK, x.dtype)
    src, dst = x.reshape(-1), out.reshape(-1)
    n = src.size
    for i in range(0, n, _CHUNK):
        j = min(i + _CHUNK, n)
        ufunc(src[i:j], z[:j - i], out=dst[i:j])
        if plus_zero:
            np.add(dst[i:j], z[:j - i], out=dst[i:j])
    return out


def relu_into(x, out):
    """out = relu(x) as the relu op computes it (NaN and -0.0 give +0.0, as Paddle's x > 0 ? x : 0); out may
    be x (in place). NumPy's fmax(-0.0, 0.0) returns either zero depending on the loop (SIMD body or tail),
    so the sign is fixed by a + 0.0 afterwards."""
    return against_zero(np.fmax, x, out, plus_zero=True)


def relu6_into(x, out, threshold=6.0):
    """out = relu6(x) as the relu6 op computes it (one clip: -0.0 and NaN kept); out may be x (in place)."""
    return np.clip(x, 0, threshold, out=out)


def _typed(out, x):
    """out in x's dtype (numpy may widen on mixed scalars)."""
    return out if out.dtype == x.dtype else out.astype(x.dtype)


# -- piecewise-linear activations -------------------------------------------------------------
@register("relu")
class Relu(_Unary):
    saves = ("Out",)

    def forward(self, xp, x):
        if type(x) is np.ndarray and x.dtype.type in _SWEPT:
            return relu_into(x, np.empty(x.shape, x.dtype))
        out = xp.fmax(x, 0)  # NaN gives 0, as Paddle's kernel; as fast as maximum
        return out + out.dtype.type(0)  # -0.0 gives +0.0 (see relu_into)

    def backward(self, out_grad):
        (out,) = self.saved
        return apply(ReluGrad, out, out_grad)


@register("relu_grad")
class ReluGrad(Op):
    """dx = dout where out > 0: one multiply by the saved output's mask (Paddle's relu_grad)."""

    inputs, outputs = ("Out", "Out@GRAD"), ("X@GRAD",)
    saves = ("Out",)

    def forward(self, xp, out, g):
        return g * (out > 0)

    def infer_meta(self, out, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, gg):
        (out,) = self.saved
        return None, apply(ReluGrad, out, gg)



@register("relu6")
class Relu6(_Unary):
    """min(max(x, 0), threshold)."""

    saves = ("Out",)

    def forward(self, xp, x):
        # one pass; keeps -0.0 and NaN as Paddle's kernel does
        return _typed(xp.clip(x, 0, self.attrs["threshold"]), x)

    def backward(self, g):
        (out,) = self.saved
        return apply(Relu6Grad, out, g, threshold=self.attrs["threshold"])


@register("relu6_grad")
class Relu6Grad(Op):
    """dx = dout where 0 < out < threshold: one kernel instead of two comparisons, an and, a cast and a
    multiply dispatched one by one (Paddle's relu6_grad)."""

    inputs, outputs = ("Out", "Out@GRAD"), ("X@GRAD",)
    saves = ("Out",)

    def forward(self, xp, out, g):
        m = out > 0
        m &= out < self.attrs["threshold"]
        return g * m

    def infer_meta(self, out, g):
        return TensorMeta(g.shape, g.dtype)

    def backward(self, gg):
        (out,) = self.saved
        return None, apply(Relu6Grad, out, gg, threshold=self.attrs["threshold"])


@register("leaky_relu")
class LeakyRelu(_Unary):
    """x where x >= 0 else alpha * x."""

    saves = ("X",)

    def forward(self, xp, x):
        return _typed(xp.where(x >= 0, x, x * self.attrs["alpha"]), x)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs["alpha"]
        # 1 where x >= 0, alpha where x < 0, 0 at NaN (neither), as Paddle's leaky_relu_grad
        return g * (_mask(x >= 0, g) + _mask(x < 0, g) * a)


@register("brelu")
class BRelu(_Unary):
    """hardtanh: clip(x, t_min, t_max)."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        return _typed(xp.minimum(xp.maximum(x, a["t_min"]), a["t_max"]), x)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs
        return g * _mask((x > a["t_min"]) & (x < a["t_max"]), g)


@register("hard_shrink")
class HardShrink(_Unary):
    """x where |x| >= threshold else 0 (Paddle's kernel keeps |x| == threshold)."""

    saves = ("X",)

    def forward(self, xp, x):
        t = self.attrs["threshold"]
        return x * ((x >= t) | (x <= -t))

    def backward(self, g):
        (x,) = self.saved
        t = self.attrs["threshold"]
        return g * _mask((x >= t) | (x <= -t), g)


@register("softshrink")
class SoftShrink(_Unary):
    """x - lambda above lambda, x + lambda below -lambda, else 0."""

    saves = ("X",)

    def forward(self, xp, x):
        lam = self.attrs["lambda"]
        # Paddle's kernel adds the two masked branches: NaN stays NaN, and +-inf gives inf + 0 * inf = NaN
        with np.errstate(invalid="ignore"):
            return _typed((x > lam) * (x - lam) + (x < -lam) * (x + lam), x)

    def backward(self, g):
        (x,) = self.saved
        lam = self.attrs["lambda"]
        return g * _mask((x > lam) | (x < -lam), g)


@register("thresholded_relu")
class ThresholdedRelu(_Unary):
    """x where x > threshold else value."""

    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        # Paddle's kernel adds the masked branches: NaN stays NaN, and -inf gives 0 * -inf + value = NaN
        with np.errstate(invalid="ignore"):
            return _typed((x > a["threshold"]) * x + (x <= a["threshold"]) * x.dtype.type(a.get("value", 0.0)), x)

    def backward(self, g):
        (x,) = self.saved
        return g * _mask(x > self.attrs["threshold"], g)


@register("hard_sigmoid")
class HardSigmoid(_Unary):
    """clip(slope * x + offset, 0, 1)."""

    saves = ("Out",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        a = self.attrs
        out = x * a["slope"]
        out += a["offset"]
        return _typed(np.clip(out, 0, 1, out=out), x)

    def backward(self, g):
        (out,) = self.saved
        return g * _mask((out > 0) & (out < 1), g) * self.attrs["slope"]


@register("hard_swish")
class HardSwish(_Unary):
    """x * min(max(x + offset, 0), threshold) / scale."""

    saves = ("X",)

    def forward(self, xp, x):
        return blocked(self._kernel, x)

    def _kernel(self, x):
        xp = np
        a = self.attrs
        t = x + a["offset"]
        xp.clip(t, 0, a["threshold"], out=t)
        t *= x
        t /= a["scale"]
        return _typed(t, x)

    def backward(self, g):
        (x,) = self.saved
        a = self.attrs
        off, thr, sc = a["offset"], a["threshold"], a["scale"]
        inner = _mask(x + off < thr, g)
        d = inner * ((x * 2.0 + off) * (1.0 / sc)) + (1.0 - inner)
        return g * d * _mask(x + off > 0, g)


# -- activations with a weight or a reshape ------------------------------------------------------
def prelu_alpha_shape(x_shape, w_size, mode, data_format):
    """How PReLU's weight broadcasts against x: 'all' one value, 'channel' per channel, 'element' per element."""
    nd = len(x_shape)
    if mode == "all":
        return [1] * nd
    if mode == "channel":
        shape = [1] * nd
        shape[1 if data_format in ("NCHW", "NCL", "NCDHW", "NC") else nd - 1] = w_size
        return shape
    return [1] + list(x_shape[1:])


@register("prelu")
class PRelu(Op):
    """x where x > 0 else alpha * x, alpha broadcast per attrs mode / data_format."""

    inputs, outputs = ("X", "Alpha"), ("Out",)
    saves = ("X", "Alpha")

    def _alpha(self, alpha, x_shape):
        a = self.attrs
        return alpha.reshape(prelu_alpha_shape(x_shape, alpha.size, a["mode"], a["data_format"]))

    def forward(self, xp, x, alpha):
        al = self._alpha(alpha, x.shape)
        return _typed(xp.where(x > 0, x, x * al), x)

    def infer_meta(self, x, alpha):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, g):
        x, alpha = self.saved
        a = self.attrs
        shape = prelu_alpha_shape(list(x.shape), int(np.prod(alpha.shape)), a["mode"], a["data_format"])
        al = alpha.reshape(shape)
        pos = _mask(x > 0, g)
        gx = g * (pos + al * (1.0 - pos)) if self.need(0) else None
        ga = None
        if self.need(1):
            ga = sum_to(g * x * (1.0 - pos), al).reshape(list(alpha.shape))
        return gx, ga


@register("rrelu")
class RRelu(Op):
    """Randomized leaky relu: negative inputs scaled by a slope drawn in [lower, upper] per element
    while training (output Noise holds the slopes, 1 for positives); the mean slope when is_test."""

    inputs, outputs = ("X",), ("Out", "Noise")
    nondiff_outputs = ("Noise",)
    materialize_grads = False  # backward reads only the first output's grad
    saves = ("Noise",)

    def forward(self, xp, x):
        from ..._core import distribution
        from ..._core.generator import engine
        a = self.attrs
        lo, hi = a["lower"], a["upper"]
        neg = x < 0
        noise = xp.ones(x.shape, dtype=x.dtype)
        if a["is_test"]:
            # Paddle's kernel takes the mean slope in float32
            noise[neg] = float((np.float32(lo) + np.float32(hi)) / np.float32(2))
        else:
            # Paddle's kernel: one uniform_real<float>(lower, upper) draw per negative element, in order
            noise[neg] = distribution.uniform_real(engine(), int(neg.sum()), np.float32, lo, hi).astype(x.dtype)
        return np.where(neg, noise * x, x), noise

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)

    def backward(self, g, _g_noise):
        if g is None:
            return None
        (noise,) = self.saved
        return g * noise


@register("maxout")
class Maxout(_Unary):
    """Max over `groups` consecutive channels along attr axis: C channels become C / groups."""

    def forward(self, xp, x):
        a = self.attrs
        ax, k = a["axis"] % x.ndim, a["groups"]
        groups = x.reshape(x.shape[:ax] + (x.shape[ax] // k, k) + x.shape[ax + 1:])
        out = groups.max(axis=ax + 1)
        if has_nan(out):  # Paddle's scan over a group: a NaN counts only when it comes last
            out = scan_reduce(groups, axis=ax + 1)
        return out

    saves = ("X", "Out")

    def infer_meta(self, x):
        a = self.attrs
        ax = a["axis"] % len(x.shape)
        shape = list(x.shape)
        if shape[ax] >= 0:
            shape[ax] //= a["groups"]
        return TensorMeta(shape, x.dtype)

    def backward(self, g):
        x, out = self.saved
        a = self.attrs
        ax = a["axis"] % x.ndim
        k = a["groups"]
        rep = out.unsqueeze(ax + 1)
        shape = list(x.shape)
        split = shape[:ax] + [shape[ax] // k, k] + shape[ax + 1:]
        hit = _mask(x.reshape(split) == rep, g)
        # the first maximum of each group takes the gradient, as Paddle's kernel does
        first = _mask(hit.cumsum(axis=ax + 1) == 1.0, g) * hit
        return (first * g.unsqueeze(ax + 1)).reshape(shape)
