"""OpSpec table: linear, bilinear, embedding, one_hot, dropout, label_smooth, cosine_similarity, distances,
interpolate (nearest / linear / bilinear / trilinear / bicubic / area), unfold / fold (ops/common/, ops/input.py
and the functional forms), plus dropout's randomness, embedding's sparse gradient and interpolate's Paddle values
(integer images, antialias), against NumPy references (per output pixel for the resampling ones)."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, ints, parametrize, rand

f32 = np.float32


def _embed(ids, w, pad=-1):
    out = w[ids]
    if pad >= 0:
        out[ids == pad] = 0
    return out


def _cos(a, b, axis=1, eps=1e-8):
    return (a * b).sum(axis) / np.sqrt(np.maximum((a * a).sum(axis) * (b * b).sum(axis), eps * eps))


def _ratio(n_in, n_out, align, scale=None):
    if n_out <= 1:
        return f32(0)
    if align:
        return f32(n_in - 1) / f32(n_out - 1)
    return f32(1.0 / scale) if scale else f32(n_in) / f32(n_out)


def _linear_src(k, r, n_in, half):
    """Paddle's (low index, high index, fraction) of output k for (bi/tri)linear resampling."""
    src = r * (f32(k) + f32(0.5)) - f32(0.5) if half else r * f32(k)
    lo = max(int(src), 0)
    hi = min(lo + 1, n_in - 1)
    frac = (max(src, f32(0)) - lo) if half else (src - lo)
    return lo, hi, float(frac)


def interp_ref(x, size, mode, align_corners=False, align_mode=0, scales=None):
    """Per-output-pixel reference of Paddle's interpolation (channel-first, any rank)."""
    nd = x.ndim - 2
    scales = scales or [None] * nd
    r = [_ratio(n, o, align_corners, s) for n, o, s in zip(x.shape[2:], size, scales)]
    out = np.zeros(x.shape[:2] + tuple(size))
    half = align_mode == 0 and not align_corners
    for pos in np.ndindex(*size):
        if mode == "nearest":
            src = tuple(min(int(rr * f32(k)), n - 1) for rr, k, n in zip(r, pos, x.shape[2:]))
            out[(Ellipsis,) + pos] = x[(Ellipsis,) + src]
        elif mode == "linear":
            taps = [_linear_src(k, rr, n, half) for k, rr, n in zip(pos, r, x.shape[2:])]
            for corner in np.ndindex(*([2] * nd)):
                w, idx = 1.0, []
                for (lo, hi, t), c in zip(taps, corner):
                    w *= t if c else 1 - t
                    idx.append(hi if c else lo)
                out[(Ellipsis,) + pos] += w * x[(Ellipsis,) + tuple(idx)]
        else:  # cubic, 4 taps per dim (a = -0.75), clamped indices
            a = -0.75
            taps = []
            for k, rr, n in zip(pos, r, x.shape[2:]):
                src = rr * f32(k) if align_corners else rr * (f32(k) + f32(0.5)) - f32(0.5)
                base = int(np.floor(src))
                t = float(src - base)
                ws = [((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a,
                      ((a + 2) * t - (a + 3)) * t * t + 1,
                      ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1,
                      ((a * (2 - t) - 5 * a) * (2 - t) + 8 * a) * (2 - t) - 4 * a]
                taps.append([(min(max(base - 1 + i, 0), n - 1), ws[i]) for i in range(4)])
            for combo in np.ndindex(*([4] * nd)):
                w = np.prod([taps[d][c][1] for d, c in enumerate(combo)])
                idx = tuple(taps[d][c][0] for d, c in enumerate(combo))
                out[(Ellipsis,) + pos] += w * x[(Ellipsis,) + idx]
    return out


def area_ref(x, size):
    out = np.zeros(x.shape[:2] + tuple(size))
    for pos in np.ndindex(*size):
        sl = tuple(slice(i * n // o, -(-(i + 1) * n // o)) for i, n, o in zip(pos, x.shape[2:], size))
        out[(Ellipsis,) + pos] = x[(Ellipsis,) + sl].mean(axis=tuple(range(2, x.ndim)))
    return out


def unfold_ref(x, k, s=(1, 1), p=(0, 0, 0, 0), d=(1, 1)):
    """im2col with paddings [top, left, bottom, right]."""
    xp = np.pad(x, [(0, 0), (0, 0), (p[0], p[2]), (p[1], p[3])])
    oh = (xp.shape[2] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (xp.shape[3] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    cols = np.zeros((x.shape[0], x.shape[1], k[0], k[1], oh, ow))
    for i in range(k[0]):
        for j in range(k[1]):
            cols[:, :, i, j] = xp[:, :, i * d[0]:i * d[0] + s[0] * (oh - 1) + 1:s[0],
                                  j * d[1]:j * d[1] + s[1] * (ow - 1) + 1:s[1]]
    return cols.reshape(x.shape[0], -1, oh * ow)


def fold_ref(cols, out_size, k, s=(1, 1), p=(0, 0, 0, 0), d=(1, 1)):
    n, ckk, _ = cols.shape
    c = ckk // (k[0] * k[1])
    hp, wp = out_size[0] + p[0] + p[2], out_size[1] + p[1] + p[3]
    oh = (hp - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (wp - d[1] * (k[1] - 1) - 1) // s[1] + 1
    out = np.zeros((n, c, hp, wp))
    cols = cols.reshape(n, c, k[0], k[1], oh, ow)
    for i in range(k[0]):
        for j in range(k[1]):
            for y in range(oh):
                for xx in range(ow):
                    out[:, :, y * s[0] + i * d[0], xx * s[1] + j * d[1]] += cols[:, :, i, j, y, xx]
    return out[:, :, p[0]:p[0] + out_size[0], p[1]:p[1] + out_size[1]]


SPECS = [
    OpSpec("linear", F.linear, lambda x, w, b: x @ w + b, [rand(4, 3), rand(3, 5), rand(5)], double=True),
    OpSpec("linear_3d", F.linear, lambda x, w, b: x @ w + b, [rand(2, 4, 3), rand(3, 5), rand(5)]),
    OpSpec("linear_nobias", F.linear, lambda x, w: x @ w, [rand(4, 3), rand(3, 5)]),
    OpSpec("linear_1d", F.linear, lambda x, w, b: x @ w + b, [rand(3), rand(3, 5), rand(5)]),
    OpSpec("bilinear", F.bilinear, lambda x, y, w, b: np.einsum("bi,kij,bj->bk", x, w, y) + b,
           [rand(4, 3), rand(4, 2), rand(5, 3, 2), rand(1, 5)]),
    OpSpec("embedding", F.embedding, _embed, [ints(2, 3, high=6), rand(6, 4)], grad=[1]),
    OpSpec("embedding_pad", lambda i, w: F.embedding(i, w, padding_idx=2), lambda i, w: _embed(i, w, 2),
           [ints(2, 5, high=6), rand(6, 4)], grad=[1]),
    OpSpec("embedding_pad_negative", lambda i, w: F.embedding(i, w, padding_idx=-1), lambda i, w: _embed(i, w, 5),
           [ints(7, high=6), rand(6, 4)], grad=[1]),
    OpSpec("one_hot", lambda x: F.one_hot(x, 5), lambda x: np.eye(5, dtype="float32")[x], [ints(2, 3)], grad=()),
    OpSpec("label_smooth", lambda x: F.label_smooth(x, epsilon=0.2), lambda x: 0.8 * x + 0.2 / 4,
           [lambda rng: np.eye(4)[rng.integers(0, 4, 3)]]),
    OpSpec("label_smooth_prior", lambda x, p: F.label_smooth(x, p, epsilon=0.2), lambda x, p: 0.8 * x + 0.2 * p,
           [lambda rng: np.eye(4)[rng.integers(0, 4, 3)], lambda rng: np.full((1, 4), 0.25)], grad=[0]),
    OpSpec("dropout_eval", lambda x: F.dropout(x, 0.3, training=False), lambda x: x, [rand(3, 4)]),
    OpSpec("dropout_eval_downscale", lambda x: F.dropout(x, 0.3, training=False, mode="downscale_in_infer"),
           lambda x: x * 0.7, [rand(3, 4)]),
    OpSpec("dropout_p0", lambda x: F.dropout(x, 0.0), lambda x: x, [rand(3, 4)], static=False),
    OpSpec("cosine_similarity", F.cosine_similarity, _cos, [rand(3, 4), rand(3, 4)]),
    OpSpec("cosine_similarity_axis0", lambda a, b: F.cosine_similarity(a, b, axis=0),
           lambda a, b: _cos(a, b, axis=0), [rand(3, 4), rand(3, 4)]),
    OpSpec("pairwise_distance", F.pairwise_distance, lambda x, y: np.linalg.norm(x - y + 1e-6, axis=-1),
           [rand(3, 4), rand(3, 4)]),
    OpSpec("pairwise_distance_p1", lambda x, y: F.pairwise_distance(x, y, p=1.0, keepdim=True),
           lambda x, y: np.abs(x - y + 1e-6).sum(-1, keepdims=True), [rand(3, 4), rand(3, 4)]),
    OpSpec("pdist", F.pdist, lambda x: np.array([np.linalg.norm(x[i] - x[j]) for i in range(4)
                                                 for j in range(i + 1, 4)]), [rand(4, 3)]),
    OpSpec("nearest_size", lambda x: F.interpolate(x, size=[7, 5]), lambda x: interp_ref(x, [7, 5], "nearest"),
           [rand(2, 3, 4, 3)]),
    OpSpec("nearest_scale", lambda x: F.interpolate(x, scale_factor=2), lambda x: interp_ref(x, [8, 6], "nearest"),
           [rand(1, 2, 4, 3)], double=True),
    OpSpec("nearest_3d", lambda x: F.interpolate(x, size=[3, 5, 4]), lambda x: interp_ref(x, [3, 5, 4], "nearest"),
           [rand(1, 2, 2, 3, 3)]),
    OpSpec("interp_bilinear", lambda x: F.interpolate(x, size=[5, 7], mode="bilinear"),
           lambda x: interp_ref(x, [5, 7], "linear"), [rand(2, 2, 3, 4)], double=True),
    OpSpec("bilinear_align_corners", lambda x: F.interpolate(x, size=[5, 7], mode="bilinear", align_corners=True),
           lambda x: interp_ref(x, [5, 7], "linear", align_corners=True), [rand(1, 2, 3, 4)]),
    OpSpec("bilinear_align_mode1", lambda x: F.interpolate(x, size=[2, 3], mode="bilinear", align_mode=1),
           lambda x: interp_ref(x, [2, 3], "linear", align_mode=1), [rand(1, 2, 5, 7)]),
    OpSpec("bilinear_scale", lambda x: F.interpolate(x, scale_factor=[1.7, 0.6], mode="bilinear"),
           lambda x: interp_ref(x, [6, 3], "linear", scales=[1.7, 0.6]), [rand(1, 2, 4, 6)]),
    OpSpec("bilinear_nhwc", lambda x: F.interpolate(x, size=[5, 3], mode="bilinear", data_format="NHWC"),
           lambda x: np.moveaxis(interp_ref(np.moveaxis(x, -1, 1), [5, 3], "linear"), 1, -1), [rand(1, 3, 4, 2)]),
    OpSpec("interp_linear", lambda x: F.interpolate(x, size=[9], mode="linear"), lambda x: interp_ref(x, [9], "linear"),
           [rand(2, 3, 5)]),
    OpSpec("trilinear", lambda x: F.interpolate(x, size=[3, 4, 2], mode="trilinear", align_corners=True),
           lambda x: interp_ref(x, [3, 4, 2], "linear", align_corners=True), [rand(1, 2, 2, 3, 3)]),
    OpSpec("bicubic", lambda x: F.interpolate(x, size=[6, 5], mode="bicubic"),
           lambda x: interp_ref(x, [6, 5], "cubic"), [rand(1, 2, 4, 3)], double=True),
    OpSpec("bicubic_align_corners", lambda x: F.interpolate(x, size=[3, 5], mode="bicubic", align_corners=True),
           lambda x: interp_ref(x, [3, 5], "cubic", align_corners=True), [rand(1, 2, 4, 3)]),
    OpSpec("bilinear_antialias", lambda x: F.interpolate(x, size=[2, 3], mode="bilinear", antialias=True), None,
           [rand(1, 2, 5, 7)]),
    OpSpec("bicubic_antialias", lambda x: F.interpolate(x, scale_factor=0.4, mode="bicubic", antialias=True), None,
           [rand(1, 1, 6, 8)]),
    OpSpec("area", lambda x: F.interpolate(x, size=[2, 3], mode="area"), lambda x: area_ref(x, [2, 3]),
           [rand(1, 2, 5, 7)]),
    OpSpec("upsample", lambda x: F.upsample(x, scale_factor=2, mode="bilinear", align_corners=True),
           lambda x: interp_ref(x, [6, 6], "linear", align_corners=True), [rand(1, 2, 3, 3)]),
    OpSpec("unfold", lambda x: F.unfold(x, [3, 2], [2, 1], [1, 0, 2, 1], [1, 2]),
           lambda x: unfold_ref(x, (3, 2), (2, 1), (1, 0, 2, 1), (1, 2)), [rand(2, 2, 5, 6)], double=True),
    OpSpec("fold", lambda x: F.fold(x, [4, 5], 2), lambda x: fold_ref(x, (4, 5), (2, 2)), [rand(2, 8, 12)],
           double=True),
    OpSpec("fold_strided", lambda x: F.fold(x, [5, 6], [2, 3], strides=2, paddings=1),
           lambda x: fold_ref(x, (5, 6), (2, 3), (2, 2), (1, 1, 1, 1)), [rand(1, 12, 9)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_linear_static_program_uses_paddles_ops(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [-1, 3], "float32")
        w = paddle.static.data("w", [3, 2], "float32")
        b = paddle.static.data("b", [2], "float32")
        F.linear(x, w, b)
    ops = main.global_block().ops
    assert [op.type for op in ops] == ["matmul_v2", "elementwise_add"]
    assert ops[1].attr("axis") == -1


def test_linear_eager_builds_the_static_ops():
    x = paddle.randn([4, 3])
    w = paddle.randn([3, 5])
    w.stop_gradient = False
    b = paddle.zeros([5])
    b.stop_gradient = False
    y = F.linear(x, w, b)
    assert y._node.type == "elementwise_add" and y._node.next[0][0].type == "matmul_v2"
    y.sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), x.numpy().T @ np.ones((4, 5)), rtol=1e-5)
    np.testing.assert_allclose(b.grad.numpy(), np.full(5, 4.0))


def test_dropout_mask_scale_and_grad():
    paddle.seed(11)
    x = paddle.ones([200, 50])
    x.stop_gradient = False
    y = F.dropout(x, p=0.4)
    kept = y.numpy() != 0
    assert abs(kept.mean() - 0.6) < 0.03
    np.testing.assert_allclose(y.numpy()[kept], 1 / 0.6, rtol=1e-6)
    y.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), kept / 0.6, rtol=1e-6)
    # the same seed gives the same mask (the global generator)
    paddle.seed(11)
    np.testing.assert_array_equal(F.dropout(paddle.ones([200, 50]), p=0.4).numpy() != 0, kept)


def test_dropout_downscale_and_axis():
    paddle.seed(1)
    y = F.dropout(paddle.ones([4, 6]), p=0.5, mode="downscale_in_infer").numpy()
    assert set(np.unique(y)) <= {0.0, 1.0}
    z = F.dropout(paddle.ones([8, 6]), p=0.5, axis=0).numpy()
    assert all(len(set(row)) == 1 for row in z)  # whole rows kept or dropped
    d2 = F.dropout2d(paddle.ones([2, 5, 3, 3]), p=0.5).numpy()
    assert all(len(np.unique(d2[n, c])) == 1 for n in range(2) for c in range(5))


def test_dropout_checks():
    x = paddle.ones([2, 2])
    with pytest.raises(ValueError, match="p argument should between 0 and 1"):
        F.dropout(x, 1.5)
    with pytest.raises(TypeError, match="p argument should be a number"):
        F.dropout(x, "0.5")
    with pytest.raises(ValueError, match="mode argument should be"):
        F.dropout(x, 0.5, mode="bad")
    with pytest.raises(ValueError, match="dimensions of x should be 4"):
        F.dropout2d(x)


def test_dropout_static_op_slots(static_mode):
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [2, 3], "float32")
        F.dropout(x, 0.5, mode="downscale_in_infer")
    op = main.global_block().ops[-1]
    assert op.type == "dropout" and sorted(op.outputs) == ["Mask", "Out"]
    assert op.attr("dropout_implementation") == "downgrade_in_infer" and op.attr("dropout_prob") == 0.5


def test_alpha_dropout_keeps_moments():
    paddle.seed(5)
    x = paddle.randn([20000])
    y = F.alpha_dropout(x, 0.2).numpy()
    assert abs(y.mean()) < 0.05 and abs(y.std() - 1) < 0.05
    assert F.feature_alpha_dropout(paddle.ones([2, 3, 4]), 0.5).shape == [2, 3, 4]


def test_embedding_sparse_gradient_is_selected_rows():
    w = paddle.to_tensor(np.arange(12, dtype="float32").reshape(4, 3), stop_gradient=False)
    ids = paddle.to_tensor([[0, 1, 2], [1, 3, 0]])
    out = F.embedding(ids, w, padding_idx=1, sparse=True)
    np.testing.assert_array_equal(out.numpy()[0, 1], [0, 0, 0])
    (out * paddle.arange(18, dtype="float32").reshape([2, 3, 3])).sum().backward()
    g = w.grad
    assert g.is_selected_rows()
    np.testing.assert_array_equal(g.rows, [0, 1, 2, 1, 3, 0])
    np.testing.assert_array_equal(g.values, np.arange(18).reshape(6, 3))
    dense = np.zeros((4, 3))
    np.add.at(dense, [0, 1, 2, 1, 3, 0], np.arange(18).reshape(6, 3))
    np.testing.assert_array_equal(g.numpy(), dense)


def test_embedding_scale_grad_by_freq():
    w = paddle.ones([4, 2])
    w.stop_gradient = False
    F.embedding(paddle.to_tensor([1, 1, 2]), w, scale_grad_by_freq=True).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), [[0, 0], [1, 1], [1, 1], [0, 0]])


def test_embedding_and_one_hot_errors():
    w = paddle.ones([4, 2])
    with pytest.raises(ValueError, match=r"padding_idx must be within \[-4, 4\)"):
        F.embedding(paddle.to_tensor([1]), w, padding_idx=4)
    with pytest.raises(ValueError, match=r"OP\(embedding\) expected >= 0 and < 4, but got 7"):
        F.embedding(paddle.to_tensor([7]), w)
    with pytest.raises(ValueError, match=r"should be less than Input\(depth\)"):
        F.one_hot(paddle.to_tensor([1, 5]), 4)
    assert F.one_hot(paddle.to_tensor([0, 3])).shape == [2, 4]  # num_classes=-1: max + 1


def test_class_center_sample():
    paddle.seed(0)
    remapped, sampled = F.class_center_sample(paddle.to_tensor([3, 1, 3, 7], dtype="int64"), 10, 5)
    s = sampled.numpy()
    assert len(s) == 5 and len(set(s)) == 5 and set([1, 3, 7]) <= set(s)
    np.testing.assert_array_equal(s[remapped.numpy()], [3, 1, 3, 7])


def test_interp_static_op_attrs():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 4, 8, 8], "float32")
            F.interpolate(x, scale_factor=2)
            F.interpolate(x, size=[5, 5], mode="bilinear", align_mode=1)
            F.pixel_shuffle(paddle.static.data("y", [2, 9, 4, 4], "float32"), 3)
            F.unfold(x, 3)
        ops = main.global_block().ops
    finally:
        paddle.disable_static()
    assert [op.type for op in ops] == ["nearest_interp_v2", "bilinear_interp_v2", "pixel_shuffle", "unfold"]
    assert ops[0].attr("scale") == [2.0, 2.0] and ops[0].attr("out_h") == -1 and ops[0].attr("data_layout") == "NCHW"
    assert ops[1].attr("out_h") == 5 and ops[1].attr("align_mode") == 1 and ops[1].attr("interp_method") == "bilinear"
    assert ops[3].attr("paddings") == [0, 0, 0, 0] and ops[3].attr("kernel_sizes") == [3, 3]


def test_interpolate_size_tensor_and_errors():
    x = paddle.rand([1, 2, 4, 4])
    assert F.interpolate(x, size=paddle.to_tensor([6, 3])).shape == [1, 2, 6, 3]
    assert F.interpolate(x, size=[paddle.to_tensor(5), 2], mode="bilinear").shape == [1, 2, 5, 2]
    assert F.interpolate(x, scale_factor=1.5, recompute_scale_factor=True).shape == [1, 2, 6, 6]
    with pytest.raises(ValueError, match="align_corners"):
        F.interpolate(x, size=[5, 5], align_corners=True)
    with pytest.raises(ValueError, match="Only one of size or scale_factor"):
        F.interpolate(x, size=[5, 5], scale_factor=2)
    with pytest.raises(ValueError, match="'linear' only support 3-D"):
        F.interpolate(x, size=[5, 5], mode="linear")
    with pytest.raises(ValueError, match="Downscale factor"):
        F.pixel_unshuffle(x, 0)


def test_integer_images_resize_like_paddle():
    # values produced by paddle 3.3.1 (uint8 bilinear truncates a float32 sum taken in Paddle's order)
    x = paddle.to_tensor(np.array([[[[10, 200, 37], [255, 0, 128]]]], dtype="uint8"))
    assert F.interpolate(x, size=[3, 4], mode="bilinear").numpy().tolist() == \
        [[[[10, 128, 138, 37], [132, 112, 93, 82], [255, 95, 48, 128]]]]
    assert F.interpolate(x, scale_factor=1.5, mode="bilinear").numpy().tolist() == \
        [[[[10, 105, 172, 64], [132, 116, 97, 85], [255, 127, 21, 106]]]]
    out = F.interpolate(x, size=[3, 5])
    assert out.dtype == paddle.uint8
    assert out.numpy().tolist() == [[[[10, 10, 200, 200, 37], [10, 10, 200, 200, 37], [255, 255, 0, 0, 128]]]]
    with pytest.raises(RuntimeError, match="bicubic_interp"):
        F.interpolate(x, size=[3, 5], mode="bicubic")
    with pytest.raises(RuntimeError, match="pixel_shuffle"):
        F.pixel_shuffle(paddle.ones([1, 4, 2, 2], dtype="int32"), 2)
    assert F.max_pool2d(paddle.ones([1, 1, 2, 2], dtype="float16"), 2).dtype == paddle.float16


def test_antialias_matches_paddle():
    # values produced by paddle 3.3.1 (which agrees with torch's antialiased resampling)
    x = paddle.to_tensor([[[[1., 2., 4., 8., 16., 32., 64.], [0., 1., 0., 1., 0., 1., 0.]]]])
    np.testing.assert_allclose(F.interpolate(x, size=[1, 3], mode="bilinear", antialias=True).numpy(),
                               [[[[1.2499999, 5.2647057, 20.214283]]]], rtol=1e-6)
    np.testing.assert_allclose(F.interpolate(x, size=[2, 2], mode="bicubic", antialias=True).numpy(),
                               [[[[2.4590173, 30.211983], [0.463355, 0.463355]]]], rtol=1e-5)
    with pytest.raises(ValueError, match="Anti-alias"):
        F.interpolate(x, size=[1, 3], antialias=True)


# One output along a dim (align_corners=False), values and x_grad produced by paddle 3.3.1 with the upstream
# gradient RandomState(0).rand(out).round(2) = 0.55, 0.72, 0.60: trilinear reads (and its gradient lands on)
# the input's centre with align_mode 0; linear reads the centre but its gradient lands on index 0; bilinear
# reads index 0. With align_mode 1 every mode reads index 0.
_Z = [0.0] * 4
@pytest.mark.parametrize("shape,mode,size,align_mode,y,x_grad", [
    ((1, 1, 2, 3, 4), "trilinear", [1, 3, 1], 0, [7.5, 11.5, 15.5],
     [0, .1375, .1375, 0, 0, .18, .18, 0, 0, .15, .15, 0] * 2),
    ((1, 1, 2, 3, 4), "trilinear", [1, 3, 1], 1, [0., 4., 8.], [.55, 0, 0, 0, .72, 0, 0, 0, .6, 0, 0, 0] + _Z * 3),
    ((1, 1, 2, 3, 4), "trilinear", [2, 1, 1], 0, [5.5, 17.5],
     _Z + [0, .275, .275, 0] + _Z * 2 + [0, .36, .36, 0] + _Z),
    ((1, 1, 2, 3, 4), "trilinear", [2, 1, 1], 1, [0., 12.], [.55] + [0.0] * 11 + [.72] + [0.0] * 11),
    ((1, 1, 3, 4), "bilinear", [1, 2], 0, [0.5, 2.5], [.275, .275, .36, .36] + _Z * 2),
    ((1, 1, 3, 4), "bilinear", [1, 2], 1, [0., 2.], [.55, 0, .72, 0] + _Z * 2),
    ((1, 1, 4), "linear", [1], 0, [1.5], [.55, 0, 0, 0]),
    ((1, 1, 4), "linear", [1], 1, [0.], [.55, 0, 0, 0]),
])
def test_interpolate_one_output_matches_paddle(shape, mode, size, align_mode, y, x_grad):
    x = paddle.to_tensor(np.arange(np.prod(shape), dtype=f32).reshape(shape), stop_gradient=False)
    out = F.interpolate(x, size=size, mode=mode, align_mode=align_mode)
    out.backward(paddle.to_tensor(np.random.RandomState(0).rand(*out.shape).astype(f32).round(2)))
    np.testing.assert_allclose(out.numpy().ravel(), y, rtol=1e-6)
    np.testing.assert_allclose(x.grad.numpy().ravel(), x_grad, rtol=1e-6, atol=1e-7)


def test_bicubic_float64_gradient_takes_float32_source_coordinates():
    # Paddle 3.3.1's bicubic grad kernel computes the source coordinates in float32 (its forward in double), then
    # the weights in double: the gradient differs from the forward's transpose by ~1e-6
    x = paddle.to_tensor(np.arange(16, dtype="float64").reshape(1, 1, 4, 4), stop_gradient=False)
    y = paddle.nn.functional.interpolate(x, size=[7, 3], mode="bicubic")
    y.backward(paddle.to_tensor(np.linspace(-1, 1, 21).reshape(1, 1, 7, 3)))
    np.testing.assert_allclose(x.grad.numpy()[0, 0, 0], [-1.2168406073793403, -1.0643523979876768,
                                                         -1.0029681708660863, -0.9218791081753832], rtol=1e-14)
