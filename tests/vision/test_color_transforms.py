"""Colour adjustments, RandomResizedCrop, ColorJitter and RandomErasing equal real Paddle's (fixture written by
tests/fixtures/vision/make_transform_fixtures.py), with the same seeds giving the same draws."""
import importlib.util
import os

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.vision.transforms as T
import purepaddle.vision.transforms.functional as F

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision")


def _load_cases():
    # the generating script's `cases` is importable without real Paddle: it takes the modules as arguments
    src = open(os.path.join(FIX, "make_transform_fixtures.py")).read()
    src = src.replace("import paddle\n", "").replace("import paddle.vision.transforms as T\n", "")
    src = src.replace("import paddle.vision.transforms.functional as F\n", "")
    ns = {"__name__": "fixture"}
    exec(compile(src, "make_transform_fixtures.py", "exec"), ns)
    return ns["cases"]


def test_transforms_match_real_paddle():
    want = np.load(os.path.join(FIX, "transforms.npz"))
    got = _load_cases()(paddle, T, F)
    assert sorted(got) == sorted(want.files)
    for k in want.files:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-6, atol=1e-6, err_msg=k)


def test_numpy_backend_quirks_of_paddles_cv2_backend():
    img = np.arange(0, 250, 10, dtype=np.uint8).reshape(5, 5, 1)
    # contrast pivots on grey level 74 whatever the image
    np.testing.assert_array_equal(F.adjust_contrast(img, 0.0), np.full_like(img, 74))
    np.testing.assert_array_equal(F.adjust_brightness(img, 0.5), (img * 0.5).astype(np.uint8))
    rgb = np.zeros((1, 1, 3), dtype=np.uint8)
    rgb[..., 2] = 255  # red in BGR
    assert F.adjust_hue(rgb, 0.0).tolist() == rgb.tolist()
    # hue 0 + int(255 / 3) = 85 of 256: green with a trace of red, rounded as OpenCV's 8-bit HSV_FULL round trip
    assert F.adjust_hue(rgb, 1 / 3).tolist() == [[[0, 255, 2]]]


def test_pil_backend():
    Image = pytest.importorskip("PIL.Image")
    img = Image.fromarray(np.random.RandomState(0).randint(0, 255, (6, 7, 3), dtype=np.uint8))
    assert np.asarray(F.adjust_brightness(img, 0.0)).max() == 0
    assert np.asarray(F.adjust_hue(img, 0.0)).shape == (6, 7, 3)
    assert np.asarray(F.erase(img, 1, 1, 2, 2, 0))[1:3, 1:3].max() == 0


def test_errors_match_paddle():
    x = paddle.rand([3, 4, 4])
    with pytest.raises(AssertionError, match="hue_factor"):
        F.adjust_hue(x, 0.7)
    with pytest.raises(ValueError, match="not in"):
        F.adjust_hue(np.zeros((2, 2, 3), np.uint8), 0.7)
    with pytest.raises(ValueError, match="must be non negative"):
        T.BrightnessTransform(-1)
    with pytest.raises(ValueError, match="'random'"):
        T.RandomErasing(value="x")
