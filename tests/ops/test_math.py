"""OpSpec table of the math family: unary math (exp, log, trig, rounding, clip, nan_to_num, ...) and the
activations of paddle.nn.functional (relu, sigmoid, tanh, softmax, log_softmax); binary elementwise ops (add,
subtract, multiply, divide, atan2, lerp, addmm, ...); special functions (lgamma, digamma, polygamma, gammainc(c),
erfinv, Bessel i0/i1, ...) and the other math extras (cummax, logcumsumexp, renorm, multiplex, add_n, copysign,
diff, trapezoid, vander, ...); reductions and statistics (mean, max, min, amax, amin, prod, logsumexp, cumsum,
cumprod, var, std, median, nansum, nanmean, allclose, isclose, equal_all).
References are NumPy / the math module only (no SciPy)."""
import itertools
import math

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, ints, parametrize, positive, rand

_erf = np.vectorize(math.erf)


# -- unary math and the activations it shares with nn.functional ---------------------------------------------
def away(*shape, low=0.2, high=1.0):
    """Input factory: floats with |x| in [low, high) and random signs (no kink at 0)."""
    return lambda rng: rng.uniform(low, high, size=shape) * rng.choice([-1.0, 1.0], size=shape)


def off_grid(*shape, scale=3.0):
    """Input factory: floats at least 0.1 from every multiple of 0.5 (rounding ops have no jump there)."""
    return lambda rng: rng.integers(-6, 6, size=shape) * 0.5 + rng.uniform(0.1, 0.4, size=shape)


def specials(*shape):
    """Input factory: floats with NaN, +inf and -inf mixed in."""
    def make(rng):
        a = rng.uniform(-1, 1, size=shape)
        flat = a.reshape(-1)
        flat[0], flat[1], flat[2] = np.nan, np.inf, -np.inf
        return a
    return make


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _log_softmax(x, axis=-1):
    s = x - x.max(axis=axis, keepdims=True)
    return s - np.log(np.exp(s).sum(axis=axis, keepdims=True))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x))


SPECS = [
    OpSpec("abs", paddle.abs, np.abs, [away(3, 4)]),
    OpSpec("abs_method", lambda x: abs(x), np.abs, [away(3, 4)]),
    OpSpec("sign", paddle.sign, np.sign, [away(3, 4)]),
    OpSpec("floor", paddle.floor, np.floor, [off_grid(3, 4)]),
    OpSpec("ceil", paddle.ceil, np.ceil, [off_grid(3, 4)]),
    OpSpec("round", paddle.round, np.round, [off_grid(3, 4)]),
    OpSpec("round_decimals", lambda x: paddle.round(x, decimals=1), lambda x: np.round(x, 1), [rand(3, 4)],
           grad=()),
    OpSpec("trunc", paddle.trunc, np.trunc, [off_grid(3, 4)]),
    OpSpec("neg", paddle.neg, np.negative, [rand(3, 4)]),
    OpSpec("exp", paddle.exp, np.exp, [rand(3, 4)], double=True),
    OpSpec("expm1", paddle.expm1, np.expm1, [rand(3, 4)], double=True),
    OpSpec("log", paddle.log, np.log, [positive(3, 4)], double=True),
    OpSpec("log2", paddle.log2, np.log2, [positive(3, 4)]),
    OpSpec("log10", paddle.log10, np.log10, [positive(3, 4)]),
    OpSpec("log1p", paddle.log1p, np.log1p, [positive(3, 4)], double=True),
    OpSpec("sqrt", paddle.sqrt, np.sqrt, [positive(3, 4)], double=True),
    OpSpec("rsqrt", paddle.rsqrt, lambda x: 1 / np.sqrt(x), [positive(3, 4)], double=True),
    OpSpec("square", paddle.square, np.square, [rand(3, 4)], double=True),
    OpSpec("reciprocal", paddle.reciprocal, np.reciprocal, [positive(3, 4)], double=True),
    OpSpec("sin", paddle.sin, np.sin, [rand(3, 4)], double=True),
    OpSpec("cos", paddle.cos, np.cos, [rand(3, 4)], double=True),
    OpSpec("tan", paddle.tan, np.tan, [rand(3, 4)], double=True),
    OpSpec("asin", paddle.asin, np.arcsin, [rand(3, 4, low=-0.8, high=0.8)], double=True),
    OpSpec("acos", paddle.acos, np.arccos, [rand(3, 4, low=-0.8, high=0.8)]),
    OpSpec("atan", paddle.atan, np.arctan, [rand(3, 4)], double=True),
    OpSpec("sinh", paddle.sinh, np.sinh, [rand(3, 4)], double=True),
    OpSpec("cosh", paddle.cosh, np.cosh, [rand(3, 4)]),
    OpSpec("tanh", paddle.tanh, np.tanh, [rand(3, 4)], double=True),
    OpSpec("acosh", paddle.acosh, np.arccosh, [rand(3, 4, low=1.2, high=3.0)], double=True),
    OpSpec("asinh", paddle.asinh, np.arcsinh, [rand(3, 4, low=-3.0, high=3.0)], double=True),
    OpSpec("atanh", paddle.atanh, np.arctanh, [rand(3, 4, low=-0.8, high=0.8)], double=True),
    # real / imag of a complex tensor built from float parts (gradients flow back through paddle.complex)
    OpSpec("real", lambda x, y: paddle.real(paddle.complex(x, y)), lambda x, y: x + 0 * y, [rand(3, 4), rand(3, 4)],
           double=True),
    OpSpec("imag", lambda x, y: paddle.imag(paddle.complex(x, y)), lambda x, y: y + 0 * x, [rand(3, 4), rand(3, 4)],
           double=True),
    OpSpec("sigmoid", paddle.sigmoid, _sigmoid, [rand(3, 4, low=-3, high=3)], double=True),
    OpSpec("erf", paddle.erf, _erf, [rand(3, 4, low=-2, high=2)], double=True),
    OpSpec("pow_scalar", lambda x: paddle.pow(x, 3), lambda x: x ** 3, [rand(3, 4)], double=True),
    OpSpec("pow_scalar_frac", lambda x: paddle.pow(x, 0.5), np.sqrt, [positive(3, 4)]),
    OpSpec("pow_operator", lambda x: x ** 2.5, lambda x: x ** 2.5, [positive(3, 4)]),
    OpSpec("isnan", paddle.isnan, np.isnan, [specials(3, 4)], grad=()),
    OpSpec("isinf", paddle.isinf, np.isinf, [specials(3, 4)], grad=()),
    OpSpec("isfinite", paddle.isfinite, np.isfinite, [specials(3, 4)], grad=()),
    OpSpec("nan_to_num", paddle.nan_to_num,
           lambda x: np.nan_to_num(x, posinf=np.finfo(x.dtype).max, neginf=np.finfo(x.dtype).min),
           [specials(3, 4)], grad=()),  # replaced values near 3e38 swamp finite differences
    OpSpec("nan_to_num_values", lambda x: paddle.nan_to_num(x, nan=1.5, posinf=9.0, neginf=-9.0),
           lambda x: np.nan_to_num(x, nan=1.5, posinf=9.0, neginf=-9.0), [specials(3, 4)]),
    OpSpec("clip", lambda x: paddle.clip(x, -0.5, 0.5), lambda x: np.clip(x, -0.5, 0.5),
           [off_grid(3, 4, scale=1.0)]),
    OpSpec("clip_min_only", lambda x: paddle.clip(x, min=0.05), lambda x: np.maximum(x, 0.05), [away(3, 4)]),
    OpSpec("clip_tensor_bounds", lambda x, lo, hi: paddle.clip(x, lo, hi), lambda x, lo, hi: np.clip(x, lo, hi),
           [off_grid(3, 4), np.array(-0.3), np.array([0.3])], grad=[0]),
    OpSpec("clamp_method", lambda x: x.clamp(max=0.7), lambda x: np.minimum(x, 0.7), [away(3, 4)]),
    OpSpec("relu", F.relu, lambda x: np.maximum(x, 0), [away(3, 4)], double=True),
    OpSpec("F_sigmoid", F.sigmoid, _sigmoid, [rand(3, 4)]),
    OpSpec("F_tanh", F.tanh, np.tanh, [rand(3, 4)]),
    OpSpec("softmax", F.softmax, _softmax, [rand(3, 4, low=-3, high=3)], double=True),
    OpSpec("softmax_axis0", lambda x: F.softmax(x, axis=0), lambda x: _softmax(x, 0), [rand(3, 4, 2)]),
    OpSpec("log_softmax", F.log_softmax, _log_softmax, [rand(3, 4, low=-3, high=3)], double=True),
    OpSpec("log_softmax_axis1", lambda x: F.log_softmax(x, axis=1), lambda x: _log_softmax(x, 1), [rand(2, 3, 4)]),
    OpSpec("softmax_0d", F.softmax, lambda x: np.ones_like(x), [np.array(0.7)]),
    OpSpec("exp_0d", paddle.exp, np.exp, [np.array(0.3)]),
    OpSpec("sigmoid_0d", paddle.sigmoid, _sigmoid, [np.array(0.3)]),
    OpSpec("clip_0d", lambda x: paddle.clip(x, -0.1, 0.1), lambda x: np.clip(x, -0.1, 0.1), [np.array(0.3)]),
    OpSpec("mean_0d", paddle.mean, np.mean, [np.array(0.3)]),
    OpSpec("logsumexp_0d", paddle.logsumexp, lambda x: x, [np.array(0.3)]),
    OpSpec("methods_chain", lambda x: x.abs().sqrt().log1p().tanh().sigmoid(),
           lambda x: _sigmoid(np.tanh(np.log1p(np.sqrt(np.abs(x))))), [away(3, 4)], double=True),
]


# -- binary elementwise --------------------------------------------------------------------------------------
def _logaddexp(x, y):
    return np.logaddexp(x, y)


def _shifted(*shape):
    """Input factory: floats in [0.1, 0.9) + random integers (no floor/mod jumps near the check points)."""
    return lambda rng: rng.integers(-3, 3, size=shape) + rng.uniform(0.1, 0.9, size=shape)

ELEMENTWISE = [
    OpSpec("add", paddle.add, np.add, [rand(3, 4), rand(3, 4)], double=True),
    OpSpec("add_broadcast", paddle.add, np.add, [rand(2, 3, 4), rand(4)]),
    OpSpec("subtract", paddle.subtract, np.subtract, [rand(3, 4), rand(1, 4)]),
    OpSpec("multiply", paddle.multiply, np.multiply, [rand(3, 4), rand(3, 1)], double=True),
    OpSpec("divide", paddle.divide, np.divide, [rand(3, 4), positive(3, 4)]),
    OpSpec("pow", paddle.pow, np.power, [positive(3, 4), rand(3, 4)], double=True),
    OpSpec("maximum", paddle.maximum, np.maximum, [rand(3, 4), rand(3, 4)]),
    OpSpec("minimum", paddle.minimum, np.minimum, [rand(3, 4), rand(4)]),
    OpSpec("matmul", paddle.matmul, np.matmul, [rand(3, 4), rand(4, 5)], double=True),
    OpSpec("matmul_batched", paddle.matmul, np.matmul, [rand(2, 3, 4), rand(4, 2)]),
    OpSpec("matmul_vector_vector", paddle.matmul, np.matmul, [rand(4), rand(4)], double=True),
    OpSpec("matmul_vector_matrix", paddle.matmul, np.matmul, [rand(4), rand(2, 4, 3)]),
    OpSpec("sum", paddle.sum, np.sum, [rand(3, 4)], double=True),
    OpSpec("sum_axis", lambda x: paddle.sum(x, axis=1, keepdim=True), lambda x: x.sum(1, keepdims=True), [rand(3, 4)]),
    OpSpec("add_alpha", lambda x, y: paddle.add(x, y, alpha=2.5), lambda x, y: x + 2.5 * y, [rand(3, 4), rand(4)]),
    OpSpec("subtract_alpha", lambda x, y: paddle.subtract(x, y, alpha=3), lambda x, y: x - 3 * y,
           [rand(3, 4), rand(3, 4)]),
    OpSpec("divide_trunc", lambda x, y: paddle.divide(x, y, rounding_mode="trunc"), lambda x, y: np.trunc(x / y),
           [ints(3, 4, low=-9, high=9), ints(3, 4, low=1, high=4)], grad=()),
    OpSpec("divide_floor", lambda x, y: paddle.divide(x, y, rounding_mode="floor"), np.floor_divide,
           [ints(3, 4, low=-9, high=9), ints(3, 4, low=1, high=4)], grad=()),
    OpSpec("floor_divide", paddle.floor_divide, np.floor_divide, [ints(3, 4, low=-9, high=9), ints(4, low=1, high=4)],
           grad=()),
    OpSpec("remainder", paddle.remainder, np.mod, [_shifted(3, 4), positive(3, 4, low=1.1, high=1.9)], grad=[0]),
    OpSpec("fmax", paddle.fmax, np.fmax, [rand(3, 4), rand(3, 4)]),
    OpSpec("fmin", paddle.fmin, np.fmin, [rand(3, 4), rand(3, 4)]),
    OpSpec("scale", lambda x: paddle.scale(x, 2.0, 0.5), lambda x: 2.0 * x + 0.5, [rand(3, 4)], double=True),
    OpSpec("scale_bias_first", lambda x: paddle.scale(x, 2.0, 0.5, bias_after_scale=False),
           lambda x: 2.0 * (x + 0.5), [rand(3, 4)]),
    OpSpec("atan2", paddle.atan2, np.arctan2, [rand(3, 4), rand(3, 4)], double=True),
    OpSpec("atan2_broadcast", paddle.atan2, np.arctan2, [rand(2, 3), positive(3)]),
    OpSpec("lerp", lambda x, y: paddle.lerp(x, y, 0.3), lambda x, y: x + 0.3 * (y - x), [rand(3, 4), rand(3, 4)],
           double=True),
    # Paddle's lerp_grad gives the weight no gradient (None), so only x and y are checked
    OpSpec("lerp_tensor_weight", paddle.lerp, lambda x, y, w: x + w * (y - x), [rand(2, 1, 4), rand(3, 4), rand(4)],
           grad=(0, 1)),
    OpSpec("logaddexp", paddle.logaddexp, _logaddexp, [rand(3, 4), rand(4)]),
    OpSpec("addmm", lambda i, x, y: paddle.addmm(i, x, y, beta=0.5, alpha=2.0), lambda i, x, y: 0.5 * i + 2.0 * x @ y,
           [rand(3, 5), rand(3, 4), rand(4, 5)], double=True),
    OpSpec("addmm_broadcast", paddle.addmm, lambda i, x, y: i + x @ y, [rand(5), rand(3, 4), rand(4, 5)]),
    OpSpec("op_pow_scalar", lambda x: x ** 3, lambda x: x ** 3, [rand(3, 4)]),
    OpSpec("op_rpow", lambda x: 2.0 ** x, lambda x: 2.0 ** x, [rand(3, 4)]),
]


# logcumsumexp's gradient takes log(0) for zero out_grad parts: -inf, silently, as in Paddle
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

_lgamma = np.vectorize(math.lgamma)
# -- special functions and the other math extras -------------------------------------------------------------
def _digamma(x, h=1e-5):
    """psi by a central difference of math.lgamma (accurate to ~1e-9 here)."""
    x = np.asarray(x, dtype=np.float64)
    return (_lgamma(x + h) - _lgamma(x - h)) / (2 * h)


def _polygamma(x, n, terms=200000):
    """(-1)^(n+1) n! sum_k (x + k)^-(n+1), with the integral of the tail added (x > 0, n >= 1)."""
    k = np.arange(terms, dtype=np.float64)
    x = np.asarray(x, dtype=np.float64)
    s = (1.0 / (x[..., None] + k) ** (n + 1)).sum(-1) + 1.0 / (n * (x + terms) ** n)
    return (-1) ** (n + 1) * math.factorial(n) * s


def _gammainc(a, y, terms=300):
    """P(a, y) = sum_k y^(a+k) e^-y / Gamma(a+k+1), in log space."""
    a, y = np.broadcast_arrays(np.asarray(a, dtype=np.float64), np.asarray(y, dtype=np.float64))
    k = np.arange(terms)
    ak = a[..., None] + k
    return np.exp(ak * np.log(y)[..., None] - y[..., None] - _lgamma(ak + 1)).sum(-1)


@np.vectorize
def _erfinv(v):
    y = 0.0
    for _ in range(100):
        y -= (math.erf(y) - v) / (2 / math.sqrt(math.pi) * math.exp(-y * y))
    return y


def _i1(x, terms=60):
    x = np.asarray(x, dtype=np.float64)
    k = np.arange(terms)
    return ((x[..., None] / 2) ** (2 * k + 1) / np.exp(_lgamma(k + 1) + _lgamma(k + 2))).sum(-1)


def _logcumsumexp(x, axis):
    return np.log(np.cumsum(np.exp(x), axis=axis))


def _renorm(x, p, axis, max_norm):
    axes = tuple(i for i in range(x.ndim) if i != axis)
    norm = (np.abs(x) ** p).sum(axis=axes, keepdims=True) ** (1 / p)
    return x * np.where(norm > max_norm, max_norm / (norm + 1e-7), 1.0)


def _trapz(y, x=None, dx=1.0, axis=-1):
    d = np.diff(x) if x is not None else dx
    if x is not None and x.ndim == 1:
        shape = [1] * y.ndim
        shape[axis] = -1
        d = d.reshape(shape)
    ya, yb = np.take(y, range(1, y.shape[axis]), axis), np.take(y, range(y.shape[axis] - 1), axis)
    return d * (ya + yb) / 2


def away_wide(*shape, low=0.3, high=2.0):
    """Input factory: |x| in [low, high) with random signs (no kink at 0)."""
    return lambda rng: rng.uniform(low, high, size=shape) * rng.choice([-1.0, 1.0], size=shape)


def distinct(*shape):
    """Input factory: a random permutation of well-separated values (no ties for cummax/cummin)."""
    return lambda rng: rng.permutation(np.arange(np.prod(shape)) * 0.37 - 1.0).reshape(shape)


def unit(*shape):
    return lambda rng: rng.uniform(0.05, 0.95, size=shape)


_IDX = np.array([[1], [0], [2]], dtype=np.int32)

SPECIAL = [
    # -- special functions
    OpSpec("lgamma", paddle.lgamma, _lgamma, [positive(3, 4, low=0.2, high=6.0)], double=True),
    OpSpec("lgamma_negative", paddle.lgamma, _lgamma, [lambda rng: -rng.uniform(0.1, 0.9, (2, 3)) - 2.0]),
    OpSpec("gammaln", paddle.gammaln, _lgamma, [positive(3, 4, low=0.2, high=6.0)]),
    OpSpec("digamma", paddle.digamma, _digamma, [positive(3, 4, low=0.3, high=8.0)], double=True),
    OpSpec("digamma_negative", paddle.digamma, _digamma, [lambda rng: -rng.uniform(0.2, 0.8, (2, 3)) - 1.0]),
    OpSpec("polygamma_1", lambda x: paddle.polygamma(x, 1), lambda x: _polygamma(x, 1), [positive(3, 4)]),
    OpSpec("polygamma_3", lambda x: paddle.polygamma(x, 3), lambda x: _polygamma(x, 3), [positive(2, 3, low=1.0)],
           rtol=1e-4),
    OpSpec("gammaincc", paddle.gammaincc, lambda a, y: 1 - _gammainc(a, y),
           [positive(3, 4, low=0.5, high=3.0), positive(3, 4, low=0.2, high=4.0)], grad=[1]),
    OpSpec("gammainc_broadcast", paddle.gammainc, _gammainc,
           [positive(3, 4, low=0.5, high=3.0), positive(4, low=0.2, high=4.0)], grad=[1]),
    OpSpec("multigammaln", lambda x: paddle.multigammaln(x, 3),
           lambda x: 1.5 * math.log(math.pi) + _lgamma(x) + _lgamma(x - 0.5) + _lgamma(x - 1.0),
           [positive(3, 4, low=1.5, high=5.0)]),
    OpSpec("erfinv", paddle.erfinv, _erfinv, [rand(3, 4, low=-0.9, high=0.9)], double=True),
    OpSpec("erf_wide", paddle.erf, _erf, [rand(3, 4, low=-5.0, high=5.0)]),
    OpSpec("i0", paddle.i0, np.i0, [rand(3, 4, low=-4, high=4)], double=True),
    OpSpec("i0e", paddle.i0e, lambda x: np.i0(x) * np.exp(-np.abs(x)), [away_wide(3, 4)]),
    OpSpec("i1", paddle.i1, _i1, [rand(3, 4, low=-4, high=4)]),
    OpSpec("i1e", paddle.i1e, lambda x: _i1(x) * np.exp(-np.abs(x)), [away_wide(3, 4)]),
    OpSpec("logit", paddle.logit, lambda x: np.log(x / (1 - x)), [unit(3, 4)], double=True),
    OpSpec("logit_eps", lambda x: paddle.logit(x, 0.2), lambda x: (lambda c: np.log(c / (1 - c)))(np.clip(x, .2, .8)),
           [lambda rng: rng.choice([0.05, 0.1, 0.3, 0.45, 0.6, 0.75, 0.9], (3, 4))]),
    OpSpec("stanh", lambda x: paddle.stanh(x, 0.5, 1.5), lambda x: 1.5 * np.tanh(0.5 * x), [rand(3, 4)], double=True),
    # -- scans
    OpSpec("cummax", lambda x: paddle.cummax(x, axis=1)[0], lambda x: np.maximum.accumulate(x, 1), [distinct(3, 4)]),
    OpSpec("cummin_flat", lambda x: paddle.cummin(x)[0], lambda x: np.minimum.accumulate(x.ravel()), [distinct(3, 4)]),
    OpSpec("cummax_indices", lambda x: paddle.cummax(x, axis=0)[1],
           lambda x: np.maximum.accumulate(np.where(x == np.maximum.accumulate(x, 0), np.arange(3)[:, None], 0), 0),
           [distinct(3, 4)], grad=()),
    OpSpec("logcumsumexp", lambda x: paddle.logcumsumexp(x, axis=0), lambda x: _logcumsumexp(x, 0), [rand(3, 4)]),
    OpSpec("logcumsumexp_flat", paddle.logcumsumexp, lambda x: _logcumsumexp(x.ravel(), 0), [rand(2, 3)]),
    OpSpec("diff", lambda x: paddle.diff(x, n=2, axis=0), lambda x: np.diff(x, 2, axis=0), [rand(4, 3)]),
    OpSpec("diff_append", lambda x, a: paddle.diff(x, append=a), lambda x, a: np.diff(np.concatenate([x, a], -1)),
           [rand(2, 3), rand(2, 2)]),
    OpSpec("trapezoid_x", lambda y, x: paddle.trapezoid(y, x), lambda y, x: _trapz(y, x).sum(-1),
           [rand(3, 4), rand(4)]),
    OpSpec("trapezoid_dx_axis0", lambda y: paddle.trapezoid(y, dx=0.5, axis=0),
           lambda y: _trapz(y, dx=0.5, axis=0).sum(0), [rand(3, 4)]),
    OpSpec("cumulative_trapezoid", lambda y, x: paddle.cumulative_trapezoid(y, x, axis=0),
           lambda y, x: np.cumsum(_trapz(y, x, axis=0), 0), [rand(3, 4), rand(3)]),
    # -- list / batch ops
    OpSpec("renorm", lambda x: paddle.renorm(x, 2.0, 1, 1.0), lambda x: _renorm(x, 2.0, 1, 1.0), [rand(3, 4, 2)]),
    OpSpec("renorm_p3", lambda x: paddle.renorm(x, 3.0, 0, 0.8), lambda x: _renorm(x, 3.0, 0, 0.8), [away_wide(3, 4)]),
    OpSpec("multiplex", lambda a, b, c: paddle.multiplex([a, b, c], paddle.to_tensor(_IDX)),
           lambda a, b, c: np.stack([b[0], a[1], c[2]]), [rand(3, 2), rand(3, 2), rand(3, 2)]),
    OpSpec("add_n", lambda a, b, c: paddle.add_n([a, b, c]), lambda a, b, c: a + b + c, [rand(2, 3)] * 3),
    OpSpec("reduce_as", paddle.reduce_as, lambda x, t: x.sum(0, keepdims=True).sum(2, keepdims=True),
           [rand(2, 3, 4), rand(1, 3, 1)], grad=[0]),
    OpSpec("baddbmm", lambda i, x, y: paddle.baddbmm(i, x, y, beta=0.5, alpha=2.0),
           lambda i, x, y: 0.5 * i + 2.0 * x @ y, [rand(2, 3, 4), rand(2, 3, 2), rand(2, 2, 4)], double=True),
    OpSpec("vander", lambda x: paddle.vander(x, 4), lambda x: np.vander(x, 4), [rand(3)]),
    OpSpec("vander_increasing", lambda x: paddle.vander(x, increasing=True), lambda x: np.vander(x, increasing=True),
           [rand(4)]),
    OpSpec("combinations", lambda x: paddle.combinations(x, 2),
           lambda x: np.array(list(itertools.combinations(x, 2))), [rand(4)]),
    OpSpec("cartesian_prod", lambda a, b: paddle.cartesian_prod([a, b]),
           lambda a, b: np.array(list(itertools.product(a, b))), [rand(3), rand(2)]),
    # -- elementwise extras
    OpSpec("copysign", paddle.copysign, np.copysign, [away_wide(3, 4), away_wide(3, 4)]),
    OpSpec("heaviside", paddle.heaviside, np.heaviside,
           [lambda rng: rng.choice([-1.0, 0.0, 2.0], (3, 4)), rand(4)], grad=[1]),
    OpSpec("hypot", paddle.hypot, np.hypot, [away_wide(3, 4), away_wide(4)]),
    OpSpec("ldexp", paddle.ldexp, lambda x, y: x * 2.0 ** y, [rand(3, 4), rand(3, 4)]),
    OpSpec("frexp_mantissa", lambda x: paddle.frexp(x)[0], lambda x: np.frexp(x)[0], [away_wide(3, 4)]),
    OpSpec("frexp_exponent", lambda x: paddle.frexp(x)[1], lambda x: np.frexp(x)[1].astype(x.dtype), [away_wide(3, 4)],
           grad=()),
    OpSpec("frac", paddle.frac, lambda x: x - np.trunc(x), [lambda rng: rng.uniform(-3, 3, (3, 4)) + 0.05]),
    OpSpec("sinc", paddle.sinc, np.sinc, [rand(3, 4, low=-2, high=2)]),
    OpSpec("rad2deg", paddle.rad2deg, np.rad2deg, [rand(3, 4)]),
    OpSpec("deg2rad", paddle.deg2rad, np.deg2rad, [rand(3, 4)]),
    OpSpec("sgn_real", paddle.sgn, np.sign, [away_wide(3, 4)]),
    OpSpec("angle_real", paddle.angle, lambda x: np.where(x < 0, np.pi, 0.0), [away_wide(3, 4)]),
    OpSpec("nextafter", paddle.nextafter, np.nextafter, [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("gcd_float", paddle.gcd, lambda x, y: np.gcd((x * 4).astype(int), (y * 4).astype(int)) / 4.0,
           [lambda rng: rng.integers(1, 40, (3, 4)) / 4.0, lambda rng: rng.integers(1, 40, (3, 4)) / 4.0], grad=()),
]


# -- reductions and statistics -------------------------------------------------------------------------------
def with_nans(*shape):
    """Input factory: floats with a few NaNs."""
    def make(rng):
        a = rng.uniform(-1, 1, size=shape)
        a.reshape(-1)[[0, 3]] = np.nan
        return a
    return make


def with_zeros(*shape):
    """Input factory: floats with zeros (cumprod's gradient must stay exact there)."""
    def make(rng):
        a = rng.uniform(0.5, 1.5, size=shape) * rng.choice([-1.0, 1.0], size=shape)
        a.reshape(-1)[[1, 6, 7]] = 0.0
        return a
    return make


def ties(*shape):
    """Input factory: small integer-valued floats, so extremes are tied."""
    return lambda rng: rng.integers(0, 3, size=shape).astype("float64")


def _median_avg(x, axis=None, keepdims=False):
    return np.median(x, axis=axis, keepdims=keepdims)


def _median_low(x, axis):
    s = np.sort(x, axis=axis)
    k = (x.shape[axis] - 1) // 2
    return np.take(s, k, axis=axis)


def _close(x, y):
    return x, x + y * 1e-7


REDUCTIONS = [
    OpSpec("mean", paddle.mean, np.mean, [rand(3, 4)], double=True),
    OpSpec("mean_axis", lambda x: paddle.mean(x, axis=[0, 2]), lambda x: x.mean((0, 2)), [rand(2, 3, 4)]),
    OpSpec("mean_keepdim", lambda x: paddle.mean(x, axis=-1, keepdim=True), lambda x: x.mean(-1, keepdims=True),
           [rand(3, 4)], double=True),
    OpSpec("mean_method", lambda x: x.mean(1), lambda x: x.mean(1), [rand(3, 4)]),
    OpSpec("max", paddle.max, np.max, [rand(3, 4)]),
    OpSpec("max_axis_keepdim", lambda x: paddle.max(x, axis=1, keepdim=True), lambda x: x.max(1, keepdims=True),
           [rand(3, 4)]),
    OpSpec("min_axis", lambda x: paddle.min(x, axis=[0, 1]), lambda x: x.min((0, 1)), [rand(3, 4, 2)]),
    OpSpec("amax", lambda x: paddle.amax(x, axis=0), lambda x: x.amax(0) if hasattr(x, "amax") else x.max(0),
           [rand(3, 4)]),
    OpSpec("amin", lambda x: paddle.amin(x, axis=-1), lambda x: x.min(-1), [rand(3, 4)]),
    OpSpec("max_method", lambda x: x.max(0), lambda x: x.max(0), [rand(3, 4)]),
    OpSpec("prod", paddle.prod, np.prod, [positive(2, 3)], double=True),
    OpSpec("prod_axis", lambda x: paddle.prod(x, axis=1, keepdim=True), lambda x: x.prod(1, keepdims=True),
           [rand(3, 4)]),
    OpSpec("logsumexp", paddle.logsumexp, lambda x: np.log(np.exp(x).sum()), [rand(3, 4)], double=True),
    OpSpec("logsumexp_axis", lambda x: paddle.logsumexp(x, axis=1, keepdim=True),
           lambda x: np.log(np.exp(x).sum(1, keepdims=True)), [rand(3, 4, low=-30, high=30)]),
    OpSpec("cumsum", paddle.cumsum, lambda x: np.cumsum(x), [rand(3, 4)]),
    OpSpec("cumsum_axis", lambda x: paddle.cumsum(x, axis=1), lambda x: np.cumsum(x, 1), [rand(3, 4)], double=True),
    OpSpec("cumsum_int", lambda x: paddle.cumsum(x, axis=0), lambda x: np.cumsum(x, 0), [ints(3, 4, dtype="int32")]),
    OpSpec("cumprod", lambda x: paddle.cumprod(x, dim=1), lambda x: np.cumprod(x, 1), [rand(3, 4)], double=True),
    OpSpec("cumprod_flat", paddle.cumprod, lambda x: np.cumprod(x), [rand(2, 3)]),
    OpSpec("cumprod_zeros", lambda x: paddle.cumprod(x, dim=-1), lambda x: np.cumprod(x, -1), [with_zeros(2, 5)]),
    OpSpec("var", paddle.var, lambda x: np.var(x, ddof=1), [rand(3, 4)], double=True),
    OpSpec("var_axis_biased", lambda x: paddle.var(x, axis=0, unbiased=False, keepdim=True),
           lambda x: np.var(x, 0, keepdims=True), [rand(3, 4)]),
    OpSpec("std", lambda x: paddle.std(x, axis=1), lambda x: np.std(x, 1, ddof=1), [rand(3, 4)], double=True),
    OpSpec("median", paddle.median, np.median, [rand(3, 4)]),
    OpSpec("median_axis", lambda x: paddle.median(x, axis=1), lambda x: np.median(x, 1), [rand(3, 5)]),
    OpSpec("median_keepdim", lambda x: paddle.median(x, axis=0, keepdim=True),
           lambda x: np.median(x, 0, keepdims=True), [rand(4, 3)]),
    OpSpec("median_min", lambda x: paddle.median(x, axis=1, mode="min"),
           lambda x: (_median_low(x, 1), np.argsort(x, 1, kind="stable")[:, (x.shape[1] - 1) // 2]), [rand(3, 4)]),
    OpSpec("median_min_all", lambda x: paddle.median(x, mode="min"), lambda x: _median_low(x.reshape(-1), 0),
           [rand(3, 4)]),
    OpSpec("nansum", lambda x: paddle.nansum(x, axis=1), lambda x: np.nansum(x, 1), [with_nans(3, 4)]),
    OpSpec("nanmean", paddle.nanmean, np.nanmean, [with_nans(3, 4)]),
    OpSpec("nanmean_axis", lambda x: paddle.nanmean(x, axis=0, keepdim=True),
           lambda x: np.nanmean(x, 0, keepdims=True), [with_nans(3, 4)]),
    OpSpec("allclose", lambda x, y: paddle.allclose(*_close(x, y)), lambda x, y: np.asarray(True),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("allclose_false", lambda x, y: paddle.allclose(x, y), lambda x, y: np.asarray(np.allclose(x, y)),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("isclose", lambda x, y: paddle.isclose(x, y, atol=0.3), lambda x, y: np.isclose(x, y, atol=0.3),
           [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("equal_all", lambda x: paddle.equal_all(x, x), lambda x: np.asarray(True), [ints(3, 4)], grad=()),
    OpSpec("equal_all_false", paddle.equal_all, lambda x, y: np.asarray((x == y).all()), [ints(3, 4), ints(3, 4)],
           grad=()),
]



def test_extreme_grad_shared_among_ties():
    """max/min/amax/amin split the gradient evenly among tied extremes (Paddle's rule)."""
    for fn in (paddle.max, paddle.min, paddle.amax, paddle.amin):
        x = paddle.to_tensor([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]], stop_gradient=False)
        fn(x, axis=1).sum().backward()
        want = [[0, .5, .5], [.5, .5, 0]] if fn in (paddle.max, paddle.amax) else [[1, 0, 0], [0, 0, 1]]
        np.testing.assert_allclose(x.grad.numpy(), want)


def _grads(fn, *arrays):
    ts = [paddle.to_tensor(np.asarray(a, "float32"), stop_gradient=False) for a in arrays]
    fn(*ts).sum().backward()
    return [None if t.grad is None else t.grad.numpy() for t in ts]


def test_elementwise_extreme_grads_at_ties_match_paddle():
    # values produced by paddle 3.3.1: maximum/minimum split a tie 0.5/0.5 and pass nothing at a NaN;
    # fmax/fmin give a tie wholly to x and a NaN's share to the other side
    x, y = [1.0, 2.0, 3.0], [1.0, 1.0, 3.0]
    nx, ny = [np.nan, 1.0], [1.0, np.nan]
    cases = [
        (paddle.maximum, x, y, [[0.5, 1, 0.5], [0.5, 0, 0.5]]),
        (paddle.minimum, x, y, [[0.5, 0, 0.5], [0.5, 1, 0.5]]),
        (paddle.fmax, x, y, [[1, 1, 1], [0, 0, 0]]),
        (paddle.fmin, x, y, [[1, 0, 1], [0, 1, 0]]),
        (paddle.maximum, nx, ny, [[0, 0], [0, 0]]),
        (paddle.fmax, nx, ny, [[0, 1], [1, 0]]),
        (paddle.maximum, [[1.0, 2.0], [2.0, 1.0]], [2.0], [[[0, 0.5], [0.5, 0]], [3.0]]),
        # logaddexp (max + log1p(exp(-|x - y|))) inherits the even split at x == y, even at 1000
        (paddle.logaddexp, [1000.0, 1.0, 0.0], [1000.0, 1.0, -1000.0], [[0.5, 0.5, 1], [0.5, 0.5, 0]]),
    ]
    for fn, a, b, want in cases:
        got = _grads(fn, a, b)
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, np.asarray(w, "float32"), err_msg=fn.__name__)


def test_matmul_vector_vector_grad_matches_paddle():
    # values produced by paddle 3.3.1
    gx, gy = _grads(paddle.matmul, [1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    np.testing.assert_allclose(gx, [4, 5, 6])
    np.testing.assert_allclose(gy, [1, 2, 3])


def test_lerp_weight_gets_no_grad_like_paddle():
    # paddle 3.3.1's lerp_grad has no weight gradient: None whether or not the weight asks for one
    for sg in (False, True):
        x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
        y = paddle.to_tensor([3.0, 5.0], stop_gradient=False)
        w = paddle.to_tensor([0.3, 0.6], stop_gradient=sg)
        paddle.lerp(x, y, w).sum().backward()
        np.testing.assert_allclose(x.grad.numpy(), [0.7, 0.4], rtol=1e-6)
        np.testing.assert_allclose(y.grad.numpy(), [0.3, 0.6], rtol=1e-6)
        assert w.grad is None


def test_median_grad_halves_the_middle_pair():
    x = paddle.to_tensor([[1.0, 3.0, 3.0, 5.0], [2.0, 2.0, 0.0, 7.0]], stop_gradient=False)
    paddle.median(x, axis=1).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [[0, .5, .5, 0], [.5, .5, 0, 0]])
    x = paddle.to_tensor([1.0, 3.0, 3.0, 5.0, 2.0, 2.0, 0.0, 7.0], stop_gradient=False)
    paddle.median(x, mode="min").backward()  # over all elements: shared among the ties of the median
    np.testing.assert_allclose(x.grad.numpy(), [0, 0, 0, 0, .5, .5, 0, 0])


def test_cumprod_grad_with_zeros_matches_paddle():
    x = paddle.to_tensor([2.0, 0.0, 3.0], stop_gradient=False)
    paddle.cumprod(x, 0).sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [1.0, 8.0, 0.0])


def test_static_mean_with_unknown_batch():
    """reduce_mean's gradient counts elements at run time when the static shape has -1."""
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            x.stop_gradient = False
            loss = paddle.mean(x)
            paddle.static.append_backward(loss)
        exe = paddle.static.Executor(paddle.CPUPlace())
        (g,) = exe.run(main, feed={"x": np.ones((4, 3), "float32")}, fetch_list=[x.name + "@GRAD"])
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(g, np.full((4, 3), 1 / 12), rtol=1e-6)


test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(
    SPECS + ELEMENTWISE + SPECIAL + REDUCTIONS)


def test_lcm_of_int64_extremes_wraps_as_paddles_composite():
    # Paddle 3.3.1's lcm is |x * y| // gcd(x, y) in int64 arithmetic, so the product wraps around
    x = paddle.to_tensor([[0], [2 ** 63 - 2], [2 ** 63 - 1]], "int64")
    y = paddle.to_tensor([-(2 ** 63 - 1), 2, -1, -7], "int64")
    assert paddle.lcm(x, y).numpy().tolist() == [
        [0, 0, 0, 0], [9223372036854775806, 2, 9223372036854775806, 9223372036854775794],
        [0, 2, 9223372036854775807, 1317624576693539400]]
