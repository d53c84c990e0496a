"""Paddle 3.3's keyword aliases (input=/other=/dim=): every function real Paddle 3.3.1 accepts them on
(tests/fixtures/surface/keyword_aliases.json, by make_keyword_aliases.py) accepts them here with the same result."""
import json
import pathlib

import numpy as np
import pytest

import purepaddle as paddle

TABLE = json.loads((pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "surface" /
                    "keyword_aliases.json").read_text())
REAL = {"input": "x", "other": "y", "dim": "axis"}


def _resolve(name):
    obj = paddle
    for part in name.split(".")[1:]:
        obj = getattr(obj, part)
    return obj


def _probe():
    return paddle.to_tensor(np.random.default_rng(0).uniform(0.2, 0.9, (3, 3)).astype("float32"))


@pytest.mark.parametrize("name", sorted(TABLE))
def test_paddles_aliases_are_accepted(name):
    fn = _resolve(name)
    aliases = TABLE[name]
    base = {"x": _probe()}
    params = __import__("inspect").signature(fn).parameters
    if "y" in params:
        base["y"] = _probe()
    if "axis" in params:
        base["axis"] = 1
    want = fn(**base)
    for alias in aliases:
        kwargs = dict(base)
        kwargs[alias] = kwargs.pop(REAL[alias])
        got = fn(**kwargs)
        for g, w in zip(got if isinstance(got, (list, tuple)) else [got], want if isinstance(want, (list, tuple))
                        else [want]):
            if hasattr(w, "numpy"):
                np.testing.assert_array_equal(np.asarray(g.numpy()), np.asarray(w.numpy()))
            else:
                assert g == w


def test_methods_take_aliases_and_real_names_win():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    assert x.sum(dim=1).numpy().tolist() == [3.0, 7.0]
    assert x.add(other=x).numpy().tolist() == [[2.0, 4.0], [6.0, 8.0]]
    with pytest.raises(TypeError):  # both the name and its alias: an error (Paddle: ValueError, too many args)
        paddle.sum(x, axis=0, dim=1)
    assert paddle.sum is not None and "x" in __import__("inspect").signature(paddle.sum).parameters
