"""Re-saving a loaded model whose program holds control-flow ops (cond's conditional_block, while_loop's
while): jit.load -> jit.save copies the ops with their sub-blocks, and the re-saved model predicts as the
original in purepaddle (TranslatedLayer, load_inference_model) and in real Paddle (jit.load and its predictor)."""
import os
import subprocess

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static import InputSpec


@pytest.fixture(autouse=True)
def _legacy_files():
    """These checks are on the legacy `.pdmodel` files (FLAGS_enable_pir_api=0; conftest restores the flag)."""
    paddle.set_flags({"FLAGS_enable_pir_api": False})


class _Branchy(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    def forward(self, x):
        h = self.fc(x)
        y = paddle.static.nn.cond(h.mean() > 0, lambda: h * 2, lambda: h - 1)
        i = paddle.full([1], 0, "int64")
        i, y = paddle.static.nn.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, paddle.tanh(self.fc(y))), [i, y])
        return y


def _model(tmp_path):
    paddle.seed(0)
    net = _Branchy()
    xs = [np.full((2, 4), v, "float32") for v in (-3.0, 3.0)]
    signs = [float(net.fc(paddle.to_tensor(x)).mean()) > 0 for x in xs]
    if signs[0] == signs[1]:
        xs[1] = -xs[1]
    assert {float(net.fc(paddle.to_tensor(x)).mean()) > 0 for x in xs} == {True, False}  # both branches run
    eager = [net(paddle.to_tensor(x)).numpy() for x in xs]
    paddle.jit.save(net, str(tmp_path / "a"), input_spec=[InputSpec([None, 4], "float32", "x")])
    return xs, eager


def _predict(prefix, x):
    """The model run by load_inference_model + Executor (purepaddle's predictor runs no control-flow op yet)."""
    paddle.enable_static()
    try:
        exe = paddle.static.Executor()
        with paddle.static.scope_guard(paddle.static.Scope()):
            prog, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
            return exe.run(prog, feed={feeds[0]: x}, fetch_list=fetches)[0]
    finally:
        paddle.disable_static()


def test_a_loaded_model_with_cond_and_while_saves_again(tmp_path):
    xs, eager = _model(tmp_path)
    loaded = paddle.jit.load(str(tmp_path / "a"))
    paddle.jit.save(loaded, str(tmp_path / "b"))
    types = [op.type for b in paddle.jit.load(str(tmp_path / "b")).program().blocks for op in b.ops]
    assert types.count("conditional_block") == 2 and types.count("while") == 1
    again = paddle.jit.load(str(tmp_path / "b"))
    for x, e in zip(xs, eager):
        np.testing.assert_allclose(again(paddle.to_tensor(x)).numpy(), e, rtol=1e-6, atol=1e-7)
        np.testing.assert_allclose(_predict(str(tmp_path / "b"), x), e, rtol=1e-6, atol=1e-7)
    paddle.jit.save(again, str(tmp_path / "c"))  # and once more, from the re-saved copy
    for x, e in zip(xs, eager):
        np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "c"))(paddle.to_tensor(x)).numpy(), e,
                                   rtol=1e-6, atol=1e-7)


_REF = r"""
import sys, numpy as np, paddle
d = sys.argv[1]
io = np.load(d + "/io.npz")
outs = {}
for k in range(2):
    outs[f"jit{k}"] = paddle.jit.load(d + "/b")(paddle.to_tensor(io[f"x{k}"])).numpy()
    cfg = paddle.inference.Config(d + "/b.pdmodel", d + "/b.pdiparams")
    cfg.disable_glog_info()
    pr = paddle.inference.create_predictor(cfg)
    pr.get_input_handle(pr.get_input_names()[0]).copy_from_cpu(io[f"x{k}"])
    pr.run()
    outs[f"pred{k}"] = pr.get_output_handle(pr.get_output_names()[0]).copy_to_cpu()
np.savez(d + "/ref.npz", **outs)
"""


def test_real_paddle_runs_the_resaved_model(tmp_path, ref_python):
    xs, eager = _model(tmp_path)
    paddle.jit.save(paddle.jit.load(str(tmp_path / "a")), str(tmp_path / "b"))
    np.savez(tmp_path / "io.npz", x0=xs[0], x1=xs[1])
    proc = subprocess.run([str(ref_python), "-c", _REF, str(tmp_path)], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "FLAGS_enable_pir_api": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    ref = np.load(tmp_path / "ref.npz")
    for k, e in enumerate(eager):
        np.testing.assert_allclose(ref[f"jit{k}"], e, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(ref[f"pred{k}"], e, rtol=1e-5, atol=1e-6)
