"""OpSpec table: the activations of paddle.nn.functional (ops/activation/), plus their argument checks."""
import math

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, parametrize, rand

_erf = np.vectorize(math.erf)


def away(*shape, low=0.2, high=2.0):
    """Input factory: |x| in [low, high) with random signs (no kink at 0)."""
    return lambda rng: rng.uniform(low, high, size=shape) * rng.choice([-1.0, 1.0], size=shape)


def off(*shape, points=(), gap=0.05, scale=4.0):
    """Input factory: floats in [-scale, scale) at least `gap` away from the kinks in `points`."""
    def make(rng):
        x = rng.uniform(-scale, scale, size=shape)
        for p in points:
            near = np.abs(x - p) < gap
            x[near] = p + np.sign(x[near] - p + 1e-12) * gap * 2
        return x
    return make


def _sig(x):
    return 1 / (1 + np.exp(-x))


def _softplus(x, beta=1.0, threshold=20.0):
    return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)


def _elu(x, a):
    return np.where(x > 0, x, a * np.expm1(x))


SELU_S, SELU_A = 1.0507009873554804934193349852946, 1.6732632423543772848170429916717

SPECS = [
    OpSpec("relu6", F.relu6, lambda x: np.clip(x, 0, 6), [off(3, 4, points=(0, 6), scale=8)], double=True),
    OpSpec("leaky_relu", lambda x: F.leaky_relu(x, 0.1), lambda x: np.where(x >= 0, x, 0.1 * x), [away(3, 4)],
           double=True),
    OpSpec("hardtanh", lambda x: F.hardtanh(x, -0.5, 1.0), lambda x: np.clip(x, -0.5, 1.0),
           [off(3, 4, points=(-0.5, 1.0), scale=2)]),
    OpSpec("hardshrink", F.hardshrink, lambda x: np.where(np.abs(x) >= 0.5, x, 0),
           [off(3, 4, points=(-0.5, 0.5), scale=2)]),
    OpSpec("softshrink", lambda x: F.softshrink(x, 0.3),
           lambda x: np.where(x > 0.3, x - 0.3, np.where(x < -0.3, x + 0.3, 0)), [off(3, 4, points=(-0.3, 0.3))]),
    OpSpec("thresholded_relu", lambda x: F.thresholded_relu(x, 0.5, 0.25), lambda x: np.where(x > 0.5, x, 0.25),
           [off(3, 4, points=(0.5,))]),
    OpSpec("hardsigmoid", F.hardsigmoid, lambda x: np.clip(x * 0.1666667 + 0.5, 0, 1),
           [off(3, 4, points=(-3, 3), scale=5)]),
    OpSpec("hardswish", F.hardswish, lambda x: x * np.clip(x + 3, 0, 6) / 6, [off(3, 4, points=(-3, 3), scale=5)],
           double=True),
    OpSpec("elu", lambda x: F.elu(x, 0.5), lambda x: _elu(x, 0.5), [away(3, 4)], double=True),
    OpSpec("celu", lambda x: F.celu(x, 0.5), lambda x: np.maximum(x, 0) + np.minimum(0, 0.5 * np.expm1(x / 0.5)),
           [away(3, 4)], double=True),
    OpSpec("selu", F.selu, lambda x: SELU_S * _elu(x, SELU_A), [away(3, 4)], double=True, rtol=1e-5),
    OpSpec("gelu", F.gelu, lambda x: 0.5 * x * (1 + _erf(x / math.sqrt(2))), [rand(3, 4, low=-3, high=3)],
           double=True),
    OpSpec("gelu_tanh", lambda x: F.gelu(x, approximate=True),
           lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3))),
           [rand(3, 4, low=-3, high=3)], double=True),
    OpSpec("silu", F.silu, lambda x: x * _sig(x), [rand(3, 4, low=-4, high=4)], double=True),
    OpSpec("swish", F.swish, lambda x: x * _sig(x), [rand(3, 4, low=-4, high=4)], double=True),
    OpSpec("mish", F.mish, lambda x: x * np.tanh(_softplus(x)), [rand(3, 4, low=-4, high=4)], double=True),
    OpSpec("softplus", lambda x: F.softplus(x, 2.0, 5.0), lambda x: _softplus(x, 2.0, 5.0),
           [off(3, 4, points=(2.5,))], double=True),
    OpSpec("softsign", F.softsign, lambda x: x / (1 + np.abs(x)), [away(3, 4)], double=True),
    OpSpec("tanhshrink", F.tanhshrink, lambda x: x - np.tanh(x), [rand(3, 4)], double=True),
    OpSpec("log_sigmoid", F.log_sigmoid, lambda x: np.log(_sig(x)), [rand(3, 4, low=-5, high=5)], double=True),
    OpSpec("glu", F.glu, lambda x: x[:, :2] * _sig(x[:, 2:]), [rand(3, 4)], double=True),
    OpSpec("swiglu", F.swiglu, lambda x: x[:, :2] * _sig(x[:, :2]) * x[:, 2:], [rand(3, 4)]),
    OpSpec("swiglu_xy", F.swiglu, lambda x, y: x * _sig(x) * y, [rand(3, 4), rand(3, 4)]),
    OpSpec("maxout", lambda x: F.maxout(x, 2), lambda x: x.reshape(2, 2, 2, 3, 2).max(2), [rand(2, 4, 3, 2)]),
    OpSpec("maxout_nhwc", lambda x: F.maxout(x, 3, axis=-1), lambda x: x.reshape(2, 3, 2, 2, 3).max(-1),
           [rand(2, 3, 2, 6)]),
    OpSpec("prelu_all", lambda x, w: F.prelu(x, w), lambda x, w: np.where(x > 0, x, w * x), [away(2, 3, 4), rand(1)]),
    OpSpec("prelu_channel", lambda x, w: F.prelu(x, w), lambda x, w: np.where(x > 0, x, w.reshape(1, 3, 1) * x),
           [away(2, 3, 4), rand(3)], double=True),
    OpSpec("prelu_nhwc", lambda x, w: F.prelu(x, w, data_format="NHWC"),
           lambda x, w: np.where(x > 0, x, w * x), [away(2, 4, 3), rand(3)]),
    OpSpec("rrelu_eval", lambda x: F.rrelu(x, 0.1, 0.3, training=False), lambda x: np.where(x >= 0, x, 0.2 * x),
           [away(3, 4)], rtol=1e-6),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


@pytest.mark.parametrize("fn, kernel", [(F.elu, "elu"), (F.gelu, "gelu"), (F.hardswish, "hard_swish")])
def test_integer_input_is_a_kernel_error(fn, kernel):
    with pytest.raises(RuntimeError, match=f"kernel `{kernel}` is not registered"):
        fn(paddle.to_tensor([1, 2]))


def test_argument_checks():
    x = paddle.to_tensor([1.0, -1.0])
    with pytest.raises(ValueError, match=r"elu\(\): argument 'x' \(position 0\) must be Tensor"):
        F.elu([1.0])
    with pytest.raises(ZeroDivisionError, match="alpha cannot be 0 for celu"):
        F.celu(x, 0)
    with pytest.raises(ValueError, match="The scale must be greater than 1.0"):
        F.selu(x, scale=0.5)
    with pytest.raises(ValueError, match="The threshold must be no less than zero"):
        F.softshrink(x, -1)
    with pytest.raises(TypeError, match="must be float type"):
        F.rrelu(x, 0, 1)
    with pytest.raises(ValueError, match="Attr\\(axis\\) should be 1"):
        F.maxout(paddle.ones([1, 4, 2, 2]), 2, axis=2)
    with pytest.raises(ValueError, match="Expected value range of `axis`"):
        F.glu(paddle.ones([2, 4]), axis=3)


def test_relu_backward_is_one_grad_op():
    """ReLU's backward multiplies by the saved output's mask in a single relu_grad op."""
    x = paddle.to_tensor([-1.0, 0.5, 2.0], stop_gradient=False)
    y = F.relu(x)
    assert y._node.type == "relu"
    (g,) = paddle.grad(y * 3.0, x)
    np.testing.assert_array_equal(g.numpy(), [0.0, 3.0, 3.0])


def test_inplace_forms():
    x = paddle.to_tensor([-2.0, 0.5])
    assert F.leaky_relu_(x, 0.5) is x
    np.testing.assert_allclose(x.numpy(), [-1.0, 0.5])
    y = paddle.to_tensor([-2.0, 3.0])
    F.hardtanh_(y)
    np.testing.assert_allclose(y.numpy(), [-1.0, 1.0])
    z = paddle.to_tensor([-1.0, 1.0])
    F.elu_(z)
    np.testing.assert_allclose(z.numpy(), [math.expm1(-1.0), 1.0], rtol=1e-6)
    w = paddle.to_tensor([-1.0, 2.0])
    F.silu(w, inplace=True)
    np.testing.assert_allclose(w.numpy(), [-_sig(-1.0), 2 * _sig(2.0)], rtol=1e-6)


def test_rrelu_training_noise_in_range_and_seeded():
    x = -paddle.ones([1000])
    paddle.seed(7)
    a = F.rrelu(x, 0.1, 0.3).numpy()
    paddle.seed(7)
    b = F.rrelu(x, 0.1, 0.3).numpy()
    np.testing.assert_array_equal(a, b)
    assert -0.3 <= a.min() and a.max() <= -0.1 and a.std() > 0.03


def test_gumbel_softmax():
    paddle.seed(3)
    x = paddle.randn([4, 6])
    soft = F.gumbel_softmax(x, temperature=0.5)
    np.testing.assert_allclose(soft.sum(axis=-1).numpy(), np.ones(4), rtol=1e-5)
    hard = F.gumbel_softmax(x, hard=True)
    assert set(np.unique(hard.numpy())) <= {0.0, 1.0}
    np.testing.assert_array_equal(hard.sum(axis=-1).numpy(), np.ones(4))


def test_float64_attrs_match_paddle_float32_constants():
    """Paddle stores float attributes in 32 bits: elu(alpha=0.3) in float64 uses float32(0.3)."""
    x = paddle.to_tensor([-1.0], dtype="float64")
    np.testing.assert_array_equal(F.elu(x, 0.3).numpy(), [float(np.float32(0.3)) * math.expm1(-1.0)])


def test_blocked_kernels_match_on_large_inputs():
    """Inputs above the cache block size run block by block (ops/_blocking.py): same values and grads."""
    from purepaddle.ops._blocking import BLOCK
    rng = np.random.default_rng(0)
    x = rng.standard_normal(2 * BLOCK + 1000).astype("float64") * 3
    for fn, ref in ((F.gelu, lambda v: 0.5 * v * (1 + _erf(v / math.sqrt(2)))), (F.silu, lambda v: v * _sig(v)),
                    (lambda t: F.softplus(t, 2.0), lambda v: np.where(2 * v > 20, v, np.log1p(np.exp(2 * v)) / 2))):
        t = paddle.to_tensor(x, stop_gradient=False)
        y = fn(t)
        idx = rng.integers(0, x.size, 200)
        np.testing.assert_allclose(y.numpy()[idx], ref(x[idx]), rtol=1e-7, atol=1e-10)
        y.sum().backward()
        small = paddle.to_tensor(x[idx], stop_gradient=False)
        fn(small).sum().backward()
        np.testing.assert_allclose(t.grad.numpy()[idx], small.grad.numpy(), rtol=1e-10)
    # float32 GELU uses the rational erf: within 1e-6 of the exact form
    x32 = x.astype("float32")
    np.testing.assert_allclose(F.gelu(paddle.to_tensor(x32)).numpy(), 0.5 * x * (1 + _erf(x / math.sqrt(2))),
                               atol=2e-6)


def test_elu_selu_grads_at_special_values_match_paddle():
    # values produced by paddle 3.3.1 at [inf, -inf, 1, -1, 0, nan]: the positive branch covers +inf (no NaN),
    # x == 0 takes the exp branch, and selu's NaN takes `scale` (Paddle tests out <= 0) while elu's stays NaN
    x = np.array([np.inf, -np.inf, 1.0, -1.0, 0.0, np.nan], "float32")
    want = {
        "elu": [1.0, 0.0, 1.0, 0.36787945, 1.0, np.nan],
        "elu_alpha2": [1.0, 0.0, 1.0, 0.7357589, 2.0, np.nan],
        "selu": [1.050701, 0.0, 1.050701, 0.6467687, 1.7580993, 1.050701],
    }
    fns = {"elu": F.elu, "elu_alpha2": lambda t: F.elu(t, alpha=2.0), "selu": F.selu}
    for dtype in ("float32", "float64"):
        for name, fn in fns.items():
            t = paddle.to_tensor(x.astype(dtype), stop_gradient=False)
            fn(t).sum().backward()
            np.testing.assert_allclose(t.grad.numpy(), want[name], rtol=1e-6, atol=1e-7, err_msg=f"{name} {dtype}")


def test_selu_float64_follows_paddles_kernel_bit_for_bit():
    # Paddle 3.3.1's float64 selu: scale * (alpha * exp(x) - alpha) with float32 attrs, and a gradient read
    # from the output, out + alpha * scale with that product rounded to float32 (so selu'(-inf) is -2.88e-08)
    x = paddle.to_tensor([-1.2598431038795332, -0.07398412889235406, 0.5, 0.0, -np.inf], "float64",
                         stop_gradient=False)
    y = F.selu(x)
    y.backward(paddle.ones_like(y))
    assert y.numpy().tolist() == [-1.2593291387942873, -0.1253763355163616, 0.5253505110740662, 0.0,
                                  -1.7580993463430303]
    assert x.grad.numpy().tolist() == [0.49877017875637186, 1.6327229820342977, 1.0507010221481323,
                                       1.7580993175506592, -2.879237115394062e-08]


@pytest.mark.parametrize("fn", ["softmax", "log_softmax"])
@pytest.mark.parametrize("shape,axis", [([2, 0], -1), ([2, 0], 0), ([0, 3], -1), ([0], 0)])
def test_softmax_of_an_empty_tensor(fn, shape, axis):
    # Paddle 3.3.1: an empty result of x's shape and dtype, and an empty x_grad
    x = paddle.zeros(shape)
    x.stop_gradient = False
    y = getattr(paddle.nn.functional, fn)(x, axis=axis)
    y.sum().backward()
    assert y.shape == shape and y.dtype == paddle.float32
    assert x.grad.shape == shape


def test_softmax_clips_the_shift_at_minus_64_as_paddle():
    # Paddle 3.3.1's CPU kernels clip x - max at -64 along the axis (any axis): log_softmax is -64 there, not
    # -100 or -inf, and softmax weighs such an entry exp(-64); an int64 input with dtype= goes the same way
    x = paddle.to_tensor(np.array([[0.0, 1.0], [-100.0, 2.0]]))
    np.testing.assert_allclose(F.log_softmax(x, axis=0).numpy(), [[0.0, -1.3132616875182228],
                                                                 [-64.0, -0.31326168751822286]], rtol=1e-15)
    np.testing.assert_allclose(F.softmax(x, axis=0).numpy()[1, 0], 1.603810890548638e-28, rtol=1e-15)
    y = F.log_softmax(paddle.to_tensor(np.array([0.0, -np.inf, -100.0, 5.0], "float32")))
    np.testing.assert_allclose(y.numpy(), [-5.006715297698975, -64.0067138671875, -64.0067138671875,
                                           -0.006715348921716213], rtol=1e-6)
    big = paddle.to_tensor(np.array([-1, 2 ** 63 - 1, 0, 2 ** 63 - 2], "int64"))
    np.testing.assert_allclose(F.log_softmax(big, dtype="float64").numpy(),
                               [-64.69314718055995, -0.6931471805599453, -64.69314718055995, -0.6931471805599453])


@pytest.mark.parametrize("n", [1, 3, 33, 1000, (1 << 17) + 5])
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_relu_of_negative_zero_and_nan_is_positive_zero_at_every_length(n, dtype):
    # Paddle's kernel is x > 0 ? x : 0 (checked against Paddle 3.3.1): -0.0 and NaN give +0.0. NumPy's fmax
    # returns -0.0 or +0.0 for fmax(-0.0, 0.0) depending on which loop (SIMD body or tail) handled the element
    x = np.full(n, -0.0, dtype)
    x[::7] = np.nan
    x[1::5] = 2.5
    for out in (F.relu(paddle.to_tensor(x)), paddle.nn.ReLU()(paddle.to_tensor(x))):
        got = out.numpy()
        assert not np.signbit(got).any()
        np.testing.assert_array_equal(got, np.where(x > 0, x, 0))
    t = paddle.to_tensor(x.copy())
    F.relu_(t)
    assert not np.signbit(t.numpy()).any()
