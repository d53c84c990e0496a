"""1x1 convolutions without padding or groups run as one GEMM on the input: same results as im2col."""
import numpy as np

from purepaddle.ops.conv import _kernels as K


def _both(monkeypatch, fn):
    """fn() by the pointwise path and by the general one."""
    fast = fn()
    with monkeypatch.context() as m:
        m.setattr(K, "_pointwise", lambda *a: False)
        slow = fn()
    return fast, slow


def test_pointwise_matches_im2col(monkeypatch):
    # 1-D to 3-D, strides and dilations, inputs larger than the windows reach (a transposed conv's output_padding)
    rng = np.random.default_rng(0)
    for _ in range(30):
        nd = int(rng.integers(1, 4))
        n, c, o = (int(v) for v in rng.integers(1, [3, 5, 5]))
        sp = tuple(int(v) for v in rng.integers(1, 8, nd))
        strides = [int(v) for v in rng.integers(1, 4, nd)]
        dils = [int(v) for v in rng.integers(1, 3, nd)]
        pads = [(0, 0)] * nd
        x = rng.standard_normal((n, c) + sp)
        w = rng.standard_normal((o, c) + (1,) * nd)
        out, want = _both(monkeypatch, lambda: K.conv_forward(x, w, strides, pads, dils, 1))
        assert out.shape == want.shape
        np.testing.assert_allclose(out, want, rtol=1e-12, atol=1e-12)
        g = rng.standard_normal(out.shape)
        for extra in (0, 1):
            in_sp = tuple(v + extra for v in sp)
            xx = rng.standard_normal((n, c) + in_sp)
            for fn in (lambda: K.conv_grad_input(g, w, in_sp, strides, pads, dils, 1),
                       lambda: K.conv_grad_filter(xx, g, (1,) * nd, strides, pads, dils, 1)):
                got, ref = _both(monkeypatch, fn)
                assert got.shape == ref.shape
                np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-12)
        (dx, dw), (rdx, rdw) = _both(monkeypatch, lambda: K.conv_grads(x, g, w, strides, pads, dils, 1))
        np.testing.assert_allclose(dx, rdx, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(dw, rdw, rtol=1e-12, atol=1e-12)


def test_pointwise_rule():
    assert K._pointwise((1, 1), [(0, 0), (0, 0)], 1)
    assert not K._pointwise((1, 1), [(1, 1), (0, 0)], 1)  # padding: the border outputs see zeros only
    assert not K._pointwise((1, 1), [(0, 0), (0, 0)], 2)
    assert not K._pointwise((1, 3), [(0, 0), (0, 0)], 1)
