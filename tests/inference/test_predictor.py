"""paddle.inference: Config, create_predictor, Predictor and its Tensor handles, profiling, enums.

Behaviour real Paddle defines is checked against tests/fixtures/inference (written by real Paddle 3.3.1 with
tests/fixtures/make_inference_fixtures.py): its model files, their outputs, summary() texts, enum values and
the Profiling Report layout.
"""
import gc
import json
import os

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle import inference
from purepaddle.inference import Config, create_predictor
from purepaddle.inference.predictor import Predictor
from tests.checkout import FIXTURES, child_env

FIX = str(FIXTURES / "inference")
with open(os.path.join(FIX, "expected.json")) as _f:
    REF = json.load(_f)
EXPECTED = np.load(os.path.join(FIX, "expected.npz"))
static = paddle.static


def _needs_protobuf():
    pytest.importorskip("google.protobuf", reason="model files need protobuf (pip install purepaddle[model])")


def _quiet(config):
    config.disable_glog_info()
    return config


def _ref_config(name, ir_optim=True):
    _needs_protobuf()
    c = Config(os.path.join(FIX, name + ".pdmodel"), os.path.join(FIX, name + ".pdiparams"))
    c.switch_ir_optim(ir_optim)
    return _quiet(c)


def _two_output_program():
    """x[?, 6] -> linear 5 -> relu -> dropout -> linear 3 => (logits, softmax) and a [?, 5] side output."""
    paddle.seed(7)  # weights that leave some relu unit on for x = 1 (unseeded, tests run before could kill all)
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup), paddle.utils.unique_name.guard():
            x = static.data("x", [None, 6], "float32")
            h = paddle.nn.functional.relu(paddle.nn.Linear(6, 5)(x))
            d = paddle.nn.functional.dropout(h, 0.2, training=False)
            y = paddle.nn.Linear(5, 3)(d)
            z = paddle.nn.functional.softmax(y)
        scope = static.Scope()
        with static.scope_guard(scope):
            static.Executor().run(startup)
    finally:
        paddle.disable_static()
    return main, scope, x, [y, z, h]


@pytest.fixture
def pred():
    main, scope, x, outs = _two_output_program()
    return Predictor._from_program(main, [x], outs, config=_quiet(Config()), scope=scope)


def _reference_outputs(main, scope, outs, xv):
    paddle.enable_static()
    try:
        with static.scope_guard(scope):
            return static.Executor().run(main, feed={"x": xv}, fetch_list=outs)
    finally:
        paddle.disable_static()


# -- Config ----------------------------------------------------------------------------------------
def test_config_constructors_and_getters(tmp_path):
    c = Config()
    assert (c.model_dir(), c.prog_file(), c.params_file()) == ("", "", "")
    c = Config("some/dir")
    assert c.model_dir() == "some/dir" and c.prog_file() == ""
    model = tmp_path / "m.pdmodel"
    model.write_bytes(b"")
    c = Config(str(model), str(tmp_path / "m.pdiparams"))
    assert (c.prog_file(), c.params_file()) == (str(model), str(tmp_path / "m.pdiparams"))
    c.set_model("other/dir")
    assert c.model_dir() == "other/dir" and c.prog_file() == str(model)
    with pytest.raises(RuntimeError, match=r"\(NotFound\) Cannot open file .*nope.pdmodel"):
        Config(str(tmp_path / "nope.pdmodel"), "x.pdiparams")
    with pytest.raises(TypeError, match="incompatible constructor arguments"):
        Config(3)
    with pytest.raises(TypeError):
        Config("a", "b", "c")


def test_config_switches():
    c = Config()
    assert c.ir_optim() and c.mkldnn_enabled() and not c.use_gpu() and not c.glog_info_disabled()
    assert not c.use_feed_fetch_ops_enabled() and not c.specify_input_name()
    c.switch_ir_optim(False)
    c.disable_mkldnn()
    c.switch_use_feed_fetch_ops(True)
    c.switch_specify_input_names(True)
    c.set_cpu_math_library_num_threads(4)
    c.disable_glog_info()
    assert not c.ir_optim() and not c.mkldnn_enabled() and c.use_feed_fetch_ops_enabled()
    assert c.specify_input_name() and c.cpu_math_library_num_threads() == 4 and c.glog_info_disabled()
    with pytest.raises(TypeError, match="set_cpu_math_library_num_threads"):
        c.set_cpu_math_library_num_threads("2")


def test_enable_use_gpu_logs_and_stays_on_cpu(capsys):
    c = Config()
    c.enable_use_gpu(100, 0)  # a CPU build of Paddle logs an error and goes on (no exception)
    assert not c.use_gpu()
    assert "Please use PaddlePaddle with GPU version" in capsys.readouterr().err
    with pytest.raises(TypeError):
        c.enable_use_gpu("100")


@pytest.mark.parametrize("case", ["empty", "dir", "files", "tuned", "dir_and_files"])
def test_summary_matches_paddle(case, monkeypatch):
    monkeypatch.chdir(FIX)  # the fixture's paths are relative to it
    if case == "empty":
        c = Config()
    elif case == "dir":
        c = Config("models/dir")
    else:
        c = Config("mlp_drop.pdmodel", "mlp_drop.pdiparams")
    if case == "tuned":
        c.set_cpu_math_library_num_threads(3)
        c.switch_ir_optim(False)
        c.enable_memory_optim()
        c.enable_profile()
        c.disable_glog_info()
        c.disable_mkldnn()
    if case == "dir_and_files":
        c.set_model("models/dir")
    assert c.summary() == REF["summary"][case]


def test_pass_builder_and_delete_pass():
    c = Config()
    names = c.pass_builder().all_passes()
    assert "fc_fuse_pass" in names and "conv_bn_fuse_pass" in names
    c.delete_pass("fc_fuse_pass")
    assert "fc_fuse_pass" not in c.pass_builder().all_passes()
    c.delete_pass("no_such_pass")  # ignored, as in Paddle
    with pytest.raises(ValueError, match="has not been registered"):
        c.pass_builder().append_pass("no_such_pass")
    copy = Config(c)
    copy.pass_builder().set_passes(["is_test_pass"])
    assert c.pass_builder().all_passes() != ["is_test_pass"]


# -- enums, version, helpers --------------------------------------------------------------------------
def test_enums_match_paddle():
    for cls in (inference.DataType, inference.PlaceType, inference.PrecisionType):
        assert {k: int(v) for k, v in cls.__members__.items()} == REF["enums"][cls.__name__]
    got = [str(inference.DataType.FLOAT32), repr(inference.DataType.INT64), str(inference.PlaceType.CPU),
           str(inference.PrecisionType.Half)]
    assert got == REF["enums"]["str"]
    assert Config.Precision.Half is inference.PrecisionType.Half
    assert inference.get_num_bytes_of_data_type(inference.DataType.INT64) == 8


def test_version_and_mixed_precision():
    assert inference.get_version().splitlines()[0] == REF["version_first_line"]
    P, T = inference.PrecisionType, inference.PlaceType
    with pytest.raises(ValueError, match="not support CPU"):
        inference.convert_to_mixed_precision("m", "p", "m2", "p2", P.Half, T.CPU)
    with pytest.raises(ValueError, match="of GPU currently only supported fp16 and bf16, not support float32"):
        inference.convert_to_mixed_precision("m", "p", "m2", "p2", P.Float32, T.GPU)


# -- models written by real Paddle ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["mlp_drop", "conv_bn"])
@pytest.mark.parametrize("ir", [False, True])
def test_paddle_written_models_give_paddles_outputs(name, ir):
    p = create_predictor(_ref_config(name, ir))
    assert p.get_input_names() == REF["models"][name]["inputs"]
    assert p.get_output_names() == REF["models"][name]["outputs"]
    p.get_input_handle("x").copy_from_cpu(EXPECTED[name + ".x"])
    assert p.run() is None
    for k, n in enumerate(p.get_output_names()):
        np.testing.assert_allclose(p.get_output_handle(n).copy_to_cpu(), EXPECTED[f"{name}.ir{int(ir)}.out{k}"],
                                   rtol=1e-5, atol=1e-5)


def test_model_dir_layout_and_missing_files(tmp_path):
    _needs_protobuf()
    main, scope, x, outs = _two_output_program()
    paddle.enable_static()
    try:
        with static.scope_guard(scope):
            static.save_inference_model(str(tmp_path / "m"), [x], outs[:2], static.Executor(), program=main,
                                        separate_parameters=True)
    finally:
        paddle.disable_static()
    assert (tmp_path / "__model__").exists()
    p = create_predictor(_quiet(Config(str(tmp_path))))
    xv = np.random.RandomState(1).randn(4, 6).astype("float32")
    outs_ref = _reference_outputs(main, scope, outs[:2], xv)
    got = p.run([paddle.to_tensor(xv)])
    for g, r in zip(got, outs_ref):
        np.testing.assert_allclose(g.numpy(), r, rtol=1e-6, atol=1e-6)
    with pytest.raises(RuntimeError, match="Cannot open file"):
        create_predictor(_quiet(Config(str(tmp_path / "nowhere"))))
    with pytest.raises(ValueError, match="has no model"):
        create_predictor(_quiet(Config()))


# -- Predictor and handles ----------------------------------------------------------------------------
def test_run_with_handles_gives_each_output_its_shape(pred):
    main, scope, x, outs = _two_output_program()
    p = Predictor._from_program(main, [x], outs, config=_quiet(Config()), scope=scope)
    assert p.get_input_names() == ["x"] and p.get_output_names() == [o.name for o in outs]
    xv = np.random.RandomState(0).randn(4, 6).astype("float32")
    h = p.get_input_handle("x")
    assert h.shape() == [0] and h.type() == inference.DataType.FLOAT32
    h.reshape([4, 6])
    assert h.shape() == [4, 6]
    h.copy_from_cpu(xv)
    p.run()
    ref = _reference_outputs(main, scope, outs, xv)
    shapes = []
    for n, r in zip(p.get_output_names(), ref):
        o = p.get_output_handle(n)
        np.testing.assert_allclose(o.copy_to_cpu(), r, rtol=1e-6, atol=1e-6)
        shapes.append(o.shape())
    assert shapes == [[4, 3], [4, 3], [4, 5]]


def test_run_list_returns_tensors_and_checks_count(pred):
    xv = np.ones((2, 6), "float32")
    outs = pred.run([paddle.to_tensor(xv)])
    assert [type(o) for o in outs] == [paddle.Tensor] * 3 and outs[1].shape == [2, 3]
    np.testing.assert_allclose(outs[1].numpy().sum(axis=1), 1.0, rtol=1e-6)
    assert pred.get_input_handle("x").shape() == [2, 6]  # run(list) binds the inputs
    with pytest.raises(ValueError, match="wrong feed input size, need 1 but get 2"):
        pred.run([paddle.to_tensor(xv), paddle.to_tensor(xv)])


def test_inputs_are_copied_and_outputs_are_copies(pred):
    h = pred.get_input_handle("x")
    a = np.ones((2, 6), "float32")
    h.copy_from_cpu(a)
    a[:] = 100.0  # copy_from_cpu copied: the predictor does not see this
    pred.run()
    o = pred.get_output_handle(pred.get_output_names()[0])
    first = o.copy_to_cpu()
    first[:] = -1  # the caller's copy
    again = o.copy_to_cpu()
    assert not np.array_equal(again, first)
    h.copy_from_cpu(np.ones((2, 6), "float32"))
    pred.run()
    np.testing.assert_array_equal(o.copy_to_cpu(), again)


def test_share_external_data_reads_the_tensor_at_run(pred):
    t = paddle.to_tensor(np.ones((2, 6), "float32"))
    h = pred.get_input_handle("x")
    h.share_external_data(t)
    pred.run()
    o = pred.get_output_handle(pred.get_output_names()[0])
    before = o.copy_to_cpu()
    t.set_value(np.full((2, 6), 3.0, "float32"))
    pred.run()
    assert not np.allclose(o.copy_to_cpu(), before)
    with pytest.raises(TypeError, match="only support Tensor and DenseTensor"):
        h.share_external_data(np.ones((2, 6), "float32"))


def test_handle_errors(pred):
    h = pred.get_input_handle("x")
    with pytest.raises(ValueError, match="has no data"):
        pred.run()
    h.reshape([2, 6])
    with pytest.raises(RuntimeError, match="holds no memory"):
        pred.run()
    with pytest.raises(RuntimeError, match="holds no memory"):
        h.copy_to_cpu()
    with pytest.raises(TypeError, match="only support numpy ndarray"):
        h.copy_from_cpu([1.0, 2.0])
    h.copy_from_cpu(np.ones((2, 6), "int64"))
    assert h.type() == inference.DataType.INT64
    with pytest.raises(ValueError, match="holds int64 data.*float32"):
        pred.run()
    o = pred.get_output_handle(pred.get_output_names()[0])
    with pytest.raises(RuntimeError, match="holds no memory"):
        o.copy_to_cpu()
    with pytest.raises(RuntimeError, match="Can't reshape the output tensor, it is readonly"):
        o.reshape([1])
    with pytest.raises(RuntimeError, match="The variable named nope is not found"):
        pred.get_input_handle("nope")
    with pytest.raises(RuntimeError, match="The variable named nope is not found"):
        pred.get_output_handle("nope")
    with pytest.raises(TypeError, match="create_predictor"):
        create_predictor("model.pdmodel")


def test_kernel_errors_name_the_op(pred):
    pred.get_input_handle("x").copy_from_cpu(np.ones((2, 7), "float32"))
    with pytest.raises(ValueError, match="(matmul_v2|fc).*shape=\\[2, 7\\]"):
        pred.run()


def test_lod_roundtrip(pred):
    h = pred.get_input_handle("x")
    assert h.lod() == []
    h.set_lod([[0, 1, 2]])
    assert h.lod() == [[0, 1, 2]]
    with pytest.raises(TypeError):
        h.set_lod([1, 2])


def test_clone_shares_weights_not_io(pred):
    twin = pred.clone()
    assert twin._core is pred._core
    pred.get_input_handle("x").copy_from_cpu(np.ones((1, 6), "float32"))
    twin.get_input_handle("x").copy_from_cpu(np.zeros((3, 6), "float32"))
    pred.run()
    twin.run()
    name = pred.get_output_names()[0]
    assert pred.get_output_handle(name).shape() == [1, 3]
    assert twin.get_output_handle(name).shape() == [3, 3]


def test_intermediates_kept_until_cleared():
    main, scope, x, outs = _two_output_program()
    c = _quiet(Config())
    c.switch_ir_optim(False)
    p = Predictor._from_program(main, [x], outs[:1], config=c, scope=scope)
    p.get_input_handle("x").copy_from_cpu(np.ones((2, 6), "float32"))
    p.run()
    mid = outs[2].name  # the relu output, not an output of this predictor
    np.testing.assert_array_equal(p.get_output_handle(mid).shape(), [2, 5])
    freed = p.try_shrink_memory()
    assert freed > 0 and p.get_output_handle(mid).shape() == [0]
    assert p.get_output_handle(outs[0].name).shape() == [2, 3]  # outputs stay
    p.run()
    p.clear_intermediate_tensor()
    assert p.get_output_handle(mid).shape() == [0]
    c.enable_memory_optim()  # memory_optim frees intermediates during the run
    q = Predictor._from_program(main, [x], outs[:1], config=c, scope=scope)
    q.get_input_handle("x").copy_from_cpu(np.ones((2, 6), "float32"))
    q.run()
    assert q.get_output_handle(mid).shape() == [0] and q.try_shrink_memory() == 0


def test_output_hook_sees_every_op(pred):
    seen = []
    pred.register_output_hook(lambda op_type, name, t: seen.append((op_type, name, t.shape)))
    pred.run([paddle.to_tensor(np.ones((2, 6), "float32"))])
    assert ("softmax", pred.get_output_names()[1], [2, 3]) in seen
    with pytest.raises(TypeError):
        pred.register_output_hook(3)
    inputs = []
    pred.register_input_hook(lambda op_type, name, t: inputs.append((op_type, name)))
    pred.run([paddle.to_tensor(np.ones((2, 6), "float32"))])
    assert inputs[0][1] == "x" and any(n == pred.get_output_names()[0] for _, n in inputs)


def test_predictor_pool():
    pool = inference.PredictorPool(_ref_config("mlp_drop"), 2)
    a, b = pool.retrive(0), pool.retrive(1)
    assert a is not b and a._core is b._core
    with pytest.raises(IndexError):
        pool.retrive(2)


# -- profiling ----------------------------------------------------------------------------------------
def _lines_without_numbers(text):
    """The report's fixed lines (numbers and the event rows vary from run to run)."""
    keep = []
    for line in text.split("\n"):
        if line.startswith(("thread0::", "  Executor::", "    load_combine", "Total time:", "  Computation",
                            "  Framework")):
            continue
        keep.append(line.rstrip() if not line.startswith("Event ") else line.split()[0])
    return keep


def test_profile_report_layout_matches_paddle(capsys):
    c = _ref_config("mlp_drop", ir_optim=False)
    c.enable_profile()
    p = create_predictor(c)
    for _ in range(3):
        p.get_input_handle("x").copy_from_cpu(np.ones((2, 8), "float32"))
        p.run()
    report = p.profile_report()
    names = {e.name: e for e in report.events}
    assert names["thread0::mul"].calls == 6 and names["thread0::softmax"].calls == 3
    assert abs(sum(e.ratio for e in report.events) - 1.0) < 1e-9
    assert report.total == pytest.approx(report.computation + report.overhead)
    e = names["thread0::elementwise_add"]
    assert e.min <= e.ave <= e.max and e.total == pytest.approx(e.ave * e.calls)
    capsys.readouterr()
    del p
    gc.collect()
    text = capsys.readouterr().out  # printed when the predictor is released
    assert _lines_without_numbers(text) == _lines_without_numbers(REF["profile"])
    header = next(x for x in text.split("\n") if x.startswith("Event "))
    row = next(x for x in text.split("\n") if x.startswith("thread0::mul"))
    width = max(len(x.split()[0]) for x in text.split("\n") if x.startswith("thread0::")) + 8
    assert header.index("Calls") == width and row[width:].split()[0] == "6"
    assert len(header) == width + 6 * 12
    ref_rows = [x for x in REF["profile"].split("\n") if x.startswith("  Computation")]
    ours = [x for x in text.split("\n") if x.startswith("  Computation")]
    assert ours[0].index("Total:") == ref_rows[0].index("Total:")
    assert ours[0].index("Ratio:") == ref_rows[0].index("Ratio:")


def test_profile_shows_fewer_ops_with_ir_optim():
    counts = {}
    for ir in (False, True):
        c = _ref_config("conv_bn", ir)
        c.enable_profile()
        p = create_predictor(c)
        p.get_input_handle("x").copy_from_cpu(EXPECTED["conv_bn.x"])
        p.run()
        report = p.profile_report()
        counts[ir] = sum(e.calls for e in report.events if e.name != "thread0::load_combine")
        if ir:
            fused = [e for e in report.events if e.name == "thread0::fused_conv2d_add_act"]
            assert fused and fused[0].fused == ("conv2d", "elementwise_add", "activation")
        p._profile.printed = True  # nothing to print at release in this test
    assert counts[True] < counts[False]


def test_no_profile_without_enable_profile(pred):
    assert pred.profile_report() is None


@pytest.mark.parametrize("name", ["Config", "PassBuilder", "get_version", "convert_to_mixed_precision",
                                  "get_num_bytes_of_data_type", "optimize"])
def test_docstring_examples(name, monkeypatch):
    import doctest
    import sys

    from purepaddle.inference import config as config_mod
    from purepaddle.inference import passes
    f = {"PassBuilder": config_mod.PassBuilder, "optimize": passes.optimize}.get(name) or getattr(inference, name)
    assert "Examples:" in f.__doc__
    monkeypatch.setitem(sys.modules, "paddle", paddle)
    test = doctest.DocTestParser().get_doctest(f.__doc__, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    out = []
    try:
        runner.run(test, out=out.append)
    finally:
        paddle.disable_static()
    assert runner.failures == 0, "".join(out)


def test_model_from_memory():
    _needs_protobuf()
    c = _quiet(Config())
    with open(os.path.join(FIX, "mlp_drop.pdmodel"), "rb") as f:
        prog = f.read()
    with open(os.path.join(FIX, "mlp_drop.pdiparams"), "rb") as f:
        params = f.read()
    c.set_model_buffer(prog, len(prog), params, len(params))
    assert c.model_from_memory()
    p = create_predictor(c)
    p.get_input_handle("x").copy_from_cpu(EXPECTED["mlp_drop.x"])
    p.run()
    np.testing.assert_allclose(p.get_output_handle(p.get_output_names()[1]).copy_to_cpu(),
                               EXPECTED["mlp_drop.ir1.out1"], rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="size"):
        c.set_model_buffer(prog, 3, params, len(params))
    with pytest.raises(TypeError, match="bytes"):
        c.set_model_buffer("x", 1, params, len(params))


def test_report_printed_at_interpreter_exit(tmp_path):
    """A profiled predictor still alive when the interpreter exits prints its report (as Paddle's does)."""
    _needs_protobuf()
    import subprocess
    import sys
    script = tmp_path / "run.py"
    script.write_text(
        "import numpy as np\nimport purepaddle as paddle\n"
        f"c = paddle.inference.Config({os.path.join(FIX, 'mlp_drop.pdmodel')!r}, "
        f"{os.path.join(FIX, 'mlp_drop.pdiparams')!r})\n"
        "c.disable_glog_info()\nc.enable_profile()\np = paddle.inference.create_predictor(c)\n"
        "p.get_input_handle('x').copy_from_cpu(np.ones((2, 8), 'float32'))\np.run()\nprint('ran')\n")
    env = child_env()
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.index("ran") < text.index("Profiling Report") and text.count(">     Profiling Report") == 1
    assert "thread0::fc " in text and "thread0::softmax" in text


@pytest.mark.filterwarnings("ignore:.*encountered in log:RuntimeWarning")
def test_check_nan_inf_flag_covers_the_predictor():
    paddle.enable_static()
    try:
        main = static.Program()
        with static.program_guard(main, static.Program()):
            x = static.data("x", [None, 3], "float32")
            y = paddle.log(x) * 2.0
    finally:
        paddle.disable_static()
    pred = Predictor._from_program(main, [x], [y], config=_quiet(Config()))
    paddle.set_flags({"FLAGS_check_nan_inf": True})
    try:
        pred.run([paddle.to_tensor(np.ones((1, 3), "float32"))])  # finite: fine
        with pytest.raises(RuntimeError, match="NAN or INF"):
            pred.run([paddle.to_tensor(np.array([[1.0, -1.0, 0.0]], "float32"))])
    finally:
        paddle.set_flags({"FLAGS_check_nan_inf": False})


@pytest.mark.parametrize("ir_optim", [True, False])
def test_predictor_runs_control_flow(tmp_path, ir_optim):
    """conditional_block / select_input / while (static.nn.cond inside while_loop) in a legacy .pdmodel: each
    sub-block op is one step of the predictor's plan; branches not taken leave their results unset."""
    _needs_protobuf()

    class Net(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(3, 3)

        @paddle.jit.to_static(input_spec=[static.InputSpec([None, 3], "float32", "x")], full_graph=True)
        def forward(self, x):
            i = paddle.full([1], 0, "int64")

            def body(i, h):
                return i + 1, static.nn.cond(h.sum() > 0, lambda: self.fc(h), lambda: h * -2.0)

            return static.nn.while_loop(lambda i, h: i < 4, body, [i, x])[1]

    paddle.seed(3)
    net = Net()
    paddle.set_flags({"FLAGS_enable_pir_api": False})
    paddle.jit.save(net, str(tmp_path / "m"))
    config = _quiet(Config(str(tmp_path / "m.pdmodel"), str(tmp_path / "m.pdiparams")))
    config.switch_ir_optim(ir_optim)
    pred = create_predictor(config)
    for k in range(3):
        x = np.random.default_rng(k).standard_normal((2, 3)).astype("float32")
        h = pred.get_input_handle("x")
        h.copy_from_cpu(x)
        pred.run()
        got = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()
        np.testing.assert_allclose(got, net(paddle.to_tensor(x)).numpy(), rtol=1e-6, atol=1e-6)
