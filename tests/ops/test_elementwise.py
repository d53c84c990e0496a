"""OpSpec table: binary elementwise ops (add, subtract, multiply, divide, atan2, lerp, addmm, ...)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, ints, parametrize, positive, rand


def _logaddexp(x, y):
    return np.logaddexp(x, y)


def _shifted(*shape):
    """Input factory: floats in [0.1, 0.9) + random integers (no floor/mod jumps near the check points)."""
    return lambda rng: rng.integers(-3, 3, size=shape) + rng.uniform(0.1, 0.9, size=shape)

SPECS = [
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
    OpSpec("lerp_tensor_weight", paddle.lerp, lambda x, y, w: x + w * (y - x), [rand(2, 1, 4), rand(3, 4), rand(4)]),
    OpSpec("logaddexp", paddle.logaddexp, _logaddexp, [rand(3, 4), rand(4)]),
    OpSpec("addmm", lambda i, x, y: paddle.addmm(i, x, y, beta=0.5, alpha=2.0), lambda i, x, y: 0.5 * i + 2.0 * x @ y,
           [rand(3, 5), rand(3, 4), rand(4, 5)], double=True),
    OpSpec("addmm_broadcast", paddle.addmm, lambda i, x, y: i + x @ y, [rand(5), rand(3, 4), rand(4, 5)]),
    OpSpec("op_pow_scalar", lambda x: x ** 3, lambda x: x ** 3, [rand(3, 4)]),
    OpSpec("op_rpow", lambda x: 2.0 ** x, lambda x: 2.0 ** x, [rand(3, 4)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
