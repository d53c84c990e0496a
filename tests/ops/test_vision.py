"""OpSpec table of ops/vision: pixel_shuffle / pixel_unshuffle, channel_shuffle, affine_grid and grid_sample,
against per-pixel NumPy references."""
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
