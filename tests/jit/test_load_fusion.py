"""A jit.load'ed layer in eval runs its program after the inference IR passes (batch_norm folded into the conv,
conv + bias + relu fused), with folded weights rebuilt when a parameter changes; the numbers match the unfused
program (and real Paddle's jit.load) within float32 rounding."""
import os
import subprocess

import numpy as np

import purepaddle as paddle


class _Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 8, 3, padding=1)
        self.bn = paddle.nn.BatchNorm2D(8)
        self.fc = paddle.nn.Linear(8, 4)

    def forward(self, x):
        y = paddle.nn.functional.relu(self.bn(self.conv(x)))
        return self.fc(y.mean(axis=[2, 3]))


def _saved(tmp_path):
    paddle.seed(3)
    net = _Net()
    r = np.random.default_rng(0)
    net.bn._mean.set_value(r.standard_normal(8).astype("float32"))
    net.bn._variance.set_value(r.uniform(0.5, 2, 8).astype("float32"))
    net.bn.weight.set_value(r.standard_normal(8).astype("float32"))
    net.eval()
    path = str(tmp_path / "net")
    paddle.jit.save(net, path, input_spec=[paddle.static.InputSpec([None, 3, 10, 10], "float32", "x")])
    return net, path


_X = np.random.default_rng(1).standard_normal((2, 3, 10, 10)).astype("float32")


def test_eval_runs_the_fused_program(tmp_path):
    net, path = _saved(tmp_path)
    layer = paddle.jit.load(path)
    layer.eval()
    got = layer(paddle.to_tensor(_X)).numpy()
    holder = layer._program_holder_dict["forward"]
    types = [op.type for op in holder._fused[1].program.global_block().ops]
    assert "batch_norm" not in types and "fused_conv2d_add_act" in types, types
    with paddle.no_grad():
        want = net(paddle.to_tensor(_X)).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    # a changed parameter rebuilds the folded weights
    bn_w = [p for n, p in layer.named_parameters() if p.shape == [8]]
    for p in bn_w:
        p.set_value(p.numpy() * 2)
    for p in net.bn.parameters():
        p.set_value(p.numpy() * 2)
    got2 = layer(paddle.to_tensor(_X)).numpy()
    with paddle.no_grad():
        want2 = net(paddle.to_tensor(_X)).numpy()
    assert not np.allclose(got2, got)
    np.testing.assert_allclose(got2, want2, rtol=1e-5, atol=1e-5)
    # training mode still runs the unfused program, with gradients
    layer.train()
    out = layer(paddle.to_tensor(_X))
    out.sum().backward()
    assert all(p.grad is not None for p in layer.parameters() if not p.stop_gradient)


_REF = """
import sys, numpy as np, paddle
layer = paddle.jit.load(sys.argv[1])
layer.eval()
x = np.random.default_rng(1).standard_normal((2, 3, 10, 10)).astype("float32")
np.save(sys.argv[2], layer(paddle.to_tensor(x)).numpy())
"""


def test_matches_real_paddles_jit_load(tmp_path, ref_python):
    _, path = _saved(tmp_path)
    layer = paddle.jit.load(path)
    layer.eval()
    got = layer(paddle.to_tensor(_X)).numpy()
    out = tmp_path / "ref.npy"
    proc = subprocess.run([str(ref_python), "-c", _REF, path, str(out)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": ""})
    assert proc.returncode == 0, proc.stderr[-3000:]
    np.testing.assert_allclose(got, np.load(out), rtol=1e-5, atol=1e-5)
