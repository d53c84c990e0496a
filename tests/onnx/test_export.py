"""paddle.onnx.export through paddle2onnx (the optional `onnx` extra): onnxruntime runs the exported models
with purepaddle's outputs. Skips where the extra is absent (`pip install 'purepaddle[onnx]'`); the whole
vision zoo (ResNet-34 and up, slow to build on NumPy) runs with PUREPADDLE_ONNX_ZOO=all."""
import importlib.util
import os
import sys

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.onnx import converter as _converter
from purepaddle.static import InputSpec
from purepaddle.vision import models


HAVE_EXTRA = importlib.util.find_spec("paddle2onnx") is not None and importlib.util.find_spec("onnxruntime") is not None
needs_extra = pytest.mark.skipif(not HAVE_EXTRA, reason="needs the onnx extra: pip install 'purepaddle[onnx]'")
ALL_ZOO = os.environ.get("PUREPADDLE_ONNX_ZOO", "").strip().lower() == "all"


def _session(path):
    import onnxruntime as ort
    return ort.InferenceSession(path, providers=["CPUExecutionProvider"])


def _check(net, shape, tmp_path, name, **kw):
    """Export net with a dynamic batch; onnxruntime's outputs at batch 1 and 8 match purepaddle's within 2e-5
    of the output's scale (random-init ResNets reach 1e4: float32 sums in another order differ by ~1e-6 of it)."""
    net.eval()
    paddle.onnx.export(net, str(tmp_path / name), input_spec=[InputSpec([None] + shape, "float32", "x")], **kw)
    sess = _session(str(tmp_path / f"{name}.onnx"))
    assert [i.name for i in sess.get_inputs()] == ["x"]
    for batch in (1, 8):
        x = np.random.default_rng(batch).standard_normal([batch] + shape).astype("float32")
        ours = net(paddle.to_tensor(x)).numpy()
        theirs = sess.run(None, {"x": x})[0]
        assert theirs.shape == ours.shape
        scale = max(1.0, float(np.abs(ours).max()))
        np.testing.assert_allclose(theirs, ours, rtol=2e-5, atol=2e-5 * scale)


# paddle.vision.models at the smallest input each accepts (googlenet's and alexnet's layer sizes need 224;
# vgg's adaptive pool to 7x7 from a smaller map has no ONNX AveragePool form, in Paddle's export too)
ZOO = {"mobilenet_v1": 64, "mobilenet_v2": 64, "mobilenet_v3_small": 64, "mobilenet_v3_large": 64,
       "shufflenet_v2_x0_25": 64, "squeezenet1_0": 64, "squeezenet1_1": 64, "densenet121": 64, "inception_v3": 96,
       "resnet18": 64}
ZOO_LARGE = {"googlenet": 224, "alexnet": 224, "vgg11": 224}


@needs_extra
@pytest.mark.parametrize("name", sorted(ZOO))
def test_vision_zoo_runs_in_onnxruntime(tmp_path, name):
    paddle.seed(0)
    _check(getattr(models, name)(), [3, ZOO[name], ZOO[name]], tmp_path, name, opset_version=11)


@needs_extra
@pytest.mark.skipif(not ALL_ZOO, reason="224x224 models take minutes: PUREPADDLE_ONNX_ZOO=all")
@pytest.mark.parametrize("name", sorted(ZOO_LARGE))
def test_large_vision_models_run_in_onnxruntime(tmp_path, name):
    paddle.seed(0)
    _check(getattr(models, name)(), [3, ZOO_LARGE[name], ZOO_LARGE[name]], tmp_path, name, opset_version=11)


@needs_extra
def test_lenet_and_resnet18(tmp_path):
    paddle.seed(0)
    _check(models.LeNet(), [1, 28, 28], tmp_path, "lenet")  # default opset 9
    _check(models.resnet18(num_classes=10), [3, 32, 32], tmp_path, "resnet18", opset_version=11)


@needs_extra
@pytest.mark.skipif(not ALL_ZOO, reason="the large ResNets take a minute: PUREPADDLE_ONNX_ZOO=all")
@pytest.mark.parametrize("name", ["resnet34", "resnet50", "resnet101", "resnet152", "wide_resnet50_2",
                                  "wide_resnet101_2"])
def test_large_resnets(tmp_path, name):
    paddle.seed(0)
    _check(getattr(models, name)(num_classes=10), [3, 32, 32], tmp_path, name, opset_version=11)


@needs_extra
def test_opset_configs_and_output_spec(tmp_path):
    import onnx

    class TwoOut(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 3)

        def forward(self, x):
            y = self.fc(x)
            return y, paddle.nn.functional.relu(y)

    net = TwoOut()
    spec = [InputSpec([None, 4], "float32", "x")]
    paddle.onnx.export(net, str(tmp_path / "sub" / "m"), input_spec=spec, opset_version=13, output_spec=[1],
                       separate_parameters=True)  # a config paddle2onnx does not pass on: dropped, as in Paddle
    assert sorted(os.listdir(tmp_path / "sub")) == ["m.onnx"]  # the jit.save files went to a temporary dir
    model = onnx.load(str(tmp_path / "sub" / "m.onnx"))
    assert [o.version for o in model.opset_import if o.domain in ("", "ai.onnx")] == [13]
    sess = _session(str(tmp_path / "sub" / "m.onnx"))
    x = np.random.default_rng(0).standard_normal((5, 4)).astype("float32")
    outs = sess.run(None, {"x": x})
    assert len(outs) == 1
    np.testing.assert_allclose(outs[0], net(paddle.to_tensor(x))[1].numpy(), rtol=1e-6, atol=1e-6)


@needs_extra
def test_a_layer_without_parameters(tmp_path):
    paddle.onnx.export(paddle.nn.Hardswish(), str(tmp_path / "hs"), input_spec=[InputSpec([2, 3], "float32", "x")])
    x = np.linspace(-4, 4, 6, dtype="float32").reshape(2, 3)
    np.testing.assert_allclose(_session(str(tmp_path / "hs.onnx")).run(None, {"x": x})[0],
                               paddle.nn.functional.hardswish(paddle.to_tensor(x)).numpy(), rtol=1e-6, atol=1e-7)


@needs_extra
def test_export_does_not_import_paddle2onnx_here(tmp_path):
    paddle.onnx.export(paddle.nn.Linear(2, 2), str(tmp_path / "lin"), input_spec=[InputSpec([1, 2], "float32")])
    assert "paddle2onnx" not in sys.modules  # its __init__ (which imports paddle) never ran here


@needs_extra
def test_an_op_paddle2onnx_can_not_convert_is_an_error_not_an_abort(tmp_path):
    # paddle2onnx aborts its process on such an op (so would real Paddle's export); ours runs it in a child
    with pytest.raises(RuntimeError, match="not supported yet, including channel_shuffle"):
        paddle.onnx.export(paddle.nn.ChannelShuffle(2), str(tmp_path / "cs"),
                           input_spec=[InputSpec([1, 4, 2, 2], "float32")])
    assert not os.listdir(tmp_path)


def test_a_missing_extra_is_named(tmp_path, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(_converter.importlib.util, "find_spec",
                        lambda name, *a: None if name == "paddle2onnx" else real(name, *a))
    with pytest.raises(ImportError, match=r"pip install 'purepaddle\[onnx\]'"):
        paddle.onnx.export(paddle.nn.Linear(2, 2), str(tmp_path / "m"), input_spec=[InputSpec([1, 2], "float32")])
    assert not os.listdir(tmp_path)


@needs_extra
def test_an_empty_file_prefix_is_refused(tmp_path):
    with pytest.raises(ValueError, match="file_prefix is empty"):
        paddle.onnx.export(paddle.nn.Linear(2, 2), str(tmp_path) + os.sep, input_spec=[InputSpec([1, 2], "float32")])


@needs_extra
def test_control_flow_a_loaded_model_and_hooks_export(tmp_path):
    class Branchy(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 4)

        def forward(self, x):
            h = self.fc(x)
            return paddle.static.nn.cond(h.mean() > 0, lambda: h * 2, lambda: h - 1)

    paddle.seed(1)
    net = Branchy()
    net.register_forward_post_hook(lambda layer, inputs, out: out + 0.5)  # baked into the export, as jit.save does
    spec = [InputSpec([None, 4], "float32", "x")]
    paddle.onnx.export(net, str(tmp_path / "c"), input_spec=spec, opset_version=11)
    with paddle.pir_utils.OldIrGuard():  # a legacy .pdmodel: paddle2onnx 1.3 can not convert the branches of a
        paddle.jit.save(net, str(tmp_path / "j"), input_spec=spec)  # PIR-read if (docs/conformance.md)
    paddle.onnx.export(paddle.jit.load(str(tmp_path / "j")), str(tmp_path / "t"), opset_version=11)
    xs = [np.full((2, 4), v, "float32") for v in (-3.0, 3.0)]
    assert len({float(net.fc(paddle.to_tensor(x)).mean()) > 0 for x in xs}) == 2  # both branches are taken
    for name in ("c", "t"):
        sess = _session(str(tmp_path / f"{name}.onnx"))
        for x in xs:
            np.testing.assert_allclose(sess.run(None, {sess.get_inputs()[0].name: x})[0],
                                       net(paddle.to_tensor(x)).numpy(), rtol=1e-6, atol=1e-6)
