"""ShuffleNetV2 (Ma et al. 2018) as in paddle.vision.models: blocks named "<stage>_<i>", channel shuffle of 2."""
from ... import nn
from ... import tensor as _T
from ..layers import ConvNormActivation
from .weights import load_pretrained

__all__ = ["ShuffleNetV2", "shufflenet_v2_x0_25", "shufflenet_v2_x0_33", "shufflenet_v2_x0_5",
           "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0", "shufflenet_v2_swish"]

_ACTS = {"swish": nn.Swish, "relu": nn.ReLU, None: None}
# output channels of stem, stages 2-4 and the last 1x1 conv, per scale
_STAGE_OUT = {0.25: [24, 24, 48, 96, 512], 0.33: [24, 32, 64, 128, 512], 0.5: [24, 48, 96, 192, 1024],
              1.0: [24, 116, 232, 464, 1024], 1.5: [24, 176, 352, 704, 1024], 2.0: [24, 224, 488, 976, 2048]}


def _shuffle(x, groups):
    n, c, h, w = x.shape[0:4]
    x = _T.reshape(x, [n, groups, c // groups, h, w])
    return _T.reshape(_T.transpose(x, [0, 2, 1, 3, 4]), [n, c, h, w])


def _cna(cin, cout, k, stride, groups, act):
    return ConvNormActivation(cin, cout, kernel_size=k, stride=stride, padding=(k - 1) // 2, groups=groups,
                              activation_layer=act)


class InvertedResidual(nn.Layer):
    """Stride-1 unit: half the channels pass, the other half go pw -> dw -> pw; concatenated and shuffled."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_pw = _cna(in_channels // 2, half, 1, 1, 1, activation_layer)
        self._conv_dw = _cna(half, half, 3, stride, half, None)
        self._conv_linear = _cna(half, half, 1, 1, 1, activation_layer)

    def forward(self, inputs):
        c = inputs.shape[1] // 2
        x1, x2 = _T.split(inputs, [c, c], axis=1)
        x2 = self._conv_linear(self._conv_dw(self._conv_pw(x2)))
        return _shuffle(_T.concat([x1, x2], axis=1), 2)


class InvertedResidualDS(nn.Layer):
    """Downsampling unit: two strided branches (dw -> pw, and pw -> dw -> pw), concatenated and shuffled."""

    def __init__(self, in_channels, out_channels, stride, activation_layer=nn.ReLU):
        super().__init__()
        half = out_channels // 2
        self._conv_dw_1 = _cna(in_channels, in_channels, 3, stride, in_channels, None)
        self._conv_linear_1 = _cna(in_channels, half, 1, 1, 1, activation_layer)
        self._conv_pw_2 = _cna(in_channels, half, 1, 1, 1, activation_layer)
        self._conv_dw_2 = _cna(half, half, 3, stride, half, None)
        self._conv_linear_2 = _cna(half, half, 1, 1, 1, activation_layer)

    def forward(self, inputs):
        x1 = self._conv_linear_1(self._conv_dw_1(inputs))
        x2 = self._conv_linear_2(self._conv_dw_2(self._conv_pw_2(inputs)))
        return _shuffle(_T.concat([x1, x2], axis=1), 2)


class ShuffleNetV2(nn.Layer):
    """ShuffleNetV2: stem, max pooling, stages of 4/8/4 units, a 1x1 conv, pooling and a Linear.

    Args:
        scale (float, optional): 0.25, 0.33, 0.5, 1.0, 1.5 or 2.0. Default: 1.0.
        act (str|None, optional): "relu", "swish" or None. Default: "relu".
        num_classes (int, optional): output classes; <= 0 leaves out the Linear. Default: 1000.
        with_pool (bool, optional): global average pooling before the Linear. Default: True.

    Returns:
        ShuffleNetV2: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import ShuffleNetV2
            >>> ShuffleNetV2(scale=0.25, num_classes=5)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, scale=1.0, act="relu", num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        if act not in _ACTS:
            raise RuntimeError(f"The activation function is not supported: {act}")
        if scale not in _STAGE_OUT:
            raise NotImplementedError("This scale size:[" + str(scale) + "] is not implemented!")
        act_layer = _ACTS[act]
        out = _STAGE_OUT[scale]
        self._conv1 = _cna(3, out[0], 3, 2, 1, act_layer)
        self._max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self._block_list = []
        for stage, repeats in enumerate([4, 8, 4]):
            for i in range(repeats):
                block = (InvertedResidualDS(out[stage], out[stage + 1], 2, act_layer) if i == 0 else
                         InvertedResidual(out[stage + 1], out[stage + 1], 1, act_layer))
                self._block_list.append(self.add_sublayer(f"{stage + 2}_{i + 1}", block))
        self._last_conv = _cna(out[-2], out[-1], 1, 1, 1, act_layer)
        if with_pool:
            self._pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self._out_c = out[-1]
            self._fc = nn.Linear(out[-1], num_classes)

    def forward(self, inputs):
        x = self._max_pool(self._conv1(inputs))
        for block in self._block_list:
            x = block(x)
        x = self._last_conv(x)
        if self.with_pool:
            x = self._pool2d_avg(x)
        if self.num_classes > 0:
            x = self._fc(_T.flatten(x, 1))
        return x


def _builder(arch, scale, act="relu"):
    def build(pretrained=False, **kwargs):
        model = ShuffleNetV2(scale=scale, act=act, **kwargs)
        return load_pretrained(model, arch) if pretrained else model
    build.__name__ = build.__qualname__ = arch
    build.__doc__ = f"""ShuffleNetV2 with scale {scale} and {act} activations; `kwargs` go to ShuffleNetV2.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        ShuffleNetV2: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import {arch}
            >>> len({arch}(num_classes=3)._block_list)
            16
    """
    return build


shufflenet_v2_x0_25 = _builder("shufflenet_v2_x0_25", 0.25)
shufflenet_v2_x0_33 = _builder("shufflenet_v2_x0_33", 0.33)
shufflenet_v2_x0_5 = _builder("shufflenet_v2_x0_5", 0.5)
shufflenet_v2_x1_0 = _builder("shufflenet_v2_x1_0", 1.0)
shufflenet_v2_x1_5 = _builder("shufflenet_v2_x1_5", 1.5)
shufflenet_v2_x2_0 = _builder("shufflenet_v2_x2_0", 2.0)
shufflenet_v2_swish = _builder("shufflenet_v2_swish", 1.0, "swish")
