"""MobileNetV1 (Howard et al. 2017) as in paddle.vision.models: depthwise-separable blocks conv2_1 ... conv6."""
from ... import nn
from ... import tensor as _T
from ..layers import ConvNormActivation
from .weights import load_pretrained

__all__ = ["MobileNetV1", "mobilenet_v1"]

# (name, in, out1, out2, groups, stride) before scaling; conv5_1..conv5_5 repeat the same 512 block
_BLOCKS = ([("conv2_1", 32, 32, 64, 32, 1), ("conv2_2", 64, 64, 128, 64, 2), ("conv3_1", 128, 128, 128, 128, 1),
            ("conv3_2", 128, 128, 256, 128, 2), ("conv4_1", 256, 256, 256, 256, 1),
            ("conv4_2", 256, 256, 512, 256, 2)]
           + [(f"conv5_{i}", 512, 512, 512, 512, 1) for i in range(1, 6)]
           + [("conv5_6", 512, 512, 1024, 512, 2), ("conv6", 1024, 1024, 1024, 1024, 1)])


class DepthwiseSeparable(nn.Layer):
    """A 3x3 depthwise ConvNormActivation then a 1x1 pointwise one."""

    def __init__(self, in_channels, out_channels1, out_channels2, num_groups, stride, scale):
        super().__init__()
        self._depthwise_conv = ConvNormActivation(in_channels, int(out_channels1 * scale), kernel_size=3,
                                                  stride=stride, padding=1, groups=int(num_groups * scale))
        self._pointwise_conv = ConvNormActivation(int(out_channels1 * scale), int(out_channels2 * scale),
                                                  kernel_size=1, stride=1, padding=0)

    def forward(self, x):
        return self._pointwise_conv(self._depthwise_conv(x))


class MobileNetV1(nn.Layer):
    """MobileNetV1: a 3x3 stride-2 stem and 13 depthwise-separable blocks, pooling and a Linear.

    Args:
        scale (float, optional): channel multiplier. Default: 1.0.
        num_classes (int, optional): output classes; <= 0 leaves out the Linear. Default: 1000.
        with_pool (bool, optional): global average pooling before the Linear. Default: True.

    Returns:
        MobileNetV1: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import MobileNetV1
            >>> MobileNetV1(scale=0.25, num_classes=5)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.scale = scale
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.conv1 = ConvNormActivation(3, int(32 * scale), kernel_size=3, stride=2, padding=1)
        self.dwsl = [self.add_sublayer(name, DepthwiseSeparable(int(cin * scale), o1, o2, g, s, scale))
                     for name, cin, o1, o2, g, s in _BLOCKS]
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.fc = nn.Linear(int(1024 * scale), num_classes)

    def forward(self, x):
        x = self.conv1(x)
        for block in self.dwsl:
            x = block(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.fc(_T.flatten(x, 1))
        return x


def mobilenet_v1(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV1 with channel multiplier `scale`; `kwargs` go to MobileNetV1.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache (scale 1.0). Default: False.
        scale (float, optional): channel multiplier. Default: 1.0.

    Returns:
        MobileNetV1: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import mobilenet_v1
            >>> mobilenet_v1(scale=0.5, num_classes=3).fc.weight.shape
            paddle.Size([512, 3])
    """
    model = MobileNetV1(scale=scale, **kwargs)
    return load_pretrained(model, "mobilenetv1_" + str(scale)) if pretrained else model
