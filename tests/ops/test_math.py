"""OpSpec table: unary math (exp, log, trig, rounding, clip, nan_to_num, ...) and the activations of
paddle.nn.functional (relu, sigmoid, tanh, softmax, log_softmax)."""
import math

import numpy as np

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, parametrize, positive, rand

_erf = np.vectorize(math.erf)


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

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
