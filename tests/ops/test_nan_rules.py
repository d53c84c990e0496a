"""NaN inputs give Paddle 3.3.1's CPU answers (values written by real Paddle): relu maps NaN to 0; erf,
softshrink and thresholded_relu keep it; leaky_relu's gradient at NaN is 0."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F

nan = float("nan")


def _run(f, values, dtype="float32"):
    x = paddle.to_tensor(np.array(values, dtype), stop_gradient=False)
    y = f(x)
    y.sum().backward()
    return y.numpy(), x.grad.numpy()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("f, values, out, grad", [
    (F.relu, [nan, -1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0]),
    (paddle.erf, [nan, np.inf, -np.inf], [nan, 1.0, -1.0], [nan, 0.0, 0.0]),
    (F.softshrink, [nan, 0.2, 1.0, -1.0], [nan, 0.0, 0.5, -0.5], [0.0, 0.0, 1.0, 1.0]),
    (F.thresholded_relu, [nan, 0.2, 1.5], [nan, 0.0, 1.5], [0.0, 0.0, 1.0]),
    (F.leaky_relu, [nan, -1.0, 1.0], [nan, -0.01, 1.0], [0.0, 0.01, 1.0]),
])
def test_nan_like_paddle(f, values, out, grad, dtype):
    y, g = _run(f, values, dtype)
    np.testing.assert_allclose(y, out, rtol=1e-6, equal_nan=True)
    np.testing.assert_allclose(g, grad, rtol=1e-6, equal_nan=True)


def test_erf_nan_on_long_input():
    # the large-|x| branch once took NaN as its own limit (+-1)
    x = np.linspace(-5, 5, 50)
    x[[3, 40]] = nan
    y = paddle.erf(paddle.to_tensor(x)).numpy()
    assert np.isnan(y[[3, 40]]).all() and not np.isnan(np.delete(y, [3, 40])).any()
