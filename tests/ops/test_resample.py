"""OpSpec table: interpolate (nearest / linear / bilinear / trilinear / bicubic / area), pixel and channel
shuffles, unfold / fold, affine_grid, grid_sample and pad, against per-pixel NumPy references."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, parametrize, rand

f32 = np.float32


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


def pixel_shuffle_ref(x, r):
    n, c, h, w = x.shape
    out = np.zeros((n, c // (r * r), h * r, w * r))
    for ch in range(c):
        oc, rem = divmod(ch, r * r)
        i, j = divmod(rem, r)
        out[:, oc, i::r, j::r] = x[:, ch]
    return out


def affine_ref(theta, shape, align):
    n, _, h, w = shape

    def lin(m):
        return np.linspace(-1, 1, m) if align else (np.arange(m) * 2 + 1) / m - 1
    ys, xs = lin(h), lin(w)
    out = np.zeros((n, h, w, 2))
    for i in range(h):
        for j in range(w):
            out[:, i, j] = theta @ np.array([xs[j], ys[i], 1.0])
    return out


def grid_sample_ref(x, grid, align):
    """Bilinear sampling with zero padding, one output point at a time."""
    n, c, h, w = x.shape
    out = np.zeros((n, c) + grid.shape[1:3])
    for b in range(n):
        for i, j in np.ndindex(*grid.shape[1:3]):
            gx, gy = grid[b, i, j]
            px = (gx + 1) / 2 * (w - 1) if align else ((gx + 1) * w - 1) / 2
            py = (gy + 1) / 2 * (h - 1) if align else ((gy + 1) * h - 1) / 2
            x0, y0 = int(np.floor(px)), int(np.floor(py))
            for yy, xx, wt in ((y0, x0, (1 - (px - x0)) * (1 - (py - y0))), (y0, x0 + 1, (px - x0) * (1 - (py - y0))),
                               (y0 + 1, x0, (1 - (px - x0)) * (py - y0)), (y0 + 1, x0 + 1, (px - x0) * (py - y0))):
                if 0 <= yy < h and 0 <= xx < w:
                    out[b, :, i, j] += wt * x[b, :, yy, xx]
    return out


def grid(*shape, lim=1.2):
    return lambda rng: rng.uniform(-lim, lim, size=shape)


SPECS = [
    OpSpec("nearest_size", lambda x: F.interpolate(x, size=[7, 5]), lambda x: interp_ref(x, [7, 5], "nearest"),
           [rand(2, 3, 4, 3)]),
    OpSpec("nearest_scale", lambda x: F.interpolate(x, scale_factor=2), lambda x: interp_ref(x, [8, 6], "nearest"),
           [rand(1, 2, 4, 3)], double=True),
    OpSpec("nearest_3d", lambda x: F.interpolate(x, size=[3, 5, 4]), lambda x: interp_ref(x, [3, 5, 4], "nearest"),
           [rand(1, 2, 2, 3, 3)]),
    OpSpec("bilinear", lambda x: F.interpolate(x, size=[5, 7], mode="bilinear"),
           lambda x: interp_ref(x, [5, 7], "linear"), [rand(2, 2, 3, 4)], double=True),
    OpSpec("bilinear_align_corners", lambda x: F.interpolate(x, size=[5, 7], mode="bilinear", align_corners=True),
           lambda x: interp_ref(x, [5, 7], "linear", align_corners=True), [rand(1, 2, 3, 4)]),
    OpSpec("bilinear_align_mode1", lambda x: F.interpolate(x, size=[2, 3], mode="bilinear", align_mode=1),
           lambda x: interp_ref(x, [2, 3], "linear", align_mode=1), [rand(1, 2, 5, 7)]),
    OpSpec("bilinear_scale", lambda x: F.interpolate(x, scale_factor=[1.7, 0.6], mode="bilinear"),
           lambda x: interp_ref(x, [6, 3], "linear", scales=[1.7, 0.6]), [rand(1, 2, 4, 6)]),
    OpSpec("bilinear_nhwc", lambda x: F.interpolate(x, size=[5, 3], mode="bilinear", data_format="NHWC"),
           lambda x: np.moveaxis(interp_ref(np.moveaxis(x, -1, 1), [5, 3], "linear"), 1, -1), [rand(1, 3, 4, 2)]),
    OpSpec("linear", lambda x: F.interpolate(x, size=[9], mode="linear"), lambda x: interp_ref(x, [9], "linear"),
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
    OpSpec("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), lambda x: pixel_shuffle_ref(x, 2), [rand(2, 8, 2, 3)],
           double=True),
    OpSpec("pixel_unshuffle", lambda x: F.pixel_unshuffle(F.pixel_shuffle(x, 3), 3), lambda x: x, [rand(1, 9, 2, 2)]),
    OpSpec("pixel_shuffle_nhwc", lambda x: F.pixel_shuffle(x, 2, data_format="NHWC"),
           lambda x: np.moveaxis(pixel_shuffle_ref(np.moveaxis(x, -1, 1), 2), 1, -1), [rand(1, 2, 3, 4)]),
    OpSpec("channel_shuffle", lambda x: F.channel_shuffle(x, 3),
           lambda x: x.reshape(2, 3, 2, 2, 2).swapaxes(1, 2).reshape(x.shape), [rand(2, 6, 2, 2)]),
    OpSpec("unfold", lambda x: F.unfold(x, [3, 2], [2, 1], [1, 0, 2, 1], [1, 2]),
           lambda x: unfold_ref(x, (3, 2), (2, 1), (1, 0, 2, 1), (1, 2)), [rand(2, 2, 5, 6)], double=True),
    OpSpec("fold", lambda x: F.fold(x, [4, 5], 2), lambda x: fold_ref(x, (4, 5), (2, 2)), [rand(2, 8, 12)],
           double=True),
    OpSpec("fold_strided", lambda x: F.fold(x, [5, 6], [2, 3], strides=2, paddings=1),
           lambda x: fold_ref(x, (5, 6), (2, 3), (2, 2), (1, 1, 1, 1)), [rand(1, 12, 9)]),
    OpSpec("affine_grid", lambda t: F.affine_grid(t, [2, 1, 3, 4], align_corners=False),
           lambda t: affine_ref(t, [2, 1, 3, 4], False), [rand(2, 2, 3)], double=True),
    OpSpec("affine_grid_align", lambda t: F.affine_grid(t, [1, 1, 2, 3]), lambda t: affine_ref(t, [1, 1, 2, 3], True),
           [rand(1, 2, 3)]),
    OpSpec("grid_sample", lambda x, g: F.grid_sample(x, g, align_corners=False),
           lambda x, g: grid_sample_ref(x, g, False), [rand(1, 2, 4, 5), grid(1, 3, 2, 2)]),
    OpSpec("grid_sample_align", lambda x, g: F.grid_sample(x, g), lambda x, g: grid_sample_ref(x, g, True),
           [rand(2, 1, 3, 3), grid(2, 2, 2, 2)]),
    OpSpec("pad_reflect", lambda x: F.pad(x, [1, 2, 2, 1], mode="reflect"),
           lambda x: np.pad(x, [(0, 0), (0, 0), (2, 1), (1, 2)], mode="reflect"), [rand(1, 2, 4, 4)]),
    OpSpec("zeropad2d", lambda x: F.zeropad2d(x, [1, 0, 0, 2]),
           lambda x: np.pad(x, [(0, 0), (0, 0), (0, 2), (1, 0)]), [rand(1, 2, 3, 3)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


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


def test_grid_sample_padding_modes():
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(1, 1, 3, 4))
    g = paddle.to_tensor([[[[-1.5, 0.0], [1.4, -1.2]]]])
    np.testing.assert_allclose(F.grid_sample(x, g, padding_mode="border").numpy().reshape(-1), [4.0, 3.0])
    np.testing.assert_allclose(F.grid_sample(x, g, mode="nearest").numpy().reshape(-1), [0.0, 0.0])
    np.testing.assert_allclose(F.grid_sample(x, g, padding_mode="reflection").numpy().reshape(-1),
                               F.grid_sample(x, paddle.to_tensor([[[[-0.5, 0.0], [0.6, -0.8]]]])).numpy().reshape(-1),
                               rtol=1e-6)


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
