"""The compiled dense updates (ops/optimizer/_update_jit.py: sgd, momentum, adam) against the NumPy forms, bit
for bit, through the public optimizers (several steps, one and three intra-op threads)."""
import numpy as np
import pytest

import purepaddle as paddle
from tests.jit_forms import both_forms, split_kernels

pytest.importorskip("numba")

OPTIMIZERS = {
    "sgd": lambda ps: paddle.optimizer.SGD(learning_rate=0.1, parameters=ps),
    "momentum": lambda ps: paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9, parameters=ps),
    "adam": lambda ps: paddle.optimizer.Adam(learning_rate=0.01, parameters=ps),
    "adamw": lambda ps: paddle.optimizer.AdamW(learning_rate=0.01, parameters=ps, weight_decay=0.1),
}


def _train(make_opt, dtype):
    paddle.seed(0)
    net = paddle.nn.Sequential(paddle.nn.Linear(7, 33), paddle.nn.Tanh(), paddle.nn.Linear(33, 3))
    if dtype == "float64":
        net = net.to(dtype="float64")
    opt = make_opt(net.parameters())
    rng = np.random.default_rng(1)
    for step in range(4):
        x = paddle.to_tensor((rng.standard_normal((5, 7)) * (1e3 if step == 2 else 1)).astype(dtype))
        (net(x) ** 2).mean().backward()
        opt.step()
        opt.clear_grad()
    return [p.numpy() for p in net.parameters()] + [np.asarray(v.numpy() if hasattr(v, "numpy") else v)
                                                     for v in opt.state_dict().values()
                                                     if hasattr(v, "numpy")]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("name", sorted(OPTIMIZERS))
@pytest.mark.parametrize("split", [False, True])
def test_compiled_updates_give_the_numpy_bits(monkeypatch, name, dtype, split):
    if split:
        split_kernels(monkeypatch)
    runs = both_forms(lambda: _train(OPTIMIZERS[name], dtype))
    assert len(runs[0]) == len(runs[1]) >= 4
    for a, b in zip(*runs):
        np.testing.assert_array_equal(a, b)
