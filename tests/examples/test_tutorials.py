"""The seeded tutorials (tests/examples/tutorials/*.py) print real Paddle's numbers: same text, and every number
within float rounding of what Paddle 3.3.1 printed (tests/fixtures/tutorials/*.txt, written by
tests/fixtures/make_tutorial_fixtures.py). Seeded init, DataLoader order and op numerics must all agree for this."""
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.checkout import FIXTURES, ROOT, child_env

TUTORIALS = sorted((ROOT / "tests" / "examples" / "tutorials").glob("*.py"))
_NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


@pytest.mark.parametrize("script", TUTORIALS, ids=lambda p: p.stem)
def test_tutorial_prints_paddles_numbers(script):
    done = subprocess.run([sys.executable, "-m", "purepaddle", str(script)], capture_output=True, text=True,
                          env=child_env(), cwd=str(script.parent), timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    want = (FIXTURES / "tutorials" / (script.stem + ".txt")).read_text().splitlines()
    got = done.stdout.splitlines()
    assert [_NUMBER.sub("#", ln) for ln in got] == [_NUMBER.sub("#", ln) for ln in want]
    for g, w in zip(got, want):
        np.testing.assert_allclose([float(v) for v in _NUMBER.findall(g)], [float(v) for v in _NUMBER.findall(w)],
                                   rtol=1e-5, atol=1e-7, err_msg=f"{script.stem}: {g!r} vs Paddle's {w!r}")
