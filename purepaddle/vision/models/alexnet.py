"""AlexNet (Krizhevsky et al. 2012) as in paddle.vision.models, with Paddle's layer names (_conv1 ... _fc8)."""
import math

from ... import nn
from ... import tensor as _T
from ...nn.param_attr import ParamAttr
from .weights import load_pretrained

__all__ = ["AlexNet", "alexnet"]


def _uniform(fan_in):
    # Paddle draws AlexNet's weights and biases from U(-1/sqrt(fan_in), 1/sqrt(fan_in))
    stdv = 1.0 / math.sqrt(fan_in)
    return dict(weight_attr=ParamAttr(initializer=nn.initializer.Uniform(-stdv, stdv)),
                bias_attr=ParamAttr(initializer=nn.initializer.Uniform(-stdv, stdv)))


class ConvPoolLayer(nn.Layer):
    """Conv2D (+ ReLU) then 3x3 stride-2 max pooling."""

    def __init__(self, input_channels, output_channels, filter_size, stride, padding, stdv_fan_in, groups=1,
                 act=None):
        super().__init__()
        self.relu = nn.ReLU() if act == "relu" else None
        self._conv = nn.Conv2D(input_channels, output_channels, filter_size, stride=stride, padding=padding,
                               groups=groups, **_uniform(stdv_fan_in))
        self._pool = nn.MaxPool2D(kernel_size=3, stride=2, padding=0)

    def forward(self, inputs):
        x = self._conv(inputs)
        if self.relu is not None:
            x = self.relu(x)
        return self._pool(x)


class AlexNet(nn.Layer):
    """AlexNet: five convolutions (three followed by max pooling) and three Linear layers with dropout.

    Args:
        num_classes (int, optional): output classes; <= 0 leaves out the classifier. Default: 1000.

    Returns:
        AlexNet: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import AlexNet
            >>> AlexNet(num_classes=10)(paddle.rand([1, 3, 224, 224])).shape
            paddle.Size([1, 10])
    """

    def __init__(self, num_classes=1000):
        super().__init__()
        self.num_classes = num_classes
        self._conv1 = ConvPoolLayer(3, 64, 11, 4, 2, 3 * 11 * 11, act="relu")
        self._conv2 = ConvPoolLayer(64, 192, 5, 1, 2, 64 * 5 * 5, act="relu")
        self._conv3 = nn.Conv2D(192, 384, 3, stride=1, padding=1, **_uniform(192 * 3 * 3))
        self._conv4 = nn.Conv2D(384, 256, 3, stride=1, padding=1, **_uniform(384 * 3 * 3))
        self._conv5 = ConvPoolLayer(256, 256, 3, 1, 1, 256 * 3 * 3, act="relu")
        if num_classes > 0:
            self._drop1 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc6 = nn.Linear(256 * 6 * 6, 4096, **_uniform(256 * 6 * 6))
            self._drop2 = nn.Dropout(p=0.5, mode="downscale_in_infer")
            self._fc7 = nn.Linear(4096, 4096, **_uniform(256 * 6 * 6))
            self._fc8 = nn.Linear(4096, num_classes, **_uniform(256 * 6 * 6))

    def forward(self, inputs):
        x = self._conv2(self._conv1(inputs))
        x = nn.functional.relu(self._conv3(x))
        x = nn.functional.relu(self._conv4(x))
        x = self._conv5(x)
        if self.num_classes > 0:
            x = _T.flatten(x, 1)
            x = nn.functional.relu(self._fc6(self._drop1(x)))
            x = nn.functional.relu(self._fc7(self._drop2(x)))
            x = self._fc8(x)
        return x


def alexnet(pretrained=False, **kwargs):
    """AlexNet; `kwargs` go to AlexNet; pretrained=True loads Paddle's ImageNet weights from its cache.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights. Default: False.
        **kwargs: arguments of AlexNet.

    Returns:
        AlexNet: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import alexnet
            >>> alexnet(num_classes=3)(paddle.rand([1, 3, 224, 224])).shape
            paddle.Size([1, 3])
    """
    model = AlexNet(**kwargs)
    return load_pretrained(model, "alexnet") if pretrained else model
