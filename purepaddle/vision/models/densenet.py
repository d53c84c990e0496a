"""DenseNet (Huang et al. 2017) as in paddle.vision.models: blocks db_conv_<i>, transitions tr_conv<i>_blk."""
import math

from ... import nn
from ... import tensor as _T
from ...nn.param_attr import ParamAttr
from .weights import load_pretrained

__all__ = ["DenseNet", "densenet121", "densenet161", "densenet169", "densenet201", "densenet264"]

# layers -> (stem channels, growth rate, dense layers per block)
_SPEC = {121: (64, 32, [6, 12, 24, 16]), 161: (96, 48, [6, 12, 36, 24]), 169: (64, 32, [6, 12, 32, 32]),
         201: (64, 32, [6, 12, 48, 32]), 264: (64, 32, [6, 12, 64, 48])}


class BNACConvLayer(nn.Layer):
    """BatchNorm with ReLU, then a bias-free Conv2D (pre-activation)."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1, act="relu"):
        super().__init__()
        self._batch_norm = nn.BatchNorm(num_channels, act=act)
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride, padding=pad, groups=groups,
                               bias_attr=False)

    def forward(self, input):
        return self._conv(self._batch_norm(input))


class DenseLayer(nn.Layer):
    """1x1 bottleneck then 3x3 conv (growth_rate channels), concatenated after the input."""

    def __init__(self, num_channels, growth_rate, bn_size, dropout):
        super().__init__()
        self.dropout = dropout
        self.bn_ac_func1 = BNACConvLayer(num_channels, bn_size * growth_rate, 1, pad=0, stride=1)
        self.bn_ac_func2 = BNACConvLayer(bn_size * growth_rate, growth_rate, 3, pad=1, stride=1)
        if dropout:
            self.dropout_func = nn.Dropout(p=dropout, mode="downscale_in_infer")

    def forward(self, input):
        conv = self.bn_ac_func2(self.bn_ac_func1(input))
        if self.dropout:
            conv = self.dropout_func(conv)
        return _T.concat([input, conv], axis=1)


class DenseBlock(nn.Layer):
    """`num_layers` DenseLayers named <name>_1 ... <name>_<num_layers>."""

    def __init__(self, num_channels, num_layers, bn_size, growth_rate, dropout, name=None):
        super().__init__()
        self.dropout = dropout
        self.dense_layer_func = []
        for i in range(num_layers):
            self.dense_layer_func.append(self.add_sublayer(
                f"{name}_{i + 1}", DenseLayer(num_channels + i * growth_rate, growth_rate, bn_size, dropout)))

    def forward(self, input):
        for layer in self.dense_layer_func:
            input = layer(input)
        return input


class TransitionLayer(nn.Layer):
    """Pre-activated 1x1 conv then 2x2 average pooling."""

    def __init__(self, num_channels, num_output_features):
        super().__init__()
        self.conv_ac_func = BNACConvLayer(num_channels, num_output_features, 1, pad=0, stride=1)
        self.pool2d_avg = nn.AvgPool2D(kernel_size=2, stride=2, padding=0)

    def forward(self, input):
        return self.pool2d_avg(self.conv_ac_func(input))


class ConvBNLayer(nn.Layer):
    """Bias-free Conv2D then BatchNorm with ReLU."""

    def __init__(self, num_channels, num_filters, filter_size, stride=1, pad=0, groups=1, act="relu"):
        super().__init__()
        self._conv = nn.Conv2D(num_channels, num_filters, filter_size, stride=stride, padding=pad, groups=groups,
                               bias_attr=False)
        self._batch_norm = nn.BatchNorm(num_filters, act=act)

    def forward(self, input):
        return self._batch_norm(self._conv(input))


class DenseNet(nn.Layer):
    """DenseNet: a 7x7 stem, four dense blocks joined by transitions, BatchNorm+ReLU, pooling and a Linear.

    Args:
        layers (int, optional): 121, 161, 169, 201 or 264. Default: 121.
        bn_size (int, optional): bottleneck width factor. Default: 4.
        dropout (float, optional): dropout after each dense layer. Default: 0.0.
        num_classes (int, optional): output classes; <= 0 leaves out the Linear. Default: 1000.
        with_pool (bool, optional): global average pooling before the Linear. Default: True.

    Returns:
        DenseNet: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import DenseNet
            >>> DenseNet(121, num_classes=5)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, layers=121, bn_size=4, dropout=0.0, num_classes=1000, with_pool=True):
        super().__init__()
        if layers not in _SPEC:
            raise AssertionError(f"supported layers are {list(_SPEC)} but input layer is {layers}")
        self.num_classes = num_classes
        self.with_pool = with_pool
        num_features, growth_rate, block_config = _SPEC[layers]
        self.conv1_func = ConvBNLayer(3, num_features, 7, stride=2, pad=3, act="relu")
        self.pool2d_max = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.block_config = block_config
        self.dense_block_func_list = []
        self.transition_func_list = []
        for i, num_layers in enumerate(block_config):
            self.dense_block_func_list.append(self.add_sublayer(
                f"db_conv_{i + 2}", DenseBlock(num_features, num_layers, bn_size, growth_rate, dropout,
                                               name=f"conv{i + 2}")))
            num_features += num_layers * growth_rate
            if i != len(block_config) - 1:
                self.transition_func_list.append(self.add_sublayer(
                    f"tr_conv{i + 2}_blk", TransitionLayer(num_features, num_features // 2)))
                num_features //= 2
        self.batch_norm = nn.BatchNorm(num_features, act="relu")
        if with_pool:
            self.pool2d_avg = nn.AdaptiveAvgPool2D(1)
        if num_classes > 0:
            stdv = 1.0 / math.sqrt(num_features)
            self.out = nn.Linear(num_features, num_classes,
                                 weight_attr=ParamAttr(initializer=nn.initializer.Uniform(-stdv, stdv)))

    def forward(self, input):
        y = self.pool2d_max(self.conv1_func(input))
        for i in range(len(self.block_config)):
            y = self.dense_block_func_list[i](y)
            if i != len(self.block_config) - 1:
                y = self.transition_func_list[i](y)
        y = self.batch_norm(y)
        if self.with_pool:
            y = self.pool2d_avg(y)
        if self.num_classes > 0:
            y = self.out(_T.flatten(y, 1))
        return y


def _builder(layers):
    arch = f"densenet{layers}"

    def build(pretrained=False, **kwargs):
        model = DenseNet(layers=layers, **kwargs)
        return load_pretrained(model, arch) if pretrained else model
    build.__name__ = build.__qualname__ = arch
    build.__doc__ = f"""DenseNet-{layers}; `kwargs` go to DenseNet.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        DenseNet: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import {arch}
            >>> {arch}(num_classes=3).block_config == {_SPEC[layers][2]}
            True
    """
    return build


densenet121 = _builder(121)
densenet161 = _builder(161)
densenet169 = _builder(169)
densenet201 = _builder(201)
densenet264 = _builder(264)
