"""The compiled one-pass conv epilogue (ops/conv/_epilogue_jit.py) against the NumPy steps, bit for bit:
x * k, + shift, + residual, then relu (NaN and -0.0 give +0.0) or relu6 (NaN and -0.0 kept)."""
import numpy as np
import pytest

from purepaddle._core import jit
from purepaddle.ops.conv import epilogue as E
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")


def _case(rng, t):
    n, c, h = (int(v) for v in rng.integers(1, 9, 3))
    dt = "float32" if t % 2 else "float64"
    x = (rng.standard_normal((n, c, h, h)) * 4).astype(dt)
    x.flat[rng.integers(0, x.size, 3)] = [np.nan, -0.0, np.inf]
    k = None if t % 3 == 0 else rng.standard_normal((1, c, 1)).astype(dt)
    shift = None if t % 5 == 0 else rng.standard_normal((1, c, 1)).astype(dt)
    residual = None if t % 4 else rng.standard_normal((n, c, h, h)).astype(dt)
    return x, k, shift, residual, [None, "relu", "relu6"][t % 3]


@pytest.mark.parametrize("split", [False, True])
def test_one_pass_equals_the_numpy_steps_bit_for_bit(monkeypatch, split):
    if split:  # the channels over three threads: still one order per element
        split_kernels(monkeypatch)
    rng = np.random.default_rng(0)
    for t in range(120):
        x, k, shift, residual, act = _case(rng, t)
        outs = both_forms(lambda: E.channel_epilogue(x.copy(), k, shift, residual, act))
        np.testing.assert_array_equal(outs[0], outs[1])
        np.testing.assert_array_equal(np.signbit(outs[0]), np.signbit(outs[1]))


def test_a_cropped_stride_one_result_is_updated_through_its_base():
    # a stride-1 convolution returns a view cropping garbage columns off a fresh array: the epilogue runs on the
    # whole base (owned_planes) and the view sees the result
    rng = np.random.default_rng(1)
    base = rng.standard_normal((2, 3, 5, 7)).astype("float32")
    view = base[..., :5]
    k, shift = rng.standard_normal((2, 1, 3, 1)).astype("float32")
    want = np.clip(view * k.reshape(1, 3, 1, 1) + shift.reshape(1, 3, 1, 1), 0, 6)
    old = jit.set_enabled(True)
    try:
        got = E.channel_epilogue(view, k, shift, None, "relu6")
    finally:
        jit.set_enabled(old)
    np.testing.assert_array_equal(got, want)
