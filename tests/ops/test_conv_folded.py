"""The batch-folded im2col path of conv_forward (ops/conv/_kernels.py: _folded_forward, one GEMM over all
samples' columns), checked against a float64 sum over windows on the shapes that take it."""
import itertools

import numpy as np
import pytest

from purepaddle.ops.conv import _kernels as K


def _reference(x, w, strides, pads, dils):
    x = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [tuple(p) for p in pads])
    k_sp = w.shape[2:]
    out_sp = [(x.shape[2 + i] - dils[i] * (k_sp[i] - 1) - 1) // strides[i] + 1 for i in range(len(k_sp))]
    out = np.zeros((x.shape[0], w.shape[0], *out_sp))
    for offs in itertools.product(*[range(k) for k in k_sp]):
        sl = tuple(slice(o * d, o * d + s * (n - 1) + 1, s) for o, s, d, n in zip(offs, strides, dils, out_sp))
        out += np.einsum("nc...,oc->no...", x[(slice(None), slice(None)) + sl],
                         w[(slice(None), slice(None)) + offs].astype(np.float64))
    return out


@pytest.mark.parametrize("n,c,o,sp,k,stride,pad,dil", [
    (1, 16, 8, (7, 7), (3, 3), 1, 1, 1),      # flat layout with a large garbage share
    (3, 8, 6, (9, 9), (3, 3), 2, 1, 1),       # strided, batch
    (2, 5, 4, (6, 7), (2, 3), 2, 0, 1),       # rectangular
    (2, 4, 3, (11, 10), (3, 3), 2, 2, 2),     # dilated
    (3, 4, 5, (9,), (3,), 2, 1, 1),           # 1-D
    (2, 3, 4, (5, 6, 5), (3, 2, 3), 2, 1, 1),  # 3-D
])
def test_folded_path_matches_the_window_sum(monkeypatch, n, c, o, sp, k, stride, pad, dil):
    taken = []
    real = K._folded_forward
    monkeypatch.setattr(K, "_folded_forward", lambda *a: taken.append(1) or real(*a))
    r = np.random.default_rng(0)
    x = r.standard_normal((n, c) + sp).astype(np.float32)
    w = r.standard_normal((o, c) + k).astype(np.float32)
    nd = len(sp)
    strides, pads, dils = [stride] * nd, [(pad, pad)] * nd, [dil] * nd
    got = K.conv_forward(x, w, strides, pads, dils, 1)
    assert taken, "the folded path was not taken"
    np.testing.assert_allclose(got, _reference(x, w, strides, pads, dils), rtol=1e-5, atol=1e-4)
    assert got.dtype == np.float32 and got.flags.c_contiguous
