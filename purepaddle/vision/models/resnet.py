"""ResNet (He et al. 2016) as in paddle.vision.models: BasicBlock / BottleneckBlock stages over a 7x7 stem.

Layers are built in Paddle's order (a stage's downsample branch before its first block), so a
seeded model draws Paddle's parameters. pretrained=True reads Paddle's weight cache (see weights.py).
"""
from ... import nn
from ... import tensor as _T
from ...nn.layer.conv_block import conv_bn_act
from .weights import load_pretrained

__all__ = ["ResNet", "BasicBlock", "BottleneckBlock", "resnet18", "resnet34", "resnet50", "resnet101",
           "resnet152", "wide_resnet50_2", "wide_resnet101_2", "resnext50_32x4d",
           "resnext50_64x4d", "resnext101_32x4d", "resnext101_64x4d", "resnext152_32x4d", "resnext152_64x4d"]

_DEPTHS = {18: [2, 2, 2, 2], 34: [3, 4, 6, 3], 50: [3, 4, 6, 3], 101: [3, 4, 23, 3], 152: [3, 8, 36, 3]}


class BasicBlock(nn.Layer):
    """Two 3x3 convolutions with batch norm and a residual connection (ResNet-18/34).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models.resnet import BasicBlock
            >>> block = BasicBlock(8, 8)
            >>> block(paddle.rand([1, 8, 6, 6])).shape
            paddle.Size([1, 8, 6, 6])
    """

    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64, dilation=1,
                 norm_layer=None):
        super().__init__()
        norm_layer = norm_layer or nn.BatchNorm2D
        if dilation > 1:
            raise NotImplementedError("Dilation > 1 not supported in BasicBlock")
        self.conv1 = nn.Conv2D(inplanes, planes, 3, padding=1, stride=stride, bias_attr=False)
        self.bn1 = norm_layer(planes)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2D(planes, planes, 3, padding=1, bias_attr=False)
        self.bn2 = norm_layer(planes)
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = conv_bn_act(x, self.conv1, self.bn1, self.relu)
        return conv_bn_act(out, self.conv2, self.bn2, self.relu, residual=identity)


class BottleneckBlock(nn.Layer):
    """1x1 reduce, 3x3 (grouped, dilated) and 1x1 expand convolutions with a residual connection (ResNet-50+).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models.resnet import BottleneckBlock
            >>> block = BottleneckBlock(16, 4)
            >>> block(paddle.rand([1, 16, 5, 5])).shape
            paddle.Size([1, 16, 5, 5])
    """

    expansion = 4

    def __init__(self, inplanes, planes, stride=1, downsample=None, groups=1, base_width=64, dilation=1,
                 norm_layer=None):
        super().__init__()
        norm_layer = norm_layer or nn.BatchNorm2D
        width = int(planes * (base_width / 64.0)) * groups
        self.conv1 = nn.Conv2D(inplanes, width, 1, bias_attr=False)
        self.bn1 = norm_layer(width)
        self.conv2 = nn.Conv2D(width, width, 3, padding=dilation, stride=stride, groups=groups, dilation=dilation,
                               bias_attr=False)
        self.bn2 = norm_layer(width)
        self.conv3 = nn.Conv2D(width, planes * self.expansion, 1, bias_attr=False)
        self.bn3 = norm_layer(planes * self.expansion)
        self.relu = nn.ReLU()
        self.downsample = downsample
        self.stride = stride

    def forward(self, x):
        identity = x if self.downsample is None else self.downsample(x)
        out = conv_bn_act(x, self.conv1, self.bn1, self.relu)
        out = conv_bn_act(out, self.conv2, self.bn2, self.relu)
        return conv_bn_act(out, self.conv3, self.bn3, self.relu, residual=identity)


class ResNet(nn.Layer):
    """ResNet: a 7x7 stride-2 stem, max pooling, four stages of `block`, global average pooling and a Linear.

    Args:
        block (BasicBlock|BottleneckBlock): the residual block.
        depth (int, optional): 18, 34, 50, 101 or 152. Default: 50.
        width (int, optional): the base width of each group's bottleneck. Default: 64.
        num_classes (int, optional): output classes; <= 0 leaves out the Linear. Default: 1000.
        with_pool (bool, optional): whether to end with global average pooling. Default: True.
        groups (int, optional): groups of the 3x3 convolutions. Default: 1.

    Returns:
        ResNet: the network.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import ResNet
            >>> from paddle.vision.models.resnet import BasicBlock
            >>> net = ResNet(BasicBlock, 18, num_classes=10)
            >>> net(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 10])
    """

    def __init__(self, block, depth=50, width=64, num_classes=1000, with_pool=True, groups=1):
        super().__init__()
        layers = _DEPTHS[depth]
        self.groups = groups
        self.base_width = width
        self.num_classes = num_classes
        self.with_pool = with_pool
        self._norm_layer = nn.BatchNorm2D
        self.inplanes = 64
        self.dilation = 1
        self.conv1 = nn.Conv2D(3, self.inplanes, kernel_size=7, stride=2, padding=3, bias_attr=False)
        self.bn1 = self._norm_layer(self.inplanes)
        self.relu = nn.ReLU()
        self.maxpool = nn.MaxPool2D(kernel_size=3, stride=2, padding=1)
        self.layer1 = self._make_layer(block, 64, layers[0])
        self.layer2 = self._make_layer(block, 128, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 256, layers[2], stride=2)
        self.layer4 = self._make_layer(block, 512, layers[3], stride=2)
        if with_pool:
            self.avgpool = nn.AdaptiveAvgPool2D((1, 1))
        if num_classes > 0:
            self.fc = nn.Linear(512 * block.expansion, num_classes)

    def _make_layer(self, block, planes, blocks, stride=1, dilate=False):
        norm_layer = self._norm_layer
        downsample = None
        previous_dilation = self.dilation
        if dilate:
            self.dilation *= stride
            stride = 1
        if stride != 1 or self.inplanes != planes * block.expansion:
            # built before the stage's first block: its parameters are drawn first, as in Paddle
            downsample = nn.Sequential(
                nn.Conv2D(self.inplanes, planes * block.expansion, 1, stride=stride, bias_attr=False),
                norm_layer(planes * block.expansion))
        stage = [block(self.inplanes, planes, stride, downsample, self.groups, self.base_width, previous_dilation,
                       norm_layer)]
        self.inplanes = planes * block.expansion
        for _ in range(1, blocks):
            stage.append(block(self.inplanes, planes, groups=self.groups, base_width=self.base_width,
                               norm_layer=norm_layer))
        return nn.Sequential(*stage)

    def forward(self, x):
        x = self.maxpool(conv_bn_act(x, self.conv1, self.bn1, self.relu))
        x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
        if self.with_pool:
            x = self.avgpool(x)
        if self.num_classes > 0:
            x = self.fc(_T.flatten(x, 1))
        return x


def _resnet(arch, block, depth, pretrained, **kwargs):
    model = ResNet(block, depth, **kwargs)
    return load_pretrained(model, arch) if pretrained else model


def resnet18(pretrained=False, **kwargs):
    """ResNet-18 (BasicBlock, [2, 2, 2, 2]); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.models import resnet18
            >>> resnet18(num_classes=4)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 4])
    """
    return _resnet("resnet18", BasicBlock, 18, pretrained, **kwargs)


def resnet34(pretrained=False, **kwargs):
    """ResNet-34 (BasicBlock, [3, 4, 6, 3]); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import resnet34
            >>> len(resnet34(num_classes=4).layer3)
            6
    """
    return _resnet("resnet34", BasicBlock, 34, pretrained, **kwargs)


def resnet50(pretrained=False, **kwargs):
    """ResNet-50 (BottleneckBlock, [3, 4, 6, 3]); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import resnet50
            >>> resnet50(num_classes=4).fc.weight.shape
            paddle.Size([2048, 4])
    """
    return _resnet("resnet50", BottleneckBlock, 50, pretrained, **kwargs)


def resnet101(pretrained=False, **kwargs):
    """ResNet-101 (BottleneckBlock, [3, 4, 23, 3]); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import resnet101
            >>> len(resnet101(num_classes=4).layer3)
            23
    """
    return _resnet("resnet101", BottleneckBlock, 101, pretrained, **kwargs)


def resnet152(pretrained=False, **kwargs):
    """ResNet-152 (BottleneckBlock, [3, 8, 36, 3]); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import resnet152
            >>> len(resnet152(num_classes=4).layer3)
            36
    """
    return _resnet("resnet152", BottleneckBlock, 152, pretrained, **kwargs)


def wide_resnet50_2(pretrained=False, **kwargs):
    """Wide ResNet-50-2: ResNet-50 with bottlenecks twice as wide (width=128); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import wide_resnet50_2
            >>> wide_resnet50_2(num_classes=4).layer1[0].conv1.weight.shape
            paddle.Size([128, 64, 1, 1])
    """
    kwargs["width"] = 64 * 2
    return _resnet("wide_resnet50_2", BottleneckBlock, 50, pretrained, **kwargs)


def wide_resnet101_2(pretrained=False, **kwargs):
    """Wide ResNet-101-2: ResNet-101 with bottlenecks twice as wide (width=128); `kwargs` go to ResNet.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import wide_resnet101_2
            >>> wide_resnet101_2(num_classes=4).layer1[0].conv1.weight.shape
            paddle.Size([128, 64, 1, 1])
    """
    kwargs["width"] = 64 * 2
    return _resnet("wide_resnet101_2", BottleneckBlock, 101, pretrained, **kwargs)


def _resnext(depth, groups, width):
    arch = f"resnext{depth}_{groups}x{width}d"

    def build(pretrained=False, **kwargs):
        kwargs["groups"] = groups
        kwargs["width"] = width
        return _resnet(arch, BottleneckBlock, depth, pretrained, **kwargs)
    build.__name__ = build.__qualname__ = arch
    build.__doc__ = f"""ResNeXt-{depth} {groups}x{width}d: ResNet-{depth} with {groups}-group 3x3 convolutions of width {width}
    per group; `kwargs` go to ResNet.

    Args:
        pretrained (bool, optional): load Paddle's pretrained weights from its cache. Default: False.

    Returns:
        ResNet: the network.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.models import {arch}
            >>> {arch}(num_classes=3).layer1[0].conv2.weight.shape
            paddle.Size([{groups * width}, {width}, 3, 3])
    """
    return build


resnext50_32x4d = _resnext(50, 32, 4)
resnext50_64x4d = _resnext(50, 64, 4)
resnext101_32x4d = _resnext(101, 32, 4)
resnext101_64x4d = _resnext(101, 64, 4)
resnext152_32x4d = _resnext(152, 32, 4)
resnext152_64x4d = _resnext(152, 64, 4)
