"""Strided 2-D depthwise convolutions on phase planes: the same numbers as a dense convolution."""
import numpy as np

from purepaddle.ops.conv import _kernels as K


def test_phase_planes_match_a_dense_convolution():
    # strides, dilations, channel multipliers, asymmetric padding, kernels wider than the stride
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 40:
        n, c, mult = (int(v) for v in rng.integers(1, [3, 5, 3]))
        h, wd = (int(v) for v in rng.integers(1, 12, 2))
        kh, kw = (int(v) for v in rng.integers(1, 5, 2))
        strides = [int(v) for v in rng.integers(1, 4, 2)]
        if strides == [1, 1]:
            strides = [1, 2]
        dils = [int(v) for v in rng.integers(1, 3, 2)]
        pads = [tuple(int(p) for p in rng.integers(0, 3, 2)) for _ in range(2)]
        out_sp = K.conv_out_size((h, wd), (kh, kw), strides, pads, dils)
        if min(out_sp) <= 0:
            continue
        seen += 1
        x = rng.standard_normal((n, c, h, wd))
        w = rng.standard_normal((c * mult, 1, kh, kw))
        dense = np.zeros((c * mult, c, kh, kw))
        for oc in range(c * mult):
            dense[oc, oc // mult] = w[oc, 0]
        got = K.conv_forward(x, w, strides, pads, dils, c)
        want = K.conv_forward(x, dense, strides, pads, dils, 1)
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_reused_planes_keep_their_zero_border():
    rng = np.random.default_rng(1)
    w = rng.standard_normal((3, 1, 3, 3))
    dense = np.zeros((3, 3, 3, 3))
    for oc in range(3):
        dense[oc, oc] = w[oc, 0]
    for _ in range(3):
        x = rng.standard_normal((2, 3, 9, 8)) * 100
        np.testing.assert_allclose(K.conv_forward(x, w, [2, 2], [(1, 1), (1, 1)], [1, 1], 3),
                                   K.conv_forward(x, dense, [2, 2], [(1, 1), (1, 1)], [1, 1], 1), rtol=1e-12, atol=1e-9)


def test_blocked_depthwise_sums_match_one_block(monkeypatch):
    # the L2-sized blocks (whole samples, or channel runs within a sample) give the same numbers
    # as one block over everything: stride 1 (flat layout), stride 2 (phase planes), 3-D (generic)
    rng = np.random.default_rng(2)
    cases = [((3, 5, 9, 8), (2, 1, 3, 3), [1, 1]), ((3, 5, 9, 8), (2, 1, 3, 3), [2, 2]),
             ((2, 4, 5, 4, 6), (1, 1, 3, 2, 3), [1, 2, 1])]
    for xs, (mult, _, *k), strides in cases:
        x = rng.standard_normal(xs)
        c = xs[1]
        w = rng.standard_normal((c * mult, 1, *k))
        pads = [(1, 1)] * len(k)
        whole = K.conv_forward(x, w, strides, pads, [1] * len(k), c)
        for tile in (1, 8 * mult * 9 * 8 * 2, 10 ** 9):  # one channel, whole samples, everything
            monkeypatch.setattr(K, "_DW_TILE", tile)
            got = K.conv_forward(x, w, strides, pads, [1] * len(k), c)
            np.testing.assert_array_equal(got, whole)
    assert len(K._dw_blocks(3, 5, 100)) == 1
    monkeypatch.setattr(K, "_DW_TILE", 100)
    assert K._dw_blocks(2, 3, 40) == [(slice(0, 1), slice(0, 2)), (slice(0, 1), slice(2, 3)),
                                      (slice(1, 2), slice(0, 2)), (slice(1, 2), slice(2, 3))]
    assert K._dw_blocks(4, 2, 40) == [(slice(0, 1), slice(None)), (slice(1, 2), slice(None)),
                                      (slice(2, 3), slice(None)), (slice(3, 4), slice(None))]


def test_phase_plane_input_gradient_matches_a_dense_convolution():
    # strided/dilated depthwise input gradients (and transposed convolutions, whose output_padding
    # leaves rows no window reads) through the phase planes, against the dense grouped-free kernel
    rng = np.random.default_rng(3)
    seen = 0
    while seen < 40:
        n, c = (int(v) for v in rng.integers(1, [3, 5]))
        h, wd = (int(v) for v in rng.integers(1, 12, 2))
        kh, kw = (int(v) for v in rng.integers(1, 5, 2))
        strides = [int(v) for v in rng.integers(1, 4, 2)]
        if strides == [1, 1]:
            strides = [2, 1]
        dils = [int(v) for v in rng.integers(1, 3, 2)]
        pads = [tuple(int(p) for p in rng.integers(0, 3, 2)) for _ in range(2)]
        out_sp = K.conv_out_size((h, wd), (kh, kw), strides, pads, dils)
        if min(out_sp) <= 0:
            continue
        seen += 1
        extra = [int(v) for v in rng.integers(0, 2, 2)] if seen % 3 == 0 else [0, 0]  # output_padding
        in_sp = (h + extra[0], wd + extra[1])
        w = rng.standard_normal((c, 1, kh, kw))
        dense = np.zeros((c, c, kh, kw))
        for oc in range(c):
            dense[oc, oc] = w[oc, 0]
        g = rng.standard_normal((n, c) + tuple(out_sp))
        got = K.conv_grad_input(g, w, in_sp, strides, pads, dils, c)
        want = K.conv_grad_input(g, dense, in_sp, strides, pads, dils, 1)
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_strided_depthwise_gradients_check_numerically():
    import purepaddle as paddle
    rng = np.random.default_rng(4)
    x = paddle.to_tensor(rng.standard_normal((2, 3, 7, 6)), stop_gradient=False)
    w = paddle.to_tensor(rng.standard_normal((3, 1, 3, 3)), stop_gradient=False)
    g = rng.standard_normal((2, 3, 4, 3))
    y = paddle.nn.functional.conv2d(x, w, stride=2, padding=1, groups=3)
    (y * paddle.to_tensor(g)).sum().backward()

    def loss(xa, wa):
        return float((K.conv_forward(xa, wa, [2, 2], [(1, 1), (1, 1)], [1, 1], 3) * g).sum())

    xa, wa, eps = x.numpy(), w.numpy(), 1e-6
    for arr, grad in ((xa, x.grad.numpy()), (wa, w.grad.numpy())):
        for idx in [tuple(int(rng.integers(0, d)) for d in arr.shape) for _ in range(6)]:
            old = arr[idx]
            arr[idx] = old + eps
            up = loss(xa, wa)
            arr[idx] = old - eps
            down = loss(xa, wa)
            arr[idx] = old
            np.testing.assert_allclose(grad[idx], (up - down) / (2 * eps), rtol=1e-6, atol=1e-6)
