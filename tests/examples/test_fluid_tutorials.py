"""The fluid-era tutorials (tests/examples/fluid_tutorials/*.py: recognize digits with paddle.dataset.mnist, word2vec
with paddle.dataset.imikolov; paddle.batch, paddle.reader, DataFeeder, Executor) run unchanged on purepaddle over
tiny fake data sets in Paddle's cache layout and print what real Paddle 3.3.1 printed on the same files
(tests/fixtures/fluid_tutorials/*.txt, written by make_fixtures.py there)."""
import importlib.util
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.checkout import FIXTURES, ROOT, child_env

SCRIPTS = sorted((ROOT / "tests" / "examples" / "fluid_tutorials").glob("*.py"))
_NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


def _fake_cache():
    spec = importlib.util.spec_from_file_location("fake_cache", FIXTURES / "fluid_tutorials" / "fake_cache.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_fluid_tutorial_prints_paddles_numbers(script, tmp_path):
    _fake_cache().write(str(tmp_path))
    done = subprocess.run([sys.executable, "-m", "purepaddle", str(script)], capture_output=True, text=True,
                          env=child_env(HOME=str(tmp_path)), cwd=str(script.parent), timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    want = (FIXTURES / "fluid_tutorials" / (script.stem + ".txt")).read_text().splitlines()
    got = done.stdout.splitlines()
    assert [_NUMBER.sub("#", ln) for ln in got] == [_NUMBER.sub("#", ln) for ln in want]
    for g, w in zip(got, want):
        np.testing.assert_allclose([float(v) for v in _NUMBER.findall(g)], [float(v) for v in _NUMBER.findall(w)],
                                   rtol=1e-5, atol=1e-6, err_msg=f"{script.stem}: {g!r} vs Paddle's {w!r}")


def test_missing_data_names_the_url_and_the_cache_path(tmp_path):
    done = subprocess.run([sys.executable, "-m", "purepaddle", str(SCRIPTS[0])], capture_output=True, text=True,
                          env=child_env(HOME=str(tmp_path)), cwd=str(tmp_path), timeout=600)
    assert done.returncode != 0
    assert "https://dataset.bj.bcebos.com/mnist/train-images-idx3-ubyte.gz" in done.stderr
    assert str(tmp_path / ".cache" / "paddle" / "dataset" / "mnist" / "train-images-idx3-ubyte.gz") in done.stderr
