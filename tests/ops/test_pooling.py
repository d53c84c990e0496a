"""OpSpec table: pooling (max/avg/lp, adaptive, max_unpool, fractional) against direct-loop NumPy references
following Paddle's window rules; plus masks, static op types/attrs and values taken from real Paddle; and max
pooling over windows that tile the map (the fast row-at-a-time kernels): every pattern of ties in a window,
taller windows, other dtypes and NaN, against a brute-force first-max reference."""
import itertools
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle.ops.pooling import _windows as P
from tests.checkout import child_env
from tests.opspec import OpSpec, parametrize, rand


def distinct(*shape):
    """Input factory: a random permutation of well-separated values (no ties, so max pooling is smooth)."""
    return lambda rng: rng.permutation(int(np.prod(shape))).reshape(shape) / 7.0 - 1.0


def _pairs(padding, nd):
    if isinstance(padding, int):
        return [(padding, padding)] * nd
    if len(padding) == nd:
        return [(p, p) for p in padding]
    return [(padding[2 * i], padding[2 * i + 1]) for i in range(nd)]


def pool_ref(x, kernel, stride=None, padding=0, ceil_mode=False, kind="max", exclusive=True, p=2.0):
    """Paddle's pooling by explicit windows: [o*s - pb, min(o*s - pb + k, n + pb)) clipped to the input."""
    nd = x.ndim - 2
    ks = [kernel] * nd if isinstance(kernel, int) else list(kernel)
    ss = ks if stride is None else ([stride] * nd if isinstance(stride, int) else list(stride))
    pads = _pairs(padding, nd)
    out_sp = []
    for n, k, s, (b, a) in zip(x.shape[2:], ks, ss, pads):
        span = n - k + b + a
        out_sp.append((span + s - 1) // s + 1 if ceil_mode else span // s + 1)
    out = np.zeros(x.shape[:2] + tuple(out_sp))
    for pos in np.ndindex(*out_sp):
        sl, full, real = [], 1, 1
        for o, n, k, s, (b, _) in zip(pos, x.shape[2:], ks, ss, pads):
            rs = o * s - b
            re = min(rs + k, n + b)
            st, en = max(rs, 0), min(re, n)
            sl.append(slice(st, en))
            full *= re - rs
            real *= en - st
        win = x[(slice(None), slice(None)) + tuple(sl)].reshape(x.shape[:2] + (-1,))
        idx = (slice(None), slice(None)) + pos
        if kind == "max":
            out[idx] = win.max(axis=-1)
        elif kind == "lp":
            out[idx] = (win ** p).sum(axis=-1) ** (1 / p)
        else:
            out[idx] = win.sum(axis=-1) / (real if exclusive else full)
    return out


def adaptive_ref(x, size, kind="avg"):
    nd = x.ndim - 2
    size = [size] * nd if isinstance(size, int) else list(size)
    out = np.zeros(x.shape[:2] + tuple(size))
    for pos in np.ndindex(*size):
        sl = tuple(slice(i * n // o, -(-(i + 1) * n // o)) for i, n, o in zip(pos, x.shape[2:], size))
        win = x[(slice(None), slice(None)) + sl].reshape(x.shape[:2] + (-1,))
        out[(slice(None), slice(None)) + pos] = win.max(-1) if kind == "max" else win.mean(-1)
    return out


def _nhwc(fn):
    return lambda x, **kw: np.moveaxis(fn(np.moveaxis(x, -1, 1), **kw), 1, -1)


SPECS = [
    OpSpec("max_pool2d", lambda x: F.max_pool2d(x, 2), lambda x: pool_ref(x, 2), [distinct(2, 3, 4, 6)],
           double=True),
    OpSpec("max_pool2d_overlap_pad_ceil", lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True),
           lambda x: pool_ref(x, 3, 2, 1, True), [distinct(1, 2, 6, 7)], double=True),
    OpSpec("max_pool2d_asym_pad", lambda x: F.max_pool2d(x, 2, 2, [0, 1, 1, 0]),
           lambda x: pool_ref(x, 2, 2, [0, 1, 1, 0]), [distinct(1, 2, 5, 5)]),
    OpSpec("max_pool2d_same", lambda x: F.max_pool2d(x, 3, 2, "SAME"),
           lambda x: pool_ref(x, 3, 2, [1, 1, 0, 1]), [distinct(1, 2, 5, 6)]),
    OpSpec("max_pool2d_nhwc", lambda x: F.max_pool2d(x, 2, 1, data_format="NHWC"),
           lambda x: _nhwc(pool_ref)(x, kernel=2, stride=1), [distinct(1, 4, 5, 3)]),
    OpSpec("max_pool2d_mask", lambda x: F.max_pool2d(x, 3, 2, 1, return_mask=True)[0],
           lambda x: pool_ref(x, 3, 2, 1), [distinct(1, 2, 6, 6)], double=True),
    OpSpec("max_pool1d", lambda x: F.max_pool1d(x, 3, 2, 1), lambda x: pool_ref(x, 3, 2, 1), [distinct(2, 3, 9)]),
    OpSpec("max_pool3d", lambda x: F.max_pool3d(x, 2, 2, 1), lambda x: pool_ref(x, 2, 2, 1),
           [distinct(1, 2, 3, 4, 3)]),
    OpSpec("avg_pool2d", lambda x: F.avg_pool2d(x, 2), lambda x: pool_ref(x, 2, kind="avg"), [rand(2, 3, 4, 6)],
           double=True),
    OpSpec("avg_pool2d_pad_ceil", lambda x: F.avg_pool2d(x, 3, 2, 1, ceil_mode=True),
           lambda x: pool_ref(x, 3, 2, 1, True, "avg"), [rand(1, 2, 6, 7)]),
    OpSpec("avg_pool2d_inclusive", lambda x: F.avg_pool2d(x, 3, 2, [0, 1, 0, 1], ceil_mode=True, exclusive=False),
           lambda x: pool_ref(x, 3, 2, [0, 1, 0, 1], True, "avg", exclusive=False), [rand(1, 2, 5, 5)]),
    OpSpec("avg_pool2d_divisor", lambda x: F.avg_pool2d(x, 2, divisor_override=3),
           lambda x: pool_ref(x, 2, kind="avg") * 4 / 3, [rand(1, 2, 4, 4)]),
    OpSpec("avg_pool2d_nhwc", lambda x: F.avg_pool2d(x, 2, data_format="NHWC"),
           lambda x: _nhwc(pool_ref)(x, kernel=2, kind="avg"), [rand(1, 4, 4, 3)]),
    OpSpec("avg_pool1d", lambda x: F.avg_pool1d(x, 3, 2, 1, exclusive=False),
           lambda x: pool_ref(x, 3, 2, 1, kind="avg", exclusive=False), [rand(2, 3, 9)]),
    OpSpec("avg_pool3d", lambda x: F.avg_pool3d(x, [2, 3, 2], 2, ceil_mode=True),
           lambda x: pool_ref(x, [2, 3, 2], 2, 0, True, "avg"), [rand(1, 2, 3, 5, 4)]),
    OpSpec("global_avg", lambda x: F.adaptive_avg_pool2d(x, 1), lambda x: adaptive_ref(x, 1), [rand(2, 3, 4, 5)]),
    OpSpec("adaptive_avg_pool2d", lambda x: F.adaptive_avg_pool2d(x, [3, 4]), lambda x: adaptive_ref(x, [3, 4]),
           [rand(1, 2, 5, 7)], double=True),
    OpSpec("adaptive_avg_pool2d_div", lambda x: F.adaptive_avg_pool2d(x, 2), lambda x: adaptive_ref(x, 2),
           [rand(1, 2, 4, 6)]),
    OpSpec("adaptive_avg_pool1d", lambda x: F.adaptive_avg_pool1d(x, 4), lambda x: adaptive_ref(x, 4),
           [rand(2, 3, 10)]),
    OpSpec("adaptive_avg_pool3d", lambda x: F.adaptive_avg_pool3d(x, [2, 3, 2]), lambda x: adaptive_ref(x, [2, 3, 2]),
           [rand(1, 2, 3, 5, 4)]),
    OpSpec("adaptive_max_pool2d", lambda x: F.adaptive_max_pool2d(x, [3, 4]),
           lambda x: adaptive_ref(x, [3, 4], "max"), [distinct(1, 2, 5, 7)], double=True),
    OpSpec("adaptive_max_pool2d_div", lambda x: F.adaptive_max_pool2d(x, 2), lambda x: adaptive_ref(x, 2, "max"),
           [distinct(1, 2, 4, 6)]),
    OpSpec("adaptive_max_pool1d", lambda x: F.adaptive_max_pool1d(x, 4), lambda x: adaptive_ref(x, 4, "max"),
           [distinct(2, 3, 10)]),
    OpSpec("adaptive_max_pool3d", lambda x: F.adaptive_max_pool3d(x, [2, 3, 2]),
           lambda x: adaptive_ref(x, [2, 3, 2], "max"), [distinct(1, 2, 3, 5, 4)]),
    OpSpec("lp_pool2d", lambda x: F.lp_pool2d(x, 2, 3, 2, 1, ceil_mode=True),
           lambda x: pool_ref(x, 3, 2, 1, True, "lp", p=2.0), [rand(1, 2, 5, 6, low=0.2, high=1.0)]),
    OpSpec("lp_pool2d_p3", lambda x: F.lp_pool2d(x, 3, 2), lambda x: pool_ref(x, 2, kind="lp", p=3.0),
           [rand(1, 2, 4, 4, low=0.2, high=1.0)]),
    OpSpec("lp_pool1d", lambda x: F.lp_pool1d(x, 2, 3, 2), lambda x: pool_ref(x, 3, 2, kind="lp", p=2.0),
           [rand(2, 3, 9, low=0.2, high=1.0)]),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def test_max_pool_masks_are_flat_indices():
    x = paddle.to_tensor(np.arange(1, 26, dtype="float32").reshape(1, 1, 5, 5))
    out, mask = F.max_pool2d(x, 3, 2, 1, ceil_mode=True, return_mask=True)
    assert mask.dtype == paddle.int32
    np.testing.assert_array_equal(mask.numpy()[0, 0], [[6, 8, 9], [16, 18, 19], [21, 23, 24]])
    out, mask = F.max_pool2d(x, 2, 4, 1, ceil_mode=True, return_mask=True)  # windows lying wholly in padding
    np.testing.assert_array_equal(mask.numpy()[0, 0], [[0, 4, -1], [20, 24, -1], [-1, -1, -1]])
    assert out.numpy()[0, 0, 2, 2] == np.finfo(np.float32).min
    _, amask = F.adaptive_max_pool2d(paddle.to_tensor(np.arange(100, dtype="float32").reshape(1, 1, 10, 10)),
                                     [4, 3], return_mask=True)
    np.testing.assert_array_equal(amask.numpy()[0, 0], [[23, 26, 29], [43, 46, 49], [73, 76, 79], [93, 96, 99]])


def test_max_pool_grad_goes_to_first_max():
    x = paddle.zeros([1, 1, 4, 4])
    x.stop_gradient = False
    F.max_pool2d(x, 2).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy()[0, 0], [[1, 0, 1, 0], [0, 0, 0, 0], [1, 0, 1, 0], [0, 0, 0, 0]])


def test_max_unpool_roundtrip_and_grad():
    x = paddle.to_tensor(np.random.default_rng(0).permutation(36).reshape(1, 1, 6, 6).astype("float32"))
    out, mask = F.max_pool2d(x, 2, return_mask=True)
    out.stop_gradient = False
    up = F.max_unpool2d(out, mask, 2)
    ref = np.zeros(36, "float32")
    ref[mask.numpy().reshape(-1)] = out.numpy().reshape(-1)
    np.testing.assert_array_equal(up.numpy().reshape(-1), ref)
    assert F.max_unpool2d(out, mask, 2, output_size=[7, 7]).shape == [1, 1, 7, 7]
    (up * paddle.arange(36, dtype="float32").reshape([1, 1, 6, 6])).sum().backward()
    np.testing.assert_array_equal(out.grad.numpy().reshape(-1), mask.numpy().reshape(-1))
    with pytest.raises(ValueError, match="invalid output_size"):
        F.max_unpool2d(out, mask, 2, output_size=[9, 9])
    o1, m1 = F.max_pool1d(paddle.to_tensor([[[1., 3., 2., 4.]]]), 2, return_mask=True)
    np.testing.assert_array_equal(F.max_unpool1d(o1, m1, 2).numpy(), [[[0., 3., 0., 4.]]])


def test_fractional_matches_paddle():
    # regions and values produced by paddle 3.3.1 for these arguments
    x = paddle.to_tensor(np.arange(100, dtype="float32").reshape(1, 1, 10, 10))
    out, mask = F.fractional_max_pool2d(x, [4, 3], random_u=0.3, return_mask=True)
    np.testing.assert_array_equal(out.numpy()[0, 0], [[12, 16, 19], [42, 46, 49], [62, 66, 69], [92, 96, 99]])
    out = F.fractional_max_pool2d(x, [4, 3], kernel_size=[3, 4], random_u=0.7)
    np.testing.assert_array_equal(out.numpy()[0, 0], [[23, 26, 29], [43, 46, 49], [73, 76, 79], [93, 96, 99]])
    rows = F.fractional_max_pool2d(paddle.to_tensor(np.arange(13, dtype="float32").reshape(1, 1, 13, 1)), [11, 1],
                                   random_u=0.9)
    np.testing.assert_array_equal(rows.numpy().reshape(-1), [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 12])
    x.stop_gradient = False
    F.fractional_max_pool3d(x.reshape([1, 1, 1, 10, 10]), [1, 2, 2], random_u=0.5).sum().backward()
    assert x.grad.sum().item() == 4
    with pytest.raises(ValueError, match="random_u"):
        F.fractional_max_pool2d(x, 3, random_u=1.5)


def test_static_pool_ops_match_paddle():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            x = paddle.static.data("x", [2, 4, 8, 8], "float32")
            F.max_pool2d(x, 2)
            F.max_pool2d(x, 2, return_mask=True)
            F.adaptive_avg_pool2d(x, 3)
            F.avg_pool2d(x, 3, divisor_override=2)
            F.lp_pool2d(x, 2, 2)
        ops = main.global_block().ops
    finally:
        paddle.disable_static()
    assert [op.type for op in ops] == ["pool2d", "max_pool2d_with_index", "pool2d", "pool2d", "scale", "scale",
                                       "lp_pool2d"]
    a = {k: ops[0].attr(k) for k in ("pooling_type", "ksize", "strides", "paddings", "global_pooling", "adaptive",
                                     "ceil_mode", "exclusive", "padding_algorithm", "data_format")}
    assert a == {"pooling_type": "max", "ksize": [2, 2], "strides": [2, 2], "paddings": [0, 0],
                 "global_pooling": False, "adaptive": False, "ceil_mode": False, "exclusive": True,
                 "padding_algorithm": "EXPLICIT", "data_format": "NCHW"}
    assert ops[2].attr("adaptive") and ops[2].attr("ksize") == [3, 3] and ops[2].attr("pooling_type") == "avg"
    assert ops[6].attr("norm_type") == 2.0 and ops[6].attr("kernel_size") == [2, 2]


def test_pool_errors():
    x = paddle.rand([1, 2, 5, 5])
    with pytest.raises(ValueError, match="ceil_mode"):
        F.max_pool2d(x, 2, padding="VALID", ceil_mode=True)
    with pytest.raises(ValueError, match="return_mask"):
        F.max_pool2d(paddle.rand([1, 5, 5, 2]), 2, return_mask=True, data_format="NHWC")
    with pytest.raises(ValueError, match="3-D"):
        F.max_pool1d(x, 2)
    with pytest.raises(ValueError, match="norm_type"):
        F.lp_pool2d(x, 0, 2)


# -- max pooling over windows that tile the map (the row-at-a-time kernels) ----------------------------------
def _scan_max(win):
    """Paddle's max-pool kernel on one window: y = y > v ? y : v over its members in row-major order."""
    y = -np.inf
    for v in win.ravel():
        y = y if y > v else v
    return y


def _first_max_grad(x, g, kh, kw):
    """Brute force: each window's grad to its first element (row-major) equal to the window max."""
    dx = np.zeros(x.shape, g.dtype)
    n, c, h, w = x.shape
    for b, ch, i, j in itertools.product(range(n), range(c), range(h // kh), range(w // kw)):
        win = x[b, ch, i * kh:(i + 1) * kh, j * kw:(j + 1) * kw]
        m = _scan_max(win)
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
    x[0, 0, 2, 1] = np.nan  # last in its window: the window's max is NaN
    x[0, 1, 0, 0] = np.nan  # first in its window: Paddle's kernel passes over it
    x[1, 2, 4, 5] = -np.inf
    g = rng.standard_normal((2, 3, 3, 4)).astype("float32")
    out = P.max_sweep(x, [3, 2], [3, 2], [(0, 0), (0, 0)], [3, 4])
    dx = P.max_sweep_grad(x, out, g, [3, 2], [3, 2], [(0, 0), (0, 0)], [3, 4])
    np.testing.assert_array_equal(dx, _first_max_grad(x, g, 3, 2))
    assert np.isnan(out[0, 0, 0, 0]) and not dx[0, 0, :3, :2].any()  # a NaN max equals no element: no grad
    assert out[0, 1, 0, 0] == np.delete(x[0, 1, :3, :2].ravel(), 0).max()


def test_max_pool2d_layer_grad_uses_first_max():
    x = paddle.to_tensor(np.maximum(np.random.default_rng(1).standard_normal((2, 3, 6, 8)), 0).astype("float32"),
                         stop_gradient=False)
    w = np.random.default_rng(2).standard_normal((2, 3, 3, 4)).astype("float32")
    (F.max_pool2d(x, 2) * paddle.to_tensor(w)).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), _first_max_grad(x.numpy(), w, 2, 2))


def test_float16_1d_pools_run_paddles_pool2d_kernel():
    # Paddle's 1-D pools run pool2d, which has a float16 CPU kernel; the indexed (mask) kernel has none
    x = paddle.to_tensor([[[1.5, 2.25, -3.0, 4.0]]]).astype("float16")
    assert F.avg_pool1d(x, 2).numpy().tolist() == [[[1.875, 0.5]]]
    assert F.max_pool1d(x, 2).numpy().tolist() == [[[2.25, 4.0]]]
    assert F.adaptive_avg_pool1d(x, 3).numpy().tolist() == [[[1.875, -0.375, 0.5]]]
    for call in (lambda: F.adaptive_max_pool1d(x, 2), lambda: F.max_pool1d(x, 2, return_mask=True)):
        with pytest.raises(RuntimeError, match="kernel `max_pool2d_with_index` is not registered"):
            call()


def test_average_pool_gradient_scales_by_a_float32_reciprocal():
    # Paddle's avg-pool gradient kernels multiply by 1/window as a float32, also for float64 (real Paddle 3.3.1)
    import purepaddle as paddle
    x = paddle.to_tensor(np.zeros((1, 1, 8)), stop_gradient=False)
    y = paddle.nn.functional.avg_pool1d(x, 3, stride=2, padding=1)
    y.backward(paddle.to_tensor(np.arange(1.0, 5.0).reshape(1, 1, 4) / 7))
    np.testing.assert_array_equal(x.grad.numpy().ravel()[:3],
                                  [0.07142857142857142, 0.16666666950498307, 0.09523809807641165])


def test_half_average_pools_sum_in_float32():
    # Paddle 3.3.1 averages float16 windows in float32 and rounds once: 0.003963 here, not 0.004086
    x = paddle.to_tensor(np.array([[[2.376953125, -0.62939453125, -1.73828125, 0.0065765380859375]]], "float16"))
    out = paddle.nn.functional.adaptive_avg_pool1d(x, 1)
    assert out.dtype == paddle.float16 and out.numpy().ravel().tolist() == [0.003963470458984375]


def _offset_scan_max(x, ks, ss, pads, out_sp):
    """Max by one np.maximum pass per kernel offset in row-major order (the unfactored sweep)."""
    xp = P._padded(x, ks, ss, pads, out_sp, P.lowest(x.dtype))
    sl = P.offset_slices(ks, ss, out_sp)
    out = xp[next(sl)].copy()
    for s in sl:
        np.maximum(out, xp[s], out=out)
    return out


@pytest.mark.parametrize("ks,ss,pads", [((3, 3), (2, 2), [(1, 1), (1, 1)]), ((3, 2), (1, 2), [(1, 0), (0, 1)]),
                                        ((1, 3), (1, 1), [(0, 0), (1, 1)]), ((2, 1), (2, 1), [(0, 1), (0, 0)])])
def test_separable_max_matches_the_offset_scan(ks, ss, pads):
    # columns then rows: the same values, the same signed zeros among ties, the same NaN windows
    rng = np.random.default_rng(3)
    x = rng.choice(np.array([-1.0, -0.0, 0.0, 2.0], np.float32), size=(2, 3, 11, 9))
    x[0, 0, 4, 4] = np.nan
    out_sp = [(n + b + a - k) // s + 1 for n, k, s, (b, a) in zip(x.shape[2:], ks, ss, pads)]
    got = P._separable_max(P._padded(x, ks, ss, pads, out_sp, P.lowest(x.dtype)), ks, ss, out_sp)
    want = _offset_scan_max(x, ks, ss, pads, out_sp)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want))


_POOL_SCRIPT = """
import sys
import numpy as np
import paddle
rng = np.random.default_rng(4)
x = rng.choice(np.array([-1.0, -0.0, 0.0, 2.0], np.float32), size=(2, 3, 11, 9))
x[0, 0, 4, 4] = np.nan
x[1, 2, 0, 0] = np.nan
xt = paddle.to_tensor(x, stop_gradient=False)
y = paddle.nn.functional.max_pool2d(xt, 3, 2, 1)
g = paddle.to_tensor(rng.standard_normal(y.shape).astype("float32"))
(y * g).sum().backward()
np.savez(sys.argv[1], y=y.numpy(), dx=xt.grad.numpy())
"""


def test_max_pool_3x3_stride2_matches_real_paddle(ref_python, tmp_path):
    # ResNet's stem pool through the public API: ties, NaN, and the first-max gradient
    script = tmp_path / "pool.py"
    script.write_text(_POOL_SCRIPT)
    res = {}
    for side, cmd in {"ref": [str(ref_python)], "ours": [sys.executable, "-m", "purepaddle"]}.items():
        subprocess.run(cmd + [str(script), str(tmp_path / f"{side}.npz")], check=True, env=child_env(),
                       capture_output=True)
        res[side] = np.load(tmp_path / f"{side}.npz")
    # values (NaN where Paddle has NaN); the sign of a zero max among +0/-0 ties is not pinned: Paddle
    # keeps the last of equal values, np.maximum does not promise which
    np.testing.assert_array_equal(res["ours"]["y"], res["ref"]["y"])
    # an input in two overlapping windows sums their grads (the order may differ by an ulp)
    np.testing.assert_allclose(res["ours"]["dx"], res["ref"]["dx"], rtol=1e-6, atol=1e-7)
