"""PIR programs (Paddle 3's `model.json`): reading models real Paddle 3.3.1 wrote (tests/fixtures/pir/, written by
make_pir_fixtures.py) everywhere a `.pdmodel` runs, and the codec's errors."""
import json
import os
import shutil

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.static.pir import parse_program, program_from_pir_file, supported_pir_ops

FIX = os.path.join(os.path.dirname(os.path.dirname(__file__)), "fixtures", "pir")
SMALL = ("mlp", "convbn", "tinyres")


def _io(name, root=FIX):
    return dict(np.load(os.path.join(root, name, "io.npz")))


def assert_close(got, want):
    """float32 agreement within 1e-5 relative to the output's scale."""
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * scale)


def predict(config, x):
    pred = paddle.inference.create_predictor(config)
    pred.get_input_handle(pred.get_input_names()[0]).copy_from_cpu(x)
    pred.run()
    return pred, [pred.get_output_handle(n).copy_to_cpu() for n in pred.get_output_names()]


@pytest.mark.parametrize("name", SMALL)
@pytest.mark.parametrize("ir_optim", [True, False])
def test_predictor_runs_paddle_written_pir_models(name, ir_optim):
    io = _io(name)
    d = os.path.join(FIX, name)
    for b in (1, 8):
        config = paddle.inference.Config(os.path.join(d, "model.json"), os.path.join(d, "model.pdiparams"))
        config.disable_glog_info()
        config.switch_ir_optim(ir_optim)
        pred, outs = predict(config, io[f"x{b}"])
        assert pred.get_input_names() == ["x"]
        assert pred.get_output_names() == [f"fetch_name_{k}" for k in range(len(outs))]
        for k, o in enumerate(outs):
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
