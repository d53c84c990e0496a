"""The compiled dropout apply (ops/common/_dropout_jit.py) against the NumPy form, bit for bit (kept values
divided, dropped ones +0.0 even where x is NaN or inf), on one thread or three; and through F.dropout."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle.ops.common import dropout as D
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")


def _same(a, b):
    assert a.dtype == b.dtype
    np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


@pytest.mark.parametrize("split", [False, True])
def test_kept_equals_the_numpy_form(monkeypatch, split):
    if split:
        split_kernels(monkeypatch)
    rng = np.random.default_rng(0)
    for t in range(40):
        dt = "float32" if t % 2 else "float64"
        x = (rng.standard_normal(int(rng.integers(1, 3000))) * 5).astype(dt)
        x[rng.integers(0, x.size, 3)] = [np.nan, -0.0, -np.inf]
        keep = rng.random(x.size) >= 0.3
        divisor = [1.0, float(np.float32(0.7)), float(np.float32(0.9))][t % 3]
        _same(*both_forms(lambda: D._kept(x, keep, divisor)))


def test_dropout_forward_and_grad_are_unchanged_by_the_compiled_form():
    x = np.random.default_rng(1).standard_normal((8, 33)).astype("float32")

    def run():
        paddle.seed(3)
        xt = paddle.to_tensor(x, stop_gradient=False)
        y = F.dropout(xt, 0.4)
        (y * 3).sum().backward()
        return y.numpy(), xt.grad.numpy()

    for a, b in zip(*both_forms(run)):
        _same(a, b)
