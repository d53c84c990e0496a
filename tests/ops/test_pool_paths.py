"""Max pooling over windows that tile the map (the fast row-at-a-time kernels): every pattern of ties
in a window, taller windows, other dtypes and NaN, against a brute-force first-max reference."""
import itertools

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle.ops.pooling import _windows as P


def _first_max_grad(x, g, kh, kw):
    """Brute force: each window's grad to its first element (row-major) equal to the window max."""
    dx = np.zeros(x.shape, g.dtype)
    n, c, h, w = x.shape
    for b, ch, i, j in itertools.product(range(n), range(c), range(h // kh), range(w // kw)):
        win = x[b, ch, i * kh:(i + 1) * kh, j * kw:(j + 1) * kw]
        m = win.max()
        hits = np.argwhere(win == m)
        if len(hits):
            y, z = hits[0]
            dx[b, ch, i * kh + y, j * kw + z] = g[b, ch, i, j]
    return dx


def _all_tie_patterns():
    """One 2x2 window per subset of positions holding the max (16 windows side by side)."""
    x = np.zeros((1, 1, 2, 32))
    for k, bits in enumerate(itertools.product([0, 1], repeat=4)):
        win = np.where(np.array(bits).reshape(2, 2), 5.0, -1.0)
        x[0, 0, :, 2 * k:2 * k + 2] = win
    return x


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_tiled_max_pool_ties_match_first_max(dtype):
    x = _all_tie_patterns().astype(dtype)
    g = (np.arange(16) + 1).astype(dtype).reshape(1, 1, 1, 16)
    out = P.max_sweep(x, [2, 2], [2, 2], [(0, 0), (0, 0)], [1, 16])
    np.testing.assert_array_equal(out, x.reshape(1, 1, 1, 2, 16, 2).max(axis=(3, 5)))
    dx = P.max_sweep_grad(x, out, g, [2, 2], [2, 2], [(0, 0), (0, 0)], [1, 16])
    assert dx.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(dx, _first_max_grad(x, g, 2, 2))


def test_tiled_max_pool_tall_windows_and_nan():
    rng = np.random.default_rng(0)
    x = rng.integers(0, 3, (2, 3, 9, 8)).astype("float32")  # many ties
    x[0, 0, 0, 0] = np.nan
    x[1, 2, 4, 5] = -np.inf
    g = rng.standard_normal((2, 3, 3, 4)).astype("float32")
    out = P.max_sweep(x, [3, 2], [3, 2], [(0, 0), (0, 0)], [3, 4])
    dx = P.max_sweep_grad(x, out, g, [3, 2], [3, 2], [(0, 0), (0, 0)], [3, 4])
    np.testing.assert_array_equal(dx, _first_max_grad(x, g, 3, 2))
    assert np.isnan(out[0, 0, 0, 0]) and not dx[0, 0, :3, :2].any()  # a NaN max equals no element: no grad


def test_max_pool2d_layer_grad_uses_first_max():
    x = paddle.to_tensor(np.maximum(np.random.default_rng(1).standard_normal((2, 3, 6, 8)), 0).astype("float32"),
                         stop_gradient=False)
    w = np.random.default_rng(2).standard_normal((2, 3, 3, 4)).astype("float32")
    (F.max_pool2d(x, 2) * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), _first_max_grad(x.numpy(), w, 2, 2))
