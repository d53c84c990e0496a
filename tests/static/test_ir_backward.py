"""paddle.autograd.ir_backward (grad, calc_gradient, calc_gradient_helper) on static programs; real Paddle 3.3.1
gives the same values on this program (checked by hand with .venv-ref), and None for an unconnected input."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.autograd.ir_backward import calc_gradient, calc_gradient_helper, grad


@pytest.fixture
def static_mode():
    paddle.enable_static()
    yield
    paddle.disable_static()


def test_ir_backward_gradients(static_mode):
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x, y, z = (paddle.static.data(n, [2, 3]) for n in "xyz")
        for v in (x, y, z):
            v.stop_gradient = False
        out = paddle.tanh(x) * y + x * x
        gx, gy, gz = grad(out, [x, y, z])
        (gx2,) = calc_gradient([out], [x], [paddle.full([2, 3], 2.0)])
        (gx3,) = grad([out], [x], no_grad_vars=[y])
        helper = calc_gradient_helper([out], [x, z])
    assert gz is None and helper[z] == [] and len(helper[x]) == 1
    rng = np.random.default_rng(0)
    feed = {k: rng.standard_normal((2, 3)).astype("float32") for k in "xyz"}
    rx, ry, rx2, rx3 = paddle.static.Executor().run(main, feed=feed, fetch_list=[gx, gy, gx2, gx3])
    want_x = (1 - np.tanh(feed["x"]) ** 2) * feed["y"] + 2 * feed["x"]
    np.testing.assert_allclose(rx, want_x, rtol=1e-5)
    np.testing.assert_allclose(ry, np.tanh(feed["x"]), rtol=1e-5)
    np.testing.assert_allclose(rx2, 2 * want_x, rtol=1e-5)
    np.testing.assert_allclose(rx3, want_x, rtol=1e-5)
    with pytest.raises(TypeError):
        grad("out", [x])
