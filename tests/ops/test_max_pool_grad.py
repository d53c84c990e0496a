"""Max-pool gradients as Paddle's kernel gives them (dx zeroed, then dx[first max] += g), in the NumPy form and
the compiled one (ops/pooling/_max_jit.py), bit for bit."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import jit
from purepaddle.ops.pooling import _windows as P
from tests.jit_forms import both_forms


@pytest.fixture(params=[False, True], ids=["numpy", "compiled"])
def compiled(request):
    if request.param:
        pytest.importorskip("numba")
    old = jit.set_enabled(request.param)
    yield request.param
    jit.set_enabled(old)


def test_an_infinite_or_negative_zero_gradient_reaches_only_the_max(compiled):
    # checked against Paddle 3.3.1: the other elements of the window get +0.0, not inf * 0 = NaN or -0.0
    x = paddle.to_tensor(np.arange(25, dtype="float32").reshape(1, 1, 5, 5), stop_gradient=False)
    y = paddle.nn.functional.max_pool2d(x, 3, 2, 1)
    g = np.ones(y.shape, "float32")
    g[0, 0, 0, 0], g[0, 0, 1, 1] = np.inf, -0.0
    y.backward(paddle.to_tensor(g))
    want = np.array([[0, 0, 0, 0, 0], [0, np.inf, 0, 1, 1], [0, 0, 0, 0, 0], [0, 1, 0, 0, 1], [0, 1, 0, 1, 1]],
                    "float32")
    got = x.grad.numpy()[0, 0]
    np.testing.assert_array_equal(got, want)
    assert not np.signbit(got).any()


@pytest.mark.parametrize("kernel, stride", [(2, 2), ([2, 3], [2, 3])])
def test_tiling_windows_give_positive_zeros_too(compiled, kernel, stride):
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 3, 6, 6)).astype("float32"),
                         stop_gradient=False)
    y = paddle.nn.functional.max_pool2d(x, kernel, stride)
    g = -np.abs(np.random.default_rng(1).standard_normal(y.shape)).astype("float32")
    g.flat[0] = np.inf
    y.backward(paddle.to_tensor(g))
    got = x.grad.numpy()
    assert not np.isnan(got).any() and not np.signbit(got[got == 0]).any()
    assert np.isinf(got).sum() == 1 and (got != 0).sum() == y.size


def test_compiled_equals_the_numpy_sweep_bit_for_bit():
    pytest.importorskip("numba")
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 60:
        n, c = (int(v) for v in rng.integers(1, 3, 2))
        h, w = (int(v) for v in rng.integers(3, 14, 2))
        ks = [int(v) for v in rng.integers(1, 4, 2)]
        ss = [int(v) for v in rng.integers(1, 3, 2)]
        pads = [(int(rng.integers(0, ks[0] // 2 + 1)),) * 2, (int(rng.integers(0, ks[1] // 2 + 1)),) * 2]
        out_sp = [(d + 2 * p[0] - k) // s + 1 for d, p, k, s in zip((h, w), pads, ks, ss)]
        if min(out_sp) <= 0:
            continue
        seen += 1
        dt = "float32" if seen % 2 else "float64"
        x = rng.integers(-3, 3, (n, c, h, w)).astype(dt)  # ties: the first maximum takes the gradient
        if seen % 4 == 0:
            x[0, 0, 0, 0] = np.nan
        xp = P._padded(x, ks, ss, pads, out_sp, P.unmatched(x.dtype))
        out = np.full((n, c) + tuple(out_sp), -np.inf, dt)
        for s in P.offset_slices(ks, ss, out_sp):
            out = np.maximum(out, xp[s])
        g = rng.standard_normal(out.shape).astype(dt)
        if seen % 3 == 0:
            g.flat[0], g.flat[-1] = -0.0, np.inf
        res = both_forms(lambda: P.max_sweep_grad(x, out, g, ks, ss, pads, out_sp))
        np.testing.assert_array_equal(res[0], res[1])
        np.testing.assert_array_equal(np.signbit(res[0]), np.signbit(res[1]))
