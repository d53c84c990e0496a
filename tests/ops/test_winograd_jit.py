"""The compiled Winograd input transform (ops/conv/_winograd_jit.py) against the NumPy passes, bit for bit."""
import numpy as np
import pytest

from purepaddle.ops.conv import _winograd as W
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")


@pytest.mark.parametrize("split", [False, True])
def test_input_tiles_equal_the_numpy_passes(monkeypatch, split):
    if split:
        split_kernels(monkeypatch)
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 40:
        n, c = (int(v) for v in rng.integers(1, 5, 2))
        h, w = (int(v) for v in rng.integers(2, 20, 2))
        pads = [(int(rng.integers(0, 2)),) * 2, (int(rng.integers(0, 2)),) * 2]
        th, tw = (h + 2 * pads[0][0] - 1) // 2, (w + 2 * pads[1][0] - 1) // 2
        if th <= 0 or tw <= 0:
            continue
        seen += 1
        x = rng.standard_normal((n, c, h, w)).astype("float32" if seen % 2 else "float64")
        if seen % 5 == 0:
            x[0, 0, 0, 0], x[-1, -1, -1, -1] = np.inf, np.nan
        outs = both_forms(lambda: W._input_tiles(x, pads, th, tw).copy())  # a scratch buffer: copy it
        np.testing.assert_array_equal(outs[0], outs[1])
