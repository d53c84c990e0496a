"""OpSpec table of ops/vision: pixel_shuffle / pixel_unshuffle, channel_shuffle, affine_grid, grid_sample,
roi_align and roi_pool, against per-pixel NumPy references."""
import numpy as np

import purepaddle as paddle
import purepaddle.nn.functional as F
from tests.opspec import OpSpec, parametrize, rand


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


def bilinear_ref(img, y, x):
    """img [C, H, W] at (y, x), with roi_align's clamping (one sample per bin)."""
    h, w = img.shape[1:]
    y, x = min(max(y, 0.0), h - 1), min(max(x, 0.0), w - 1)
    y0, x0 = int(y), int(x)
    y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
    ly, lx = y - y0, x - x0
    return ((1 - ly) * (1 - lx) * img[:, y0, x0] + (1 - ly) * lx * img[:, y0, x1] + ly * (1 - lx) * img[:, y1, x0]
            + ly * lx * img[:, y1, x1])


_BOX = np.array([[0.6, 1.1, 4.3, 3.7]])
_ONE = np.array([1], "int32")


def roi_align_ref(x, ph=2, pw=3):
    """aligned=True, sampling_ratio=1: each bin is the bilinear value at its centre."""
    x1, y1, x2, y2 = _BOX[0] - 0.5
    out = np.zeros((1, x.shape[1], ph, pw))
    for i in range(ph):
        for j in range(pw):
            out[0, :, i, j] = bilinear_ref(x[0], y1 + (i + 0.5) * (y2 - y1) / ph, x1 + (j + 0.5) * (x2 - x1) / pw)
    return out


def roi_pool_ref(x, ph=2, pw=2):
    """Corners rounded; bins floor/ceil over the (end - start + 1) cells."""
    x1, y1, x2, y2 = np.floor(_BOX[0] + 0.5).astype(int)
    bh, bw = (y2 - y1 + 1) / ph, (x2 - x1 + 1) / pw
    out = np.zeros((1, x.shape[1], ph, pw))
    for i in range(ph):
        for j in range(pw):
            hs, he = y1 + int(np.floor(i * bh)), y1 + int(np.ceil((i + 1) * bh))
            ws, we = x1 + int(np.floor(j * bw)), x1 + int(np.ceil((j + 1) * bw))
            out[0, :, i, j] = x[0, :, hs:he, ws:we].max(axis=(1, 2))
    return out


def grid(*shape, lim=1.2):
    return lambda rng: rng.uniform(-lim, lim, size=shape)


SPECS = [
    OpSpec("pixel_shuffle", lambda x: F.pixel_shuffle(x, 2), lambda x: pixel_shuffle_ref(x, 2), [rand(2, 8, 2, 3)],
           double=True),
    OpSpec("pixel_unshuffle", lambda x: F.pixel_unshuffle(F.pixel_shuffle(x, 3), 3), lambda x: x, [rand(1, 9, 2, 2)]),
    OpSpec("pixel_shuffle_nhwc", lambda x: F.pixel_shuffle(x, 2, data_format="NHWC"),
           lambda x: np.moveaxis(pixel_shuffle_ref(np.moveaxis(x, -1, 1), 2), 1, -1), [rand(1, 2, 3, 4)]),
    OpSpec("channel_shuffle", lambda x: F.channel_shuffle(x, 3),
           lambda x: x.reshape(2, 3, 2, 2, 2).swapaxes(1, 2).reshape(x.shape), [rand(2, 6, 2, 2)]),
    OpSpec("affine_grid", lambda t: F.affine_grid(t, [2, 1, 3, 4], align_corners=False),
           lambda t: affine_ref(t, [2, 1, 3, 4], False), [rand(2, 2, 3)], double=True),
    OpSpec("affine_grid_align", lambda t: F.affine_grid(t, [1, 1, 2, 3]), lambda t: affine_ref(t, [1, 1, 2, 3], True),
           [rand(1, 2, 3)]),
    OpSpec("grid_sample", lambda x, g: F.grid_sample(x, g, align_corners=False),
           lambda x, g: grid_sample_ref(x, g, False), [rand(1, 2, 4, 5), grid(1, 3, 2, 2)]),
    OpSpec("grid_sample_align", lambda x, g: F.grid_sample(x, g), lambda x, g: grid_sample_ref(x, g, True),
           [rand(2, 1, 3, 3), grid(2, 2, 2, 2)]),
    OpSpec("roi_align", lambda x, b, n: paddle.vision.ops.roi_align(x, b, n, (2, 3), sampling_ratio=1),
           lambda x, b, n: roi_align_ref(x), [rand(1, 2, 5, 6), _BOX, _ONE], grad=(0,)),
    OpSpec("roi_pool", lambda x, b, n: paddle.vision.ops.roi_pool(x, b, n, 2),
           lambda x, b, n: roi_pool_ref(x), [rand(1, 2, 5, 6), _BOX, _ONE], grad=(0,)),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_grid_sample_padding_modes():
    x = paddle.to_tensor(np.arange(12, dtype="float32").reshape(1, 1, 3, 4))
    g = paddle.to_tensor([[[[-1.5, 0.0], [1.4, -1.2]]]])
    np.testing.assert_allclose(F.grid_sample(x, g, padding_mode="border").numpy().reshape(-1), [4.0, 3.0])
    np.testing.assert_allclose(F.grid_sample(x, g, mode="nearest").numpy().reshape(-1), [0.0, 0.0])
    np.testing.assert_allclose(F.grid_sample(x, g, padding_mode="reflection").numpy().reshape(-1),
                               F.grid_sample(x, paddle.to_tensor([[[[-0.5, 0.0], [0.6, -0.8]]]])).numpy().reshape(-1),
                               rtol=1e-6)
