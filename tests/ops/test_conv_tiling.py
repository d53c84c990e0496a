"""The im2col buffer cap: a batch whose columns exceed it runs in slices with the same results."""
import numpy as np
import pytest

from purepaddle.ops.conv import _kernels as K

# (x shape, w shape, strides, pads, groups): flat and generic layouts, depthwise, groups, 1-D and 3-D
CASES = [
    ((5, 4, 9, 8), (6, 4, 3, 3), [1, 1], [(1, 1), (1, 1)], 1),
    ((5, 4, 9, 8), (6, 4, 3, 3), [2, 2], [(1, 0), (0, 1)], 1),
    ((5, 4, 9, 8), (8, 1, 3, 3), [1, 1], [(1, 1), (1, 1)], 4),
    ((5, 4, 9, 8), (4, 1, 3, 3), [2, 1], [(1, 1), (1, 1)], 4),
    ((5, 4, 9, 8), (6, 2, 3, 2), [1, 1], [(0, 0), (1, 1)], 2),
    ((5, 3, 11), (4, 3, 3), [1], [(1, 1)], 1),
    ((3, 2, 5, 4, 6), (3, 2, 2, 3, 2), [1, 2, 1], [(1, 0), (0, 1), (1, 1)], 1),
]


@pytest.mark.parametrize("case", CASES)
def test_sliced_batches_match_one_pass(case, monkeypatch):
    xs, ws, strides, pads, groups = case
    rng = np.random.default_rng(0)
    x = rng.standard_normal(xs)
    w = rng.standard_normal(ws)
    dils = [1] * len(strides)
    whole = K.conv_forward(x, w, strides, pads, dils, groups)
    g = rng.standard_normal(whole.shape)
    want = (K.conv_grad_input(g, w, x.shape[2:], strides, pads, dils, groups),
            K.conv_grad_filter(x, g, w.shape[2:], strides, pads, dils, groups))
    for cap in (1, 2 * x[0].nbytes * 9):  # one sample per slice; a few per slice with a short last one
        monkeypatch.setattr(K, "_COLS_CAP", cap)
        assert len(K.batch_slices(x.shape[0], x[0].nbytes * 9)) > 1
        np.testing.assert_allclose(K.conv_forward(x, w, strides, pads, dils, groups), whole, rtol=1e-12, atol=1e-12)
        got = (K.conv_grad_input(g, w, x.shape[2:], strides, pads, dils, groups),
               K.conv_grad_filter(x, g, w.shape[2:], strides, pads, dils, groups))
        for a, b in zip(got, want):
            np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_batch_slices_cover_the_batch():
    assert K.batch_slices(4, 1) == [slice(None)]
    sl = K.batch_slices(7, K._COLS_CAP // 3 + 1)
    assert [s.indices(7) for s in sl] == [(0, 2, 1), (2, 4, 1), (4, 6, 1), (6, 7, 1)]
    assert len(K.batch_slices(3, K._COLS_CAP * 5)) == 3  # one sample at least
