"""paddle.vision.ops psroi_pool, yolo_box, yolo_loss, prior_box, matrix_nms, generate_proposals,
distribute_fpn_proposals, deform_conv2d / DeformConv2D and read_file equal real Paddle's (fixture written by
tests/fixtures/vision/make_detection_fixtures.py, re-run here with purepaddle as paddle); the gradients of
psroi_pool, deform_conv2d and yolo_loss are checked numerically in float64."""
import io
import os
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.vision import ops as O

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision")


@pytest.fixture(scope="module")
def ours(tmp_path_factory):
    path = tmp_path_factory.mktemp("det") / "me.npz"
    run = ("import sys, runpy, purepaddle, purepaddle.vision, purepaddle.vision.ops\n"
           "sys.modules.update({'paddle': purepaddle, 'paddle.vision': purepaddle.vision,"
           " 'paddle.vision.ops': purepaddle.vision.ops})\n"
           f"sys.argv = ['x', {str(path)!r}]\n"
           f"runpy.run_path({os.path.join(FIX, 'make_detection_fixtures.py')!r})\n")
    subprocess.run([sys.executable, "-c", run], check=True)
    return np.load(path)


def test_match_real_paddle(ours):
    want = np.load(os.path.join(FIX, "detection.npz"))
    assert sorted(want.files) == sorted(ours.files)
    bad = []
    for k in sorted(want.files):
        w, g = want[k], ours[k]
        if w.dtype != g.dtype or w.shape != g.shape:
            bad.append(f"{k}: {g.dtype}{g.shape} vs Paddle {w.dtype}{w.shape}")
        elif not np.allclose(g, w, rtol=1e-5, atol=1e-5):
            bad.append(f"{k}: max diff {np.abs(g.astype(float) - w.astype(float)).max()}")
    assert not bad, "\n".join(bad)


def _numeric(f, xn, up, eps=1e-6):
    num = np.zeros_like(xn)
    for idx in np.ndindex(xn.shape):
        a, b = xn.copy(), xn.copy()
        a[idx] += eps
        b[idx] -= eps
        num[idx] = ((f(a) - f(b)) * up).sum() / (2 * eps)
    return num


def test_psroi_pool_gradient_numeric():
    rs = np.random.RandomState(1)
    xn = rs.rand(2, 8, 6, 7)
    rois = paddle.to_tensor(np.array([[0.5, 1, 5, 4], [2, 2, 3, 3.5], [-1, -1, 8, 7]]))
    num = paddle.to_tensor(np.array([1, 2], "int32"))
    up = rs.rand(3, 2, 2, 2)
    x = paddle.to_tensor(xn, stop_gradient=False)
    (O.psroi_pool(x, rois, num, 2, 0.9) * paddle.to_tensor(up)).sum().backward()
    want = _numeric(lambda a: O.psroi_pool(paddle.to_tensor(a), rois, num, 2, 0.9).numpy(), xn, up)
    np.testing.assert_allclose(x.grad.numpy(), want, atol=1e-6)


def test_deform_conv2d_gradient_numeric():
    rs = np.random.RandomState(2)
    xn, wn, on, mn = rs.rand(1, 2, 4, 4), rs.rand(2, 2, 2, 2), rs.randn(1, 8, 3, 3) * 0.3, rs.rand(1, 4, 3, 3)
    up = rs.rand(1, 2, 3, 3)
    ts = [paddle.to_tensor(v, stop_gradient=False) for v in (xn, on, wn, mn)]
    (O.deform_conv2d(ts[0], ts[1], ts[2], mask=ts[3]) * paddle.to_tensor(up)).sum().backward()
    args = [xn, on, wn, mn]
    for i in range(4):
        def f(a, i=i):
            v = [paddle.to_tensor(b) for b in args[:i] + [a] + args[i + 1:]]
            return O.deform_conv2d(v[0], v[1], v[2], mask=v[3]).numpy()
        np.testing.assert_allclose(ts[i].grad.numpy(), _numeric(f, args[i], up), atol=1e-5)


def test_yolo_loss_gradient_numeric():
    rs = np.random.RandomState(3)
    xn = rs.randn(1, 2 * 7, 3, 3) * 0.5
    gtb = paddle.to_tensor(np.array([[[0.3, 0.4, 0.3, 0.5], [0.7, 0.6, 0.2, 0.2]]]))
    gtl = paddle.to_tensor(np.array([[0, 1]], "int32"))
    kw = dict(anchors=[10, 13, 16, 30, 33, 23], anchor_mask=[0, 2], class_num=2, ignore_thresh=0.5,
              downsample_ratio=32)
    up = rs.rand(1)
    x = paddle.to_tensor(xn, stop_gradient=False)
    (O.yolo_loss(x, gtb, gtl, **kw) * paddle.to_tensor(up)).sum().backward()
    want = _numeric(lambda a: O.yolo_loss(paddle.to_tensor(a), gtb, gtl, **kw).numpy(), xn, up)
    np.testing.assert_allclose(x.grad.numpy(), want, atol=1e-5)


def test_decode_jpeg_layout():
    pil = pytest.importorskip("PIL.Image")
    buf = io.BytesIO()
    pil.new("RGB", (5, 3), (200, 10, 10)).save(buf, format="JPEG")
    raw = paddle.to_tensor(np.frombuffer(buf.getvalue(), np.uint8))
    rgb = O.decode_jpeg(raw)
    assert rgb.shape == [3, 3, 5] and rgb.dtype == paddle.uint8
    np.testing.assert_array_equal(rgb.numpy().transpose(1, 2, 0), np.asarray(pil.open(buf)))
    assert O.decode_jpeg(raw, mode="gray").shape == [1, 3, 5]
    with pytest.raises(ValueError, match="mode"):
        O.decode_jpeg(raw, mode="bgr")


def test_errors():
    x = paddle.rand([1, 4, 4, 4])
    num = paddle.to_tensor([1], dtype="int32")
    with pytest.raises(ValueError, match="output channels must greater than 1"):
        O.psroi_pool(x, paddle.to_tensor([[0., 0., 2., 2.]]), num, 2)
    with pytest.raises(ValueError, match="should not contain 0"):
        O.psroi_pool(x, paddle.to_tensor([[0., 0., 2., 2.]]), num, (0, 2))
    with pytest.raises(AssertionError, match="rois_num should not be None"):
        O.distribute_fpn_proposals(paddle.rand([3, 4]), 2, 5, 4, 224)
    with pytest.raises(AssertionError, match="return_rois_num should be True"):
        O.generate_proposals(paddle.rand([1, 1, 1, 1]), paddle.rand([1, 4, 1, 1]), paddle.ones([1, 2]),
                             paddle.rand([1, 1, 1, 4]), paddle.ones([1, 1, 1, 4]))
    with pytest.raises(ValueError, match="one anchor and one variance per score"):
        O.generate_proposals(paddle.rand([1, 2, 2, 2]), paddle.rand([1, 8, 2, 2]), paddle.ones([1, 2]) * 9,
                             paddle.rand([2, 2, 1, 4]), paddle.ones([2, 2, 2, 4]), return_rois_num=True)
    with pytest.raises(ValueError, match="steps"):
        O.prior_box(x, x, [2.0], steps=[1.0])


def test_decode_jpeg_without_pillow_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match=r"purepaddle\[vision\]"):
        O.decode_jpeg(paddle.to_tensor([255, 216, 255], dtype="uint8"))


def test_deform_conv2d_layer_and_static_free_names():
    paddle.seed(0)
    conv = O.DeformConv2D(4, 6, (3, 2), groups=2, bias_attr=False)
    assert conv.weight.shape == [6, 2, 3, 2] and conv.bias is None
    assert set(O.__all__) >= {"matrix_nms", "psroi_pool", "PSRoIPool", "deform_conv2d", "DeformConv2D", "yolo_box",
                              "yolo_loss", "prior_box", "generate_proposals", "distribute_fpn_proposals",
                              "read_file", "decode_jpeg"}
