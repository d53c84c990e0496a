"""VGG (Simonyan & Zisserman 2014) as in paddle.vision.models: `features` built from a config, then classifier."""
from ... import nn
from ... import tensor as _T
from .weights import load_pretrained

__all__ = ["VGG", "make_layers", "vgg11", "vgg13", "vgg16", "vgg19"]

# channels of each 3x3 convolution, "M" a 2x2 max pooling (configurations A, B, D, E of the paper)
CFGS = {
    "A": [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "B": [64, 64, "M", 128, 128, "M", 256, 256, "M", 512, 512, "M", 512, 512, "M"],
    "D": [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"],
    "E": [64, 64, "M", 128, 128, "M", 256, 256, 256, 256, "M", 512, 512, 512, 512, "M", 512, 512, 512, 512, "M"],
}


class VGG(nn.Layer):
    """VGG: `features`, 7x7 adaptive average pooling and three Linear layers (4096, 4096, num_classes).

    Args:
        features (nn.Layer): the convolution stack, as built by make_layers.
        num_classes (int, optional): output classes; <= 0 leaves out the classifier. Default: 1000.
        with_pool (bool, optional): whether to pool to 7x7 before the classifier. Default: True.

    Returns:
        VGG: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import VGG
            >>> from paddle.vision.models.vgg import make_layers
            >>> net = VGG(make_layers([8, 'M', 512]), num_classes=4)
            >>> net(paddle.rand([1, 3, 16, 16])).shape
            paddle.Size([1, 4])
    """

    def __init__(self, features, num_classes=1000, with_pool=True):
        super().__init__()
        self.features = features
        self.num_classes = num_classes
        self.with_pool = with_pool
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((7, 7))
        if num_classes > 0:
            self.classifier = nn.Sequential(nn.Linear(512 * 7 * 7, 4096), nn.ReLU(), nn.Dropout(),
                                            nn.Linear(4096, 4096), nn.ReLU(), nn.Dropout(),
                                            nn.Linear(4096, num_classes))

    def forward(self, x):
        x = self.features(x)
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.classifier(_T.flatten(x, 1))
        return x


def make_layers(cfg, batch_norm=False):
    """The convolution stack of a VGG config: 3x3 Conv2D (+ BatchNorm2D) + ReLU per number, MaxPool2D per "M".

    Args:
        cfg (list): channel numbers and "M"s.
        batch_norm (bool, optional): add BatchNorm2D after each convolution. Default: False.

    Returns:
        nn.Sequential: the stack.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models.vgg import make_layers
            >>> len(make_layers([8, 'M'], batch_norm=True))
            4
    """
    layers = []
    in_channels = 3
    for v in cfg:
        if v == "M":
            layers.append(nn.MaxPool2D(kernel_size=2, stride=2))
            continue
        layers.append(nn.Conv2D(in_channels, v, kernel_size=3, padding=1))
        if batch_norm:
            layers.append(nn.BatchNorm2D(v))
        layers.append(nn.ReLU())
        in_channels = v
    return nn.Sequential(*layers)


def _vgg(arch, cfg, batch_norm, pretrained, **kwargs):
    model = VGG(make_layers(CFGS[cfg], batch_norm=batch_norm), **kwargs)
    return load_pretrained(model, arch + ("_bn" if batch_norm else "")) if pretrained else model


def vgg11(pretrained=False, batch_norm=False, **kwargs):
    """VGG-11 (config A); `kwargs` go to VGG.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights (Paddle has none for VGG-11). Default: False.
        batch_norm (bool, optional): BatchNorm2D after each convolution. Default: False.

    Returns:
        VGG: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import vgg11
            >>> len(vgg11(num_classes=4).features)
            21
    """
    return _vgg("vgg11", "A", batch_norm, pretrained, **kwargs)


def vgg13(pretrained=False, batch_norm=False, **kwargs):
    """VGG-13 (config B); `kwargs` go to VGG.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights (Paddle has none for VGG-13). Default: False.
        batch_norm (bool, optional): BatchNorm2D after each convolution. Default: False.

    Returns:
        VGG: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import vgg13
            >>> len(vgg13(num_classes=4).features)
            25
    """
    return _vgg("vgg13", "B", batch_norm, pretrained, **kwargs)


def vgg16(pretrained=False, batch_norm=False, **kwargs):
    """VGG-16 (config D); `kwargs` go to VGG.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.
        batch_norm (bool, optional): BatchNorm2D after each convolution. Default: False.

    Returns:
        VGG: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import vgg16
            >>> len(vgg16(num_classes=4).features)
            31
    """
    return _vgg("vgg16", "D", batch_norm, pretrained, **kwargs)


def vgg19(pretrained=False, batch_norm=False, **kwargs):
    """VGG-19 (config E); `kwargs` go to VGG.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.
        batch_norm (bool, optional): BatchNorm2D after each convolution. Default: False.

    Returns:
        VGG: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import vgg19
            >>> len(vgg19(num_classes=4).features)
            37
    """
    return _vgg("vgg19", "E", batch_norm, pretrained, **kwargs)
