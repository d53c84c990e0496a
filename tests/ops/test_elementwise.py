"""OpSpec table: binary elementwise ops (add, subtract, multiply, divide, ...)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, parametrize, positive, rand

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
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
