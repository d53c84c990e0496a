"""paddle.incubate.asp against real Paddle 3.3.1 (tests/fixtures/incubate/asp.json by make_asp_fixtures.py): the
2:4 masks of each algorithm, the excluded layers, one decorated training step; and that weights keep training."""
import json
import pathlib

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.incubate import asp

FIX = json.loads((pathlib.Path(__file__).resolve().parent.parent / "fixtures" / "incubate" / "asp.json").read_text())


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(4, 8, 3)
        self.l1 = paddle.nn.Linear(8, 12)
        self.l2 = paddle.nn.Linear(12, 3)
        self.l3 = paddle.nn.Linear(3, 4)

    def forward(self, x):
        h = self.conv(x).mean(axis=[2, 3])
        return self.l3(self.l2(self.l1(h)))


@pytest.mark.parametrize("algo", ["mask_1d", "mask_2d_greedy", "mask_2d_best"])
def test_prune_and_step_match_paddle(algo):
    case = FIX[algo]
    net = Net()
    for p, w in zip(net.parameters(), case["weights"]):
        p.set_value(np.asarray(w, dtype="float32"))
    opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters()))
    if algo == "mask_2d_best":
        asp.set_excluded_layers([net.l2.full_name()])
    try:
        masks = asp.prune_model(net, mask_algo=algo)
    finally:
        asp.reset_excluded_layers()
    assert [p.name in masks for p in net.parameters()] == case["masked"]
    for p, want in zip(net.parameters(), case["pruned"]):
        np.testing.assert_array_equal(p.numpy(), np.asarray(want, dtype="float32"))
    net(paddle.to_tensor(np.asarray(case["x"], dtype="float32"))).sum().backward()
    opt.step()
    opt.clear_grad()
    for p, want in zip(net.parameters(), case["stepped"]):
        np.testing.assert_allclose(p.numpy(), want, rtol=1e-5, atol=1e-5)
    assert [asp.calculate_density(p.numpy()) for p in net.parameters()] == case["density"]


def test_masked_weights_keep_training_and_stay_sparse():
    # Paddle 3.3.1 freezes them after the first masked step (stop_gradient=True); purepaddle keeps training them
    rng = np.random.default_rng(0)
    net = paddle.nn.Sequential(paddle.nn.Linear(8, 8), paddle.nn.Linear(8, 4))
    opt = asp.decorate(paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters()))
    asp.prune_model(net)
    x = paddle.to_tensor(rng.standard_normal((3, 8)).astype("float32"))
    for _ in range(3):
        before = net[0].weight.numpy().copy()
        (net(x) ** 2).sum().backward()
        grad = net[0].weight.grad.numpy()
        opt.step()
        opt.clear_grad()
        np.testing.assert_allclose(net[0].weight.numpy(), (before - 0.1 * grad) * (before != 0), rtol=1e-6)
        assert not net[0].weight.stop_gradient
    assert asp.calculate_density(net[0].weight.numpy()) == 0.5
    state = opt.state_dict()
    assert f"{net[0].weight.name}.asp_mask" in state


def test_masks_and_checks():
    assert asp.calculate_density(np.array([[0.0, 1, 3, 0], [1, 1, 0, 1]])) == FIX["calculate_density"]
    w = np.arange(1, 17, dtype="float32").reshape(4, 4)
    mask = asp.create_mask(w, asp.MaskAlgo.MASK_1D)
    assert mask.tolist() == [[0, 0, 1, 1]] * 4 and asp.check_sparsity(w * mask)
    assert not asp.check_sparsity(w)
    with pytest.raises(AssertionError, match="decorate"):
        asp.prune_model(paddle.nn.Linear(8, 8))
    masks = asp.prune_model(paddle.nn.Linear(8, 8), with_mask=False)
    assert masks


def test_add_supported_layer_with_a_custom_pruner():
    class Custom(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.weight = self.create_parameter([8, 8])

    calls = []

    def prune(weights, m, n, algo, name):
        calls.append(name)
        return weights * 0, np.zeros_like(weights)

    asp.add_supported_layer(Custom, prune)
    layer = Custom()
    asp.prune_model(layer, with_mask=False)
    assert calls == [layer.weight.name] and not layer.weight.numpy().any()
