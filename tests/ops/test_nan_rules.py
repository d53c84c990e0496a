"""NaN inputs give Paddle 3.3.1's CPU answers (values written by real Paddle): relu maps NaN to 0; erf,
softshrink and thresholded_relu keep it; leaky_relu's gradient at NaN is 0;
vector_norm with p=+-inf scans (a NaN counts only when last), its p=0 gradient is zeros; sinc(NaN) is 1."""
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


inf = float("inf")


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("values, p, out, grad", [
    # Paddle's p_norm scans |x| keeping `y > x ? y : x` (min: `y < x ? y : x`): a NaN counts only when last
    ([nan, 1.0, -3.0], inf, 3.0, [nan, 0.0, -1.0]),
    ([nan, 1.0, -3.0], -inf, 1.0, [nan, 1.0, -0.0]),
    ([1.0, -3.0, nan], inf, nan, [0.0, -0.0, nan]),
    ([-inf, nan, 2.0], inf, 2.0, [-0.0, nan, 1.0]),
    ([nan, nan], -inf, nan, [nan, nan]),
    ([nan, 1.0, -3.0], 0, 3.0, [0.0, 0.0, 0.0]),  # p=0: the gradient is zeros, NaN or not
])
def test_vector_norm_nan_like_paddle(values, p, out, grad, dtype):
    x = paddle.to_tensor(np.array(values, dtype), stop_gradient=False)
    y = paddle.linalg.vector_norm(x, p=p)
    y.backward()
    np.testing.assert_allclose(y.numpy(), out, equal_nan=True)
    np.testing.assert_allclose(x.grad.numpy(), grad, equal_nan=True)


def test_vector_norm_inf_scans_along_an_axis():
    x = paddle.to_tensor(np.array([[nan, 1.0], [2.0, -3.0]], "float32"))
    np.testing.assert_array_equal(paddle.linalg.vector_norm(x, p=inf, axis=0).numpy(), [2.0, 3.0])
    np.testing.assert_array_equal(paddle.linalg.vector_norm(x, p=-inf, axis=1, keepdim=True).numpy(), [[1.0], [2.0]])
    long = np.arange(1, 1001, dtype="float32")
    long[500] = nan
    assert paddle.linalg.vector_norm(paddle.to_tensor(long), p=-inf).item() == 502.0


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sinc_of_nan_and_inf_is_one(dtype):
    # Paddle's sinc replaces a NaN result by 1; the gradient there stays NaN
    x = paddle.to_tensor(np.array([nan, inf, -inf, 0.0], dtype), stop_gradient=False)
    y = paddle.sinc(x)
    y.sum().backward()
    np.testing.assert_array_equal(y.numpy(), [1.0, 1.0, 1.0, 1.0])
    np.testing.assert_array_equal(x.grad.numpy(), [nan, nan, nan, 0.0])


@pytest.mark.parametrize("f", [paddle.max, paddle.min, paddle.amax, paddle.amin])
def test_extreme_of_nan_has_nan_gradient(f):
    # a NaN extreme equals no member: Paddle's gradient 0 / 0 is NaN over the row; other rows are untouched
    x = paddle.to_tensor(np.array([[3.0, nan, 1.0], [1.0, 2.0, 3.0]], "float32"), stop_gradient=False)
    f(x, axis=1).sum().backward()
    g = x.grad.numpy()
    assert np.isnan(g[0]).all() and not np.isnan(g[1]).any()


def test_complex_from_parts_keeps_an_infinite_imaginary_part():
    # Paddle 3.3.1: as_complex sets the parts (-1 + inf i stays so; re + 1j * im would make re NaN)
    x = paddle.to_tensor(np.array([[nan, 1e-40], [-1.0, np.inf], [3.0, 0.0]], "float32"))
    c = paddle.as_complex(x).numpy()
    assert c.real[1:].tolist() == [-1.0, 3.0] and np.isnan(c.real[0])
    assert c.imag.tolist() == [np.float32(1e-40), np.inf, 0.0]


def test_nll_loss_skips_an_ignored_position_whatever_x_holds():
    # Paddle 3.3.1: the ignored row's -inf at class 0 does not make the mean NaN
    x = paddle.to_tensor(np.array([[-np.inf, 1.0, 2.0], [0.5, 3.0, nan]]), stop_gradient=False)
    loss = F.nll_loss(x, paddle.to_tensor([2, 0]), ignore_index=2)
    loss.backward()
    assert loss.item() == -0.5
    assert np.abs(x.grad.numpy()).tolist() == [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0]]
    none = F.nll_loss(x, paddle.to_tensor([2, 0]), ignore_index=2, reduction="none")
    assert none.numpy().tolist() == [0.0, -0.5]


def test_hypot_squares_each_side_in_its_own_dtype():
    # Paddle's hypot is sqrt(x ** 2 + y ** 2) with the promotion at the add: float32 y squares in float32
    a = paddle.to_tensor(np.array([3.1366637740606778, -2.516875363934617]))
    b = paddle.to_tensor(np.array([1.2934901714324951, -1.0050071477890015], "float32"))
    assert paddle.hypot(a, b).numpy().tolist() == [3.392900887835338, 2.710110869892562]
    assert paddle.hypot(b, a).dtype == paddle.float64
