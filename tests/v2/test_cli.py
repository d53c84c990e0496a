"""`purepaddle train` (the legacy `paddle train`, PADDLE_REFERENCE F rows 76-80): flags, a trainer config written
with paddle.trainer_config_helpers, pass-%05d directories, use_gpu/gpu_id/CUDA_VISIBLE_DEVICES, the
"Floating point exception" stop on NaN/Inf (--check_nan_inf), and `paddle train` under the opt-in alias."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import purepaddle
from purepaddle.trainer import cli
from tests.checkout import ROOT

PROVIDER = '''
from paddle.trainer.PyDataProvider2 import *

@provider(input_types={"x": dense_vector(3), "y": integer_value(2)}, min_pool_size=0, should_shuffle=False)
def process(settings, filename):
    scale = float(open(filename).read())
    for i in range(40):
        v = [((i * 7) % 5 - 2) * scale, (i % 3) - 1.0, 0.5]
        yield {"x": v, "y": int(v[0] + v[1] > 0)}
'''

CONFIG = '''
from paddle.trainer_config_helpers import *
lr = get_config_arg("lr", float, 0.05)
define_py_data_sources2(train_list="train.list", test_list=None, module="prov", obj="process")
settings(batch_size=10, learning_rate=lr, learning_method=MomentumOptimizer(momentum=0.9))
x = data_layer(name="x", size=3)
h = fc_layer(input=x, size=4, act=TanhActivation(), name="h")
prob = fc_layer(input=h, size=2, act=SoftmaxActivation(), name="prob")
outputs(classification_cost(input=prob, label=data_layer(name="y", size=2)))
'''


def _project(tmp_path, scale="1.0", config=CONFIG):
    (tmp_path / "prov.py").write_text(PROVIDER)
    (tmp_path / "conf.py").write_text(textwrap.dedent(config))
    (tmp_path / "data.txt").write_text(scale)
    (tmp_path / "train.list").write_text("data.txt\n")


def _run(tmp_path, *flags, env=None, command=None):
    full = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""), **(env or {}))
    cmd = command or [sys.executable, "-c", "import sys; from purepaddle.trainer.cli import main; sys.exit(main())"]
    return subprocess.run(cmd + ["train", *flags], capture_output=True, text=True, cwd=tmp_path, env=full,
                          timeout=600)


def test_parse_flags():
    f = cli.parse_flags(["--config=c.py", "--use_gpu=false", "--trainer_count", "2", "--num_passes=3",
                         "--check_nan_inf", "--nouse_gpu", "--gpu_id=2"])
    assert (f["config"], f["use_gpu"], f["trainer_count"], f["num_passes"], f["check_nan_inf"], f["gpu_id"]) == \
        ("c.py", False, 2, 3, True, 2)
    with pytest.raises(cli.UsageError, match="unknown flag --bogus"):
        cli.parse_flags(["--config=c.py", "--bogus=1"])
    with pytest.raises(cli.UsageError, match="--use_gpu must be true or false"):
        cli.parse_flags(["--config=c.py", "--use_gpu=maybe"])
    with pytest.raises(cli.UsageError, match="--config=CONF.py is required"):
        cli.parse_flags(["--num_passes=1"])


def test_train_saves_a_directory_per_pass(tmp_path):
    _project(tmp_path)
    done = _run(tmp_path, "--config=conf.py", "--use_gpu=false", "--trainer_count=2", "--num_passes=3",
                "--save_dir=model", "--config_args=lr=0.1", "--log_period=2")
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(tmp_path / "model")) == ["pass-00000", "pass-00001", "pass-00002"]
    assert sorted(os.listdir(tmp_path / "model" / "pass-00002")) == ["_h.w0", "_h.wbias", "_prob.w0", "_prob.wbias"]
    lines = done.stdout.splitlines()
    assert "Pass=0 Batch=2 AvgCost=" in lines[0] and "Saving parameters of pass 2 to model/pass-00002" in lines
    # the files load back into v2 Parameters and give the network's predictions
    import purepaddle.v2 as paddle
    from purepaddle.trainer_config_helpers.config import CONFIG as STATE
    cfg = cli.load_config(str(tmp_path / "conf.py"), {})
    cfg.data_layers[0].type = paddle.data_type.dense_vector(3)
    params = paddle.parameters.create(cfg.outputs)
    for name in params.keys():
        with open(tmp_path / "model" / "pass-00002" / name, "rb") as f:
            params.deserialize(name, f)
    assert STATE.config is cfg
    prob = cfg.outputs[0].parents[0]
    out = paddle.infer(output_layer=prob, parameters=params, input=[([2.0, 1.0, 0.5],), ([-2.0, -1.0, 0.5],)])
    assert out[0, 1] > 0.5 > out[1, 1]
    again = _run(tmp_path, "--config=conf.py", "--num_passes=4", "--start_pass=3", "--save_dir=model",
                 "--init_model_path=model/pass-00002")
    assert again.returncode == 0, again.stderr
    assert "pass-00003" in os.listdir(tmp_path / "model")


def test_floating_point_exception_stops_at_the_first_nan(tmp_path):
    _project(tmp_path, scale="inf")  # the data overflows: the first fc's output is NaN/Inf
    done = _run(tmp_path, "--config=conf.py", "--num_passes=2", "--save_dir=model", "--check_nan_inf=true")
    assert done.returncode == cli.FPE_STATUS == 136, done.stdout + done.stderr
    err = done.stderr
    assert "*** Floating point exception: training stopped at the first NaN/Inf." in err
    assert "There are NAN or INF" in err and "op=matmul" in err
    assert "in paddle.v2 layer 'h' (FcLayer)" in err and "at pass 0, batch 0" in err
    assert not (tmp_path / "model").exists()  # stopped before any pass was saved
    # without the option the legacy-less run goes on (NumPy does not trap)
    quiet = _run(tmp_path, "--config=conf.py", "--num_passes=1", "--save_dir=model")
    assert quiet.returncode == 0
    env_flag = _run(tmp_path, "--config=conf.py", "--num_passes=1", env={"FLAGS_check_nan_inf": "1"})
    assert env_flag.returncode == 136


@pytest.mark.skipif(purepaddle.device.cuda.device_count() > 0, reason="checks the machine without a GPU")
def test_use_gpu_and_gpu_id_without_a_gpu(tmp_path):
    _project(tmp_path)
    done = _run(tmp_path, "--config=conf.py", "--use_gpu=true", "--trainer_count=2", "--gpu_id=2",
                env={"CUDA_VISIBLE_DEVICES": "2,3"})
    assert done.returncode == 1
    assert "use_gpu=True (gpu_id=2), but this machine has no GPU" in done.stderr
    assert "CUDA_VISIBLE_DEVICES='2,3'" in done.stderr


def test_usage_errors(tmp_path):
    _project(tmp_path)
    assert _run(tmp_path, "--config=missing.py").returncode == 2
    bad = _run(tmp_path, "--config=conf.py", "--trainer_count=0")
    assert bad.returncode == 2 and "--trainer_count must be >= 1" in bad.stderr
    assert cli.main(["--help"]) == 0 and cli.main(["fly"]) == 2


def test_paddle_command_comes_with_the_alias(tmp_path):
    from purepaddle import _alias
    site, bin_dir = tmp_path / "site", tmp_path / "bin"
    site.mkdir()
    _alias.install_alias(str(site), bin_dir=str(bin_dir))
    command = bin_dir / "paddle"
    assert command.is_file() and os.access(command, os.X_OK)
    _project(tmp_path)
    done = _run(tmp_path, "--config=conf.py", "--num_passes=1", "--save_dir=model", command=[str(command)])
    assert done.returncode == 0, done.stderr
    assert os.listdir(tmp_path / "model") == ["pass-00000"]
    (bin_dir / "other").write_text("#!/bin/sh\n")
    _alias.uninstall_alias(str(site), bin_dir=str(bin_dir))
    assert not command.exists() and (bin_dir / "other").exists()
    command.write_text("#!/bin/sh\necho real paddle\n")  # somebody else's `paddle` is never replaced
    _alias.install_alias(str(site), bin_dir=str(bin_dir))
    assert command.read_text() == "#!/bin/sh\necho real paddle\n"
    _alias.uninstall_alias(str(site), bin_dir=str(bin_dir))
    assert command.exists()
