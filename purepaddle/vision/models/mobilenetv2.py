"""MobileNetV2 (Sandler et al. 2018) as in paddle.vision.models: inverted residual blocks in `features`."""
from ... import nn
from ... import tensor as _T
from ..layers import ConvNormActivation
from .weights import load_pretrained

__all__ = ["MobileNetV2", "mobilenet_v2"]


def _make_divisible(v, divisor=8, min_value=None):
    """`v` rounded to the nearest multiple of `divisor` (at least min_value), never more than 10% below `v`."""
    min_value = divisor if min_value is None else min_value
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


class InvertedResidual(nn.Layer):
    """1x1 expansion (when expand_ratio != 1), 3x3 depthwise, 1x1 linear projection; residual when shapes allow."""

    def __init__(self, inp, oup, stride, expand_ratio, norm_layer=nn.BatchNorm2D):
        super().__init__()
        self.stride = stride
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvNormActivation(inp, hidden_dim, kernel_size=1, norm_layer=norm_layer,
                                             activation_layer=nn.ReLU6))
        layers += [ConvNormActivation(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim,
                                      norm_layer=norm_layer, activation_layer=nn.ReLU6),
                   nn.Conv2D(hidden_dim, oup, 1, 1, 0, bias_attr=False), norm_layer(oup)]
        self.conv = nn.Sequential(*layers)

    def forward(self, x):
        return x + self.conv(x) if self.use_res_connect else self.conv(x)


class MobileNetV2(nn.Layer):
    """MobileNetV2: a stride-2 stem, 17 inverted residual blocks, a 1x1 conv to 1280 channels, pooling, classifier.

    Args:
        scale (float, optional): channel multiplier. Default: 1.0.
        num_classes (int, optional): output classes; <= 0 leaves out the classifier. Default: 1000.
        with_pool (bool, optional): global average pooling before the classifier. Default: True.

    Returns:
        MobileNetV2: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import MobileNetV2
            >>> MobileNetV2(scale=0.5, num_classes=5)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, scale=1.0, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        norm_layer = nn.BatchNorm2D
        # expansion t, channels c, repeats n, first stride s
        setting = [[1, 16, 1, 1], [6, 24, 2, 2], [6, 32, 3, 2], [6, 64, 4, 2], [6, 96, 3, 1], [6, 160, 3, 2],
                   [6, 320, 1, 1]]
        input_channel = _make_divisible(32 * scale, 8)
        self.last_channel = _make_divisible(1280 * max(1.0, scale), 8)
        features = [ConvNormActivation(3, input_channel, stride=2, norm_layer=norm_layer,
                                       activation_layer=nn.ReLU6)]
        for t, c, n, s in setting:
            output_channel = _make_divisible(c * scale, 8)
            for i in range(n):
                features.append(InvertedResidual(input_channel, output_channel, s if i == 0 else 1, t,
                                                 norm_layer=norm_layer))
                input_channel = output_channel
        features.append(ConvNormActivation(input_channel, self.last_channel, kernel_size=1, norm_layer=norm_layer,
                                           activation_layer=nn.ReLU6))
        self.features = nn.Sequential(*features)
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(self.last_channel, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.pool2d_avg(x)
        if self.num_classes > 0:
            x = self.classifier(_T.flatten(x, 1))
        return x


def mobilenet_v2(pretrained=False, scale=1.0, **kwargs):
    """MobileNetV2 with channel multiplier `scale`; `kwargs` go to MobileNetV2.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache (scale 1.0). Default: False.
        scale (float, optional): channel multiplier. Default: 1.0.

    Returns:
        MobileNetV2: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import mobilenet_v2
            >>> len(mobilenet_v2(num_classes=3).features)
            19
    """
    model = MobileNetV2(scale=scale, **kwargs)
    return load_pretrained(model, "mobilenetv2_" + str(scale)) if pretrained else model
