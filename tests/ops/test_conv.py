"""OpSpec table: convolutions (F.conv1d/2d/3d and their transposes) against direct-loop NumPy references,
with numeric gradients, static programs and double backward; plus the static op types and attrs; and stride-1
convolutions wide enough to take the split-layout kernels (row-shifted inputs, column-shifted gradients: one GEMM
each), with the kernel choice and scratch reuse."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn.functional as F
from purepaddle.ops.conv import _kernels as ck
from tests.opspec import OpSpec, parametrize, rand


def _pairs(padding, nd):
    """Per-dim (before, after) from an int, nd ints or 2*nd ints."""
    if isinstance(padding, int):
        return [(padding, padding)] * nd
    if len(padding) == nd:
        return [(p, p) for p in padding]
    return [(padding[2 * i], padding[2 * i + 1]) for i in range(nd)]


def conv_ref(x, w, b=None, stride=1, padding=0, dilation=1, groups=1):
    """Cross-correlation by an explicit loop over output and kernel positions (channel-first)."""
    nd = x.ndim - 2
    st = [stride] * nd if isinstance(stride, int) else list(stride)
    dl = [dilation] * nd if isinstance(dilation, int) else list(dilation)
    xp = np.pad(x, [(0, 0), (0, 0)] + _pairs(padding, nd))
    n, c = x.shape[:2]
    o, ks = w.shape[0], w.shape[2:]
    out_sp = [(xp.shape[2 + i] - dl[i] * (ks[i] - 1) - 1) // st[i] + 1 for i in range(nd)]
    out = np.zeros((n, o) + tuple(out_sp))
    cg, og = c // groups, o // groups
    for pos in np.ndindex(*out_sp):
        for kp in np.ndindex(*ks):
            src = xp[(slice(None), slice(None)) + tuple(p * s + k * d for p, s, k, d in zip(pos, st, kp, dl))]
            for g in range(groups):
                wk = w[(slice(g * og, (g + 1) * og), slice(None)) + kp]
                out[(slice(None), slice(g * og, (g + 1) * og)) + pos] += src[:, g * cg:(g + 1) * cg] @ wk.T
    if b is not None:
        out += b.reshape((1, -1) + (1,) * nd)
    return out


def conv_t_ref(x, w, b=None, stride=1, padding=0, output_padding=0, dilation=1, groups=1):
    """Transposed convolution by scattering every input position through the kernel."""
    nd = x.ndim - 2
    st = [stride] * nd if isinstance(stride, int) else list(stride)
    dl = [dilation] * nd if isinstance(dilation, int) else list(dilation)
    op = [output_padding] * nd if isinstance(output_padding, int) else list(output_padding)
    pads = _pairs(padding, nd)
    n, c = x.shape[:2]
    og, ks = w.shape[1], w.shape[2:]
    o, cg = og * groups, c // groups
    full = [(x.shape[2 + i] - 1) * st[i] + dl[i] * (ks[i] - 1) + 1 + op[i] for i in range(nd)]
    out = np.zeros((n, o) + tuple(full))
    for pos in np.ndindex(*x.shape[2:]):
        for kp in np.ndindex(*ks):
            dst = tuple(p * s + k * d for p, s, k, d in zip(pos, st, kp, dl))
            for g in range(groups):
                wk = w[(slice(g * cg, (g + 1) * cg), slice(None)) + kp]
                out[(slice(None), slice(g * og, (g + 1) * og)) + dst] += x[(slice(None), slice(g * cg, (g + 1) * cg))
                                                                             + pos] @ wk
    crop = tuple(slice(bf, full[i] - af) for i, (bf, af) in enumerate(pads))
    out = out[(slice(None), slice(None)) + crop]
    if b is not None:
        out = out + b.reshape((1, -1) + (1,) * nd)
    return out


def _last(fn, nd):
    """Run a channel-first reference on channel-last inputs."""
    def wrapped(x, *rest, **kw):
        res = fn(np.moveaxis(x, -1, 1), *rest, **kw)
        return np.moveaxis(res, 1, -1)
    return wrapped


def _same(x_sp, k, s):
    pads = []
    for n, kk, ss in zip(x_sp, k, s):
        tot = max(((n + ss - 1) // ss - 1) * ss + kk - n, 0)
        pads += [tot // 2, tot - tot // 2]
    return pads


SPECS = [
    OpSpec("conv2d", F.conv2d, conv_ref, [rand(2, 3, 5, 5), rand(4, 3, 3, 3), rand(4)], double=True),
    OpSpec("conv2d_stride_pad", lambda x, w: F.conv2d(x, w, stride=2, padding=1),
           lambda x, w: conv_ref(x, w, stride=2, padding=1), [rand(1, 2, 6, 7), rand(3, 2, 3, 2)], double=True),
    OpSpec("conv2d_asym_pad", lambda x, w: F.conv2d(x, w, stride=[2, 1], padding=[1, 2, 0, 1]),
           lambda x, w: conv_ref(x, w, stride=[2, 1], padding=[1, 2, 0, 1]), [rand(1, 2, 6, 5), rand(2, 2, 3, 3)]),
    OpSpec("conv2d_pair_pad", lambda x, w: F.conv2d(x, w, padding=[[0, 0], [0, 0], [1, 0], [0, 2]]),
           lambda x, w: conv_ref(x, w, padding=[1, 0, 0, 2]), [rand(1, 2, 4, 4), rand(2, 2, 2, 2)]),
    OpSpec("conv2d_dilation", lambda x, w: F.conv2d(x, w, dilation=2, padding=2),
           lambda x, w: conv_ref(x, w, dilation=2, padding=2), [rand(1, 2, 6, 6), rand(2, 2, 3, 3)]),
    OpSpec("conv2d_same", lambda x, w: F.conv2d(x, w, stride=2, padding="SAME"),
           lambda x, w: conv_ref(x, w, stride=2, padding=_same([7, 6], [3, 3], [2, 2])),
           [rand(1, 2, 7, 6), rand(2, 2, 3, 3)]),
    OpSpec("conv2d_valid", lambda x, w: F.conv2d(x, w, padding="valid"), conv_ref,
           [rand(1, 2, 5, 5), rand(2, 2, 3, 3)]),
    OpSpec("conv2d_groups", lambda x, w, b: F.conv2d(x, w, b, groups=2, padding=1),
           lambda x, w, b: conv_ref(x, w, b, groups=2, padding=1), [rand(1, 4, 4, 4), rand(6, 2, 3, 3), rand(6)],
           double=True),
    OpSpec("conv2d_depthwise", lambda x, w: F.conv2d(x, w, groups=3, padding=1, stride=2),
           lambda x, w: conv_ref(x, w, groups=3, padding=1, stride=2), [rand(2, 3, 5, 5), rand(3, 1, 3, 3)],
           double=True),
    OpSpec("conv2d_depthwise_mult", lambda x, w: F.conv2d(x, w, groups=2, padding=1),
           lambda x, w: conv_ref(x, w, groups=2, padding=1), [rand(1, 2, 4, 4), rand(4, 1, 3, 3)]),
    OpSpec("conv2d_nhwc", lambda x, w, b: F.conv2d(x, w, b, padding=1, data_format="NHWC"),
           _last(lambda x, w, b: conv_ref(x, w, b, padding=1), 2), [rand(1, 4, 5, 3), rand(2, 3, 3, 3), rand(2)]),
    OpSpec("conv1d", lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=[1, 2]),
           lambda x, w, b: conv_ref(x, w, b, stride=2, padding=[1, 2]), [rand(2, 3, 9), rand(4, 3, 3), rand(4)]),
    OpSpec("conv1d_nlc", lambda x, w: F.conv1d(x, w, dilation=2, data_format="NLC"),
           _last(lambda x, w: conv_ref(x, w, dilation=2), 1), [rand(2, 9, 3), rand(2, 3, 3)]),
    OpSpec("conv3d", lambda x, w, b: F.conv3d(x, w, b, padding=1, stride=[1, 2, 1]),
           lambda x, w, b: conv_ref(x, w, b, padding=1, stride=[1, 2, 1]),
           [rand(1, 2, 3, 4, 3), rand(2, 2, 2, 3, 2), rand(2)]),
    OpSpec("conv3d_ndhwc", lambda x, w: F.conv3d(x, w, data_format="NDHWC"), _last(conv_ref, 3),
           [rand(1, 3, 4, 3, 2), rand(2, 2, 2, 2, 2)]),
    OpSpec("conv2d_transpose", F.conv2d_transpose, conv_t_ref, [rand(1, 2, 3, 3), rand(2, 3, 3, 3), rand(3)],
           double=True),
    OpSpec("conv2d_transpose_stride", lambda x, w: F.conv2d_transpose(x, w, stride=2, padding=1, output_padding=1),
           lambda x, w: conv_t_ref(x, w, stride=2, padding=1, output_padding=1), [rand(1, 2, 3, 4), rand(2, 2, 3, 3)],
           double=True),
    OpSpec("conv2d_transpose_output_size", lambda x, w: F.conv2d_transpose(x, w, stride=3, output_size=[9, 11]),
           lambda x, w: conv_t_ref(x, w, stride=3, output_padding=[1, 2]), [rand(1, 2, 3, 3), rand(2, 2, 2, 3)]),
    OpSpec("conv2d_transpose_dilation_asym", lambda x, w: F.conv2d_transpose(x, w, stride=2, dilation=2,
                                                                             padding=[1, 0, 0, 1]),
           lambda x, w: conv_t_ref(x, w, stride=2, dilation=2, padding=[1, 0, 0, 1]),
           [rand(1, 2, 3, 3), rand(2, 2, 2, 2)]),
    OpSpec("conv2d_transpose_groups", lambda x, w: F.conv2d_transpose(x, w, groups=2, stride=2),
           lambda x, w: conv_t_ref(x, w, groups=2, stride=2), [rand(1, 4, 3, 3), rand(4, 2, 2, 2)]),
    OpSpec("conv2d_transpose_depthwise", lambda x, w: F.conv2d_transpose(x, w, groups=3, stride=2),
           lambda x, w: conv_t_ref(x, w, groups=3, stride=2), [rand(1, 3, 3, 3), rand(3, 1, 2, 2)]),
    OpSpec("conv2d_transpose_nhwc", lambda x, w: F.conv2d_transpose(x, w, stride=2, data_format="NHWC"),
           _last(lambda x, w: conv_t_ref(x, w, stride=2), 2), [rand(1, 3, 3, 2), rand(2, 3, 2, 2)]),
    OpSpec("conv1d_transpose", lambda x, w, b: F.conv1d_transpose(x, w, b, stride=2, padding=1, output_padding=1),
           lambda x, w, b: conv_t_ref(x, w, b, stride=2, padding=1, output_padding=1),
           [rand(2, 2, 4), rand(2, 3, 3), rand(3)]),
    OpSpec("conv3d_transpose", lambda x, w: F.conv3d_transpose(x, w, stride=2, padding=1),
           lambda x, w: conv_t_ref(x, w, stride=2, padding=1), [rand(1, 2, 2, 3, 2), rand(2, 2, 2, 3, 3)]),
]



def _program_ops(build):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            build()
        skip = {"op_device", "op_namescope", "op_role", "op_role_var", "with_quant_attr", "op_callstack"}
        return [(op.type, {k: op.attr(k) for k in op.attr_names if k not in skip}) for op in main.global_block().ops]
    finally:
        paddle.disable_static()


def test_static_conv_ops_match_paddle():
    def build():
        x = paddle.static.data("x", [2, 4, 8, 8], "float32")
        F.conv2d(x, paddle.static.data("w", [6, 4, 3, 3], "float32"), stride=2, padding=[1, 2, 0, 1])
        F.conv2d(x, paddle.static.data("wd", [4, 1, 3, 3], "float32"), groups=4, padding="SAME")
        F.conv2d_transpose(x, paddle.static.data("wt", [4, 6, 3, 3], "float32"), stride=2, output_size=[17, 17])
        F.conv3d_transpose(paddle.static.data("x3", [2, 4, 5, 5, 5], "float32"),
                           paddle.static.data("w3", [4, 6, 3, 3, 3], "float32"), output_padding=1, stride=2)
    ops = _program_ops(build)
    assert [t for t, _ in ops] == ["conv2d", "depthwise_conv2d", "conv2d_transpose", "conv3d_transpose"]
    assert ops[0][1] == {"strides": [2, 2], "paddings": [1, 2, 0, 1], "padding_algorithm": "EXPLICIT",
                         "dilations": [1, 1], "groups": 1, "data_format": "NCHW"}
    assert ops[1][1]["padding_algorithm"] == "SAME" and ops[1][1]["groups"] == 4
    assert ops[2][1]["output_size"] == [17, 17] and ops[2][1]["output_padding"] == []
    assert ops[3][1]["output_padding"] == [1, 1, 1] and ops[3][1]["data_format"] == "NCHW"


def test_conv1d_runs_as_conv2d():
    def build():
        F.conv1d(paddle.static.data("x", [2, 4, 8], "float32"), paddle.static.data("w", [6, 4, 3], "float32"))
    assert [t for t, _ in _program_ops(build)] == ["unsqueeze2", "unsqueeze2", "conv2d", "squeeze2"]


def test_conv_errors():
    x = paddle.rand([1, 3, 7, 7])
    with pytest.raises(ValueError, match="filter's channels"):
        F.conv2d(x, paddle.rand([4, 2, 3, 3]))
    with pytest.raises(ValueError, match="should be not be zero"):
        F.conv2d(x, paddle.rand([4, 3, 3, 3]), groups=0)
    with pytest.raises(ValueError, match="Unknown padding"):
        F.conv2d(x, paddle.rand([4, 3, 3, 3]), padding="full")
    with pytest.raises(ValueError, match="data_format"):
        F.conv2d(x, paddle.rand([4, 3, 3, 3]), data_format="NCWH")
    with pytest.raises(ValueError, match="output_size"):
        F.conv2d_transpose(x, paddle.rand([3, 2, 3, 3]), output_size=[30, 30])
    with pytest.raises(RuntimeError, match="int32"):
        F.conv2d(paddle.ones([1, 3, 7, 7], dtype="int32"), paddle.ones([4, 3, 3, 3], dtype="int32"))


def test_first_layer_conv_skips_input_grad():
    # only the filter gradient is computed when the input needs none (a single-gradient grad op)
    x = paddle.rand([2, 1, 6, 6])
    w = paddle.rand([3, 1, 3, 3])
    w.stop_gradient = False
    F.conv2d(x, w).sum().backward()
    assert x.grad is None and w.grad.shape == [3, 1, 3, 3]
    np.testing.assert_allclose(w.grad.numpy(), conv_ref(x.numpy().transpose(1, 0, 2, 3),
                                                        np.ones((2, 3, 4, 4), "float32").transpose(1, 0, 2, 3))
                               .transpose(1, 0, 2, 3), rtol=1e-5)


def test_scratch_buffers_do_not_leak_between_geometries():
    # the same buffer shapes with different kernel widths: stale garbage columns must not leak in
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.standard_normal((2, 2, 5, 6)).astype("float32"))
    for kw in (2, 3, 2):
        w = paddle.to_tensor(rng.standard_normal((3, 2, 3, kw)).astype("float32"), stop_gradient=False)
        xx = paddle.to_tensor(x.numpy(), stop_gradient=False)
        out = F.conv2d(xx, w)
        g = rng.standard_normal(out.shape).astype("float32")
        (out * paddle.to_tensor(g)).sum().backward()
        xn, wn = x.numpy().astype("float64"), w.numpy().astype("float64")
        np.testing.assert_allclose(out.numpy(), conv_ref(xn, wn), rtol=1e-4, atol=1e-5)
        # dW[o, c] = correlation of x[:, c] with g[:, o]; dX = full convolution of g with w
        dw = conv_ref(xn.transpose(1, 0, 2, 3), g.transpose(1, 0, 2, 3).astype("float64")).transpose(1, 0, 2, 3)
        np.testing.assert_allclose(w.grad.numpy(), dw, rtol=1e-4, atol=1e-4)
        dx = conv_t_ref(g.astype("float64"), wn)
        np.testing.assert_allclose(xx.grad.numpy(), dx, rtol=1e-4, atol=1e-4)


def test_conv_dtype_rules():
    with pytest.raises(ValueError, match="does not match"):
        F.conv2d(paddle.ones([1, 1, 4, 4], dtype="float64"), paddle.ones([1, 1, 3, 3]))
    with pytest.raises(RuntimeError, match="float16"):
        F.conv2d(paddle.ones([1, 1, 4, 4], dtype="float16"), paddle.ones([1, 1, 3, 3], dtype="float16"))
    out = F.conv2d(paddle.ones([1, 1, 4, 4], dtype="float64"), paddle.ones([1, 1, 3, 3], dtype="float64"))
    assert out.dtype == paddle.float64 and out.numpy().sum() == 36


# -- stride-1 convolutions that take the split-layout kernels ------------------------------------------------
SPLIT_LAYOUT = [
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


test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS + SPLIT_LAYOUT)
