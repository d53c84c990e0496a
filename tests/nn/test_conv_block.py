"""conv_bn_act (nn/layer/conv_block.py): the eager conv -> batch_norm -> relu (+ residual) step gives the plain
chain's values bit for bit, and takes the plain chain wherever the intermediates could be observed."""
import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.nn.layer import conv_block
from purepaddle.nn.layer.conv_block import conv_bn_act


def _randomize_bn(layer, seed):
    for i, bn in enumerate(m for m in layer.sublayers(include_self=True) if isinstance(m, paddle.nn.BatchNorm2D)):
        c = bn._mean.shape[0]
        r = np.random.default_rng(seed + i)
        dt = bn._mean.numpy().dtype
        bn._mean.set_value(r.standard_normal(c).astype(dt))
        bn._variance.set_value(r.uniform(0.5, 2, c).astype(dt))
        bn.weight.set_value(r.standard_normal(c).astype(dt))
        bn.bias.set_value(r.standard_normal(c).astype(dt))


def _plain_too(monkeypatch, fn):
    """fn() with the fused path on (checked to be taken), then off: (fused, plain) as arrays."""
    calls = []
    real = conv_block.channel_epilogue
    monkeypatch.setattr(conv_block, "channel_epilogue", lambda *a, **k: calls.append(1) or real(*a, **k))
    a = fn().numpy()
    assert calls, "the fused path was not taken"
    monkeypatch.undo()
    monkeypatch.setattr(conv_block, "_fusable_layers", lambda *args: False)
    b = fn().numpy()
    monkeypatch.undo()
    return a, b


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("stride,padding,k", [(1, 1, 3), (2, 1, 3), (1, 0, 1), (2, 3, 7)])
def test_bit_equal_to_plain_chain(monkeypatch, dtype, stride, padding, k):
    paddle.seed(1)
    conv = paddle.nn.Conv2D(4, 6, k, stride=stride, padding=padding, bias_attr=(k == 1))
    bn, relu = paddle.nn.BatchNorm2D(6), paddle.nn.ReLU()
    for m in (conv, bn):
        m.to(dtype=dtype)
        m.eval()
    _randomize_bn(bn, 3)
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 4, 11, 10)).astype(dtype))
    with paddle.no_grad():
        res = paddle.to_tensor(np.random.default_rng(1).standard_normal(conv(x).shape).astype(dtype))
        for act in (relu, paddle.nn.ReLU6(), None):
            for r in (None, res):
                a, b = _plain_too(monkeypatch, lambda: conv_bn_act(x, conv, bn, act, r))
                assert a.dtype == b.dtype == np.dtype(dtype)
                np.testing.assert_array_equal(a, b)
        np.testing.assert_array_equal(res.numpy(), np.random.default_rng(1).standard_normal(res.shape).astype(dtype))


def test_resnet_and_sequential(monkeypatch):
    paddle.seed(0)
    net = paddle.vision.models.resnet18(num_classes=10)
    net.eval()
    _randomize_bn(net, 0)
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 3, 40, 40)).astype("float32"))
    with paddle.no_grad():
        a, b = _plain_too(monkeypatch, lambda: net(x))
    np.testing.assert_array_equal(a, b)
    seq = paddle.nn.Sequential(paddle.nn.Conv2D(3, 5, 3), paddle.nn.BatchNorm2D(5), paddle.nn.ReLU(),
                               paddle.nn.Conv2D(5, 5, 1), paddle.nn.BatchNorm2D(5))
    seq.eval()
    _randomize_bn(seq, 7)
    with paddle.no_grad():
        a, b = _plain_too(monkeypatch, lambda: seq(x))
    np.testing.assert_array_equal(a, b)


def test_mobilenet_v2_relu6_blocks(monkeypatch):
    # ConvNormActivation(..., activation_layer=ReLU6) is a Sequential: its conv -> bn -> relu6 runs fused,
    # depthwise convolutions included, with the plain chain's values; relu6 keeps -0.0 and clips at 6
    paddle.seed(0)
    net = paddle.vision.models.mobilenet_v2(scale=0.5, num_classes=10)
    net.eval()
    _randomize_bn(net, 0)
    x = paddle.to_tensor(np.random.default_rng(0).standard_normal((2, 3, 32, 32)).astype("float32") * 4)
    with paddle.no_grad():
        a, b = _plain_too(monkeypatch, lambda: net(x))
    np.testing.assert_array_equal(a, b)
    from purepaddle.ops.conv.epilogue import channel_epilogue
    z = np.array([[[-0.0, -1.0, 7.5, np.nan, 3.0]]], dtype="float32")
    got = channel_epilogue(z.copy(), act="relu6")
    want = paddle.nn.functional.relu6(paddle.to_tensor(z)).numpy()
    np.testing.assert_array_equal(got, want)
    assert np.signbit(got[0, 0, 0]) == np.signbit(want[0, 0, 0])


def test_hooks_see_the_plain_intermediates():
    paddle.seed(0)
    conv, bn, relu = paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU()
    bn.eval()
    _randomize_bn(bn, 2)
    seen = []
    conv.register_forward_post_hook(lambda layer, inp, out: seen.append(out.numpy().copy()) or None)
    x = paddle.rand([1, 3, 6, 6])
    with paddle.no_grad():
        y = conv_bn_act(x, conv, bn, relu)
        c = conv(x)
    np.testing.assert_array_equal(seen[0], c.numpy())  # the conv output the hook kept was not overwritten
    np.testing.assert_array_equal(y.numpy(), relu(bn(c)).numpy())


def test_gradients_and_training_take_the_plain_chain():
    paddle.seed(0)
    conv, bn, relu = paddle.nn.Conv2D(3, 4, 3), paddle.nn.BatchNorm2D(4), paddle.nn.ReLU()
    x = paddle.rand([2, 3, 6, 6])
    x.stop_gradient = False
    for training in (True, False):
        bn.train() if training else bn.eval()
        y = conv_bn_act(x, conv, bn, relu)
        ref = relu(bn(conv(x)))
        np.testing.assert_array_equal(y.numpy(), ref.numpy())
        y.sum().backward()
        gx = x.grad.numpy().copy()
        x.clear_grad()
        ref.sum().backward()
        np.testing.assert_array_equal(gx, x.grad.numpy())
        x.clear_grad()
