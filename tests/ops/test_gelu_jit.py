"""The compiled float32 GELU (ops/activation/_smooth_jit.py) against the NumPy form, bit for bit."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import jit, threads
from purepaddle.ops.activation import smooth

pytest.importorskip("numba")


@pytest.mark.filterwarnings("ignore:invalid value")  # gelu(-inf) is -inf * 0 = NaN in both forms
@pytest.mark.parametrize("split", [False, True])
def test_compiled_gelu_equals_the_numpy_form_bit_for_bit(monkeypatch, split):
    if split:
        monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
        monkeypatch.setitem(threads._INTRA, "n", 3)
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(-7, 7, 50000), rng.standard_normal(50000) * 1e-3,
                        [np.nan, np.inf, -np.inf, -0.0, 0.0, 4 * np.sqrt(2), -4 * np.sqrt(2), 1e-38]])
    x = x.astype(np.float32).reshape(4, -1)
    outs = []
    for on in (False, True):
        old = jit.set_enabled(on)
        try:
            outs.append(paddle.nn.functional.gelu(paddle.to_tensor(x)).numpy())
        finally:
            jit.set_enabled(old)
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(np.signbit(outs[0]), np.signbit(outs[1]))
    np.testing.assert_array_equal(outs[0], smooth.blocked(smooth._gelu_erf, x))


@pytest.mark.filterwarnings("ignore:invalid value")
def test_compiled_erf_in_the_gelu_gradient_gives_the_same_bits():
    rng = np.random.default_rng(1)
    x = rng.uniform(-7, 7, 300001).astype(np.float32)
    x[:4] = [np.nan, -0.0, np.inf, -np.inf]
    g = rng.standard_normal(x.size).astype(np.float32)
    grads = []
    for on in (False, True):
        old = jit.set_enabled(on)
        try:
            t = paddle.to_tensor(x, stop_gradient=False)
            paddle.nn.functional.gelu(t).backward(paddle.to_tensor(g))
            grads.append(t.grad.numpy())
        finally:
            jit.set_enabled(old)
    np.testing.assert_array_equal(grads[0], grads[1])
