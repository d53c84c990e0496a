"""Gradients of the stat family (median, nanmedian, quantile, nanquantile) where rows hold NaN, against the
values real Paddle 3.3.1 gives for the same rows."""
import numpy as np
import pytest

import purepaddle as paddle

NAN = float("nan")
ROWS = np.array([[3, NAN, 1, 2, NAN], [1, 2, 3, 4, 5], [NAN] * 5, [2, 1, NAN, 2, 0]])

# (function, kwargs) -> (values, gradient of their sum), both from real Paddle
CASES = [
    (lambda x: paddle.median(x, axis=1), [NAN, 3.0, NAN, NAN],
     [[0, .5, 0, 0, .5], [0, 0, 1, 0, 0], [.2] * 5, [0, 0, 1, 0, 0]]),
    (lambda x: paddle.median(x, axis=1, mode="min")[0], [NAN, 3.0, NAN, NAN],
     [[0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [1, 0, 0, 0, 0], [0, 0, 1, 0, 0]]),
    (lambda x: paddle.nanmedian(x, axis=1), [2.0, 3.0, NAN, 1.5],
     [[0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [.2] * 5, [0, .5, 0, .5, 0]]),
    (lambda x: paddle.nanmedian(x, axis=1, mode="min")[0], [2.0, 3.0, NAN, 1.0],
     [[0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [0] * 5, [0, 1, 0, 0, 0]]),
    (lambda x: paddle.nanquantile(x, 0.5, axis=1), [2.0, 3.0, NAN, 1.5],
     [[0, 0, 0, 1, 0], [0, 0, 1, 0, 0], [.5, 0, 0, 0, .5], [.5, .5, 0, 0, 0]]),
    (lambda x: paddle.median(x), NAN,
     [[0, .125, 0, 0, .125], [0] * 5, [.125] * 5, [0, 0, .125, 0, 0]]),
    (lambda x: paddle.nanmedian(x), 2.0,
     [[0, 0, 0, .25, 0], [0, .25, 0, 0, 0], [0] * 5, [.25, 0, 0, .25, 0]]),
]


@pytest.mark.parametrize("k", range(len(CASES)))
def test_gradients_of_rows_with_nan_match_paddle(k):
    fn, want_out, want_grad = CASES[k]
    x = paddle.to_tensor(ROWS, stop_gradient=False)
    out = fn(x)
    out.sum().backward()
    np.testing.assert_array_equal(out.numpy(), want_out)
    np.testing.assert_array_equal(x.grad.numpy(), want_grad)
