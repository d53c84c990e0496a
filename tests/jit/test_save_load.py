"""paddle.jit.save / paddle.jit.load (TranslatedLayer), against files written by real Paddle 3.3.1 too."""
import json
import os
import pickle
import subprocess

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static import InputSpec
from purepaddle.static.persistables import load_combined_params, persistable_names
from purepaddle.static.program_bytes import program_from_bytes
from tests.checkout import FIXTURES
from tests.model_format import legacy_model_files

FIX = FIXTURES / "jit"


class LBL(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.l1 = paddle.nn.Linear(4, 3)
        self.bn = paddle.nn.BatchNorm1D(3)
        self.l2 = paddle.nn.Linear(3, 2)

    def forward(self, x):
        return self.l2(self.bn(self.l1(x)))


def lbl(seed=0):
    paddle.seed(seed)
    with paddle.utils.unique_name.guard():
        net = LBL()
    net(paddle.randn([8, 4]))  # training-mode call: running statistics move off their defaults
    return net


SPEC = [InputSpec([None, 4], "float32", "x")]


def t(a, stop_gradient=True):
    return paddle.to_tensor(np.asarray(a, dtype="float32"), stop_gradient=stop_gradient)


# -- save -------------------------------------------------------------------------------------
def test_save_writes_the_three_files_and_keeps_the_layer_mode(tmp_path):
    net = lbl()
    with legacy_model_files():  # the legacy files, against real Paddle's (PIR ones: tests/static/test_pir.py)
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    assert sorted(os.listdir(tmp_path)) == ["m.pdiparams", "m.pdiparams.info", "m.pdmodel"]
    assert net.training and not isinstance(net.forward, paddle.jit.api.StaticFunction)
    with open(tmp_path / "m.pdiparams.info", "rb") as f:
        raw = f.read()
    assert raw[:2] == b"\x80\x02"  # pickle protocol 2, as Paddle writes it
    info = pickle.loads(raw)
    # the same content as real Paddle's file for the same network (tests/fixtures/jit/lbl)
    with open(FIX / "lbl.pdiparams.info", "rb") as f:
        assert info == pickle.load(f)
    assert info["batch_norm1d_0.w_1"] == {"structured_name": "bn._mean", "stop_gradient": True, "trainable": False}
    prog = program_from_bytes((tmp_path / "m.pdmodel").read_bytes())
    ops = prog.global_block().ops
    assert [op.type for op in ops] == ["feed", "matmul_v2", "elementwise_add", "batch_norm", "matmul_v2",
                                       "elementwise_add", "fetch"]
    assert ops[0].output("Out") == ["x"] and ops[3].attr("is_test") is True  # saved in inference form
    real = program_from_bytes((FIX / "lbl.pdmodel").read_bytes())
    assert [op.type for op in real.global_block().ops] == [op.type for op in ops]
    assert persistable_names(real) == persistable_names(prog)
    assert real.global_block().var("x").need_check_feed is prog.global_block().var("x").need_check_feed is False
    names = sorted(info)
    arrays = load_combined_params(str(tmp_path / "m.pdiparams"), names)
    sd = {p.name: p.numpy() for p in net.state_dict().values()}
    for n in names:
        np.testing.assert_array_equal(arrays[n], sd[n])


def test_save_uses_the_last_traced_program_or_needs_an_input_spec(tmp_path):
    net = paddle.jit.to_static(lbl())
    with pytest.raises(ValueError, match="No valid transformed program"):
        paddle.jit.save(net, str(tmp_path / "a"))
    net(t(np.ones((5, 4))))
    paddle.jit.save(net, str(tmp_path / "a"))
    loaded = paddle.jit.load(str(tmp_path / "a"))
    assert loaded._input_spec()[0].shape == (5, 4) and loaded._input_spec()[0].name == "_jst.0.x.0"
    assert loaded(t(np.ones((2, 4)))).shape == [2, 2]  # as in Paddle, the traced batch size is not enforced


def test_save_errors_leave_files_as_they_were(tmp_path):
    net = lbl()
    (tmp_path / "m.pdmodel").write_bytes(b"old")
    with pytest.raises(ValueError, match="config \\(bogus\\)"):
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC, bogus=1)
    with pytest.raises(TypeError, match="input_spec should be 'list'"):
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC[0])
    with pytest.raises(TypeError, match="'Layer' or 'Function'"):
        paddle.jit.save(1, str(tmp_path / "m"))
    with pytest.raises(ValueError, match="file_prefix is empty"):
        paddle.jit.save(net, str(tmp_path) + "/", input_spec=SPEC)

    class Bad(paddle.nn.Layer):
        def forward(self, x):
            if bool(x.sum() > 0):  # bool() of a traced Tensor: to_static can not convert it
                return x
            return -x

    with pytest.raises(TypeError, match="paddle.static.nn.cond"):
        paddle.jit.save(Bad(), str(tmp_path / "m"), input_spec=SPEC)
    paddle.jit.enable_to_static(False)
    try:
        with pytest.raises(RuntimeError, match="enable_to_static"):
            paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    finally:
        paddle.jit.enable_to_static(True)
    assert os.listdir(tmp_path) == ["m.pdmodel"] and (tmp_path / "m.pdmodel").read_bytes() == b"old"


def test_save_a_function_and_output_spec(tmp_path):
    def f(x, y):
        return x + y, x * y

    with pytest.warns(UserWarning, match="What you save is a function"):
        paddle.jit.save(f, str(tmp_path / "f"), input_spec=[InputSpec([2], name="x"), InputSpec([2], name="y")],
                        output_spec=[1])
    loaded = paddle.jit.load(str(tmp_path / "f"))
    assert not loaded.parameters() and not os.path.exists(tmp_path / "f.pdiparams.info")
    np.testing.assert_array_equal(loaded(t([1, 2]), t([3, 4])).numpy(), [3.0, 8.0])


def test_save_input_spec_prunes_the_decorated_inputs(tmp_path):
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(2, 2)

        @paddle.jit.to_static(input_spec=[InputSpec([None, 2], "float32", "x"), InputSpec([None, 2], "float32", "y")])
        def forward(self, x, y):
            return self.fc(x)

    net = Net()
    paddle.jit.save(net, str(tmp_path / "p"), input_spec=[InputSpec([None, 2], "float32", "x")])
    assert [s.name for s in paddle.jit.load(str(tmp_path / "p"))._input_spec()] == ["x"]
    with pytest.raises(ValueError, match="is conflict with the `input_spec`"):
        paddle.jit.save(net, str(tmp_path / "p"), input_spec=[InputSpec([None, 3], "float32", "x"),
                                                              InputSpec([None, 2], "float32", "y")])


# -- load ----------------------------------------------------------------------------------------
def test_load_runs_like_the_eager_layer_and_names_its_parameters(tmp_path):
    net = lbl()
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    with paddle.utils.unique_name.guard():
        loaded = paddle.jit.load(str(tmp_path / "m"))
    assert isinstance(loaded, paddle.jit.TranslatedLayer) and isinstance(loaded, paddle.nn.Layer)
    assert not loaded.training
    assert [n for n, _ in loaded.named_parameters()] == [f"param_{i}" for i in range(8)]
    assert [p.name for p in loaded.parameters()] == [
        "batch_norm1d_0.b_1", "batch_norm1d_0.w_3", "batch_norm1d_0.w_4", "batch_norm1d_0.w_5", "linear_0.b_1",
        "linear_0.w_1", "linear_1.b_1", "linear_1.w_1"]  # paddle.jit.load's fresh names
    assert [p.stop_gradient for p in loaded.parameters()] == [False, False, True, True, False, False, False, False]
    x = t(np.random.default_rng(0).standard_normal((3, 4)))
    out = loaded(x)
    net.eval()
    np.testing.assert_allclose(out.numpy(), net(x).numpy(), rtol=1e-6, atol=1e-7)
    assert out.stop_gradient  # eval mode records no gradient, as Paddle's TranslatedLayer
    types = [op.type for op in loaded.program().global_block().ops]
    assert types == ["matmul_v2", "elementwise_add", "batch_norm", "matmul_v2", "elementwise_add", "scale"]
    assert loaded._output_spec()[0].name == "translated_layer/scale_0.tmp_0"
    with pytest.raises(ValueError, match="takes 1 inputs"):
        loaded(x, x)


def test_loaded_layer_fine_tunes(tmp_path):
    net = lbl()
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    loaded = paddle.jit.load(str(tmp_path / "m"))
    paddle.nn.Sequential(loaded).train()  # a parent's train() switches it too
    assert loaded.training
    rng = np.random.default_rng(1)
    x, y = t(rng.standard_normal((16, 4))), t(rng.standard_normal((16, 2)))
    # train mode uses the batch statistics, as the eager layer in training mode does
    np.testing.assert_allclose(loaded(x).numpy(), lbl()(x).numpy(), rtol=1e-5, atol=1e-6)
    opt = paddle.optimizer.SGD(0.2, parameters=loaded.parameters())
    losses = []
    for _ in range(5):
        loss = ((loaded(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0] * 0.9
    mean = loaded.parameters()[2]
    assert mean.grad is None and not np.allclose(mean.numpy(), net.bn._mean.numpy())  # running stats moved


def test_load_errors(tmp_path):
    with pytest.raises(ValueError, match="to load model not exists"):
        paddle.jit.load(str(tmp_path / "nothing"))
    paddle.enable_static()
    try:
        with pytest.raises(AssertionError, match="only support 'load\\(\\)' in dynamic graph mode"):
            paddle.jit.load(str(tmp_path / "nothing"))
    finally:
        paddle.disable_static()
    with pytest.raises(ValueError, match="config \\(bogus\\)"):
        paddle.jit.load(str(tmp_path / "nothing"), bogus=1)


def test_other_to_static_methods_are_saved_and_loaded(tmp_path):
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(2, 2)

        @paddle.jit.to_static(input_spec=[InputSpec([None, 2], "float32", "x")])
        def forward(self, x):
            return self.fc(x)

        @paddle.jit.to_static(input_spec=[InputSpec([None, 2], "float32", "z")])
        def double(self, z):
            return self.fc(z) * 2

    net = Net()
    paddle.jit.save(net, str(tmp_path / "n"))
    assert sorted(os.listdir(tmp_path)) == ["n.double.json", "n.double.pdiparams", "n.json", "n.pdiparams"]
    loaded = paddle.jit.load(str(tmp_path / "n"))
    x = t([[1.0, 2.0]])
    np.testing.assert_allclose(loaded.double(x).numpy(), 2 * net(x).numpy(), rtol=1e-6)
    assert len(loaded.parameters()) == 2


def test_model_save_for_inference_writes_a_jit_model(tmp_path):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())
    model = paddle.Model(net, inputs=[InputSpec([None, 4], "float32", "img")])
    model.prepare()
    model.save(str(tmp_path / "inf"), training=False)
    assert sorted(os.listdir(tmp_path)) == ["inf.json", "inf.pdiparams"]
    loaded = paddle.jit.load(str(tmp_path / "inf"))
    x = t(np.random.default_rng(2).standard_normal((2, 4)))
    np.testing.assert_allclose(loaded(x).numpy(), net(x).numpy(), rtol=1e-6)
    assert loaded._input_spec()[0].name == "img"


def test_static_model_save_for_inference_writes_the_test_program(tmp_path, static_mode):
    net = paddle.nn.Sequential(paddle.nn.Linear(4, 3), paddle.nn.ReLU())
    model = paddle.Model(net, inputs=[InputSpec([None, 4], "float32", "img")],
                         labels=[InputSpec([None, 1], "int64", "label")])
    model.prepare(paddle.optimizer.SGD(0.1, parameters=net.parameters()), paddle.nn.CrossEntropyLoss())
    model.save(str(tmp_path / "inf"), training=False)
    assert sorted(os.listdir(tmp_path)) == ["inf.json", "inf.pdiparams"]
    x = np.ones((2, 4), "float32")
    exe = paddle.static.Executor()
    prog, feeds, fetches = paddle.static.load_inference_model(str(tmp_path / "inf"), exe)
    assert feeds == ["img"]
    np.testing.assert_array_equal(exe.run(prog, feed={"img": x}, fetch_list=fetches)[0],
                                  model.predict_batch([x])[0])


def test_paddle_load_reads_a_jit_model_as_a_state_dict(tmp_path):
    net = lbl()
    with legacy_model_files():
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=SPEC)
    sd = paddle.load(str(tmp_path / "m"))  # structured names from .pdiparams.info
    ref = net.state_dict()
    assert sorted(sd) == sorted(ref)
    for k in ref:
        np.testing.assert_array_equal(np.asarray(sd[k]), ref[k].numpy())


# -- files written by real Paddle 3.3.1 (tests/fixtures/make_jit_fixtures.py) ---------------------
@pytest.mark.parametrize("name", ["lbl", "conv"])
def test_loads_real_paddle_models(name):
    exp = np.load(FIX / "expected.npz")
    meta = json.loads((FIX / "expected.json").read_text())[name]
    with paddle.utils.unique_name.guard():
        loaded = paddle.jit.load(str(FIX / name))
    assert [[n, p.name] for n, p in loaded.named_parameters()] == meta["loaded_params"]
    x = t(exp[f"{name}/x"])
    np.testing.assert_allclose(loaded(x).numpy(), exp[f"{name}/eval"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(loaded(x).numpy(), exp[f"{name}/loaded_eval"], rtol=1e-5, atol=1e-6)
    loaded.train()
    np.testing.assert_allclose(loaded(x).numpy(), exp[f"{name}/loaded_train"], rtol=1e-5, atol=1e-6)
    y = paddle.zeros_like(loaded(x))
    opt = paddle.optimizer.SGD(0.1, parameters=loaded.parameters())
    losses = []
    for _ in range(3):
        loss = ((loaded(x) - y) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0]


def test_a_fine_tuned_loaded_model_saves_again(tmp_path):
    exp = np.load(FIX / "expected.npz")
    loaded = paddle.jit.load(str(FIX / "conv"))
    x = t(exp["conv/x"])
    loaded.train()
    opt = paddle.optimizer.SGD(0.1, parameters=loaded.parameters())
    for _ in range(2):
        (loaded(x) ** 2).mean().backward()
        opt.step()
        opt.clear_grad()
    loaded.eval()
    tuned = loaded(x).numpy()
    assert not np.allclose(tuned, exp["conv/eval"])
    paddle.jit.save(loaded, str(tmp_path / "tuned"))  # its saved input spec is reused
    again = paddle.jit.load(str(tmp_path / "tuned"))
    np.testing.assert_allclose(again(x).numpy(), tuned, rtol=1e-6)
    assert again._input_spec()[0].shape == (-1, 1, 8, 8)


_REF_SCRIPT = r"""
import os, sys, pickle, numpy as np
os.environ["FLAGS_enable_pir_api"] = "0"
import paddle
d = sys.argv[1]
data = np.load(os.path.join(d, "io.npz"))
loaded = paddle.jit.load(os.path.join(d, "m"))
outs = loaded(paddle.to_tensor(data["x"]))
outs = outs if isinstance(outs, list) else [outs]
np.savez(os.path.join(d, "ref.npz"), *[o.numpy() for o in outs])
print(sorted(n for n, _ in loaded.named_parameters()), type(loaded).__name__)
"""


def test_real_paddle_loads_our_jit_models(tmp_path, ref_python):
    class ConvNet(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.conv = paddle.nn.Conv2D(1, 3, 3)
            self.bn = paddle.nn.BatchNorm2D(3)
            self.fc = paddle.nn.Linear(27, 4)
            self.drop = paddle.nn.Dropout(0.5)

        def forward(self, x):
            y = paddle.nn.functional.max_pool2d(paddle.nn.functional.relu(self.bn(self.conv(x))), 2)
            return self.drop(self.fc(paddle.flatten(y, 1))), y.mean()

    paddle.seed(5)
    net = ConvNet()
    net(paddle.randn([4, 1, 8, 8]))
    with legacy_model_files():  # the PIR direction: tests/static/test_pir.py
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=[InputSpec([None, 1, 8, 8], "float32", "img")])
    x = np.random.default_rng(3).standard_normal((3, 1, 8, 8)).astype("float32")
    np.savez(tmp_path / "io.npz", x=x)
    proc = subprocess.run([str(ref_python), "-c", _REF_SCRIPT, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, cwd=str(tmp_path), env={**os.environ, "FLAGS_enable_pir_api": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "TranslatedLayer" in proc.stdout
    ref = np.load(tmp_path / "ref.npz")
    net.eval()
    ours = net(t(x))
    np.testing.assert_allclose(ref["arr_0"], ours[0].numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ref["arr_1"], ours[1].numpy(), rtol=1e-5, atol=1e-6)


def test_loaded_model_with_control_flow_is_saved_again(tmp_path):
    """jit.save of a jit.load'ed model holding conditional_block / while (a cond inside a while_loop): the
    sub-blocks are copied with the loop variables still written in place."""
    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(4, 4)

        @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32", "x")], full_graph=True)
        def forward(self, x):
            y = paddle.static.nn.cond(x.mean() > 0, lambda: self.fc(x), lambda: x - 1.0)
            i = paddle.full([1], 0, "int64")

            def body(i, h):
                return i + 1, paddle.static.nn.cond(i == 1, lambda: paddle.tanh(self.fc(h)), lambda: h * 0.5)

            return paddle.static.nn.while_loop(lambda i, h: i < 3, body, [i, y])[1]

    paddle.seed(2)
    net = Net()
    xs = [np.random.default_rng(k).standard_normal((2, 4)).astype("float32") * s for k, s in ((0, 1), (1, -3))]
    want = [net(t(x)).numpy() for x in xs]
    paddle.set_flags({"FLAGS_enable_pir_api": False})
    paddle.jit.save(net, str(tmp_path / "a"))
    paddle.jit.save(paddle.jit.load(str(tmp_path / "a")), str(tmp_path / "b"))
    again = paddle.jit.load(str(tmp_path / "b"))
    for x, w in zip(xs, want):
        np.testing.assert_allclose(again(t(x)).numpy(), w, rtol=1e-6, atol=1e-6)
