"""Winograd F(2x2, 3x3) convolutions: against the direct sum, routed where measured, and against real Paddle."""
import subprocess
import sys

import numpy as np

from purepaddle.ops.conv import _kernels as K
from purepaddle.ops.conv import _winograd as W
from tests.checkout import child_env


def _direct(x, w, pads):
    return K.conv_forward(x.astype(np.float64), w.astype(np.float64), [1, 1], pads, [1, 1], 1)


def _rel(a, b):
    return np.abs(a - b).max() / (np.abs(b).max() + 1)


def test_winograd_matches_direct_on_random_shapes():
    # odd and even sizes (a cropped last tile row/column), asymmetric padding, outputs of one pixel
    rng = np.random.default_rng(0)
    seen = 0
    while seen < 40:
        n, c, o, h, wd = (int(v) for v in rng.integers(1, [3, 6, 6, 12, 12]))
        pads = [tuple(int(p) for p in rng.integers(0, 3, 2)) for _ in range(2)]
        if h + sum(pads[0]) < 3 or wd + sum(pads[1]) < 3:
            continue
        seen += 1
        x = rng.standard_normal((n, c, h, wd)).astype(np.float32)
        w = rng.standard_normal((o, c, 3, 3)).astype(np.float32)
        got, want = W.winograd_forward(x, w, pads), _direct(x, w, pads)
        assert got.shape == want.shape and got.dtype == np.float32 and got.flags.c_contiguous
        assert _rel(got, want) < 1e-6
        g = rng.standard_normal(want.shape).astype(np.float32)
        for extra in (0, 1):  # extra: a transposed conv's output_padding (rows no window reaches)
            in_sp = (h + extra, wd + extra)
            dx = W.winograd_grad_input(g, w, in_sp, pads)
            ref = K.conv_grad_input(g.astype(np.float64), w.astype(np.float64), in_sp, [1, 1], pads, [1, 1], 1)
            assert dx.shape == ref.shape and _rel(dx, ref) < 1e-6


def test_winograd_filter_gradient_matches_direct():
    # g may be smaller than the input's windows allow (a transposed conv's output_padding)
    rng = np.random.default_rng(4)
    seen = 0
    while seen < 30:
        n, c, o, h, wd = (int(v) for v in rng.integers(1, [3, 6, 6, 12, 12]))
        pads = [tuple(int(p) for p in rng.integers(0, 3, 2)) for _ in range(2)]
        oh, ow = h + sum(pads[0]) - 2, wd + sum(pads[1]) - 2
        if oh < 2 or ow < 1:
            continue
        seen += 1
        x = rng.standard_normal((n, c, h, wd)).astype(np.float32)
        for crop in (0, 1):
            g = rng.standard_normal((n, o, oh - crop, ow)).astype(np.float32)
            got = W.winograd_grad_filter(x, g, pads)
            want = K.conv_grad_filter(x.astype(np.float64), g.astype(np.float64), (3, 3), [1, 1], pads, [1, 1], 1)
            assert got.shape == want.shape and got.dtype == np.float32 and got.flags.c_contiguous
            assert _rel(got, want) < 1e-6


def test_winograd_grad_input_declines_padding_above_two():
    g = np.ones((1, 2, 4, 4), np.float32)
    assert W.winograd_grad_input(g, np.ones((2, 2, 3, 3), np.float32), (2, 2), [(3, 3), (3, 3)]) is None


def test_winograd_is_reused_scratch_safe():
    # two calls with the same geometry reuse the padded buffer: its border must stay zero
    rng = np.random.default_rng(1)
    w = rng.standard_normal((3, 2, 3, 3)).astype(np.float32)
    for _ in range(3):
        x = rng.standard_normal((2, 2, 7, 5)).astype(np.float32) * 100
        assert _rel(W.winograd_forward(x, w, [(1, 1), (1, 1)]), _direct(x, w, [(1, 1), (1, 1)])) < 1e-6
    # geometries whose buffers have the same size but other written regions (channels vs batch)
    for n, c in ((1, 2), (2, 1), (1, 2)):
        x = rng.standard_normal((n, c, 7, 5)).astype(np.float32) * 100
        wc = w[:, :c]
        assert _rel(W.winograd_forward(x, wc, [(1, 1), (1, 1)]), _direct(x, wc, [(1, 1), (1, 1)])) < 1e-6


def test_routing_follows_the_measured_rule(monkeypatch):
    calls = []
    real = W.winograd_forward

    def spy(x, w, pads):
        calls.append(x.shape)
        return real(x, w, pads)

    def spy_w(x, g, pads):
        calls.append("filter")
        return real_w(x, g, pads)

    real_w = W.winograd_grad_filter
    monkeypatch.setattr(K, "winograd_forward", spy)
    monkeypatch.setattr(W, "winograd_forward", spy)
    monkeypatch.setattr(K, "winograd_grad_filter", spy_w)
    rng = np.random.default_rng(2)
    x = rng.standard_normal((1, 128, 24, 24)).astype(np.float32)
    w = (rng.standard_normal((128, 128, 3, 3)) / 30).astype(np.float32)
    pads = [(1, 1), (1, 1)]
    out = K.conv_forward(x, w, [1, 1], pads, [1, 1], 1)
    assert calls == [x.shape] and _rel(out, _direct(x, w, pads)) < 1e-6
    g = rng.standard_normal(out.shape).astype(np.float32)
    dx, dw = K.conv_grads(x, g, w, [1, 1], pads, [1, 1], 1)
    assert calls[1:] == [g.shape, "filter"]
    rdx = K.conv_grad_input(g.astype(np.float64), w.astype(np.float64), x.shape[2:], [1, 1], pads, [1, 1], 1)
    rdw = K.conv_grad_filter(x.astype(np.float64), g.astype(np.float64), (3, 3), [1, 1], pads, [1, 1], 1)
    assert _rel(dx, rdx) < 1e-6 and _rel(dw, rdw) < 1e-5
    # not taken: few channels, stride 2, float64, few tiles
    K.conv_forward(x[:, :16], w[:, :16], [1, 1], pads, [1, 1], 1)
    K.conv_forward(x, w, [2, 2], pads, [1, 1], 1)
    K.conv_forward(x.astype(np.float64), w, [1, 1], pads, [1, 1], 1)
    K.conv_forward(x[:, :, :8, :8], w, [1, 1], pads, [1, 1], 1)
    K.conv_grad_filter(x[:, :32], g[:, :32], (3, 3), [1, 1], pads, [1, 1], 1)  # filter gradient: from 64 channels
    assert len(calls) == 3


_REF_SCRIPT = r"""
import sys
import numpy as np
import paddle
rng = np.random.default_rng(3)
x = paddle.to_tensor(rng.standard_normal((2, 128, 15, 16)).astype("float32"), stop_gradient=False)
w = paddle.to_tensor((rng.standard_normal((160, 128, 3, 3)) / 30).astype("float32"), stop_gradient=False)
y = paddle.nn.functional.conv2d(x, w, padding=1)
g = paddle.to_tensor(rng.standard_normal(y.shape).astype("float32"))
(y * g).sum().backward()
np.savez(sys.argv[1], y=y.numpy(), dx=x.grad.numpy(), dw=w.grad.numpy())
"""


def test_winograd_conv2d_matches_real_paddle(ref_python, tmp_path):
    # a shape the rule sends to Winograd (forward and input gradient), through the public API
    script = tmp_path / "conv.py"
    script.write_text(_REF_SCRIPT)
    res = {}
    for side, cmd in {"ref": [str(ref_python)], "ours": [sys.executable, "-m", "purepaddle"]}.items():
        subprocess.run(cmd + [str(script), str(tmp_path / f"{side}.npz")], check=True, env=child_env(),
                       capture_output=True)
        res[side] = np.load(tmp_path / f"{side}.npz")
    for key in ("y", "dx", "dw"):
        np.testing.assert_allclose(res["ours"][key], res["ref"][key], rtol=1e-4, atol=1e-4, err_msg=key)


def test_non_finite_operands_take_the_direct_path():
    # an inf or NaN reaches only the outputs whose windows hold it, as in the plain sum
    rng = np.random.default_rng(5)
    x = rng.standard_normal((1, 32, 20, 20)).astype(np.float32)
    w = (rng.standard_normal((32, 32, 3, 3)) / 20).astype(np.float32)
    pads = [(1, 1), (1, 1)]
    x[0, 3, 5, 5], x[0, 7, 12, 2] = np.inf, np.nan
    out = K.conv_forward(x, w, [1, 1], pads, [1, 1], 1)
    bad = ~np.isfinite(out[0, 0])
    assert bad.sum() == 18 and bad[4:7, 4:7].all() and bad[11:14, 1:4].all()
    g = np.ones_like(out)
    dx, dw = K.conv_grads(x, g, w, [1, 1], pads, [1, 1], 1)
    assert np.isfinite(dx).all() and not np.isfinite(dw[:, 3]).all() and np.isfinite(dw[:, 4]).all()
    assert W.finite(x[:, :3], w) and not W.finite(x, w)
