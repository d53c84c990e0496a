"""paddle.vision.ops nms / box_coder / roi_align equal real Paddle's (fixture written by
tests/fixtures/vision/make_ops_fixtures.py, re-run here with purepaddle as paddle); roi_align's gradient is checked
numerically in float64."""
import os
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.vision import ops as O

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision")
# Paddle's roi_align gradient disagrees with its own forward for sampling_ratio > 0 on small boxes (finite
# differences of Paddle's forward agree with ours); docs/conformance.md
_PADDLE_WRONG = {"ra_s2_grad"}


def test_ops_match_real_paddle(tmp_path):
    run = ("import sys, runpy, purepaddle, purepaddle.vision, purepaddle.vision.ops\n"
           "sys.modules.update({'paddle': purepaddle, 'paddle.vision': purepaddle.vision,"
           " 'paddle.vision.ops': purepaddle.vision.ops})\n"
           f"sys.argv = ['x', {str(tmp_path / 'me.npz')!r}]\n"
           f"runpy.run_path({os.path.join(FIX, 'make_ops_fixtures.py')!r})\n")
    subprocess.run([sys.executable, "-c", run], check=True)
    want, got = np.load(os.path.join(FIX, "ops.npz")), np.load(tmp_path / "me.npz")
    assert sorted(want.files) == sorted(got.files)
    for k in sorted(set(want.files) - _PADDLE_WRONG):
        assert want[k].dtype == got[k].dtype, k
        np.testing.assert_allclose(got[k], want[k], rtol=1e-5, atol=1e-5, err_msg=k)


@pytest.mark.parametrize("kw", [{}, {"aligned": False}, {"sampling_ratio": 2, "spatial_scale": 0.7}])
def test_roi_align_gradient_numeric(kw):
    rs = np.random.RandomState(1)
    xn = rs.rand(2, 2, 7, 8)
    rois = paddle.to_tensor(np.array([[0.5, 1, 6, 5], [2, 2, 3, 3.5], [-1, -1, 9, 8]]))
    num = paddle.to_tensor(np.array([1, 2], "int32"))
    up = rs.rand(3, 2, 3, 2)
    x = paddle.to_tensor(xn, stop_gradient=False)
    (O.roi_align(x, rois, num, (3, 2), **kw) * paddle.to_tensor(up)).sum().backward()

    def f(a):
        return float((O.roi_align(paddle.to_tensor(a), rois, num, (3, 2), **kw).numpy() * up).sum())
    num_grad = np.zeros_like(xn)
    eps = 1e-6
    for idx in np.ndindex(xn.shape):
        a, b = xn.copy(), xn.copy()
        a[idx] += eps
        b[idx] -= eps
        num_grad[idx] = (f(a) - f(b)) / (2 * eps)
    np.testing.assert_allclose(x.grad.numpy(), num_grad, atol=1e-6)


def test_errors():
    b = paddle.rand([3, 4])
    with pytest.raises(TypeError, match="list|tuple"):
        O.box_coder(b, 0.1, b)
    with pytest.raises(AssertionError, match="4 elements"):
        O.box_coder(b, [0.1, 0.1], b)
    with pytest.raises(AssertionError, match="categories"):
        O.nms(b, 0.3, paddle.rand([3]), paddle.to_tensor([0, 1, 0]))
    with pytest.raises(TypeError, match="output_size"):
        O.roi_align(paddle.rand([1, 1, 4, 4]), b, paddle.to_tensor([3], dtype="int32"), [2, 2])


def test_roi_pool_gradient_numeric():
    rs = np.random.RandomState(2)
    xn = rs.rand(2, 2, 7, 8)
    rois = paddle.to_tensor(np.array([[0.5, 1, 6, 5], [2, 2, 3, 3.5], [-1, -1, 9, 8]]))
    num = paddle.to_tensor(np.array([1, 2], "int32"))
    up = rs.rand(3, 2, 3, 2)
    x = paddle.to_tensor(xn, stop_gradient=False)
    (O.roi_pool(x, rois, num, (3, 2), spatial_scale=0.8) * paddle.to_tensor(up)).sum().backward()

    def f(a):
        return float((O.roi_pool(paddle.to_tensor(a), rois, num, (3, 2), spatial_scale=0.8).numpy() * up).sum())
    num_grad = np.zeros_like(xn)
    for idx in np.ndindex(xn.shape):
        a, b = xn.copy(), xn.copy()
        a[idx] += 1e-6
        b[idx] -= 1e-6
        num_grad[idx] = (f(a) - f(b)) / 2e-6
    np.testing.assert_allclose(x.grad.numpy(), num_grad, atol=1e-6)
