"""paddle.inference.convert_to_mixed_precision: the converted model (float16/bfloat16 weights and ops, casts
between them, keep_io_types, black/white lists) runs in purepaddle's predictor close to the fp32 model; Paddle's
refusals are kept. Real Paddle 3.3.1's CPU build writes the files too (converting no op: it has no GPU kernels)
and loads ours."""
import logging
import os
import subprocess

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.inference import PlaceType as T
from purepaddle.inference import PrecisionType as P
from purepaddle.static.persistables import load_combined_params, persistable_names
from purepaddle.static.program_bytes import program_from_file


@pytest.fixture(autouse=True)
def _legacy_files():
    """These checks are on the legacy `.pdmodel` files (FLAGS_enable_pir_api=0; conftest restores the flag)."""
    paddle.set_flags({"FLAGS_enable_pir_api": False})


class _Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv = paddle.nn.Conv2D(3, 4, 3)
        self.bn = paddle.nn.BatchNorm2D(4)
        self.fc = paddle.nn.Linear(4 * 6 * 6, 5)

    def forward(self, x):
        y = paddle.nn.functional.relu(self.bn(self.conv(x)))
        return paddle.nn.functional.softmax(paddle.exp(self.fc(paddle.flatten(y, 1)) * 0.1))


X = np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype("float32")


@pytest.fixture
def model(tmp_path):
    paddle.seed(0)
    with paddle.utils.unique_name.guard():  # conv2d_0.w_0, linear_0.w_0, ... whatever ran before
        net = _Net()
    net(paddle.randn([4, 3, 8, 8]))
    net.eval()
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=[paddle.static.InputSpec([None, 3, 8, 8], "float32", "x")])
    return tmp_path, net(paddle.to_tensor(X)).numpy()


def _convert(d, name, precision=P.Half, backend=T.GPU, **kw):
    paddle.inference.convert_to_mixed_precision(str(d / "m.pdmodel"), str(d / "m.pdiparams"),
                                                str(d / f"{name}.pdmodel"), str(d / f"{name}.pdiparams"),
                                                precision, backend, **kw)
    return program_from_file(str(d / f"{name}.pdmodel"))


def _predict(d, name, x):
    config = paddle.inference.Config(str(d / f"{name}.pdmodel"), str(d / f"{name}.pdiparams"))
    config.disable_glog_info()
    predictor = paddle.inference.create_predictor(config)
    predictor.get_input_handle(predictor.get_input_names()[0]).copy_from_cpu(x)
    predictor.run()
    return predictor.get_output_handle(predictor.get_output_names()[0]).copy_to_cpu()


def _dtypes(program):
    return {v.name: v.dtype.name for v in program.global_block().vars.values()}


def test_half_keeps_io_types_and_casts_around_fp32_ops(model):
    d, ref = model
    prog = _convert(d, "h")
    types = [op.type for op in prog.global_block().ops]
    # x cast in; exp (Paddle's default black list) between casts; softmax back to fp32 for the fetch
    assert types == ["feed", "cast", "conv2d", "elementwise_add", "batch_norm", "relu",
                     "flatten_contiguous_range", "matmul_v2", "elementwise_add", "scale", "cast", "exp", "cast",
                     "softmax", "cast", "fetch"]
    dt = _dtypes(prog)
    assert dt["x"] == "float32" and dt["conv2d_0.w_0"] == "float16" and dt["linear_0.w_0"] == "float16"
    assert dt["reshape2_0.tmp_0"] == "float16" and "conv2d_0.b_0" not in dt  # the conv bias, folded as Paddle does
    assert all(dt[n] == "float32" for n in dt if n.startswith("batch_norm2d_0"))  # BN takes fp32 statistics
    assert dt["x_cast_auto_mixed.tmp_0"] == "float16"
    names = persistable_names(prog)
    stored = load_combined_params(str(d / "h.pdiparams"), names)
    assert {n: str(stored[n].dtype) for n in names} == {n: dt[n] for n in names}
    out = _predict(d, "h", X)
    assert out.dtype == np.float32
    np.testing.assert_allclose(out, ref, rtol=2e-3, atol=2e-3)


def test_low_precision_io_black_and_white_lists(model):
    d, ref = model
    prog = _convert(d, "io", keep_io_types=False, black_list={"softmax"}, white_list={"exp"})
    ops = prog.global_block().ops
    assert [op.type for op in ops] == ["feed", "conv2d", "elementwise_add", "batch_norm", "relu",
                                       "flatten_contiguous_range", "matmul_v2", "elementwise_add", "scale", "exp",
                                       "cast", "softmax", "cast", "fetch"]
    dt = _dtypes(prog)
    assert dt["x"] == "float16"  # the model now takes float16
    out = _predict(d, "io", X.astype(np.float16))
    assert out.dtype == np.float16  # softmax (black-listed) runs in fp32, its result is cast for the fp16 output
    np.testing.assert_allclose(out, ref, rtol=2e-3, atol=2e-3)


def test_bfloat16_and_xpu(model):
    d, ref = model
    prog = _convert(d, "bf", P.Bfloat16)
    assert _dtypes(prog)["conv2d_0.w_0"] == "bfloat16"
    np.testing.assert_allclose(_predict(d, "bf", X), ref, rtol=2e-2, atol=2e-2)
    prog = _convert(d, "xpu", P.Half, T.XPU)
    assert _dtypes(prog)["linear_0.w_0"] == "float16"


def test_paddles_refusals(model, caplog):
    d, _ = model
    with pytest.raises(ValueError, match="not supported place GPU or XPU or CUSTOM, not support CPU"):
        _convert(d, "c", P.Half, T.CPU)
    for prec, word in ((P.Float32, "float32"), (P.Int8, "int8")):
        with pytest.raises(ValueError, match=f"of GPU currently only supported fp16 and bf16, not support {word}"):
            _convert(d, "g", prec, T.GPU)
    with pytest.raises(ValueError, match="of XPU currently only supported fp16 and bf16, not support bfloat16"):
        _convert(d, "x", P.Bfloat16, T.XPU)
    with pytest.raises(ValueError, match="of CUSTOM currently only supported fp16 and bf16, not support bfloat16"):
        _convert(d, "x", P.Bfloat16, T.CUSTOM)
    assert sorted(os.listdir(d)) == ["m.pdiparams", "m.pdiparams.info", "m.pdmodel"]
    with caplog.at_level(logging.ERROR):  # as Paddle's CPU build: it logs, then converts
        _convert(d, "g", P.Half, T.GPU)
    assert "compiled with GPU" in caplog.text


_REF_CONVERT = r"""
import sys, numpy as np, paddle
from paddle.inference import PrecisionType, PlaceType
d = sys.argv[1]
paddle.inference.convert_to_mixed_precision(d + "/m.pdmodel", d + "/m.pdiparams", d + "/p.pdmodel", d + "/p.pdiparams",
                                            PrecisionType.Half, PlaceType.GPU)
"""
_REF = r"""
import sys, numpy as np, paddle
paddle.enable_static()
exe = paddle.static.Executor()
prog, feeds, fetches = paddle.static.load_inference_model(sys.argv[1], exe)
b = prog.global_block()
scope = paddle.static.global_scope()
print(sorted((v.name, str(np.array(scope.find_var(v.name).get_tensor()).dtype)) for v in b.vars.values()
             if v.persistable and v.name not in ("feed", "fetch")))
print([op.type for op in b.ops])
"""


def test_real_paddle_loads_the_converted_model(model, ref_python):
    d, _ = model
    prog = _convert(d, "h")
    proc = subprocess.run([str(ref_python), "-c", _REF, str(d / "h")], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "FLAGS_enable_pir_api": "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    params, types = proc.stdout.strip().splitlines()[-2:]
    dt = _dtypes(prog)
    assert eval(params) == sorted((n, dt[n]) for n in persistable_names(prog))
    assert eval(types) == [op.type for op in prog.global_block().ops]


def test_the_same_ops_and_weights_as_paddles_cpu_build(model, ref_python):
    # Paddle's CPU build converts no op (no GPU kernels) but folds constants and drops what they leave unused:
    # our model has its ops and weights, with fp16 dtypes and the casts between them
    d, _ = model
    prog = _convert(d, "h")
    env = {**os.environ, "FLAGS_enable_pir_api": "0"}
    proc = subprocess.run([str(ref_python), "-c", _REF_CONVERT, str(d)], capture_output=True, text=True, timeout=300,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    proc = subprocess.run([str(ref_python), "-c", _REF, str(d / "p")], capture_output=True, text=True, timeout=300,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    params, types = proc.stdout.strip().splitlines()[-2:]
    assert [n for n, _ in eval(params)] == persistable_names(prog)
    assert eval(types) == [op.type for op in prog.global_block().ops if op.type != "cast"]
