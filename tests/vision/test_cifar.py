"""Cifar10 / Cifar100 read Paddle's tarballs as real Paddle does (the same script run by both), and name the URL and
Paddle's cache path when the file is absent."""
import os
import subprocess
import sys

import numpy as np
import pytest

from purepaddle.vision.datasets import Cifar10, Cifar100

SCRIPT = os.path.join(os.path.dirname(__file__), "cifar_script.py")
_AS_PADDLE = ("import sys, runpy, purepaddle, purepaddle.vision, purepaddle.vision.datasets\n"
              "sys.modules.update({'paddle': purepaddle, 'paddle.vision': purepaddle.vision,"
              " 'paddle.vision.datasets': purepaddle.vision.datasets})\n"
              "sys.argv = sys.argv[1:]\nrunpy.run_path(sys.argv[0], run_name='__main__')\n")


def _run_ours(d):
    subprocess.run([sys.executable, "-c", _AS_PADDLE, SCRIPT, str(d)], check=True)
    return np.load(d / "out.npz")


def test_reads_batches_in_sorted_order(tmp_path):
    got = _run_ours(tmp_path)
    assert int(got["Cifar10_train_n"]) == 6 and int(got["Cifar10_test_n"]) == 3
    assert int(got["Cifar100_train_n"]) == 2
    assert got["Cifar10_train_img"].shape == (32, 32, 3) and got["Cifar10_train_img"].dtype == np.float32
    assert got["Cifar10_train_lab"].dtype == np.int64


def test_matches_real_paddle(tmp_path, ref_python):
    (tmp_path / "ref").mkdir()
    (tmp_path / "me").mkdir()
    subprocess.run([str(ref_python), SCRIPT, str(tmp_path / "ref")], check=True, capture_output=True)
    want, got = np.load(tmp_path / "ref" / "out.npz"), _run_ours(tmp_path / "me")
    for k in want.files:
        assert want[k].dtype == got[k].dtype, k
        np.testing.assert_array_equal(got[k], want[k], err_msg=k)


def test_offline_error_names_url_and_cache_path(tmp_path, monkeypatch):
    import purepaddle.utils.download as download
    monkeypatch.setattr(download, "DATA_HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"cifar-10-python\.tar\.gz.*bcebos.*cifar"):
        Cifar10(mode="test", backend="cv2")
    with pytest.raises(FileNotFoundError, match=r"cifar-100-python\.tar\.gz"):
        Cifar100(backend="cv2")
    with pytest.raises(AssertionError, match="downloading automatically is disabled"):
        Cifar10(download=False, backend="cv2")
    with pytest.raises(AssertionError, match="'train' or 'test'"):
        Cifar10(mode="val")
