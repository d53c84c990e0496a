"""Inception v3 (Szegedy et al. 2016) as in paddle.vision.models: stem, blocks A x3, B, C x4, D, E x2."""
import math

from ... import nn
from ... import tensor as _T
from ...nn.param_attr import ParamAttr
from ..layers import ConvNormActivation
from .weights import load_pretrained

__all__ = ["InceptionV3", "inception_v3"]


def _cbr(cin, cout, kernel_size, stride=1, padding=0):
    return ConvNormActivation(cin, cout, kernel_size=kernel_size, stride=stride, padding=padding,
                              activation_layer=nn.ReLU)


def _avg_pool():
    # Paddle's Inception branches average over the padded window (exclusive=False)
    return nn.AvgPool2D(kernel_size=3, stride=1, padding=1, exclusive=False)


class InceptionStem(nn.Layer):
    """Five conv-BN-ReLU layers and two max poolings: 3 x 299 x 299 -> 192 x 35 x 35."""

    def __init__(self):
        super().__init__()
        self.conv_1a_3x3 = _cbr(3, 32, 3, stride=2)
        self.conv_2a_3x3 = _cbr(32, 32, 3)
        self.conv_2b_3x3 = _cbr(32, 64, 3, padding=1)
        self.max_pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        self.conv_3b_1x1 = _cbr(64, 80, 1)
        self.conv_4a_3x3 = _cbr(80, 192, 3)

    def forward(self, x):
        x = self.max_pool(self.conv_2b_3x3(self.conv_2a_3x3(self.conv_1a_3x3(x))))
        return self.max_pool(self.conv_4a_3x3(self.conv_3b_1x1(x)))


class InceptionA(nn.Layer):
    """1x1, 5x5, double-3x3 and pooled branches."""

    def __init__(self, num_channels, pool_features):
        super().__init__()
        self.branch1x1 = _cbr(num_channels, 64, 1)
        self.branch5x5_1 = _cbr(num_channels, 48, 1)
        self.branch5x5_2 = _cbr(48, 64, 5, padding=2)
        self.branch3x3dbl_1 = _cbr(num_channels, 64, 1)
        self.branch3x3dbl_2 = _cbr(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _cbr(96, 96, 3, padding=1)
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _cbr(num_channels, pool_features, 1)

    def forward(self, x):
        return _T.concat([self.branch1x1(x), self.branch5x5_2(self.branch5x5_1(x)),
                          self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
                          self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionB(nn.Layer):
    """Grid reduction: strided 3x3, strided double-3x3 and max-pooled branches."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3 = _cbr(num_channels, 384, 3, stride=2)
        self.branch3x3dbl_1 = _cbr(num_channels, 64, 1)
        self.branch3x3dbl_2 = _cbr(64, 96, 3, padding=1)
        self.branch3x3dbl_3 = _cbr(96, 96, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        return _T.concat([self.branch3x3(x), self.branch3x3dbl_3(self.branch3x3dbl_2(self.branch3x3dbl_1(x))),
                          self.branch_pool(x)], axis=1)


class InceptionC(nn.Layer):
    """1x1, factorized 7x7, double factorized 7x7 and pooled branches."""

    def __init__(self, num_channels, channels_7x7):
        super().__init__()
        c = channels_7x7
        self.branch1x1 = _cbr(num_channels, 192, 1)
        self.branch7x7_1 = _cbr(num_channels, c, 1)
        self.branch7x7_2 = _cbr(c, c, (1, 7), padding=(0, 3))
        self.branch7x7_3 = _cbr(c, 192, (7, 1), padding=(3, 0))
        self.branch7x7dbl_1 = _cbr(num_channels, c, 1)
        self.branch7x7dbl_2 = _cbr(c, c, (7, 1), padding=(3, 0))
        self.branch7x7dbl_3 = _cbr(c, c, (1, 7), padding=(0, 3))
        self.branch7x7dbl_4 = _cbr(c, c, (7, 1), padding=(3, 0))
        self.branch7x7dbl_5 = _cbr(c, 192, (1, 7), padding=(0, 3))
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _cbr(num_channels, 192, 1)

    def forward(self, x):
        b7 = self.branch7x7_3(self.branch7x7_2(self.branch7x7_1(x)))
        d = x
        for layer in (self.branch7x7dbl_1, self.branch7x7dbl_2, self.branch7x7dbl_3, self.branch7x7dbl_4,
                      self.branch7x7dbl_5):
            d = layer(d)
        return _T.concat([self.branch1x1(x), b7, d, self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionD(nn.Layer):
    """Grid reduction: strided 3x3, strided factorized-7x7 and max-pooled branches."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch3x3_1 = _cbr(num_channels, 192, 1)
        self.branch3x3_2 = _cbr(192, 320, 3, stride=2)
        self.branch7x7x3_1 = _cbr(num_channels, 192, 1)
        self.branch7x7x3_2 = _cbr(192, 192, (1, 7), padding=(0, 3))
        self.branch7x7x3_3 = _cbr(192, 192, (7, 1), padding=(3, 0))
        self.branch7x7x3_4 = _cbr(192, 192, 3, stride=2)
        self.branch_pool = nn.MaxPool2D(kernel_size=3, stride=2)

    def forward(self, x):
        b7 = self.branch7x7x3_4(self.branch7x7x3_3(self.branch7x7x3_2(self.branch7x7x3_1(x))))
        return _T.concat([self.branch3x3_2(self.branch3x3_1(x)), b7, self.branch_pool(x)], axis=1)


class InceptionE(nn.Layer):
    """1x1, split 3x3, split double-3x3 and pooled branches."""

    def __init__(self, num_channels):
        super().__init__()
        self.branch1x1 = _cbr(num_channels, 320, 1)
        self.branch3x3_1 = _cbr(num_channels, 384, 1)
        self.branch3x3_2a = _cbr(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3_2b = _cbr(384, 384, (3, 1), padding=(1, 0))
        self.branch3x3dbl_1 = _cbr(num_channels, 448, 1)
        self.branch3x3dbl_2 = _cbr(448, 384, 3, padding=1)
        self.branch3x3dbl_3a = _cbr(384, 384, (1, 3), padding=(0, 1))
        self.branch3x3dbl_3b = _cbr(384, 384, (3, 1), padding=(1, 0))
        self.branch_pool = _avg_pool()
        self.branch_pool_conv = _cbr(num_channels, 192, 1)

    def forward(self, x):
        b3 = self.branch3x3_1(x)
        b3 = _T.concat([self.branch3x3_2a(b3), self.branch3x3_2b(b3)], axis=1)
        d = self.branch3x3dbl_2(self.branch3x3dbl_1(x))
        d = _T.concat([self.branch3x3dbl_3a(d), self.branch3x3dbl_3b(d)], axis=1)
        return _T.concat([self.branch1x1(x), b3, d, self.branch_pool_conv(self.branch_pool(x))], axis=1)


class InceptionV3(nn.Layer):
    """Inception v3: InceptionStem, 11 Inception blocks in inception_block_list, pooling and a Linear.

    Args:
        num_classes (int, optional): output classes; <= 0 leaves out the Linear. Default: 1000.
        with_pool (bool, optional): global average pooling before the Linear. Default: True.

    Returns:
        InceptionV3: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import InceptionV3
            >>> InceptionV3(num_classes=5)(paddle.rand([1, 3, 75, 75])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, num_classes=1000, with_pool=True):
        super().__init__()
        self.num_classes = num_classes
        self.with_pool = with_pool
        self.layers_config = {"inception_a": [[192, 256, 288], [32, 64, 64]], "inception_b": [288],
                              "inception_c": [[768, 768, 768, 768], [128, 160, 160, 192]],
                              "inception_d": [768], "inception_e": [1280, 2048]}
        cfg = self.layers_config
        self.inception_stem = InceptionStem()
        blocks = [InceptionA(c, p) for c, p in zip(*cfg["inception_a"])]
        blocks += [InceptionB(c) for c in cfg["inception_b"]]
        blocks += [InceptionC(c, c7) for c, c7 in zip(*cfg["inception_c"])]
        blocks += [InceptionD(c) for c in cfg["inception_d"]]
        blocks += [InceptionE(c) for c in cfg["inception_e"]]
        self.inception_block_list = nn.LayerList(blocks)
        if with_pool:
            self.avg_pool = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            self.dropout = nn.Dropout(p=0.2, mode="downscale_in_infer")
            stdv = 1.0 / math.sqrt(2048.0)
            self.fc = nn.Linear(2048, num_classes, weight_attr=ParamAttr(initializer=nn.initializer.Uniform(-stdv, stdv)))

    def forward(self, x):
        x = self.inception_stem(x)
        for block in self.inception_block_list:
            x = block(x)
        if self.with_pool:
            x = self.avg_pool(x)
        if self.num_classes > 0:
            x = self.fc(self.dropout(_T.reshape(x, [-1, 2048])))
        return x


def inception_v3(pretrained=False, **kwargs):
    """Inception v3; `kwargs` go to InceptionV3.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        InceptionV3: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import inception_v3
            >>> len(inception_v3(num_classes=3).inception_block_list)
            11
    """
    model = InceptionV3(**kwargs)
    return load_pretrained(model, "inception_v3") if pretrained else model
