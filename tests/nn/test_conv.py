"""Layer tests for the convolution, pooling, vision and resampling layers of paddle.nn."""
import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.nn as nn
import purepaddle.nn.functional as F


def test_conv2d_parameters_and_default_init():
    paddle.seed(1)
    conv = nn.Conv2D(16, 32, 3)
    assert conv.weight.shape == [32, 16, 3, 3] and conv.bias.shape == [32]
    assert conv.weight.name.endswith(".w_0") and conv.bias.name.endswith(".b_0")
    assert conv.weight.name.startswith("conv2d_")
    # Paddle's default: Normal(0, sqrt(2 / (in_channels * kH * kW))); the bias starts at zero
    np.testing.assert_allclose(conv.weight.numpy().std(), (2 / (16 * 9)) ** 0.5, rtol=0.05)
    assert not conv.bias.numpy().any()
    assert [n for n, _ in conv.named_parameters()] == ["weight", "bias"]
    t = nn.Conv2DTranspose(16, 32, 3)  # transposed: XavierUniform over [in, out, k, k]
    assert t.weight.shape == [16, 32, 3, 3] and t.weight.name.startswith("conv2d_transpose_")
    limit = (6 / (32 * 9 + 16 * 9)) ** 0.5
    assert np.abs(t.weight.numpy()).max() <= limit and np.abs(t.weight.numpy()).max() > 0.9 * limit


def test_conv_bias_options_and_attrs():
    assert nn.Conv2D(2, 3, 3, bias_attr=False).bias is None
    assert nn.Conv2D(2, 3, 3, bias=False).bias is None
    conv = nn.Conv1D(3, 2, 3, weight_attr=nn.initializer.Constant(1.0), bias_attr=nn.initializer.Constant(0.5))
    out = conv(paddle.ones([1, 3, 4]))
    np.testing.assert_allclose(out.numpy(), np.full((1, 2, 2), 9.5))
    with pytest.raises(AssertionError):
        nn.Conv2D(2, 3, 3, weight_attr=False)
    with pytest.raises(ValueError, match="padding_mode"):
        nn.Conv2D(2, 3, 3, padding_mode="edge")
    with pytest.raises(ValueError, match="divisible"):
        nn.Conv2D(3, 4, 3, groups=2)


def test_conv_layer_reprs_match_paddle():
    assert repr(nn.Conv2D(16, 32, 3)) == "Conv2D(16, 32, kernel_size=[3, 3], data_format=NCHW)"
    assert repr(nn.Conv2D(4, 8, 3, stride=2, padding=1, dilation=2, groups=2, padding_mode="reflect",
                          data_format="NHWC")) == ("Conv2D(4, 8, kernel_size=[3, 3], stride=[2, 2], padding=1, "
                                                   "padding_mode=reflect, dilation=[2, 2], groups=2, data_format=NHWC)")
    assert repr(nn.Conv2DTranspose(4, 8, 3, stride=2, output_padding=1)) == (
        "Conv2DTranspose(4, 8, kernel_size=[3, 3], stride=[2, 2], output_padding=1, data_format=NCHW)")
    assert repr(nn.MaxPool2D(2)) == "MaxPool2D(kernel_size=2, stride=None, padding=0)"
    assert repr(nn.AdaptiveMaxPool2D(3)) == "AdaptiveMaxPool2D(output_size=3, return_mask=False)"
    assert repr(nn.LPPool2D(2, 3)) == "LPPool2D(norm_type=2.0, kernel_size=3, stride=3, padding=0)"
    assert repr(nn.Pad2D(1, mode="reflect")) == "Pad2D(padding=[1, 1, 1, 1], mode=reflect, value=0.0, data_format=NCHW)"
    assert repr(nn.Upsample(size=[12, 12])) == ("Upsample(size=[12, 12], mode=nearest, align_corners=False, "
                                                "align_mode=0, data_format=None)")
    assert repr(nn.Unfold([3, 3])) == "Unfold(kernel_size=[3, 3], dilation=1, padding=0, stride=1)"
    assert repr(nn.PixelShuffle(3)) == "PixelShuffle(upscale_factor=3)"


def test_conv_layers_forward_shapes_and_padding_modes():
    x = paddle.rand([2, 4, 8, 8])
    assert nn.Conv2D(4, 6, 3, padding="same")(x).shape == [2, 6, 8, 8]
    assert nn.Conv3D(4, 6, 3)(paddle.rand([1, 4, 5, 5, 5])).shape == [1, 6, 3, 3, 3]
    assert nn.Conv2DTranspose(4, 6, 3, stride=2)(x, output_size=[18, 18]).shape == [2, 6, 18, 18]
    assert nn.Conv1DTranspose(4, 2, 3, stride=2)(paddle.rand([1, 4, 5]), output_size=[12]).shape == [1, 2, 12]
    assert nn.Conv3DTranspose(4, 2, 2, stride=2)(paddle.rand([1, 4, 2, 2, 2])).shape == [1, 2, 4, 4, 4]
    conv = nn.Conv2D(4, 6, 3, padding=1, padding_mode="circular")
    ref = F.conv2d(F.pad(x, [1, 1, 1, 1], mode="circular"), conv.weight, conv.bias)
    np.testing.assert_allclose(conv(x).numpy(), ref.numpy(), rtol=1e-6)
    nhwc = nn.Conv2D(4, 6, 3, data_format="NHWC")
    nhwc.weight.set_value(conv.weight)
    np.testing.assert_allclose(nhwc(x.transpose([0, 2, 3, 1])).numpy(),
                               F.conv2d(x, conv.weight, nhwc.bias).numpy().transpose(0, 2, 3, 1), rtol=1e-5,
                               atol=1e-6)
    assert nn.Conv2D(4, 6, 3)(input=x).shape == [2, 6, 6, 6]


def test_pool_and_resample_layers_match_functional():
    x = paddle.rand([2, 3, 8, 8])
    np.testing.assert_array_equal(nn.MaxPool2D(2)(x).numpy(), F.max_pool2d(x, 2).numpy())
    np.testing.assert_array_equal(nn.AvgPool2D(3, 1, 1)(x).numpy(), F.avg_pool2d(x, 3, 1, 1).numpy())
    out, mask = nn.MaxPool2D(2, return_mask=True)(x)
    np.testing.assert_array_equal(nn.MaxUnPool2D(2)(out, mask).numpy(), F.max_unpool2d(out, mask, 2).numpy())
    np.testing.assert_array_equal(nn.AdaptiveAvgPool2D([3, None])(x).numpy(), F.adaptive_avg_pool2d(x, [3, 8]).numpy())
    assert nn.AdaptiveMaxPool3D(2, return_mask=True)(paddle.rand([1, 2, 4, 4, 4]))[1].dtype == paddle.int32
    assert nn.LPPool1D(2, 2)(paddle.rand([1, 3, 8])).shape == [1, 3, 4]
    assert nn.FractionalMaxPool2D(3, random_u=0.5)(x).shape == [2, 3, 3, 3]
    np.testing.assert_allclose(nn.UpsamplingBilinear2D(scale_factor=2)(x).numpy(),
                               F.interpolate(x, scale_factor=2, mode="bilinear", align_corners=True).numpy())
    assert nn.UpsamplingNearest2D(size=5)(x).shape == [2, 3, 5, 5]
    assert nn.Upsample(scale_factor=[2, 1], mode="bicubic")(x).shape == [2, 3, 16, 8]
    np.testing.assert_array_equal(nn.ZeroPad2D([1, 0, 2, 0])(x).numpy(), F.pad(x, [1, 0, 2, 0]).numpy())
    np.testing.assert_array_equal(nn.ReflectionPad1D([2, 1])(x[:, :, 0]).numpy(),
                                  np.pad(x[:, :, 0].numpy(), [(0, 0), (0, 0), (2, 1)], mode="reflect"))
    assert nn.ConstantPad3D(1, 0.5)(paddle.zeros([1, 1, 1, 1, 1])).numpy().sum() == 0.5 * 26
    cols = nn.Unfold([2, 2], strides=2)(x)
    np.testing.assert_allclose(nn.Fold([8, 8], 2, strides=2)(cols).numpy(), x.numpy())
    np.testing.assert_array_equal(nn.PixelUnshuffle(2)(nn.PixelShuffle(2)(x[:, :2].tile([1, 2, 1, 1]))).numpy(),
                                  x[:, :2].tile([1, 2, 1, 1]).numpy())
    assert nn.ChannelShuffle(3)(paddle.rand([1, 6, 2, 2])).shape == [1, 6, 2, 2]


class _LeNet(nn.Layer):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2D(1, 6, 3, 1, 1), nn.ReLU(), nn.MaxPool2D(2, 2), nn.Conv2D(6, 16, 5),
                                      nn.ReLU(), nn.MaxPool2D(2, 2))
        self.fc = nn.Linear(16 * 4 * 4, 10)

    def forward(self, x):
        return self.fc(paddle.flatten(self.features(x), 1))


def test_small_cnn_trains():
    paddle.seed(0)
    net = _LeNet()
    opt = paddle.optimizer.SGD(learning_rate=0.05, parameters=net.parameters())
    rng = np.random.default_rng(0)
    x = paddle.to_tensor(rng.standard_normal((16, 1, 24, 24)).astype("float32"))
    y = paddle.to_tensor(rng.integers(0, 10, (16, 1)).astype("int64"))
    losses = []
    for _ in range(15):
        loss = F.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < 0.5 * losses[0]


def test_static_cnn_matches_dygraph():
    paddle.seed(0)
    net = _LeNet()
    x = np.random.default_rng(1).standard_normal((2, 1, 24, 24)).astype("float32")
    eager = net(paddle.to_tensor(x)).numpy()
    state = {k: v.numpy() for k, v in net.state_dict().items()}
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            snet = _LeNet()
            out = snet(paddle.static.data("x", [None, 1, 24, 24], "float32"))
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        scope = paddle.static.global_scope()
        for k, p in snet.state_dict().items():
            scope.var(p.name).get_tensor().set(state[k], paddle.CPUPlace())
        got = exe.run(main, feed={"x": x}, fetch_list=[out])[0]
        types = [op.type for op in main.global_block().ops]
    finally:
        paddle.disable_static()
    np.testing.assert_allclose(got, eager, rtol=1e-5, atol=1e-5)
    assert types.count("conv2d") == 2 and types.count("pool2d") == 2
