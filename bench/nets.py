"""Network workloads of the suite (bench/suite.py): ResNet-18, MobileNetV2, depthwise conv, a BERT-base encoder layer.

Eager mode in every peer, float32, fixed synthetic inputs. Inference runs the model in eval mode without
gradients; a training step is forward, cross-entropy (or mean) loss, backward, optimizer step, gradient reset.
Paddle's models come from paddle.vision.models; torch has no torchvision in the reference venv, so the same
architectures are written out below with torch.nn (same layers, shapes and parameter counts).

  resnet18_infer_b1 / _b8     ResNet-18, 3x224x224, batch 1 / 8
  resnet18_train_b8           ResNet-18 training step, batch 8, SGD(0.01, momentum 0.9), 1000 classes
  mobilenetv2_infer_b1        MobileNetV2 (scale 1.0), 3x224x224, batch 1
  mobilenetv2_train_b8        MobileNetV2 training step, batch 8, SGD(0.01, momentum 0.9)
  dwconv_infer                depthwise 3x3 conv (groups 96, padding 1), input 1x96x112x112
  bert_layer_infer            BERT-base encoder layer (768, 12 heads, ff 3072, GELU), batch 4, seq 128
  bert_layer_train            the same layer's training step (dropout 0.1), SGD(0.01), loss mean(output)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import workload  # noqa: E402

WARMUP = 2


def _rng():
    import numpy as np
    return np.random.default_rng(0)


def _image(batch):
    return _rng().standard_normal((batch, 3, 224, 224), dtype="float32")


def _labels(batch, classes=1000):
    return _rng().integers(0, classes, (batch,)).astype("int64")


def _warm(fn):
    for _ in range(WARMUP):
        fn()
    return fn


# ---------------------------------------------------------------- torch versions of paddle.vision's models

def _torch_resnet18(torch):
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout)
            self.relu = nn.ReLU()
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            idt = x if self.down is None else self.down(x)
            out = self.relu(self.bn1(self.conv1(x)))
            return self.relu(self.bn2(self.conv2(out)) + idt)

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        layers += [Block(cin, cout, stride), Block(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 1000)]
    return nn.Sequential(*layers)


def _torch_mobilenetv2(torch):
    nn = torch.nn

    def cba(cin, cout, k=3, stride=1, groups=1):
        return [nn.Conv2d(cin, cout, k, stride, (k - 1) // 2, groups=groups, bias=False), nn.BatchNorm2d(cout),
                nn.ReLU6()]

    class Inverted(nn.Module):
        def __init__(self, cin, cout, stride, t):
            super().__init__()
            hidden = cin * t
            layers = cba(cin, hidden, 1) if t != 1 else []
            layers += cba(hidden, hidden, 3, stride, hidden)
            layers += [nn.Conv2d(hidden, cout, 1, bias=False), nn.BatchNorm2d(cout)]
            self.conv = nn.Sequential(*layers)
            self.res = stride == 1 and cin == cout

        def forward(self, x):
            return x + self.conv(x) if self.res else self.conv(x)

    feats = cba(3, 32, 3, 2)
    cin = 32
    for t, c, n, s in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2),
                       (6, 320, 1, 1)):
        for i in range(n):
            feats.append(Inverted(cin, c, s if i == 0 else 1, t))
            cin = c
    feats += cba(cin, 1280, 1)
    return nn.Sequential(*feats, nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(1280, 1000))


# ---------------------------------------------------------------- inference and training bodies

def _paddle_infer(paddle, net, x):
    net.eval()
    x = paddle.to_tensor(x)

    def call():
        with paddle.no_grad():
            return net(x)
    return _warm(call)


def _torch_infer(torch, net, x):
    net.eval()
    x = torch.from_numpy(x)

    def call():
        with torch.inference_mode():
            return net(x)
    return _warm(call)


def _paddle_train(paddle, net, x, y, momentum=0.9):
    net.train()
    opt = paddle.optimizer.Momentum(learning_rate=0.01, momentum=momentum, parameters=net.parameters()) \
        if momentum else paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss() if y is not None else None
    x = paddle.to_tensor(x)
    y = paddle.to_tensor(y.reshape(-1, 1)) if y is not None else None

    def step():
        out = net(x)
        loss = loss_fn(out, y) if loss_fn else out.mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
    return _warm(step)


def _torch_train(torch, net, x, y, momentum=0.9):
    net.train()
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=momentum)
    loss_fn = torch.nn.CrossEntropyLoss() if y is not None else None
    x = torch.from_numpy(x)
    y = torch.from_numpy(y) if y is not None else None

    def step():
        out = net(x)
        loss = loss_fn(out, y) if loss_fn else out.mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
    return _warm(step)


def _seeded(mod):
    (mod.manual_seed if mod.__name__ == "torch" else mod.seed)(0)
    return mod


for _b in (1, 8):
    _w = workload(f"resnet18_infer_b{_b}", f"ResNet-18 3x224x224 inference, batch {_b}")
    _w.body("paddle")(lambda p, b=_b: _paddle_infer(p, _seeded(p).vision.models.resnet18(), _image(b)))
    _w.body("torch")(lambda t, b=_b: _torch_infer(t, _torch_resnet18(_seeded(t)), _image(b)))

_w = workload("resnet18_train_b8", "ResNet-18 training step, batch 8, SGD momentum")
_w.body("paddle")(lambda p: _paddle_train(p, _seeded(p).vision.models.resnet18(), _image(8), _labels(8)))
_w.body("torch")(lambda t: _torch_train(t, _torch_resnet18(_seeded(t)), _image(8), _labels(8)))

_w = workload("mobilenetv2_infer_b1", "MobileNetV2 3x224x224 inference, batch 1")
_w.body("paddle")(lambda p: _paddle_infer(p, _seeded(p).vision.models.mobilenet_v2(), _image(1)))
_w.body("torch")(lambda t: _torch_infer(t, _torch_mobilenetv2(_seeded(t)), _image(1)))

_w = workload("mobilenetv2_train_b8", "MobileNetV2 training step, batch 8, SGD momentum")
_w.body("paddle")(lambda p: _paddle_train(p, _seeded(p).vision.models.mobilenet_v2(), _image(8), _labels(8)))
_w.body("torch")(lambda t: _torch_train(t, _torch_mobilenetv2(_seeded(t)), _image(8), _labels(8)))


def _dw_input():
    return _rng().standard_normal((1, 96, 112, 112), dtype="float32")


_w = workload("dwconv_infer", "depthwise conv 3x3, 96x112x112, batch 1, inference")
_w.body("paddle")(lambda p: _paddle_infer(p, _seeded(p).nn.Conv2D(96, 96, 3, padding=1, groups=96), _dw_input()))
_w.body("torch")(lambda t: _torch_infer(t, _seeded(t).nn.Conv2d(96, 96, 3, padding=1, groups=96), _dw_input()))

BERT = dict(d_model=768, nhead=12, dim_feedforward=3072, dropout=0.1, activation="gelu")


def _tokens():
    return _rng().standard_normal((4, 128, 768), dtype="float32")


def _paddle_bert(paddle):
    return _seeded(paddle).nn.TransformerEncoderLayer(**BERT)


def _torch_bert(torch):
    return _seeded(torch).nn.TransformerEncoderLayer(**BERT, batch_first=True)


_w = workload("bert_layer_infer", "BERT-base encoder layer inference, batch 4, seq 128")
_w.body("paddle")(lambda p: _paddle_infer(p, _paddle_bert(p), _tokens()))
_w.body("torch")(lambda t: _torch_infer(t, _torch_bert(t), _tokens()))

_w = workload("bert_layer_train", "BERT-base encoder layer training step, batch 4, seq 128, SGD")
_w.body("paddle")(lambda p: _paddle_train(p, _paddle_bert(p), _tokens(), None, momentum=0))
_w.body("torch")(lambda t: _torch_train(t, _torch_bert(t), _tokens(), None, momentum=0))
