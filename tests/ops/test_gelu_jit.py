"""The compiled float32 GELU (ops/activation/_smooth_jit.py) against the NumPy form, bit for bit."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.ops.activation import smooth
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")


@pytest.mark.filterwarnings("ignore:invalid value")  # gelu(-inf) is -inf * 0 = NaN in both forms
@pytest.mark.parametrize("split", [False, True])
def test_compiled_gelu_equals_the_numpy_form_bit_for_bit(monkeypatch, split):
    if split:
        split_kernels(monkeypatch)
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(-7, 7, 50000), rng.standard_normal(50000) * 1e-3,
                        [np.nan, np.inf, -np.inf, -0.0, 0.0, 4 * np.sqrt(2), -4 * np.sqrt(2), 1e-38]])
    x = x.astype(np.float32).reshape(4, -1)
    outs = both_forms(lambda: paddle.nn.functional.gelu(paddle.to_tensor(x)).numpy())
    np.testing.assert_array_equal(outs[0], outs[1])
    np.testing.assert_array_equal(np.signbit(outs[0]), np.signbit(outs[1]))
    np.testing.assert_array_equal(outs[0], smooth.blocked(smooth._gelu_erf, x))


@pytest.mark.filterwarnings("ignore:invalid value")
def test_compiled_erf_in_the_gelu_gradient_gives_the_same_bits():
    rng = np.random.default_rng(1)
    x = rng.uniform(-7, 7, 300001).astype(np.float32)
    x[:4] = [np.nan, -0.0, np.inf, -np.inf]
    g = rng.standard_normal(x.size).astype(np.float32)

    def grad():
        t = paddle.to_tensor(x, stop_gradient=False)
        paddle.nn.functional.gelu(t).backward(paddle.to_tensor(g))
        return t.grad.numpy()

    grads = both_forms(grad)
    np.testing.assert_array_equal(grads[0], grads[1])
