"""paddle.vision.models exported by real Paddle 3.3.1 as PIR programs (build/pir_zoo/, too big to commit): read and
run by purepaddle's predictor, outputs within 1e-5 of Paddle's predictor at batch 1 and 8.

`make pir-zoo` exports every model (tests/fixtures/pir/make_pir_fixtures.py --zoo) and runs them all
(PUREPADDLE_PIR_ZOO=all); `make test` runs a quick subset (QUICK), exporting what is missing, where .venv-ref
exists. The writing direction: purepaddle's own ResNet saved by jit.save runs in real Paddle's predictor."""
import os
import subprocess

import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import ROOT

ZOO_DIR = ROOT / "build" / "pir_zoo"
SCRIPT = ROOT / "tests" / "fixtures" / "pir" / "make_pir_fixtures.py"
ALL = ("resnet18", "resnet50", "mobilenet_v1", "mobilenet_v2", "mobilenet_v3_small", "mobilenet_v3_large", "vgg11",
       "alexnet", "squeezenet1_0", "shufflenet_v2_x0_25", "densenet121", "googlenet", "inception_v3")
QUICK = ("mobilenet_v3_small", "shufflenet_v2_x0_25", "squeezenet1_0")
MODELS = ALL if os.environ.get("PUREPADDLE_PIR_ZOO") == "all" else QUICK


def _export(ref_python, names):
    missing = [n for n in names if not (ZOO_DIR / n / "io.npz").exists()]
    if missing:
        proc = subprocess.run([str(ref_python), str(SCRIPT), "--zoo", *missing], capture_output=True, text=True,
                              timeout=1800, cwd=str(ROOT))
        assert proc.returncode == 0, proc.stderr[-4000:]


@pytest.mark.parametrize("name", MODELS)
def test_vision_zoo_pir_models_match_paddle(ref_python, name):
    _export(ref_python, [name])
    d = ZOO_DIR / name
    io = dict(np.load(d / "io.npz"))
    config = paddle.inference.Config(str(d / "model.json"), str(d / "model.pdiparams"))
    config.disable_glog_info()
    pred = paddle.inference.create_predictor(config)
    for b in (1, 8):
        pred.get_input_handle("x").copy_from_cpu(io[f"x{b}"])
        pred.run()
        got = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()
        want = io[f"out{b}_0"]
        scale = max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * scale, err_msg=f"{name} batch {b}")


_REF_RUN = r"""
import sys, numpy as np, paddle
cfg = paddle.inference.Config(sys.argv[1] + ".json", sys.argv[1] + ".pdiparams")
cfg.disable_glog_info()
cfg.switch_ir_optim(False)
pred = paddle.inference.create_predictor(cfg)
x = np.load(sys.argv[2])
pred.get_input_handle("x").copy_from_cpu(x)
pred.run()
np.save(sys.argv[3], pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu())
"""


def test_real_paddle_runs_our_resnet18(tmp_path, ref_python):
    from purepaddle.vision.models import resnet18
    paddle.seed(0)
    net = resnet18()
    net.eval()
    prefix = str(tmp_path / "r18" / "model")
    paddle.jit.save(net, prefix, input_spec=[paddle.static.InputSpec([None, 3, 64, 64], "float32", "x")])
    x = np.random.RandomState(0).uniform(-1, 1, [8, 3, 64, 64]).astype("float32")
    np.save(tmp_path / "x.npy", x)
    proc = subprocess.run([str(ref_python), "-c", _REF_RUN, prefix, str(tmp_path / "x.npy"), str(tmp_path / "o.npy")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    want = net(paddle.to_tensor(x)).numpy()
    np.testing.assert_allclose(np.load(tmp_path / "o.npy"), want, rtol=1e-5,
                               atol=1e-5 * max(1.0, float(np.abs(want).max())))
