"""OpSpec table: special functions (lgamma, digamma, polygamma, gammainc(c), erfinv, Bessel i0/i1, ...) and the
other math.py extras (cummax, logcumsumexp, renorm, multiplex, add_n, copysign, diff, trapezoid, vander, ...).
References are NumPy / the math module only (no SciPy)."""
import itertools
import math

import numpy as np
import pytest

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, positive, rand

# logcumsumexp's gradient takes log(0) for zero out_grad parts: -inf, silently, as in Paddle
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

_lgamma = np.vectorize(math.lgamma)
_erf = np.vectorize(math.erf)


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


def away(*shape, low=0.3, high=2.0):
    """Input factory: |x| in [low, high) with random signs (no kink at 0)."""
    return lambda rng: rng.uniform(low, high, size=shape) * rng.choice([-1.0, 1.0], size=shape)


def distinct(*shape):
    """Input factory: a random permutation of well-separated values (no ties for cummax/cummin)."""
    return lambda rng: rng.permutation(np.arange(np.prod(shape)) * 0.37 - 1.0).reshape(shape)


def unit(*shape):
    return lambda rng: rng.uniform(0.05, 0.95, size=shape)


_IDX = np.array([[1], [0], [2]], dtype=np.int32)

SPECS = [
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
    OpSpec("i0e", paddle.i0e, lambda x: np.i0(x) * np.exp(-np.abs(x)), [away(3, 4)]),
    OpSpec("i1", paddle.i1, _i1, [rand(3, 4, low=-4, high=4)]),
    OpSpec("i1e", paddle.i1e, lambda x: _i1(x) * np.exp(-np.abs(x)), [away(3, 4)]),
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
    OpSpec("renorm_p3", lambda x: paddle.renorm(x, 3.0, 0, 0.8), lambda x: _renorm(x, 3.0, 0, 0.8), [away(3, 4)]),
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
    OpSpec("copysign", paddle.copysign, np.copysign, [away(3, 4), away(3, 4)]),
    OpSpec("heaviside", paddle.heaviside, np.heaviside,
           [lambda rng: rng.choice([-1.0, 0.0, 2.0], (3, 4)), rand(4)], grad=[1]),
    OpSpec("hypot", paddle.hypot, np.hypot, [away(3, 4), away(4)]),
    OpSpec("ldexp", paddle.ldexp, lambda x, y: x * 2.0 ** y, [rand(3, 4), rand(3, 4)]),
    OpSpec("frexp_mantissa", lambda x: paddle.frexp(x)[0], lambda x: np.frexp(x)[0], [away(3, 4)]),
    OpSpec("frexp_exponent", lambda x: paddle.frexp(x)[1], lambda x: np.frexp(x)[1].astype(x.dtype), [away(3, 4)],
           grad=()),
    OpSpec("frac", paddle.frac, lambda x: x - np.trunc(x), [lambda rng: rng.uniform(-3, 3, (3, 4)) + 0.05]),
    OpSpec("sinc", paddle.sinc, np.sinc, [rand(3, 4, low=-2, high=2)]),
    OpSpec("rad2deg", paddle.rad2deg, np.rad2deg, [rand(3, 4)]),
    OpSpec("deg2rad", paddle.deg2rad, np.deg2rad, [rand(3, 4)]),
    OpSpec("sgn_real", paddle.sgn, np.sign, [away(3, 4)]),
    OpSpec("angle_real", paddle.angle, lambda x: np.where(x < 0, np.pi, 0.0), [away(3, 4)]),
    OpSpec("nextafter", paddle.nextafter, np.nextafter, [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("gcd_float", paddle.gcd, lambda x, y: np.gcd((x * 4).astype(int), (y * 4).astype(int)) / 4.0,
           [lambda rng: rng.integers(1, 40, (3, 4)) / 4.0, lambda rng: rng.integers(1, 40, (3, 4)) / 4.0], grad=()),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
