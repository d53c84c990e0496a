"""SqueezeNet 1.0/1.1 (Iandola et al. 2016) as in paddle.vision.models: Fire modules _conv1 ... _conv8."""
from ... import nn
from ... import tensor as _T
from .weights import load_pretrained

__all__ = ["SqueezeNet", "squeezenet1_0", "squeezenet1_1"]


class MakeFireConv(nn.Layer):
    """Conv2D then ReLU."""

    def __init__(self, input_channels, output_channels, filter_size, padding=0):
        super().__init__()
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, padding=padding)

    def forward(self, x):
        return nn.functional.relu(self._conv(x))


class MakeFire(nn.Layer):
    """Fire module: a 1x1 squeeze, then 1x1 and 3x3 expansions concatenated on channels."""

    def __init__(self, input_channels, squeeze_channels, expand1x1_channels, expand3x3_channels):
        super().__init__()
        self._conv = MakeFireConv(input_channels, squeeze_channels, 1)
        self._conv_path1 = MakeFireConv(squeeze_channels, expand1x1_channels, 1)
        self._conv_path2 = MakeFireConv(squeeze_channels, expand3x3_channels, 3, padding=1)

    def forward(self, inputs):
        x = self._conv(inputs)
        return _T.concat([self._conv_path1(x), self._conv_path2(x)], axis=1)


_FIRES = [(16, 64), (16, 64), (32, 128), (32, 128), (48, 192), (48, 192), (64, 256), (64, 256)]


class SqueezeNet(nn.Layer):
    """SqueezeNet: a stem convolution, eight Fire modules with max pooling between, a 1x1 classifier convolution.

    Args:
        version (str): "1.0" or "1.1".
        num_classes (int, optional): output classes (channels of the last convolution). Default: 1000.
        with_pool (bool, optional): ReLU, global average pooling and squeeze at the end. Default: True.

    Returns:
        SqueezeNet: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import SqueezeNet
            >>> SqueezeNet("1.1", num_classes=5)(paddle.rand([1, 3, 64, 64])).shape
            paddle.Size([1, 5])
    """

    def __init__(self, version, num_classes=1000, with_pool=True):
        super().__init__()
        supported = ["1.0", "1.1"]
        if version not in supported:
            raise AssertionError(f"supported versions are {supported} but input version is {version}")
        self.version = version
        self.num_classes = num_classes
        self.with_pool = with_pool
        if version == "1.0":
            self._conv = nn.Conv2D(3, 96, 7, stride=2)
            cin = 96
        else:
            self._conv = nn.Conv2D(3, 64, 3, stride=2, padding=1)
            cin = 64
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)
        for i, (squeeze, expand) in enumerate(_FIRES, 1):
            setattr(self, f"_conv{i}", MakeFire(cin, squeeze, expand, expand))
            cin = 2 * expand
        self._drop = nn.Dropout(p=0.5, mode="downscale_in_infer")
        self._conv9 = nn.Conv2D(512, num_classes, 1)
        self._avg_pool = nn.AdaptiveAvgPool2D(1)

    def forward(self, inputs):
        x = self._pool(nn.functional.relu(self._conv(inputs)))
        # the Fire modules after which version 1.0 / 1.1 pool
        pool_after = (3, 7) if self.version == "1.0" else (2, 4)
        for i in range(1, 9):
            x = getattr(self, f"_conv{i}")(x)
            if i in pool_after:
                x = self._pool(x)
        if self.num_classes > 0:
            x = self._conv9(self._drop(x))
        if self.with_pool:
            x = _T.squeeze(self._avg_pool(nn.functional.relu(x)), axis=[2, 3])
        return x


def squeezenet1_0(pretrained=False, **kwargs):
    """SqueezeNet 1.0; `kwargs` go to SqueezeNet.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        SqueezeNet: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import squeezenet1_0
            >>> squeezenet1_0(num_classes=3)._conv.weight.shape
            paddle.Size([96, 3, 7, 7])
    """
    model = SqueezeNet("1.0", **kwargs)
    return load_pretrained(model, "squeezenet1_0") if pretrained else model


def squeezenet1_1(pretrained=False, **kwargs):
    """SqueezeNet 1.1; `kwargs` go to SqueezeNet.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        SqueezeNet: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import squeezenet1_1
            >>> squeezenet1_1(num_classes=3)._conv.weight.shape
            paddle.Size([64, 3, 3, 3])
    """
    model = SqueezeNet("1.1", **kwargs)
    return load_pretrained(model, "squeezenet1_1") if pretrained else model
