"""Model files move both ways between purepaddle and real paddlepaddle 3.3.1 (legacy IR .pdmodel/.pdiparams).

Paddle -> purepaddle: tests/fixtures/model_files, written by real Paddle (tests/fixtures/make_model_fixtures.py),
load and run here with Paddle's outputs. purepaddle -> Paddle: the conformance test writes models
and has real Paddle (.venv-ref, in a subprocess) parse, load, run and re-save them; it skips when
.venv-ref is absent. Every save here writes the legacy files (FLAGS_enable_pir_api=0); the PIR `.json`
direction is tests/static/test_pir.py's.
"""
import importlib.util
import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

from tests.checkout import FIXTURES
from tests.model_format import legacy_model_files

pytest.importorskip("google.protobuf", reason="model files need protobuf (pip install purepaddle[model])")

import purepaddle as paddle  # noqa: E402
from purepaddle._core.op import OPS  # noqa: E402
from purepaddle.static.framework_proto import messages  # noqa: E402
from purepaddle.static.persistables import load_combined_params, params_to_bytes  # noqa: E402
from purepaddle.static.program_bytes import program_to_bytes  # noqa: E402

pytestmark = [pytest.mark.usefixtures("static_mode"),  # every test here builds static programs
              pytest.mark.filterwarnings("ignore:When training, we now always track")]


@pytest.fixture(autouse=True)
def _legacy_files():
    with legacy_model_files():
        yield

FIX = FIXTURES / "model_files"
REF_CHECK = pathlib.Path(__file__).with_name("ref_model_check.py")  # run by real Paddle on our files
IO = np.load(FIX / "io.npz")
META = json.loads((FIX / "meta.json").read_text())
static = paddle.static


def _exe():
    return static.Executor(paddle.CPUPlace())


def _run_fixture(name, prog, feeds, fetches):
    outs = _exe().run(prog, feed={n: IO[f"{name}/in/{n}"] for n in feeds}, fetch_list=fetches)
    for i, out in enumerate(outs):
        np.testing.assert_allclose(out, IO[f"{name}/out/{i}"], rtol=1e-5, atol=1e-6, err_msg=f"{name} output {i}")
    return outs


def _comparable(desc, used_vars_only=False):
    """desc's blocks without op_callstack attributes (the writer's Python tracebacks).

    used_vars_only drops vars no op names: Paddle prunes before it clips ops' extra outputs
    (batch_norm's ReserveSpace, flatten's XShape), so its files list a few orphans that saving the
    loaded program again (with Paddle or purepaddle) leaves out.
    """
    desc = type(desc).FromString(desc.SerializeToString())
    for b in desc.blocks:
        used = {n for op in b.ops for v in list(op.inputs) + list(op.outputs) for n in v.arguments}
        for op in b.ops:
            keep = [a for a in op.attrs if a.name != "op_callstack"]
            del op.attrs[:]
            op.attrs.extend(keep)
        if used_vars_only:
            keep = [v for v in b.vars if v.name in used]
            del b.vars[:]
            b.vars.extend(keep)
    return list(desc.blocks)


# -- Paddle -> purepaddle -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["mlp", "lenet", "dropout", "fc"])
def test_paddle_inference_models_run_here(name):
    if name == "fc" and "mul" not in OPS:
        pytest.skip("paddle.static.nn.fc programs use the `mul` op, which purepaddle does not register yet")
    prog, feeds, fetches = static.load_inference_model(str(FIX / name), _exe())
    meta = META["models"][name]
    assert feeds == meta["feeds"] and [v.name for v in fetches] == meta["fetches"]
    _run_fixture(name, prog, feeds, fetches)
    scope = static.global_scope()
    for key in IO.files:
        if key.startswith(f"{name}/param/"):
            var = key.split("/", 2)[2]
            np.testing.assert_array_equal(np.asarray(scope.find_var(var).get_tensor()), IO[key])


def test_paddle_1x_directory_layout():
    prog, feeds, fetches = static.load_inference_model(str(FIX / "mlp_dir"), _exe(), model_filename="__model__")
    _run_fixture("mlp", prog, feeds, fetches)
    paddle.disable_static()
    try:
        sd = paddle.load(str(FIX / "mlp_dir"), model_filename="__model__")
    finally:
        paddle.enable_static()
    assert sorted(sd) == sorted(k.split("/", 2)[2] for k in IO.files if k.startswith("mlp/param/"))


@pytest.mark.parametrize("name", ["mlp", "lenet", "dropout"])
def test_pdiparams_bytes_equal_paddles(name):
    raw = (FIX / f"{name}.pdiparams").read_bytes()
    names = [k.split("/", 2)[2] for k in IO.files if k.startswith(f"{name}/param/")]
    arrays = load_combined_params(raw, names)
    for n in names:
        np.testing.assert_array_equal(arrays[n], IO[f"{name}/param/{n}"])
        assert arrays[n].dtype == IO[f"{name}/param/{n}"].dtype
    assert params_to_bytes(arrays) == raw


@pytest.mark.parametrize("name", ["mlp", "lenet", "dropout"])
def test_resaving_a_paddle_model_gives_paddles_files(name, tmp_path):
    exe = _exe()
    prog, feeds, fetches = static.load_inference_model(str(FIX / name), exe)
    block = prog.global_block()
    static.save_inference_model(str(tmp_path / name), [block.var(n) for n in feeds], fetches, exe, program=prog)
    assert (tmp_path / f"{name}.pdiparams").read_bytes() == (FIX / f"{name}.pdiparams").read_bytes()
    ours = messages().ProgramDesc.FromString((tmp_path / f"{name}.pdmodel").read_bytes())
    theirs = messages().ProgramDesc.FromString((FIX / f"{name}.pdmodel").read_bytes())
    assert _comparable(ours) == _comparable(theirs, used_vars_only=True)  # every var, op and attr, typed the same
    assert ours.version == theirs.version


def test_paddle_load_prefix_gives_the_parameters():
    paddle.disable_static()
    try:
        sd = paddle.load(str(FIX / "lenet"))
    finally:
        paddle.enable_static()
    names = [k.split("/", 2)[2] for k in IO.files if k.startswith("lenet/param/")]
    assert sorted(sd) == sorted(names)
    for n in names:
        np.testing.assert_array_equal(sd[n], IO[f"lenet/param/{n}"])


def test_paddle_static_save_files_load_here():
    state = static.load_program_state(str(FIX / "train"))
    assert any(k.startswith("learning_rate_") for k in state) and any(k.endswith("_moment1_0") for k in state)
    for key in IO.files:
        if key.startswith("lenet/param/"):
            np.testing.assert_array_equal(state[key.split("/", 2)[2]], IO[key])


def test_paddle_control_flow_program_round_trips():
    prog = paddle.load(str(FIX / "control_flow.pdmodel"))
    assert len(prog.blocks) == 3 and [b.parent_idx for b in prog.blocks] == [-1, 0, 0]
    ops = {op.type: op for op in prog.global_block().ops}
    assert ops["while"].attr("sub_block") is prog.blocks[1]
    assert ops["conditional_block"].attr("sub_block") is prog.blocks[2]
    assert ops["conditional_block"].attr("is_scalar_condition") is True
    fills = [op for op in prog.global_block().ops if op.type == "fill_constant"]
    assert [op.attr("shape") for op in fills] == [[1], [1], [3], []]  # LONGS in the file, plain lists here
    assert all(isinstance(op.attr("value"), float) for op in fills)
    ours = messages().ProgramDesc.FromString(program_to_bytes(prog))
    theirs = messages().ProgramDesc.FromString((FIX / "control_flow.pdmodel").read_bytes())
    assert _comparable(ours) == _comparable(theirs)


@pytest.mark.skipif(importlib.util.find_spec("purepaddle.static.control_flow") is None,
                    reason="the executor runs sub-blocks (while, conditional_block) only with static.control_flow")
def test_paddle_control_flow_program_runs_here():
    prog = paddle.load(str(FIX / "control_flow.pdmodel"))
    meta = META["models"]["control_flow"]
    _run_fixture("control_flow", prog, meta["feeds"], meta["fetches"])


# -- purepaddle -> Paddle (conformance with the reference environment) -------------------------------------
def _write_models(d):
    rng = np.random.RandomState(1)

    def build(name, make, feeds_np, opt=paddle.optimizer.SGD):
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup), paddle.utils.unique_name.guard():
            feeds, fetches, loss = make()
            opt(learning_rate=0.05).minimize(loss)
        exe = _exe()
        exe.run(startup)
        exe.run(main, feed=feeds_np, fetch_list=[loss])
        static.save_inference_model(str(d / name), feeds, fetches, exe, program=main)
        prog, feed_names, targets = static.load_inference_model(str(d / name), exe)
        inputs = {n: feeds_np[n] for n in feed_names}
        np.savez(d / f"{name}.inputs.npz", **inputs)
        return exe.run(prog, feed=inputs, fetch_list=targets)

    def mlp():
        x = static.data("x", [None, 6], "float32")
        h = paddle.nn.functional.relu(paddle.nn.Linear(6, 8)(x))
        y = paddle.nn.functional.softmax(paddle.nn.Linear(8, 3)(h))
        return [x], [y], paddle.mean(y * y)

    def lenet():
        img = static.data("img", [None, 1, 8, 8], "float32")
        c = paddle.nn.Conv2D(1, 4, 3, padding=1)(img)
        c = paddle.nn.functional.relu(paddle.nn.BatchNorm2D(4)(c))
        c = paddle.nn.AvgPool2D(2, 2)(paddle.nn.Conv2D(4, 6, 3)(paddle.nn.MaxPool2D(2, 2)(c)))
        f = paddle.nn.functional.dropout(paddle.flatten(c, 1), 0.3)
        logits = paddle.nn.Linear(6, 5)(f)
        label = static.data("label", [None, 1], "int64")
        return [img], [paddle.nn.functional.softmax(logits), logits], \
            paddle.nn.functional.cross_entropy(logits, label)

    def consts():
        x = static.data("x", [None, 3], "float32")
        c = paddle.to_tensor(np.array([1.5, -2.0, 0.25], "float32"))
        w = static.create_parameter([3, 3], "float32")
        y = paddle.scale(paddle.matmul(x * c + paddle.full([1, 3], 2, "float32"), w), scale=3, bias=1)
        y = paddle.cast(paddle.concat([paddle.reshape(paddle.clip(y, min=-1, max=4), [-1, 3, 1])] * 2, axis=2),
                        "float64")
        z = paddle.sum(y, axis=[1, 2], keepdim=True)
        return [x], [y, z], paddle.mean(z)

    def control_flow():  # while_loop and cond: sub-blocks held by BLOCK attributes
        x = static.data("x", [None, 3], "float32")
        h = paddle.nn.Linear(3, 3)(x)
        i, n = paddle.full([1], 0, "int64"), paddle.full([1], 3, "int64")
        _, y = static.nn.while_loop(lambda i, y: i < n, lambda i, y: [i + 1, y * 0.5 + 1.0], [i, h])
        z = static.nn.cond(paddle.mean(y) > 0, lambda: y * 2.0, lambda: y - 1.0)
        return [x], [z], paddle.mean(h)

    models = {"mlp": build("mlp", mlp, {"x": rng.randn(4, 6).astype("float32")}),
              "lenet": build("lenet", lenet, {"img": rng.randn(3, 1, 8, 8).astype("float32"),
                                              "label": rng.randint(0, 5, (3, 1)).astype("int64")},
                             paddle.optimizer.Adam),
              "consts": build("consts", consts, {"x": rng.randn(2, 3).astype("float32")})}
    if hasattr(static, "nn") and hasattr(static.nn, "while_loop") and hasattr(static.nn, "cond"):
        models["control_flow"] = build("control_flow", control_flow, {"x": rng.randn(2, 3).astype("float32")})
    return models


def test_real_paddle_loads_and_runs_purepaddle_models(tmp_path, ref_python):
    ours = _write_models(tmp_path)
    env = dict(os.environ, FLAGS_enable_pir_api="0", GLOG_minloglevel="3")
    proc = subprocess.run([str(ref_python), str(REF_CHECK), str(tmp_path), *ours],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    for name, outs in ours.items():
        r = report[name]
        assert r["version"] == 3003001 and r["attr_mismatches"] == [], (name, r["attr_mismatches"])
        assert r["blocks"] == (4 if name == "control_flow" else 1)
        assert r["n_exe"] == r["n_pred"] == len(outs)
        got = np.load(tmp_path / f"{name}.paddle_out.npz")
        for i, out in enumerate(outs):
            for kind in ("exe", "pred"):  # static.load_inference_model + Executor, and paddle.inference
                np.testing.assert_allclose(got[f"{kind}{i}"], out, rtol=1e-5, atol=1e-6, err_msg=f"{name} {kind}{i}")
        # Paddle saves the same values back byte for byte
        assert (tmp_path / f"{name}.paddle.pdiparams").read_bytes() == (tmp_path / f"{name}.pdiparams").read_bytes()


_FULL_OF_TENSORS = r"""
import sys, numpy as np, paddle
paddle.enable_static()
main, start = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, start):
    x = paddle.static.data("x", [-1, 3], "float32")
    y = paddle.full(paddle.shape(x), paddle.mean(x), "float32") + x
exe = paddle.static.Executor()
exe.run(start)
paddle.static.save_inference_model(sys.argv[1] + "/m", [x], [y], exe, program=main)
xv = np.arange(6, dtype="float32").reshape(2, 3)
np.save(sys.argv[1] + "/y.npy", exe.run(main, feed={"x": xv}, fetch_list=[y])[0])
"""


def test_fill_constant_takes_its_shape_and_value_from_tensors(tmp_path, ref_python):
    """paddle.full(shape=Tensor, fill_value=Tensor) in a legacy program: real Paddle's fill_constant reads its
    ShapeTensor and ValueTensor inputs (the attrs then say shape [] and value 0)."""
    proc = subprocess.run([str(ref_python), "-c", _FULL_OF_TENSORS, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "FLAGS_enable_pir_api": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    paddle.enable_static()
    try:
        exe = paddle.static.Executor()
        prog, _, fetches = paddle.static.load_inference_model(str(tmp_path / "m"), exe)
        fill = [op for op in prog.global_block().ops if op.type == "fill_constant"]
        assert fill and fill[0].input("ShapeTensor") and fill[0].input("ValueTensor")
        got = exe.run(prog, feed={"x": np.arange(6, dtype="float32").reshape(2, 3)}, fetch_list=fetches)[0]
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got, np.load(tmp_path / "y.npy"))
