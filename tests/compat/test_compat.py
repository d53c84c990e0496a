"""paddle.compat against files real Paddle wrote (tests/fixtures/compat/make_compat_fixtures.py), and the
enable_compat / disable_compat import proxy."""
import json
import pathlib
import sys
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.compat.make_compat_fixtures import cases

FIX = json.loads((pathlib.Path(__file__).parents[1] / "fixtures" / "compat" / "compat.json").read_text())


@pytest.fixture(scope="module")
def ours():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cases(paddle)


def _same(got, want, key):
    if isinstance(want, dict):
        assert got["dtype"] == want["dtype"] and got["shape"] == want["shape"], key
        np.testing.assert_allclose(np.array(got["values"], dtype=float), np.array(want["values"], dtype=float),
                                   rtol=1e-5, atol=1e-6, err_msg=key)
    elif isinstance(want, list):
        assert len(got) == len(want), key
        for g, w in zip(got, want):
            _same(g, w, key)
    else:
        assert got == want, key


@pytest.mark.parametrize("key", sorted(FIX))
def test_matches_paddle(ours, key):
    _same(ours[key], FIX[key], key)


def test_enable_compat_proxies_torch():
    real = {k: v for k, v in sys.modules.items() if k == "torch" or k.startswith("torch.")}
    paddle.enable_compat()
    try:
        import torch
        import torch.nn.functional as tf
        assert torch.sin is paddle.sin and torch.max is paddle.compat.max
        assert torch.nn.Linear is paddle.compat.nn.Linear and tf.linear is paddle.compat.nn.functional.linear
        assert torch.relu is paddle.nn.functional.relu
        assert torch.nn.ReLU is paddle.nn.ReLU  # names compat does not override fall through to purepaddle
    finally:
        paddle.disable_compat()
    assert not any(isinstance(m, paddle.compat.proxy.ProxyModule) for m in sys.modules.values())
    assert {k: v for k, v in sys.modules.items() if k == "torch" or k.startswith("torch.")} == real
    with pytest.warns(UserWarning, match="torch compat is not installed"):
        paddle.disable_compat()


def test_scoped_compat(tmp_path, monkeypatch):
    (tmp_path / "uses_torch.py").write_text("import torch\nSIN = torch.sin\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    paddle.enable_compat(scope={"uses_torch"})
    try:
        import uses_torch
        assert uses_torch.SIN is paddle.sin
    finally:
        paddle.disable_compat()
        sys.modules.pop("uses_torch", None)
