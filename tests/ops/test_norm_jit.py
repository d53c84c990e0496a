"""The compiled passes of batch_norm's grad (ops/_norm_jit.py) against the NumPy form: equal values, signs of
zero included (only a NaN's sign may differ), whether the channels run on one thread or three; and float64
numeric gradients through paddle.nn.functional.batch_norm with the compiled form on."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle._core import jit
from purepaddle.ops import norm
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")


def _same(a, b):
    np.testing.assert_array_equal(a, b)  # NaN where NaN
    assert a.dtype == b.dtype
    keep = ~np.isnan(a)
    np.testing.assert_array_equal(np.signbit(a[keep]), np.signbit(b[keep]))


@pytest.mark.parametrize("split", [False, True])
def test_grad_passes_equal_the_numpy_form(monkeypatch, split):
    if split:  # channels over three threads: still one order per element
        split_kernels(monkeypatch)
    rng = np.random.default_rng(0)
    for t in range(60):
        n, c, m = (int(v) for v in rng.integers(1, 9, 3))
        m *= int(rng.integers(1, 40))
        dt = "float32" if t % 2 else "float64"
        x = (rng.standard_normal((n, c, m)) * 3 + 1).astype(dt)
        g = rng.standard_normal((n, c, m)).astype(dt)
        if t % 3 == 0:
            x.flat[rng.integers(0, x.size, 2)] = [-0.0, np.inf]
            g.flat[rng.integers(0, g.size, 2)] = [-0.0, np.nan]
        mean = x.mean(axis=(0, 2), keepdims=True).astype(dt)
        inv = (1 / np.sqrt(x.var(axis=(0, 2), keepdims=True) + 1e-5)).astype(dt)
        scale = None if t % 4 == 0 else rng.standard_normal((1, c, 1)).astype(dt)
        got = both_forms(lambda: norm.normalize_grad(x, g, mean, inv, scale, (0, 2), (1, c, 1), True))
        for a, b in zip(*got):
            _same(a, b)


def test_batch_norm_layer_training_step_is_unchanged_by_the_compiled_form():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((4, 6, 9, 9)).astype("float32")
    up = rng.standard_normal((4, 6, 9, 9)).astype("float32")

    def step():
        paddle.seed(0)
        bn = paddle.nn.BatchNorm2D(6)
        xt = paddle.to_tensor(x, stop_gradient=False)
        y = bn(xt)
        (y * paddle.to_tensor(up)).sum().backward()
        return [y.numpy(), xt.grad.numpy(), bn.weight.grad.numpy(), bn.bias.grad.numpy()]

    for a, b in zip(*both_forms(step)):
        _same(a, b)


def test_float64_numeric_gradients_with_the_compiled_form():
    rng = np.random.default_rng(2)
    x0 = rng.standard_normal((3, 4, 5, 2))
    w0, b0 = rng.standard_normal(4), rng.standard_normal(4)
    up = rng.standard_normal(x0.shape)

    def loss(x, w, b):
        y = F.batch_norm(paddle.to_tensor(x), paddle.zeros([4], "float64"), paddle.ones([4], "float64"),
                         paddle.to_tensor(w), paddle.to_tensor(b), training=True)
        return float((y.numpy() * up).sum())

    old = jit.set_enabled(True)
    try:
        ts = [paddle.to_tensor(a, stop_gradient=False) for a in (x0, w0, b0)]
        y = F.batch_norm(ts[0], paddle.zeros([4], "float64"), paddle.ones([4], "float64"), ts[1], ts[2],
                         training=True)
        (y * paddle.to_tensor(up)).sum().backward()
        for i, t in enumerate(ts):
            args = [x0, w0, b0]
            base = args[i]
            num = np.zeros_like(base)
            for j in range(base.size):
                plus, minus = base.copy(), base.copy()
                plus.flat[j] += 1e-6
                minus.flat[j] -= 1e-6
                num.flat[j] = (loss(*[plus if k == i else args[k] for k in range(3)])
                               - loss(*[minus if k == i else args[k] for k in range(3)])) / 2e-6
            np.testing.assert_allclose(t.grad.numpy(), num, rtol=1e-5, atol=1e-6)
    finally:
        jit.set_enabled(old)
