"""Depthwise convolution gradients: the stride-1 input gradient (the forward kernel on the padded
gradient with the flipped filter) and the filter gradient (batched dots over contiguous runs, on
the flat layout at stride 1 and on phase planes at larger strides) against a dense convolution,
and float64 numeric checks of both through paddle.nn.functional.conv2d."""
import numpy as np
import pytest

from purepaddle.ops.conv import _kernels as K


def _dense(w, c):
    """The groups=1 filter equal to the depthwise filter w (C * mult, 1, *k)."""
    mult = w.shape[0] // c
    dense = np.zeros((w.shape[0], c) + w.shape[2:])
    for oc in range(w.shape[0]):
        dense[oc, oc // mult] = w[oc, 0]
    return dense


def _geometries(rng, count, nd, strided):
    seen = 0
    while seen < count:
        n, c = (int(v) for v in rng.integers(1, [3, 5]))
        sp = [int(v) for v in rng.integers(1, 12 if nd < 3 else 6, nd)]
        k = [int(v) for v in rng.integers(1, 5, nd)]
        strides = [int(v) for v in rng.integers(1, 4, nd)] if strided else [1] * nd
        dils = [int(v) for v in rng.integers(1, 3, nd)]
        pads = [tuple(int(p) for p in rng.integers(0, 5, 2)) for _ in range(nd)]  # can exceed the kernel
        out_sp = K.conv_out_size(sp, k, strides, pads, dils)
        if min(out_sp) <= 0:
            continue
        seen += 1
        yield n, c, sp, k, strides, pads, dils, out_sp


@pytest.mark.parametrize("nd", [1, 2, 3])
def test_stride1_input_gradient_matches_a_dense_convolution(nd):
    # includes paddings wider than the dilated kernel (the flipped correlation crops g) and the
    # extra input rows of a transposed convolution's output_padding (no window reads them)
    rng = np.random.default_rng(10 + nd)
    for i, (n, c, sp, k, strides, pads, dils, out_sp) in enumerate(_geometries(rng, 30, nd, False)):
        in_sp = [m + (int(rng.integers(0, 2)) if i % 3 == 0 else 0) for m in sp]
        w = rng.standard_normal((c, 1) + tuple(k))
        g = rng.standard_normal((n, c) + tuple(out_sp))
        got = K.conv_grad_input(g, w, in_sp, strides, pads, dils, c)
        want = K.conv_grad_input(g, _dense(w, c), in_sp, strides, pads, dils, 1)
        assert got.shape == want.shape == (n, c) + tuple(in_sp)
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("dot_min", [0, 10 ** 9])  # every run through BLAS dots / every run through einsum
@pytest.mark.parametrize("strided", [False, True])
def test_filter_gradient_matches_a_dense_convolution(monkeypatch, dot_min, strided):
    monkeypatch.setattr(K, "_DOT_MIN", dot_min)
    rng = np.random.default_rng(20 + strided)
    for i, (n, c, sp, k, strides, pads, dils, out_sp) in enumerate(_geometries(rng, 30, 2, strided)):
        mult = 2 if i % 4 == 3 else 1
        x = rng.standard_normal((n, c) + tuple(sp))
        g = rng.standard_normal((n, c * mult) + tuple(out_sp))
        got = K.conv_grad_filter(x, g, k, strides, pads, dils, c)
        dense = K.conv_grad_filter(x, g, k, strides, pads, dils, 1)
        want = np.stack([dense[oc, oc // mult] for oc in range(c * mult)])[:, None]
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-11, atol=1e-11)


def test_blocked_filter_gradient_matches_one_block(monkeypatch):
    # the cache blocks of the dots (channel runs within a sample, whole samples) change nothing
    rng = np.random.default_rng(30)
    x = rng.standard_normal((3, 5, 12, 11))
    g1 = rng.standard_normal((3, 5, 12, 11))
    g2 = rng.standard_normal((3, 5, 6, 6))
    monkeypatch.setattr(K, "_DOT_MIN", 0)
    whole = [K.conv_grad_filter(x, g1, (3, 3), [1, 1], [(1, 1), (1, 1)], [1, 1], 5),
             K.conv_grad_filter(x, g2, (3, 3), [2, 2], [(1, 1), (1, 1)], [1, 1], 5)]
    for tile in (1, 2000, 10 ** 9):
        monkeypatch.setattr(K, "_DW_TILE", tile)
        got = [K.conv_grad_filter(x, g1, (3, 3), [1, 1], [(1, 1), (1, 1)], [1, 1], 5),
               K.conv_grad_filter(x, g2, (3, 3), [2, 2], [(1, 1), (1, 1)], [1, 1], 5)]
        for a, b in zip(got, whole):
            np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("case", [
    dict(shape=(2, 3, 9, 8), mult=1, stride=1, padding=1, dilation=1),
    dict(shape=(2, 3, 9, 8), mult=1, stride=2, padding=1, dilation=1),
    dict(shape=(2, 3, 20, 18), mult=1, stride=1, padding=2, dilation=2),     # long runs: the BLAS dots
    dict(shape=(1, 4, 23, 21), mult=1, stride=2, padding=[1, 0, 2, 1], dilation=1),
    dict(shape=(2, 2, 9, 10), mult=2, stride=1, padding=1, dilation=1),       # channel multiplier 2
    dict(shape=(2, 2, 11, 10), mult=3, stride=2, padding=[0, 1], dilation=[1, 2]),
])
def test_depthwise_gradients_check_numerically(case):
    import purepaddle as paddle
    rng = np.random.default_rng(5)
    n, c, h, wd = case["shape"]
    x = paddle.to_tensor(rng.standard_normal((n, c, h, wd)), stop_gradient=False)
    w = paddle.to_tensor(rng.standard_normal((c * case["mult"], 1, 3, 3)), stop_gradient=False)
    kw = dict(stride=case["stride"], padding=case["padding"], dilation=case["dilation"], groups=c)
    y = paddle.nn.functional.conv2d(x, w, **kw)
    g = rng.standard_normal(y.shape)  # a random upstream gradient
    (y * paddle.to_tensor(g)).sum().backward()
    assert x.grad.dtype == w.grad.dtype == paddle.float64

    xa, wa, eps = x.numpy().copy(), w.numpy().copy(), 1e-6

    def loss():
        return float((paddle.nn.functional.conv2d(paddle.to_tensor(xa), paddle.to_tensor(wa), **kw).numpy() * g).sum())

    picks = [(wa, w.grad.numpy(), list(np.ndindex(wa.shape)))]  # every filter entry
    picks.append((xa, x.grad.numpy(), [tuple(int(rng.integers(0, d)) for d in xa.shape) for _ in range(12)]
                  + [(0, 0, 0, 0), (n - 1, c - 1, h - 1, wd - 1)]))  # corners meet the padding
    for arr, grad, idxs in picks:
        for idx in idxs:
            old = arr[idx]
            arr[idx] = old + eps
            up = loss()
            arr[idx] = old - eps
            down = loss()
            arr[idx] = old
            np.testing.assert_allclose(grad[idx], (up - down) / (2 * eps), rtol=1e-6, atol=1e-6)
