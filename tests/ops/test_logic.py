"""OpSpec table: comparisons, logical_*, bitwise_*, any/all, is_empty, isin (forward and static; no gradients)."""
import numpy as np

import purepaddle as paddle
from tests.opspec import OpSpec, ints, parametrize, rand


def bools(*shape):
    """Input factory: random bools."""
    return lambda rng: rng.random(shape) < 0.5


def int_floats(*shape, high=3):
    """Input factory: small integer-valued floats (so comparisons hit equal values)."""
    return lambda rng: rng.integers(0, high, size=shape).astype("float64")


def _np_isin(x, t, invert=False):
    return np.isin(x, t, invert=invert)


SPECS = [
    OpSpec("equal", paddle.equal, np.equal, [ints(3, 4), ints(3, 4)], grad=()),
    OpSpec("equal_float_broadcast", paddle.equal, np.equal, [int_floats(2, 3, 4), int_floats(4)], grad=()),
    OpSpec("not_equal", paddle.not_equal, np.not_equal, [ints(3, 4), ints(1, 4)], grad=()),
    OpSpec("less_than", paddle.less_than, np.less, [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("less_equal", paddle.less_equal, np.less_equal, [ints(3, 4), ints(3, 1)], grad=()),
    OpSpec("greater_than", paddle.greater_than, np.greater, [rand(2, 3), rand(3)], grad=()),
    OpSpec("greater_equal", paddle.greater_equal, np.greater_equal, [ints(3, 4), ints(3, 4)], grad=()),
    OpSpec("op_eq_scalar", lambda x: x == 2, lambda x: x == 2, [ints(3, 4)], grad=()),
    OpSpec("op_lt_tensor", lambda x, y: x < y, np.less, [rand(3, 4), rand(3, 4)], grad=()),
    OpSpec("op_ge_float_scalar", lambda x: x >= 0.25, lambda x: x >= 0.25, [rand(5)], grad=()),
    OpSpec("logical_and", paddle.logical_and, np.logical_and, [bools(3, 4), bools(3, 4)], grad=()),
    OpSpec("logical_or", paddle.logical_or, np.logical_or, [bools(3, 4), bools(4)], grad=()),
    OpSpec("logical_xor", paddle.logical_xor, np.logical_xor, [ints(3, 4), ints(3, 4)], grad=()),
    OpSpec("logical_not", paddle.logical_not, np.logical_not, [rand(3, 4)], grad=()),
    OpSpec("bitwise_and", paddle.bitwise_and, np.bitwise_and, [ints(3, 4, low=-8, high=8), ints(3, 4, high=8)],
           grad=()),
    OpSpec("bitwise_or", paddle.bitwise_or, np.bitwise_or, [ints(3, 4, high=8), ints(4, high=8)], grad=()),
    OpSpec("bitwise_xor", paddle.bitwise_xor, np.bitwise_xor, [bools(3, 4), bools(3, 4)], grad=()),
    OpSpec("bitwise_not", paddle.bitwise_not, np.invert, [ints(3, 4, low=-8, high=8, dtype="int32")], grad=()),
    OpSpec("op_and_or_xor_invert", lambda x, y: ~((x & y) | (x ^ y)), lambda x, y: ~((x & y) | (x ^ y)),
           [ints(3, 4, high=16), ints(3, 4, high=16)], grad=()),
    OpSpec("bitwise_left_shift", paddle.bitwise_left_shift, np.left_shift, [ints(3, 4, low=-8, high=8), ints(3, 4)],
           grad=()),
    OpSpec("bitwise_right_shift", paddle.bitwise_right_shift, np.right_shift,
           [ints(3, 4, low=-64, high=64), ints(3, 4)], grad=()),
    OpSpec("bitwise_right_shift_logical", lambda x, y: paddle.bitwise_right_shift(x, y, is_arithmetic=False),
           lambda x, y: (x.astype("uint32") >> y.astype("uint32")).astype("int32"),
           [ints(6, low=-64, high=64, dtype="int32"), ints(6, dtype="int32")], grad=()),
    OpSpec("any", paddle.any, np.any, [bools(3, 4)], grad=()),
    OpSpec("any_axis_keepdim", lambda x: paddle.any(x, axis=[0, 2], keepdim=True),
           lambda x: np.any(x, axis=(0, 2), keepdims=True), [bools(2, 3, 4)], grad=()),
    OpSpec("all", lambda x: paddle.all(x, axis=-1), lambda x: np.all(x, axis=-1), [bools(3, 4)], grad=()),
    OpSpec("all_float", lambda x: paddle.all(x, axis=0), lambda x: np.all(x, axis=0), [int_floats(3, 4, high=2)],
           grad=()),
    OpSpec("is_empty", paddle.is_empty, lambda x: np.asarray(x.size == 0), [rand(3, 4)], grad=()),
    OpSpec("isin", paddle.isin, _np_isin, [ints(3, 4, high=9), ints(5, high=9)], grad=()),
    OpSpec("isin_invert", lambda x, t: paddle.isin(x, t, invert=True), lambda x, t: _np_isin(x, t, True),
           [ints(2, 3, high=6), ints(2, 2, high=6)], grad=()),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
