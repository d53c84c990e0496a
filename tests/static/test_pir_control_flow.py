"""Control flow in PIR programs (Paddle 3's `model.json`), both directions: `pd_op.if` / `pd_op.while` read as the
legacy `conditional_block` + `select_input` / `while` (purepaddle/static/pir/control_flow.py) and written back from
them, checked on the control-flow models real Paddle 3.3.1 wrote (tests/fixtures/pir/models) and on programs
purepaddle builds (static.nn.cond / while_loop in a to_static function), which real Paddle must load and run."""
import json
import shutil
import subprocess

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static import InputSpec
from purepaddle.static.pir import parse_program, program_from_pir_file
from purepaddle.static.pir.writer import program_to_pir_bytes
from tests.checkout import FIXTURES

MODELS = FIXTURES / "pir" / "models"
CF = ("cf_cond", "cf_while", "cf_pyif", "cf_pywhile", "cf_nested")


def _cases(d):
    io = np.load(d / "io.npz")
    ks = sorted({k.split("/")[0] for k in io.files}, key=int)
    out = []
    for k in ks:
        ins = {f.split("/")[1]: io[f] for f in io.files if f.startswith(k + "/") and not f.split("/")[1][3:].isdigit()}
        outs = [io[f"{k}/out{i}"] for i in range(sum(1 for f in io.files if f.startswith(k + "/out")))]
        out.append((ins, outs))
    return out


def _predict(d):
    config = paddle.inference.Config(str(d / "model.json"), str(d / "model.pdiparams"))
    config.disable_glog_info()
    pred = paddle.inference.create_predictor(config)
    got = []
    for ins, _ in _cases(d):
        for n, a in ins.items():
            pred.get_input_handle(n).copy_from_cpu(a)
        pred.run()
        got.append([pred.get_output_handle(n).copy_to_cpu() for n in pred.get_output_names()])
    return got


def _ops(regions_or_block, into=None):
    """PIR op names of a parsed block, nested regions included, in order."""
    into = [] if into is None else into
    for op in regions_or_block.ops:
        into.append(op.name)
        for r in op.regions:
            for b in r.blocks:
                _ops(b, into)
    return into


def _round_trip(name, dst):
    """Read a fixture, write it back as PIR into dst (with its parameters and io)."""
    prog = program_from_pir_file(MODELS / name / "model.json")
    dst.mkdir(parents=True, exist_ok=True)
    (dst / "model.json").write_bytes(program_to_pir_bytes(prog))
    for f in ("model.pdiparams", "io.npz"):
        shutil.copy(MODELS / name / f, dst / f)
    return dst


# -- reading -------------------------------------------------------------------------------------------------------
def test_if_and_while_read_as_the_legacy_ops_cond_and_while_loop_build():
    prog = program_from_pir_file(MODELS / "cf_nested" / "model.json")
    top = [op.type for op in prog.global_block().ops]
    assert "while" in top
    body = prog.block(prog.global_block().ops[top.index("while")].attr("sub_block").idx)
    types = [op.type for op in body.ops]
    assert types.count("conditional_block") == 2 and "logical_not" in types and "select_input" in types
    assert [op.type for op in body.ops[-3:]] == ["assign"] * 3  # the next condition and the two loop values


def test_control_flow_errors_name_the_file_and_the_op(tmp_path):
    shutil.copytree(MODELS / "cf_cond", tmp_path / "m")
    path = tmp_path / "m" / "model.json"
    j = json.loads(path.read_text())
    for op in j["program"]["regions"][0]["blocks"][0]["ops"]:
        if op["#"] == "1.if":
            op["regions"] = op["regions"][:1]
    path.write_text(json.dumps(j))
    with pytest.raises(ValueError, match=r"m/model\.json: pd_op\.if has 1 regions"):
        program_from_pir_file(path)


# -- writing ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", CF)
def test_round_trip_keeps_the_control_flow_and_the_outputs(name, tmp_path):
    d = _round_trip(name, tmp_path / name)
    ours = _ops(parse_program((d / "model.json").read_text()).block)
    paddles = _ops(parse_program((MODELS / name / "model.json").read_text()).block)
    for kind in ("pd_op.while", "cf.yield"):
        assert (kind in ours) == (kind in paddles)
    assert ("pd_op.if" in ours) == ("pd_op.if" in paddles)
    for got, (_, want) in zip(_predict(d), _cases(d)):
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_conditional_block_on_non_empty_inputs_has_no_pir_form(static_mode):
    from purepaddle.static.nn.control_flow import ConditionalBlock
    main = paddle.static.Program()
    with paddle.static.program_guard(main):
        x = paddle.static.data("x", [2], "float32")
        out = paddle.full([2], 0.0)
        cb = ConditionalBlock([x], is_scalar_condition=False)
        with cb.block():
            paddle.assign(x * 2, output=out)
    with pytest.raises(ValueError, match="conditional_block on the non-emptiness"):
        program_to_pir_bytes(main)


class CondWhileNet(paddle.nn.Layer):
    """static.nn.cond at the top and inside a while_loop body (parameters used in both)."""

    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)
        self.fc2 = paddle.nn.Linear(4, 4)

    @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32", "x")], full_graph=True)
    def forward(self, x):
        y = self.fc(x)
        y = paddle.static.nn.cond(x.mean() > 0, lambda: paddle.nn.functional.relu(y) * 2.0, lambda: y - 1.0)
        i = paddle.full([1], 0, "int64")
        n = paddle.full([1], 3, "int64")

        def body(i, h):
            h2 = paddle.static.nn.cond((i % 2) == 0, lambda: paddle.tanh(self.fc2(h)), lambda: h * 0.5)
            return i + 1, h2

        i, h = paddle.static.nn.while_loop(lambda i, h: i < n, body, [i, y])
        return h + 1.0


_REF_PREDICT = r"""
import sys, numpy as np, paddle
paddle.set_device("cpu")
for d in sys.argv[1:]:
    io = dict(np.load(d + "/in.npz"))
    cfg = paddle.inference.Config(d + "/model.json", d + "/model.pdiparams")
    cfg.disable_mkldnn()
    cfg.disable_glog_info()
    pred = paddle.inference.create_predictor(cfg)
    res = {}
    for k in sorted({f.split("/")[0] for f in io}):
        for n in pred.get_input_names():
            pred.get_input_handle(n).copy_from_cpu(io[k + "/" + n])
        pred.run()
        res[k] = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()
    if len(pred.get_input_names()) == 1:
        layer = paddle.jit.load(d + "/model")
        layer.eval()
        for k in sorted({f.split("/")[0] for f in io}):
            res[k + "_jit"] = layer(paddle.to_tensor(io[k + "/" + pred.get_input_names()[0]])).numpy()
    np.savez(d + "/paddle.npz", **res)
"""


def _real_paddle_runs(ref_python, dirs):
    proc = subprocess.run([str(ref_python), "-c", _REF_PREDICT] + [str(d) for d in dirs], capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [dict(np.load(d / "paddle.npz")) for d in dirs]


def _inputs(d, cases):
    np.savez(d / "in.npz", **{f"{k}/{n}": a for k, (ins, _) in enumerate(cases) for n, a in ins.items()})


def test_real_paddle_runs_the_round_trips_of_its_control_flow_models(tmp_path, ref_python):
    dirs = [_round_trip(name, tmp_path / name) for name in CF]
    for d in dirs:
        _inputs(d, _cases(d))
    for d, res in zip(dirs, _real_paddle_runs(ref_python, dirs)):
        for k, (_, want) in enumerate(_cases(d)):
            np.testing.assert_allclose(res[str(k)], want[0], rtol=1e-5, atol=1e-6)


def _net_and_inputs():
    paddle.seed(1)
    net = CondWhileNet()
    net.eval()
    rng = np.random.default_rng(0)
    xs = [rng.standard_normal((3, 4)).astype("float32"), -np.abs(rng.standard_normal((2, 4))).astype("float32")]
    return net, xs


def test_to_static_control_flow_saves_as_pir_that_real_paddle_runs(tmp_path, ref_python):
    net, xs = _net_and_inputs()
    want = [net(paddle.to_tensor(x)).numpy() for x in xs]
    paddle.jit.save(net, str(tmp_path / "model"))
    assert (tmp_path / "model.json").exists() and not (tmp_path / "model.pdmodel").exists()
    j = (tmp_path / "model.json").read_text()
    assert '"1.if"' in j and '"1.while"' in j
    np.savez(tmp_path / "in.npz", **{f"{k}/x": x for k, x in enumerate(xs)})
    res, = _real_paddle_runs(ref_python, [tmp_path])
    for k, w in enumerate(want):
        np.testing.assert_allclose(res[str(k)], w, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(res[f"{k}_jit"], w, rtol=1e-5, atol=1e-6)


def test_loaded_control_flow_models_are_saved_again(tmp_path):
    """jit.load -> jit.save -> jit.load, for purepaddle's own to_static model and for Paddle's cf_nested."""
    net, xs = _net_and_inputs()
    want = [net(paddle.to_tensor(x)).numpy() for x in xs]
    paddle.jit.save(net, str(tmp_path / "a" / "model"))
    loaded = paddle.jit.load(str(tmp_path / "a" / "model"))
    paddle.jit.save(loaded, str(tmp_path / "b" / "model"))
    again = paddle.jit.load(str(tmp_path / "b" / "model"))
    for x, w in zip(xs, want):
        np.testing.assert_allclose(again(paddle.to_tensor(x)).numpy(), w, rtol=1e-5, atol=1e-6)
    (ins, outs), = _cases(MODELS / "cf_nested")
    paddle.jit.save(paddle.jit.load(str(MODELS / "cf_nested" / "model")), str(tmp_path / "c" / "model"))
    got = paddle.jit.load(str(tmp_path / "c" / "model"))(paddle.to_tensor(ins["x"]))
    np.testing.assert_allclose(got.numpy(), outs[0], rtol=1e-5, atol=1e-6)


def test_real_paddle_runs_a_resaved_control_flow_model(tmp_path, ref_python):
    (ins, outs), = _cases(MODELS / "cf_nested")
    paddle.jit.save(paddle.jit.load(str(MODELS / "cf_nested" / "model")), str(tmp_path / "model"))
    np.savez(tmp_path / "in.npz", **{"0/x": ins["x"]})
    res, = _real_paddle_runs(ref_python, [tmp_path])
    np.testing.assert_allclose(res["0"], outs[0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(res["0_jit"], outs[0], rtol=1e-5, atol=1e-6)


class SwitchCaseNet(paddle.nn.Layer):
    """static.nn.switch_case and case: chains of conditional_blocks whose results meet in select_inputs."""

    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(4, 4)

    @paddle.jit.to_static(input_spec=[InputSpec([None, 4], "float32", "x")], full_graph=True)
    def forward(self, x):
        idx = paddle.cast(paddle.clip(x.sum(), 0.0, 2.0), "int32")
        y = paddle.static.nn.switch_case(idx, {0: lambda: self.fc(x), 1: lambda: x * 2.0}, default=lambda: x - 3.0)
        return paddle.static.nn.case([(x.mean() > 0.5, lambda: y + 1.0)], default=lambda: y * 0.5)


def test_switch_case_and_case_save_as_pir_that_real_paddle_runs(tmp_path, ref_python):
    paddle.seed(1)
    net = SwitchCaseNet()
    xs = [np.full((2, 4), v, "float32") for v in (-1.0, 0.1, 0.2, 1.0)]  # default, 0, 1 and the case branch
    want = [net(paddle.to_tensor(x)).numpy() for x in xs]
    paddle.jit.save(net, str(tmp_path / "model"))
    np.savez(tmp_path / "in.npz", **{f"{k}/x": x for k, x in enumerate(xs)})
    res, = _real_paddle_runs(ref_python, [tmp_path])
    for k, w in enumerate(want):
        np.testing.assert_allclose(res[str(k)], w, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(res[f"{k}_jit"], w, rtol=1e-6, atol=1e-6)
    ours = paddle.jit.load(str(tmp_path / "model"))
    for x, w in zip(xs, want):
        np.testing.assert_allclose(ours(paddle.to_tensor(x)).numpy(), w, rtol=1e-6, atol=1e-6)
