"""PIR programs (Paddle 3's `model.json`): reading models real Paddle 3.3.1 wrote (tests/fixtures/pir/, written by
make_pir_fixtures.py) everywhere a `.pdmodel` runs, and the codec's errors."""
import json
import os
import shutil

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static.pir import dump_program, parse_program, program_from_pir_file, supported_pir_ops

FIX = os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "pir")
SMALL = ("mlp", "convbn", "tinyres", "ops", "ops2", "ops3", "encoder")
INPUTS = {"ops": ["x", "img", "ids"], "ops2": ["x", "seq", "img"], "ops3": ["x", "img", "idx"],
          "encoder": ["ids", "mask"]}


def _io(name, root=FIX):
    return dict(np.load(os.path.join(root, name, "io.npz")))


def assert_close(got, want):
    """float32 agreement within 1e-5 relative to the output's scale."""
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * scale)


def batches(io):
    return sorted({int(k[1:].split("_")[0]) for k in io if k.startswith("x")})


def inputs(io, b):
    """The inputs of batch b in a fixture's io.npz (`x<b>`, or `x<b>_<i>` for several)."""
    if f"x{b}" in io:
        return [io[f"x{b}"]]
    return [io[f"x{b}_{i}"] for i in range(sum(k.startswith(f"x{b}_") for k in io))]


def predict(config, xs):
    pred = paddle.inference.create_predictor(config)
    xs = xs if isinstance(xs, list) else [xs]
    for n, x in zip(pred.get_input_names(), xs):
        pred.get_input_handle(n).copy_from_cpu(x)
    pred.run()
    return pred, [pred.get_output_handle(n).copy_to_cpu() for n in pred.get_output_names()]


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("ir_optim", [True, False])
def test_predictor_runs_paddle_written_pir_models(name, ir_optim):
    io = _io(name)
    d = os.path.join(FIX, name)
    for b in batches(io):
        config = paddle.inference.Config(os.path.join(d, "model.json"), os.path.join(d, "model.pdiparams"))
        config.disable_glog_info()
        config.switch_ir_optim(ir_optim)
        pred, outs = predict(config, inputs(io, b))
        assert pred.get_input_names() == INPUTS.get(name, ["x"])
        assert pred.get_output_names() == [f"fetch_name_{k}" for k in range(len(outs))]
        for k, o in enumerate(outs):
            assert o.dtype == io[f"out{b}_{k}"].dtype
            assert_close(o, io[f"out{b}_{k}"])


def test_translated_program_has_paddles_names():
    prog = program_from_pir_file(os.path.join(FIX, "mlp", "model.json"))
    block = prog.global_block()
    assert [op.type for op in block.ops][:3] == ["feed", "matmul_v2", "elementwise_add"]
    assert sorted(v.name for v in prog.list_vars() if v.persistable and v.name not in ("feed", "fetch")) == [
        "linear_0.b_0", "linear_0.w_0", "linear_1.b_0", "linear_1.w_0"]
    assert block.var("x").shape == (-1, 4)


def _edited(tmp_path, edit):
    src = os.path.join(FIX, "mlp")
    d = tmp_path / "m"
    shutil.copytree(src, d)
    j = json.loads((d / "model.json").read_text())
    edit(j)
    (d / "model.json").write_text(json.dumps(j))
    return str(d / "model.json"), str(d / "model.pdiparams")


def test_unknown_op_names_the_file_the_op_and_the_version(tmp_path):
    def edit(j):
        for op in j["program"]["regions"][0]["blocks"][0]["ops"]:
            if op["#"] == "1.relu":
                op["#"] = "1.no_such_op"
    model, params = _edited(tmp_path, edit)
    config = paddle.inference.Config(model, params)
    with pytest.raises(ValueError, match=r"model\.json.*'pd_op\.no_such_op' \(PIR version 4\)"):
        paddle.inference.create_predictor(config)


def test_other_pir_version_is_a_clear_error(tmp_path):
    model, params = _edited(tmp_path, lambda j: j["base_code"].update(version=99))
    with pytest.raises(ValueError, match=r"model\.json is a PIR program of version 99.*Paddle 3\.0-3\.3"):
        program_from_pir_file(model)


def test_older_versions_are_read():
    text = open(os.path.join(FIX, "mlp", "model.json")).read()
    for v in (1, 2, 3):
        j = json.loads(text)
        j["base_code"]["version"] = v
        assert parse_program(json.dumps(j)).version == v


def test_supported_ops_cover_the_vision_census():
    census = {"builtin.combine", "builtin.split", "builtin.parameter", "pd_op.add", "pd_op.batch_norm_",
              "pd_op.concat", "pd_op.conv2d", "pd_op.data", "pd_op.depthwise_conv2d", "pd_op.dropout",
              "pd_op.fetch", "pd_op.flatten", "pd_op.full", "pd_op.full_int_array", "pd_op.hardsigmoid",
              "pd_op.hardswish", "pd_op.matmul", "pd_op.multiply", "pd_op.pool2d", "pd_op.relu", "pd_op.relu6",
              "pd_op.reshape", "pd_op.split", "pd_op.squeeze", "pd_op.transpose"}
    assert census <= set(supported_pir_ops())


# -- reading everywhere a .pdmodel runs ---------------------------------------------------------------------------
def test_config_prefix_and_set_model_forms(tmp_path):
    io = _io("mlp")
    prefix = os.path.join(FIX, "mlp", "model")
    for config in (paddle.inference.Config(prefix), paddle.inference.Config()):
        if not config.model_dir():
            config.set_model(prefix)
        config.disable_glog_info()
        _, outs = predict(config, io["x8"])
        assert_close(outs[0], io["out8_0"])


def test_jit_load_predicts_and_fine_tunes_a_paddle_written_pir_model():
    io = _io("tinyres")
    layer = paddle.jit.load(os.path.join(FIX, "tinyres", "model"))
    assert_close(layer(paddle.to_tensor(io["x8"])).numpy(), io["out8_0"])
    layer.train()
    opt = paddle.optimizer.SGD(0.05, parameters=layer.parameters())
    x = paddle.to_tensor(io["x8"])
    losses = []
    for _ in range(5):
        loss = (layer(x) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    trainable = [p for p in layer.parameters() if not p.stop_gradient]
    assert len(trainable) == 12  # 4 convs, bn scale/bias, linear w/b; running statistics stop gradient


def test_load_inference_model_reads_a_paddle_written_pir_model():
    io = _io("tinyres")
    paddle.enable_static()
    try:
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, feeds, fetches = paddle.static.load_inference_model(os.path.join(FIX, "tinyres", "model"), exe)
        assert feeds == ["x"]
        out = exe.run(prog, feed={"x": io["x1"]}, fetch_list=fetches)[0]
    finally:
        paddle.disable_static()
    assert_close(out, io["out1_0"])


# -- writing -------------------------------------------------------------------------------------------------------
def _small_models():
    import sys
    sys.path.insert(0, FIX)
    try:
        from models import small_models
    finally:
        sys.path.remove(FIX)
    return small_models(paddle)


def _save_small(tmp_path, name, seed=3):
    cls, specs = _small_models()[name]
    paddle.seed(seed)
    layer = cls()
    layer.eval()
    prefix = str(tmp_path / name / "model")
    paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec(s, d, n) for s, d, n in specs])
    rng = np.random.RandomState(seed)
    xs = [rng.randint(0, {"mask": 2, "idx": 3}.get(n, 10), [5] + s[1:]).astype(d) if d == "int64"
          else rng.uniform(-1, 1, [5] + s[1:]).astype(d) for s, d, n in specs]
    out = layer(*[paddle.to_tensor(x) for x in xs])
    outs = [o.numpy() for o in (out if isinstance(out, (list, tuple)) else [out])]
    return prefix, (xs[0] if len(xs) == 1 else xs), outs


@pytest.mark.parametrize("name", SMALL)
def test_jit_save_writes_pir_json_that_reads_back(tmp_path, name):
    prefix, x, want = _save_small(tmp_path, name)
    assert sorted(os.listdir(os.path.dirname(prefix))) == ["model.json", "model.pdiparams"]
    head = json.loads(open(prefix + ".json").read())["base_code"]
    assert head == {"magic": "pir", "trainable": True, "version": 4}
    config = paddle.inference.Config(prefix + ".json", prefix + ".pdiparams")
    config.disable_glog_info()
    _, outs = predict(config, x)
    for o, w in zip(outs, want):
        assert_close(o, w)


def test_flag_off_keeps_writing_pdmodel(tmp_path):
    paddle.set_flags({"FLAGS_enable_pir_api": False})
    try:
        prefix, x, want = _save_small(tmp_path, "mlp")
    finally:
        paddle.set_flags({"FLAGS_enable_pir_api": True})
    assert sorted(os.listdir(os.path.dirname(prefix))) == ["model.pdiparams", "model.pdiparams.info", "model.pdmodel"]
    assert_close(paddle.jit.load(prefix)(paddle.to_tensor(x))[0].numpy(), want[0])  # the other suffix is found


def test_where_both_files_exist_the_flag_picks(tmp_path):
    from purepaddle.static.model_args import model_file_of_prefix
    prefix, x, want = _save_small(tmp_path, "mlp")
    assert model_file_of_prefix(prefix) == prefix + ".json"
    paddle.set_flags({"FLAGS_enable_pir_api": False})
    try:
        assert model_file_of_prefix(prefix) == prefix + ".json"  # the only one there
        _save_small(tmp_path, "mlp")  # the same model (and .pdiparams), now also as model.pdmodel + .info
        assert model_file_of_prefix(prefix) == prefix + ".pdmodel"
        assert_close(paddle.jit.load(prefix)(paddle.to_tensor(x))[0].numpy(), want[0])
    finally:
        paddle.set_flags({"FLAGS_enable_pir_api": True})
    assert model_file_of_prefix(prefix) == prefix + ".json"
    assert_close(paddle.jit.load(prefix)(paddle.to_tensor(x))[0].numpy(), want[0])  # the legacy .info is not read


_REF_RUN = r"""
import sys, json, numpy as np, paddle
prefix, xs = sys.argv[1], np.load(sys.argv[2])
xs = [xs[f"arr_{i}"] for i in range(len(xs.files))]
cfg = paddle.inference.Config(prefix + ".json", prefix + ".pdiparams")
cfg.disable_glog_info()
cfg.disable_mkldnn()  # Paddle's oneDNN kernels reject some PIR attributes (interpolate's double scales)
pred = paddle.inference.create_predictor(cfg)
for n, x in zip(pred.get_input_names(), xs):
    pred.get_input_handle(n).copy_from_cpu(x)
pred.run()
outs = {f"p{k}": pred.get_output_handle(n).copy_to_cpu() for k, n in enumerate(pred.get_output_names())}
layer = paddle.jit.load(prefix)
res = layer(*[paddle.to_tensor(x) for x in xs])
res = res if isinstance(res, (list, tuple)) else [res]
outs.update({f"j{k}": r.numpy() for k, r in enumerate(res)})
np.savez(sys.argv[3], **outs)
print(type(layer).__name__, pred.get_input_names(), pred.get_output_names())
"""


def _run_ref(ref_python, tmp_path, prefix, xs):
    import subprocess
    np.savez(tmp_path / "x.npz", *(xs if isinstance(xs, list) else [xs]))
    proc = subprocess.run([str(ref_python), "-c", _REF_RUN, prefix, str(tmp_path / "x.npz"), str(tmp_path / "ref.npz")],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "FLAGS_enable_pir_api": "1"})
    assert proc.returncode == 0, proc.stderr[-4000:]
    return proc.stdout, dict(np.load(tmp_path / "ref.npz"))


@pytest.mark.parametrize("name", SMALL)
def test_real_paddle_runs_our_pir_models(tmp_path, ref_python, name):
    prefix, x, want = _save_small(tmp_path, name)
    stdout, ref = _run_ref(ref_python, tmp_path, prefix, x)
    assert f"PirTranslatedLayer {INPUTS.get(name, ['x'])}" in stdout
    for k, w in enumerate(want):
        assert ref[f"p{k}"].dtype == w.dtype and ref[f"j{k}"].dtype == w.dtype
        assert_close(ref[f"p{k}"], w)
        assert_close(ref[f"j{k}"], w)


def test_real_paddle_runs_our_save_inference_model(tmp_path, ref_python):
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("xx", [None, 3], "float32")
            h = paddle.nn.functional.relu(paddle.nn.Linear(3, 6)(x))
            y = paddle.nn.functional.softmax(paddle.nn.Linear(6, 2)(h))
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        prefix = str(tmp_path / "inf" / "model")
        paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
        assert sorted(os.listdir(tmp_path / "inf")) == ["model.json", "model.pdiparams"]
        xv = np.random.RandomState(0).rand(4, 3).astype("float32")
        want = exe.run(main, feed={"xx": xv}, fetch_list=[y])[0]
        prog, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
        assert feeds == ["xx"]
        assert_close(exe.run(prog, feed={"xx": xv}, fetch_list=fetches)[0], want)
    finally:
        paddle.disable_static()
    stdout, ref = _run_ref(ref_python, tmp_path, prefix, xv)
    assert "['xx'] ['fetch_name_0']" in stdout
    assert_close(ref["p0"], want)


def test_codec_round_trip_is_lossless():
    for name in SMALL:
        text = open(os.path.join(FIX, name, "model.json")).read()
        assert json.loads(dump_program(parse_program(text))) == json.loads(text)


def test_ir_passes_fold_and_fuse_the_translated_programs():
    def optimized(name):
        d = os.path.join(FIX, name)
        config = paddle.inference.Config(os.path.join(d, "model.json"), os.path.join(d, "model.pdiparams"))
        config.disable_glog_info()
        return [op.type for op in paddle.inference.create_predictor(config)._core.program.global_block().ops]
    assert "batch_norm" not in optimized("convbn") and "fc" in optimized("convbn")  # bn folded into conv
    assert optimized("tinyres").count("fused_conv2d_add_act") == 4
    assert optimized("mlp").count("fc") == 2  # matmul + add


@pytest.mark.parametrize("legacy", [False, True])
def test_real_paddle_runs_a_resaved_paddle_pir_model(tmp_path, ref_python, legacy):
    import subprocess
    io = _io("ops")
    layer = paddle.jit.load(os.path.join(FIX, "ops", "model"))
    prefix = str(tmp_path / "re")
    paddle.set_flags({"FLAGS_enable_pir_api": not legacy})
    try:
        paddle.jit.save(layer, prefix)
    finally:
        paddle.set_flags({"FLAGS_enable_pir_api": True})
    assert os.path.exists(prefix + (".pdmodel" if legacy else ".json"))
    np.savez(tmp_path / "x.npz", *inputs(io, 3))
    script = (r"import sys, numpy as np, paddle" "\n"
              r"xs = np.load(sys.argv[2]); layer = paddle.jit.load(sys.argv[1])" "\n"
              r"res = layer(*[paddle.to_tensor(xs[f'arr_{i}']) for i in range(len(xs.files))])" "\n"
              r"np.savez(sys.argv[3], *[r.numpy() for r in res])")
    proc = subprocess.run([str(ref_python), "-c", script, prefix, str(tmp_path / "x.npz"), str(tmp_path / "o.npz")],
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "FLAGS_enable_pir_api": "0" if legacy else "1"})
    assert proc.returncode == 0, proc.stderr[-4000:]
    got = np.load(tmp_path / "o.npz")
    assert len(got.files) == 47
    for k in range(47):
        assert got[f"arr_{k}"].dtype == io[f"out3_{k}"].dtype
        assert_close(got[f"arr_{k}"], io[f"out3_{k}"])


def test_pir_models_load_from_memory():
    io = _io("convbn")
    d = os.path.join(FIX, "convbn")
    model = open(os.path.join(d, "model.json"), "rb").read()
    params = open(os.path.join(d, "model.pdiparams"), "rb").read()
    config = paddle.inference.Config()
    config.set_model_buffer(model, len(model), params, len(params))
    config.disable_glog_info()
    _, outs = predict(config, io["x1"])
    assert_close(outs[0], io["out1_0"])
    paddle.enable_static()
    try:
        exe = paddle.static.Executor(paddle.CPUPlace())
        prog, feeds, fetches = paddle.static.load_inference_model(None, exe, model_filename=model,
                                                                  params_filename=params)
        assert_close(exe.run(prog, feed={feeds[0]: io["x8"]}, fetch_list=fetches)[0], io["out8_0"])
        assert [op.type for op in paddle.static.deserialize_program(model).global_block().ops][:2] == [
            "feed", "conv2d"]
    finally:
        paddle.disable_static()


_REF_LEGACY_IO = r"""
import sys, numpy as np, paddle
io = np.load(sys.argv[3])
name, prefix = sys.argv[1], sys.argv[2]
outs = sorted((k for k in io.files if k.startswith(name + "/out/")), key=lambda k: int(k.split("/")[-1]))
cfg = paddle.inference.Config(prefix + ".json", prefix + ".pdiparams")
cfg.disable_glog_info()
cfg.disable_mkldnn()  # Paddle's oneDNN passes miscompute two dropouts of one input (docs/conformance.md)
pred = paddle.inference.create_predictor(cfg)
for n in pred.get_input_names():
    pred.get_input_handle(n).copy_from_cpu(io[name + "/in/" + n])
pred.run()
for n, o in zip(pred.get_output_names(), outs):
    np.testing.assert_allclose(pred.get_output_handle(n).copy_to_cpu(), io[o], rtol=1e-5, atol=1e-6)
print("ok", len(outs))
"""


@pytest.mark.parametrize("name", ["mlp", "lenet", "dropout", "fc"])
def test_paddle_legacy_models_resaved_as_pir_run_in_real_paddle(tmp_path, ref_python, name):
    """Legacy programs Paddle wrote (tests/fixtures/model_files: static.nn fc with axis-aligned bias adds, `mul`,
    batch_norm, dropout without a seed attribute) go through the same table into a PIR file Paddle runs."""
    import subprocess
    from tests.checkout import FIXTURES
    layer = paddle.jit.load(str(FIXTURES / "model_files" / name))
    prefix = str(tmp_path / name)
    paddle.jit.save(layer, prefix)
    proc = subprocess.run([str(ref_python), "-c", _REF_LEGACY_IO, name, prefix, str(FIXTURES / "model_files" / "io.npz")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.startswith("ok")


def test_a_model_without_parameters_writes_no_pdiparams_and_runs_in_real_paddle(tmp_path, ref_python):
    import subprocess

    class SetItems(paddle.nn.Layer):  # set_value_ and set_value_with_tensor_, no parameter
        def forward(self, x):
            y = x * 1.0
            y[:, 1] = 5.0
            y[0:2, 2:4] = x[0:2, 0:2] * 2
            return y

    layer = SetItems()
    prefix = str(tmp_path / "m")
    paddle.jit.save(layer, prefix, input_spec=[paddle.static.InputSpec([None, 8], "float32", "x")])
    assert os.listdir(tmp_path) == ["m.json"]  # as Paddle 3 writes it
    x = np.random.RandomState(0).rand(3, 8).astype("float32")
    want = layer(paddle.to_tensor(x)).numpy()
    assert_close(paddle.jit.load(prefix)(paddle.to_tensor(x)).numpy(), want)
    np.save(tmp_path / "x.npy", x)
    script = ("import sys, numpy as np, paddle\n"
              "out = paddle.jit.load(sys.argv[1])(paddle.to_tensor(np.load(sys.argv[2])))\n"
              "np.save(sys.argv[3], out.numpy())")
    proc = subprocess.run([str(ref_python), "-c", script, prefix, str(tmp_path / "x.npy"), str(tmp_path / "o.npy")],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert_close(np.load(tmp_path / "o.npy"), want)
