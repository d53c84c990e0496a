"""Max pooling and maxout over inputs holding NaN give Paddle 3.3.1's values, masks and gradients (written by
real Paddle: tests/fixtures/make_nan_max_fixtures.py): the unmasked poolings and maxout scan a window keeping
`y > x ? y : x` (a NaN counts only when it comes last), the masked, adaptive and fractional ones never let a NaN
win (ops/_max_rules.py). Windows Paddle answers with garbage (only -inf, only NaN) are pinned here too."""
import json

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle.ops._max_rules import first_max, scan_reduce
from tests.checkout import FIXTURES
from tests.fixtures.make_nan_max_fixtures import run

TABLE = json.loads((FIXTURES / "nan_max" / "pooling.json").read_text())
nan, inf = float("nan"), float("inf")


@pytest.mark.parametrize("case", sorted(TABLE))
def test_nan_max_like_paddle(case):
    row = TABLE[case]
    out, mask, grad = run(row["expr"], paddle, np, row["seed"])
    np.testing.assert_array_equal(out, row["out"])
    assert mask == row["mask"]
    tol = 1e-2 if "float16" in row["expr"] else 1e-6  # float16 sums overlapping windows in its own order
    np.testing.assert_allclose(grad, row["grad"], rtol=tol, atol=tol)


@pytest.mark.parametrize("vals, scan, first, index", [
    ([nan, 1, 2, 3], 3, 3, 3),
    ([1, 2, 3, nan], nan, 3, 2),
    ([5, nan, 1, 2], 2, 5, 0),
    ([nan, nan, nan], nan, nan, 0),
    ([nan, -inf, nan], nan, -inf, 1),
    ([-inf, nan, -inf], -inf, -inf, 0),
])
def test_the_two_rules(vals, scan, first, index):
    a = np.array(vals)
    np.testing.assert_array_equal(scan_reduce(a), scan)
    value, arg = first_max(a)
    np.testing.assert_array_equal(value, first)
    assert arg == index


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_windows_paddle_answers_with_garbage(dtype):
    # Paddle starts its max from -FLT_MAX: only -inf gives -3.4e38 (and index -1 with a mask, which its gradient
    # kernel writes through); here the true maximum, and an all-NaN window is NaN at its first member
    x = paddle.to_tensor(np.array([-inf, -inf, nan, nan], dtype).reshape(1, 1, 4), stop_gradient=False)
    out = F.max_pool1d(x, 2)
    np.testing.assert_array_equal(out.numpy(), [[[-inf, nan]]])
    out, mask = F.max_pool1d(x, 2, return_mask=True)
    np.testing.assert_array_equal(out.numpy(), [[[-inf, nan]]])
    np.testing.assert_array_equal(mask.numpy(), [[[0, 2]]])
    out.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), [[[1, 0, 1, 0]]])


def test_window_wholly_in_padding_is_lowest_float():
    x = paddle.to_tensor(np.arange(1, 26, dtype="float64").reshape(1, 1, 5, 5))
    out = F.max_pool2d(x, 2, 4, 1, ceil_mode=True).numpy()[0, 0]
    assert out[2, 2] == np.finfo(np.float32).min and out[0, 1] == 5
    out16 = F.max_pool2d(x.astype("float16"), 2, 4, 1, ceil_mode=True).numpy()[0, 0]
    assert out16[2, 2] == -inf
