"""OpSpec table: stride-1 convolutions wide enough to take the split-layout kernels (row-shifted inputs,
column-shifted gradients: one GEMM each), against the direct-loop references of test_conv, with
numeric gradients, static programs and double backward; plus the kernel choice and scratch reuse."""
import numpy as np

import purepaddle.nn.functional as F
from purepaddle.ops.conv import _kernels as ck
from tests.ops.test_conv import _last, conv_ref, conv_t_ref
from tests.opspec import OpSpec, parametrize, rand

SPECS = [
    # 5x5 kernel, C*kh = 20: forward, input and filter gradients all take the split layout
    OpSpec("conv2d_split_5x5", lambda x, w, b: F.conv2d(x, w, b, padding=[2, 1]),
           lambda x, w, b: conv_ref(x, w, b, padding=[2, 1]), [rand(2, 4, 6, 5), rand(3, 4, 5, 5), rand(3)],
           double=True),
    # 3x3 dilated, asymmetric padding, C*kh = 18: split gradients, flat forward
    OpSpec("conv2d_split_dilation_asym", lambda x, w: F.conv2d(x, w, dilation=[2, 1], padding=[1, 2, 0, 1]),
           lambda x, w: conv_ref(x, w, dilation=[2, 1], padding=[1, 2, 0, 1]), [rand(1, 6, 7, 6), rand(2, 6, 3, 3)],
           double=True),
    OpSpec("conv2d_split_nhwc", lambda x, w: F.conv2d(x, w, padding=2, data_format="NHWC"),
           _last(lambda x, w: conv_ref(x, w, padding=2), 2), [rand(1, 5, 4, 4), rand(2, 4, 4, 5)]),
    # 1-D: the kh = 1 case; kernel 16 takes the split forward too
    OpSpec("conv1d_split", lambda x, w, b: F.conv1d(x, w, b, padding=1),
           lambda x, w, b: conv_ref(x, w, b, padding=1), [rand(2, 16, 7), rand(3, 16, 3), rand(3)]),
    OpSpec("conv1d_split_wide_kernel", lambda x, w: F.conv1d(x, w, padding=[3, 2], dilation=1),
           lambda x, w: conv_ref(x, w, padding=[3, 2]), [rand(1, 16, 14), rand(2, 16, 16)]),
    # a transposed conv runs the input-gradient kernel forward; output_padding adds a row and column
    # that no window covers
    OpSpec("conv2d_transpose_split_output_padding",
           lambda x, w: F.conv2d_transpose(x, w, dilation=2, output_padding=1, padding=1),
           lambda x, w: conv_t_ref(x, w, dilation=2, output_padding=1, padding=1),
           [rand(1, 3, 4, 3), rand(3, 4, 3, 3)], double=True),
]

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)


def _grads_ref(x, w, g, pads, dils):
    """(dX, dW) of a stride-1 convolution by explicit sums over kernel offsets (float64)."""
    flat = [v for p in pads for v in p]
    dx = conv_t_ref(g, w, padding=flat, dilation=dils)
    xp = np.pad(x, [(0, 0), (0, 0)] + list(pads))
    dw = np.zeros(w.shape)
    for kp in np.ndindex(*w.shape[2:]):
        window = tuple(slice(k * d, k * d + n) for k, d, n in zip(kp, dils, g.shape[2:]))
        src = xp[(slice(None), slice(None)) + window]
        summed = [0] + list(range(2, g.ndim))  # batch and spatial dims
        dw[(slice(None), slice(None)) + kp] = np.tensordot(g, src, axes=(summed, summed))
    return dx, dw


def test_split_kernels_match_references():
    rng = np.random.default_rng(1)
    for xs, ws, pads, dils in [((3, 5, 9, 8), (4, 5, 5, 3), [(2, 1), (0, 2)], [1, 2]),
                               ((2, 7, 6), (3, 7, 4), [(1, 2)], [2])]:
        x, w = rng.standard_normal(xs), rng.standard_normal(ws)
        out = ck.split_forward(x, w, pads, dils)
        ref = conv_ref(np.pad(x, [(0, 0), (0, 0)] + pads), w, dilation=dils)
        np.testing.assert_allclose(out, ref, rtol=1e-12, atol=1e-12)
        g = rng.standard_normal(out.shape)
        dx, dw = ck.split_grads(x.shape, x, w, g, ws[2:], pads, dils, True, True)
        dx_ref, dw_ref = _grads_ref(x, w, g, pads, dils)
        np.testing.assert_allclose(dx, dx_ref, rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(dw, dw_ref, rtol=1e-12, atol=1e-12)
        assert ck.split_grads(x.shape, None, w, g, ws[2:], pads, dils, True, False)[1] is None
        np.testing.assert_allclose(ck.split_grads(x.shape, x, None, g, ws[2:], pads, dils, False, True)[1], dw_ref,
                                   rtol=1e-12, atol=1e-12)


def test_split_choice_follows_shape():
    assert ck.split_usable([1, 1], [5, 5], [10, 10], (14, 14), 1)
    assert not ck.split_usable([1, 1], [5, 5], [10, 10], (14, 14), 2)
    assert not ck.split_usable([2, 2], [3, 3], [6, 6], (13, 13), 1)
    assert ck.split_prefers("forward", 6, 16, [5, 5]) and not ck.split_prefers("forward", 16, 32, [3, 3])
    assert ck.split_prefers("filter", 6, 16, [5, 5]) and not ck.split_prefers("filter", 1, 6, [3, 3])
    assert not ck.split_prefers("input", 1, 6, [3, 3])


def test_split_scratch_reuse_across_geometries():
    # same scratch shapes, different written regions (kernel width, padding): no stale values leak
    rng = np.random.default_rng(2)
    x = rng.standard_normal((2, 8, 6, 9)).astype("float32")
    for ws, pads in [((3, 8, 3, 3), [(1, 1), (1, 1)]), ((3, 8, 3, 5), [(1, 1), (2, 2)]),
                     ((3, 8, 3, 3), [(0, 2), (1, 1)]), ((3, 8, 3, 3), [(1, 1), (1, 1)])]:
        w = rng.standard_normal(ws).astype("float32")
        out = ck.split_forward(x, w, pads, [1, 1])
        x64, w64 = x.astype("float64"), w.astype("float64")
        np.testing.assert_allclose(out, conv_ref(np.pad(x64, [(0, 0), (0, 0)] + pads), w64), rtol=1e-4, atol=1e-4)
        g = rng.standard_normal(out.shape).astype("float32")
        dx, dw = ck.split_grads(x.shape, x, w, g, ws[2:], pads, [1, 1], True, True)
        dx_ref, dw_ref = _grads_ref(x64, w64, g.astype("float64"), pads, [1, 1])
        np.testing.assert_allclose(dx, dx_ref, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(dw, dw_ref, rtol=1e-4, atol=1e-3)
