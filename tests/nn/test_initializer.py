"""nn.initializer against Paddle 3.3.1: fan rules, limits and statistics, structured initializers,
calculate_gain, the global initializer, and the static protocol (init ops in the startup program)."""
import math

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn.initializer.base import compute_fans

I = paddle.nn.initializer


def make(init, shape, dtype="float32"):
    p = paddle.create_parameter(shape, dtype)
    init(p)
    return p.numpy().astype(np.float64)


@pytest.mark.parametrize("shape, fans", [([], (1, 1)), ([5], (5, 5)), ([3, 7], (3, 7)), ([64, 32, 3, 3], (288, 576)),
                                         ([40, 30, 5], (150, 200)), ([4, 2, 3, 3, 3], (54, 108))])
def test_fans_match_paddle(shape, fans):
    assert compute_fans(shape) == fans


# limits/stds for shape [64, 32, 3, 3] (fan_in 288, fan_out 576), as Paddle computes them
CONV = [64, 32, 3, 3]
BOUNDED = [
    (I.XavierUniform(), math.sqrt(6 / (288 + 576))),
    (I.XavierUniform(gain=2.0, fan_in=10, fan_out=20), 2 * math.sqrt(6 / 30)),
    (I.KaimingUniform(), math.sqrt(2) * math.sqrt(3 / 288)),
    (I.KaimingUniform(fan_in=7, nonlinearity="tanh"), 5 / 3 * math.sqrt(3 / 7)),
    (I.KaimingUniform(mode="fan_out"), math.sqrt(2) * math.sqrt(3 / 576)),
]


@pytest.mark.parametrize("init, limit", BOUNDED)
def test_uniform_limits(init, limit):
    a = make(init, CONV)
    assert np.abs(a).max() <= limit * (1 + 1e-6)
    assert np.abs(a).max() > 0.98 * limit
    assert abs(a.std() - limit / math.sqrt(3)) < 0.03 * limit


NORMAL = [
    (I.XavierNormal(), 0.0, math.sqrt(2 / (288 + 576))),
    (I.KaimingNormal(), 0.0, math.sqrt(2) / math.sqrt(288)),
    (I.KaimingNormal(mode="fan_out", nonlinearity="leaky_relu", negative_slope=0.2),
     0.0, math.sqrt(2 / 1.04) / math.sqrt(576)),
    (I.Normal(1.0, 2.0), 1.0, 2.0),
]


@pytest.mark.parametrize("init, mean, std", NORMAL)
def test_normal_statistics(init, mean, std):
    a = make(init, CONV)
    assert abs(a.mean() - mean) < 0.02 * std + 1e-3
    assert abs(a.std() - std) < 0.02 * std


def test_uniform_constant_and_truncated():
    a = make(I.Uniform(-2, 3), CONV)
    assert a.min() >= -2 and a.max() < 3 and abs(a.mean() - 0.5) < 0.05
    assert np.all(make(I.Constant(0.25), [3, 3]) == 0.25)
    t = make(I.TruncatedNormal(0.5, 2.0, -1.0, 3.0), CONV)
    # Paddle's bounds a, b are absolute values; this truncated normal has mean ~0.85, std ~1.07
    assert t.min() >= -1.0 and t.max() <= 3.0 and abs(t.mean() - 0.85) < 0.03 and abs(t.std() - 1.073) < 0.03
    # [-2, 2] lies 8 sigma below the mean: both cdfs round to 0, erfinv(-1) = -inf, clamped to a (Paddle's numbers)
    deep = make(I.TruncatedNormal(mean=10, std=1), [20])
    assert np.all(deep == -2.0)


def test_dtypes_kept():
    p = paddle.create_parameter([100, 100], "float64", default_initializer=I.Normal(1.0, 2.0))
    assert p.dtype == paddle.float64 and abs(float(p.mean()) - 1.0) < 0.1
    p = paddle.create_parameter([10, 10], "float16", default_initializer=I.XavierUniform())
    assert p.dtype == paddle.float16
    p = paddle.create_parameter([2], "int64", default_initializer=I.Constant(2.7))
    assert p.numpy().tolist() == [2, 2]


def test_seeded_reproducibility():
    paddle.seed(7)
    a = make(I.XavierNormal(), [5, 5])
    paddle.seed(7)
    b = make(I.XavierNormal(), [5, 5])
    np.testing.assert_array_equal(a, b)


def test_orthogonal_dirac_bilinear_assign():
    o = make(I.Orthogonal(gain=2.0), [30, 50])
    np.testing.assert_allclose(o @ o.T, 4 * np.eye(30), atol=1e-4)
    o = make(I.Orthogonal(), [8, 2, 3, 3]).reshape(8, -1)
    np.testing.assert_allclose(o @ o.T, np.eye(8), atol=1e-5)
    d = make(I.Dirac(groups=2), [6, 2, 3, 3])
    assert np.argwhere(d).tolist() == [[0, 0, 1, 1], [1, 1, 1, 1], [3, 0, 1, 1], [4, 1, 1, 1]]
    assert np.argwhere(make(I.Dirac(), [4, 3, 3])).tolist() == [[0, 0, 1], [1, 1, 1], [2, 2, 1]]
    b = make(I.Bilinear(), [2, 1, 3, 3])
    np.testing.assert_allclose(b[0, 0], [[0.0625, 0.3125, 0.4375], [0.1875, 0.6875, 0.6875],
                                         [0.1875, 0.4375, 0.3125]], rtol=1e-6)  # Paddle 3.3.1's values
    p = paddle.create_parameter([2, 2], "float32", default_initializer=I.Assign(np.array([[1, 2], [3, 4]])))
    assert p.numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]] and p.dtype == paddle.float32
    p = paddle.create_parameter([2, 2], "float32", default_initializer=I.Assign([1.0, 2.0, 3.0]))
    assert p.shape == [3]  # the assigned value's shape wins, as in Paddle
    p = paddle.create_parameter([2], "float32", default_initializer=I.Assign(paddle.to_tensor([5.0, 6.0])))
    assert p.numpy().tolist() == [5.0, 6.0]
    with pytest.raises(AssertionError):
        I.Assign(3)
    with pytest.raises(ValueError, match="the length of shape must be 4."):
        make(I.Bilinear(), [3, 3])


def test_calculate_gain_and_errors():
    assert I.calculate_gain("tanh") == 5 / 3 and I.calculate_gain("relu") == math.sqrt(2)
    assert I.calculate_gain("selu") == 0.75 and I.calculate_gain("conv2d") == 1
    assert I.calculate_gain("leaky_relu") == math.sqrt(2 / (1 + 0.01 ** 2))
    assert I.calculate_gain("leaky_relu", 1.0) == 1.0
    with pytest.raises(ValueError, match="nonlinearity function foo is not supported now."):
        I.calculate_gain("foo")
    with pytest.raises(ValueError, match="should be 'fan_in' or 'fan_out', but received x."):
        I.KaimingNormal(mode="x")
    with pytest.raises(ValueError, match="but fan_in is set"):
        I.KaimingNormal(mode="fan_out", fan_in=3)
    with pytest.raises(TypeError, match="set_global_initializer"):
        I.set_global_initializer(3)


def test_static_init_ops(static_mode):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        specs = [(I.Constant(1.5), "fill_constant"), (I.Uniform(-1, 1), "uniform_random"),
                 (I.Normal(0, 2), "gaussian_random"), (I.TruncatedNormal(), "truncated_gaussian_random"),
                 (I.XavierUniform(), "uniform_random"), (I.KaimingNormal(), "gaussian_random"),
                 (I.Assign(np.ones((4, 5))), "assign_value"), (I.Orthogonal(), "gaussian_random")]
        params = [paddle.static.create_parameter([4, 5], "float32", default_initializer=init)
                  for init, _ in specs]
    ops = startup.global_block().ops
    assert [op.type for op in ops[:len(specs)]] == [t for _, t in specs]
    # Orthogonal is Paddle's op chain, drawn anew by each startup run
    assert [op.type for op in ops[len(specs):]] == ["qr", "diag_v2", "sign", "elementwise_mul", "transpose2",
                                                     "reshape2", "scale"]
    assert ops[0].attr("value") == 1.5 and ops[0].attr("str_value") == "1.5"
    assert ops[1].attr("min") == -1.0 and ops[2].attr("std") == 2.0
    exe = paddle.static.Executor()
    exe.run(startup)
    scope = paddle.static.global_scope()
    vals = [np.asarray(scope.find_var(p.name).get_tensor()) for p in params]
    assert np.all(vals[0] == 1.5) and np.all(vals[6] == 1.0)
    assert np.abs(vals[3]).max() <= 2.0
    np.testing.assert_allclose(vals[7] @ vals[7].T, np.eye(4), atol=1e-5)


# Paddle 3.3.1's legacy static initializers for float16/bfloat16 parameters (FLAGS_enable_pir_api=0): most fill a
# float32 temporary and cast it; uniform_random has a bfloat16 kernel, gaussian_random (Normal) and fill_constant
# write the parameter's dtype directly
_STAGED = [("Normal", "float16", ["gaussian_random"]), ("Normal", "bfloat16", ["gaussian_random"]),
           ("Uniform", "float16", ["uniform_random", "cast"]), ("Uniform", "bfloat16", ["uniform_random"]),
           ("TruncatedNormal", "float16", ["truncated_gaussian_random", "cast"]),
           ("TruncatedNormal", "bfloat16", ["truncated_gaussian_random", "cast"]),
           ("XavierUniform", "float16", ["uniform_random", "cast"]), ("XavierUniform", "bfloat16", ["uniform_random"]),
           ("XavierNormal", "bfloat16", ["gaussian_random", "cast"]),
           ("KaimingUniform", "float16", ["uniform_random", "cast"]),
           ("KaimingNormal", "float16", ["gaussian_random", "cast"]), ("Constant", "float16", ["fill_constant"])]


@pytest.mark.parametrize("name,dtype,types", _STAGED, ids=lambda v: v if isinstance(v, str) else None)
def test_static_half_precision_init_ops(static_mode, name, dtype, types):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        p = paddle.static.create_parameter([3, 4], dtype, default_initializer=getattr(I, name)())
    ops = startup.global_block().ops
    assert [op.type for op in ops] == types
    assert ops[-1].output("Out") == [p.name]
    if len(ops) == 2:
        assert ops[0].attr("dtype") == paddle.float32.proto and ops[1].attr("out_dtype") == p.dtype.proto
    paddle.static.Executor().run(startup)
    v = np.asarray(paddle.static.global_scope().find_var(p.name).get_tensor())
    assert v.dtype.itemsize == 2 and v.shape == (3, 4)


def test_static_orthogonal_needs_float32_or_float64(static_mode):
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        with pytest.raises(TypeError, match=r"in Orthogonal must be \['float32', 'float64'\], but received float16"):
            paddle.static.create_parameter([3, 4], "float16", default_initializer=I.Orthogonal())
