"""paddle.vision.models: every builder's state_dict keys and shapes equal real Paddle's (fixture), Paddle's saved
state_dicts load and give Paddle's outputs, pretrained=True reads Paddle's weight cache or names URL and path."""
import gzip
import json
import os

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.vision import models as M

FIX = os.path.join(os.path.dirname(__file__), "..", "fixtures", "vision")
with gzip.open(os.path.join(FIX, "model_keys.json.gz"), "rt") as _f:
    KEYS = json.load(_f)


def test_every_paddle_builder_is_here():
    assert sorted(KEYS) == sorted(n for n in M.__all__ if n[0].islower())


@pytest.mark.parametrize("name", sorted(KEYS))
def test_state_dict_keys_and_shapes_match_paddle(name):
    net = getattr(M, name)()
    got = [[k, list(v.shape)] for k, v in net.state_dict().items()]
    assert got == KEYS[name]


# small configurations, so real Paddle's random state_dict and forward run quickly
_OUTPUT_CASES = {
    "alexnet": ("alexnet(num_classes=0)", [1, 3, 64, 64]),  # the classifier needs 224x224 (240 MB)
    "vgg11_bn": ("vgg11(batch_norm=True, num_classes=4)", [1, 3, 32, 32]),
    "mobilenet_v1": ("mobilenet_v1(scale=0.25, num_classes=4)", [1, 3, 32, 32]),
    "mobilenet_v2": ("mobilenet_v2(scale=0.5, num_classes=4)", [1, 3, 32, 32]),
    "mobilenet_v3_small": ("mobilenet_v3_small(scale=0.5, num_classes=4)", [1, 3, 32, 32]),
    "mobilenet_v3_large": ("mobilenet_v3_large(scale=0.5, num_classes=4)", [1, 3, 32, 32]),
    "resnext50": ("resnext50_32x4d(num_classes=4)", [1, 3, 32, 32]),
    "squeezenet1_0": ("squeezenet1_0(num_classes=4)", [1, 3, 64, 64]),
    "squeezenet1_1": ("squeezenet1_1(num_classes=4)", [1, 3, 64, 64]),
    "shufflenet_swish": ("shufflenet_v2_swish(num_classes=4)", [1, 3, 32, 32]),
    "shufflenet_x0_25": ("shufflenet_v2_x0_25(num_classes=4)", [1, 3, 32, 32]),
    "densenet121": ("densenet121(num_classes=4)", [1, 3, 32, 32]),
    "googlenet": ("googlenet(num_classes=4)", [1, 3, 224, 224]),
    "inception_v3": ("inception_v3(num_classes=4)", [1, 3, 75, 75]),
}

_REF_SCRIPT = """
import sys, numpy as np, paddle
import paddle.vision.models as M
paddle.seed(3)
net = eval("M." + sys.argv[1]); net.eval()
x = np.random.RandomState(0).rand(*eval(sys.argv[2])).astype("float32")
# BatchNorm running statistics away from 0/1, so eval-mode normalisation is exercised
sd = net.state_dict()
for k, v in sd.items():
    if k.endswith(("_mean", "_variance")):
        v.set_value(np.random.RandomState(1).uniform(0.5, 1.5, v.shape).astype("float32"))
out = net(paddle.to_tensor(x))
outs = out if isinstance(out, (tuple, list)) else [out]
paddle.save(net.state_dict(), sys.argv[3] + "/w.pdparams")
np.savez(sys.argv[3] + "/io.npz", x=x, *[o.numpy() for o in outs])
"""


@pytest.mark.parametrize("case", sorted(_OUTPUT_CASES))
def test_paddle_state_dict_loads_and_gives_paddles_output(case, ref_python, tmp_path):
    import subprocess
    expr, shape = _OUTPUT_CASES[case]
    subprocess.run([str(ref_python), "-c", _REF_SCRIPT, expr, str(shape), str(tmp_path)], check=True,
                   capture_output=True)
    net = eval("M." + expr)
    missing, unexpected = net.set_state_dict(paddle.load(str(tmp_path / "w.pdparams")))
    assert not missing and not unexpected
    net.eval()
    io = np.load(tmp_path / "io.npz")
    out = net(paddle.to_tensor(io["x"]))
    outs = out if isinstance(out, (tuple, list)) else [out]
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.numpy(), io[f"arr_{i}"], rtol=2e-4, atol=2e-5)


def test_pretrained_reads_paddles_cache_or_names_url_and_path(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"squeezenet1_1.*SqueezeNet1_1_pretrained\.pdparams.*bcebos"):
        M.squeezenet1_1(pretrained=True)
    with pytest.raises(ValueError, match="do not have a pretrained model"):
        M.vgg11(pretrained=True)
    src = M.squeezenet1_1()
    cache = tmp_path / ".cache" / "paddle" / "hapi" / "weights"
    cache.mkdir(parents=True)
    paddle.save(src.state_dict(), str(cache / "SqueezeNet1_1_pretrained.pdparams"))
    net = M.squeezenet1_1(pretrained=True)
    np.testing.assert_array_equal(net._conv.weight.numpy(), src._conv.weight.numpy())


def test_intermediate_layer_getter_cuts_after_the_last_wanted_layer():
    m = paddle.vision.models.resnet18(pretrained=False)
    getter = paddle.vision.models._utils.IntermediateLayerGetter(m, {"layer1": "feat1", "layer3": "feat2"})
    # the sublayers real Paddle 3.3.1 keeps
    assert list(getter.keys()) == ["conv1", "bn1", "relu", "maxpool", "layer1", "layer2", "layer3"]
    m.eval(), getter.eval()
    out = getter(paddle.rand([1, 3, 64, 64]))
    assert [(k, list(v.shape)) for k, v in out.items()] == [("feat1", [1, 64, 16, 16]), ("feat2", [1, 256, 4, 4])]
    with pytest.raises(ValueError, match="return_layers are not present in model"):
        paddle.vision.models._utils.IntermediateLayerGetter(m, {"nope": "a"})
