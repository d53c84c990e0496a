"""vision.transforms affine / rotate / perspective on HWC ndarrays (Paddle's cv2 backend) and PIL images equal real
Paddle's with OpenCV and Pillow installed (fixture written by tests/fixtures/vision/make_warp_fixtures.py, re-run
here with purepaddle as paddle). Without OpenCV the ndarray warps are purepaddle's NumPy port of OpenCV's sampling:
nearest matches exactly; bilinear within OpenCV's fixed-point rounding (one unit of uint8)."""
import os
import subprocess
import sys

import numpy as np
import pytest

from purepaddle.vision.transforms import functional as F
from purepaddle.vision.transforms import array_warp

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision")


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    path = tmp_path_factory.mktemp("warp") / "me.npz"
    run = ("import sys, runpy, purepaddle, purepaddle.vision, purepaddle.vision.transforms\n"
           "import purepaddle.vision.transforms.functional\n"
           "sys.modules.update({'paddle': purepaddle, 'paddle.vision': purepaddle.vision,"
           " 'paddle.vision.transforms': purepaddle.vision.transforms,"
           " 'paddle.vision.transforms.functional': purepaddle.vision.transforms.functional})\n"
           f"sys.argv = ['x', {str(path)!r}]\n"
           f"runpy.run_path({os.path.join(FIX, 'make_warp_fixtures.py')!r})\n")
    subprocess.run([sys.executable, "-c", run], check=True)
    return np.load(os.path.join(FIX, "warps.npz")), np.load(path)


def test_ndarray_warps_match_paddle_cv2(results):
    want, got = results
    keys = [k for k in want.files if k.startswith("np_")]
    assert set(keys) <= set(got.files)
    exact = array_warp._cv2() is not None
    bad = []
    for k in keys:
        w, g = want[k], got[k]
        if w.shape != g.shape or w.dtype != g.dtype:
            bad.append(f"{k}: {g.dtype}{g.shape} vs Paddle {w.dtype}{w.shape}")
            continue
        diff = np.abs(w.astype(float) - g.astype(float))
        tol = 0 if exact or "_bl" not in k and "rot_exp" not in k else (1.0 if w.dtype == np.uint8 else 1e-3)
        if diff.max() > tol + 1e-5:
            bad.append(f"{k}: max diff {diff.max()} at {np.unravel_index(diff.argmax(), diff.shape)}")
    assert not bad, "\n".join(bad)


def test_pil_warps_match_paddle(results):
    pytest.importorskip("PIL.Image")
    want, got = results
    keys = [k for k in want.files if k.startswith("pil_")]
    assert sorted(keys) == sorted(k for k in got.files if k.startswith("pil_"))
    for k in keys:
        np.testing.assert_array_equal(got[k], want[k], err_msg=k)


def test_matrices_match_opencv_formulas():
    m = array_warp.rotation_matrix((3.0, 2.0), 30.0, 1.5)
    a, b = 1.5 * np.cos(np.pi / 6), 1.5 * np.sin(np.pi / 6)
    np.testing.assert_allclose(m, [[a, b, (1 - a) * 3 - b * 2], [-b, a, b * 3 + (1 - a) * 2]])
    src = [[0, 0], [4, 0], [4, 3], [0, 3]]
    dst = [[1, 0], [4, 1], [3, 3], [0, 2]]
    h = array_warp.perspective_matrix(src, dst)
    for (x, y), (u, v) in zip(src, dst):
        p = h @ [x, y, 1]
        np.testing.assert_allclose(p[:2] / p[2], [u, v], atol=1e-9)


def test_grayscale_ndarray_keeps_its_rank():
    img = np.arange(25, dtype=np.uint8).reshape(5, 5)
    assert F.rotate(img, 90).shape == (5, 5)
    assert F.affine(img[:, :, None], 0, (0, 0), 1.0, 0).shape == (5, 5, 1)
    np.testing.assert_array_equal(F.affine(img, 0, (0, 0), 1.0, 0), img)


def test_random_classes_warp_ndarrays_as_the_functional_form():
    import random

    from purepaddle.vision import transforms as T
    img = np.random.RandomState(4).randint(0, 256, (8, 10, 3)).astype("uint8")
    random.seed(5)
    got = T.RandomRotation(40, fill=2)(img)
    random.seed(5)
    angle = random.uniform(-40, 40)
    np.testing.assert_array_equal(got, F.rotate(img, angle, fill=2))
    assert T.RandomAffine(10, translate=(0.1, 0.2), shear=5)(img).shape == img.shape
    assert T.RandomPerspective(prob=1.0, interpolation="bilinear")(img).dtype == np.uint8
