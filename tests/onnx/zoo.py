"""Small networks built from the blocks of paddle.vision.models' zoo (purepaddle's vision.models holds LeNet
and the ResNets; these stand in for the others in the ONNX tests): MobileNetV1/V2/V3, ShuffleNetV2,
SqueezeNet, VGG/AlexNet, GoogLeNet/Inception, DenseNet, each small enough for a 32x32 input."""
import purepaddle as paddle
from purepaddle import nn


def conv_bn(cin, cout, k=3, stride=1, groups=1, act=nn.ReLU):
    layers = [nn.Conv2D(cin, cout, k, stride=stride, padding=k // 2, groups=groups, bias_attr=False),
              nn.BatchNorm2D(cout)]
    return nn.Sequential(*(layers + ([act()] if act is not None else [])))


class MobileNetV1ish(nn.Layer):
    """depthwise-separable convolutions, global average pool, classifier."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(conv_bn(3, 8, stride=2), conv_bn(8, 8, groups=8), conv_bn(8, 16, k=1),
                                      conv_bn(16, 16, stride=2, groups=16), conv_bn(16, 32, k=1))
        self.pool = nn.AdaptiveAvgPool2D(1)
        self.fc = nn.Linear(32, num_classes)

    def forward(self, x):
        return self.fc(paddle.flatten(self.pool(self.features(x)), 1))


class InvertedResidual(nn.Layer):
    def __init__(self, c, expand):
        super().__init__()
        self.body = nn.Sequential(conv_bn(c, c * expand, k=1, act=nn.ReLU6),
                                  conv_bn(c * expand, c * expand, groups=c * expand, act=nn.ReLU6),
                                  conv_bn(c * expand, c, k=1, act=None))

    def forward(self, x):
        return x + self.body(x)


class MobileNetV2ish(nn.Layer):
    """inverted residuals with ReLU6, dropout before the classifier."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = conv_bn(3, 16, stride=2, act=nn.ReLU6)
        self.blocks = nn.Sequential(InvertedResidual(16, 4), InvertedResidual(16, 2))
        self.head = nn.Sequential(nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(16, num_classes))

    def forward(self, x):
        return self.head(self.blocks(self.stem(x)))


class SqueezeExcite(nn.Layer):
    def __init__(self, c):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2D(1)
        self.fc1 = nn.Conv2D(c, c // 4, 1)
        self.fc2 = nn.Conv2D(c // 4, c, 1)
        self.gate = nn.Hardsigmoid()

    def forward(self, x):
        return x * self.gate(self.fc2(nn.functional.relu(self.fc1(self.pool(x)))))


class MobileNetV3ish(nn.Layer):
    """hardswish, squeeze-and-excite with hardsigmoid, 5x5 depthwise."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = conv_bn(3, 16, stride=2, act=nn.Hardswish)
        self.dw = conv_bn(16, 16, k=5, groups=16, act=nn.Hardswish)
        self.se = SqueezeExcite(16)
        self.pw = conv_bn(16, 24, k=1, act=None)
        self.head = nn.Sequential(nn.AdaptiveAvgPool2D(1), nn.Flatten(), nn.Linear(24, 32), nn.Hardswish(),
                                  nn.Linear(32, num_classes))

    def forward(self, x):
        return self.head(self.pw(self.se(self.dw(self.stem(x)))))


class ShuffleNetV2ish(nn.Layer):
    """channel split, concat and channel shuffle; max pool stem."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Sequential(conv_bn(3, 16, stride=2), nn.MaxPool2D(3, 2, 1))
        self.branch = nn.Sequential(conv_bn(8, 8, k=1), conv_bn(8, 8, groups=8, act=None), conv_bn(8, 8, k=1))
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = self.stem(x)
        a, b = paddle.split(x, 2, axis=1)
        x = paddle.concat([a, self.branch(b)], axis=1)
        n, c, h, w = x.shape  # the zoo's channel shuffle: reshape, transpose, reshape (nn.ChannelShuffle's op
        x = paddle.reshape(paddle.transpose(paddle.reshape(x, [-1, 2, c // 2, h, w]), [0, 2, 1, 3, 4]),
                           [-1, c, h, w])  # is one paddle2onnx 1.3.1 can not convert)
        return self.fc(paddle.mean(x, axis=[2, 3]))


class Fire(nn.Layer):
    def __init__(self, cin, squeeze, expand):
        super().__init__()
        self.squeeze = nn.Conv2D(cin, squeeze, 1)
        self.e1 = nn.Conv2D(squeeze, expand, 1)
        self.e3 = nn.Conv2D(squeeze, expand, 3, padding=1)

    def forward(self, x):
        s = nn.functional.relu(self.squeeze(x))
        return paddle.concat([nn.functional.relu(self.e1(s)), nn.functional.relu(self.e3(s))], axis=1)


class SqueezeNetish(nn.Layer):
    """fire modules (squeeze 1x1, expand 1x1 and 3x3 concatenated), conv classifier, ceil-mode max pool."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2D(3, 16, 3, stride=2), nn.ReLU(), nn.MaxPool2D(3, 2, ceil_mode=True),
                                      Fire(16, 8, 16), Fire(32, 8, 16))
        self.classifier = nn.Sequential(nn.Dropout(0.5), nn.Conv2D(32, num_classes, 1), nn.ReLU(),
                                        nn.AdaptiveAvgPool2D(1))

    def forward(self, x):
        return paddle.squeeze(self.classifier(self.features(x)), axis=[2, 3])


class VGGish(nn.Layer):
    """conv-relu stacks with max pools, adaptive pool to 2x2, flatten, linear-relu-dropout classifier
    (AlexNet is the same ops with larger kernels and strides)."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2D(3, 8, 5, stride=2, padding=2), nn.ReLU(), nn.MaxPool2D(2, 2),
                                      nn.Conv2D(8, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2, 2))
        self.pool = nn.AdaptiveAvgPool2D(2)
        self.classifier = nn.Sequential(nn.Linear(64, 32), nn.ReLU(), nn.Dropout(), nn.Linear(32, num_classes))

    def forward(self, x):
        return self.classifier(paddle.flatten(self.pool(self.features(x)), 1))


class Inceptionish(nn.Layer):
    """parallel 1x1 / 3x3 / 5x5 / pool branches concatenated (GoogLeNet, InceptionV3), avg pools, softmax."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = conv_bn(3, 16, stride=2)
        self.b1 = conv_bn(16, 8, k=1)
        self.b3 = nn.Sequential(conv_bn(16, 8, k=1), conv_bn(8, 8))
        self.b5 = nn.Sequential(conv_bn(16, 4, k=1), conv_bn(4, 4, k=5))
        self.bp = nn.Sequential(nn.MaxPool2D(3, 1, 1), conv_bn(16, 4, k=1))
        self.pool = nn.AvgPool2D(4, 4)
        self.fc = nn.Linear(24 * 4 * 4, num_classes)

    def forward(self, x):
        x = self.stem(x)
        x = paddle.concat([self.b1(x), self.b3(x), self.b5(x), self.bp(x)], axis=1)
        return nn.functional.softmax(self.fc(paddle.flatten(self.pool(x), 1)), axis=-1)


class DenseNetish(nn.Layer):
    """dense block (each layer's output concatenated to its input), transition with avg pool."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = conv_bn(3, 8, stride=2)
        self.layers = nn.LayerList([nn.Sequential(nn.BatchNorm2D(8 + 4 * i), nn.ReLU(),
                                                  nn.Conv2D(8 + 4 * i, 4, 3, padding=1, bias_attr=False))
                                    for i in range(3)])
        self.transition = nn.Sequential(nn.BatchNorm2D(20), nn.ReLU(), nn.Conv2D(20, 16, 1), nn.AvgPool2D(2, 2))
        self.fc = nn.Linear(16, num_classes)

    def forward(self, x):
        x = self.stem(x)
        for layer in self.layers:
            x = paddle.concat([x, layer(x)], axis=1)
        x = self.transition(x)
        return self.fc(paddle.flatten(nn.functional.adaptive_avg_pool2d(x, 1), 1))


SMALL = {"mobilenet_v1": MobileNetV1ish, "mobilenet_v2": MobileNetV2ish, "mobilenet_v3": MobileNetV3ish,
         "shufflenet_v2": ShuffleNetV2ish, "squeezenet": SqueezeNetish, "vgg": VGGish, "inception": Inceptionish,
         "densenet": DenseNetish}
