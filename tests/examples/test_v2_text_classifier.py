"""examples/v2_text_classifier: the v2 program (provider + sparse input + sparse_update + trainer_count=2) and
the same network as a trainer config run by `purepaddle train`."""
import os
import struct
import subprocess
import sys

import numpy as np

from tests.checkout import ROOT

EXAMPLE = ROOT / "examples" / "v2_text_classifier"


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_v2_program_trains_with_two_threads(tmp_path):
    done = subprocess.run([sys.executable, "-m", "purepaddle", str(EXAMPLE / "train.py"), "--passes", "2"],
                          capture_output=True, text=True, cwd=tmp_path, env=_env(), timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "v2 text classifier: 2000 reviews, 5000-word dictionary, trainer_count=2"
    assert out[1].startswith("pass 0: train error") and out[2].startswith("pass 1: train error")
    assert "the provider ran its generator 1 time(s) for 2 passes" in out
    assert out[-1] == "OK"


def test_trainer_config_with_the_legacy_command(tmp_path):
    # the data files, written by the example's provider module (it imports paddle, so under the alias)
    write = ("import sys; sys.path.insert(0, sys.argv[1]); import dataprovider as d; "
             "d.write_corpus(sys.argv[2] + '/train.txt', 600, 0); d.write_corpus(sys.argv[2] + '/test.txt', 200, 1)")
    subprocess.run([sys.executable, "-m", "purepaddle", "-c", write, str(EXAMPLE), str(tmp_path)], check=True,
                   env=_env(), timeout=300)
    (tmp_path / "train.list").write_text(str(tmp_path / "train.txt") + "\n")
    (tmp_path / "test.list").write_text(str(tmp_path / "test.txt") + "\n")
    cmd = [sys.executable, "-c", "import sys; from purepaddle.trainer.cli import main; sys.exit(main())", "train",
           f"--config={EXAMPLE / 'trainer_config.py'}", "--use_gpu=false", "--trainer_count=2", "--num_passes=2",
           f"--save_dir={tmp_path / 'out'}", f"--config_args=data_dir={tmp_path}", "--log_period=5"]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, env=_env(), timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    tests = [ln for ln in done.stdout.splitlines() if ln.startswith("Test Pass=")]
    assert len(tests) == 2
    assert float(tests[-1].split("classification_error_evaluator=")[1]) < 0.2
    assert sorted(os.listdir(tmp_path / "out")) == ["pass-00000", "pass-00001"]
    files = sorted(os.listdir(tmp_path / "out" / "pass-00001"))
    assert files == ["_hidden.wbias", "_prob.w0", "_prob.wbias", "word_weights"]
    raw = (tmp_path / "out" / "pass-00001" / "word_weights").read_bytes()
    fmt, size, count = struct.unpack("<iIQ", raw[:16])
    assert (fmt, size, count) == (0, 4, 5000 * 32) and len(raw) == 16 + 4 * count
    w = np.frombuffer(raw[16:], "float32").reshape(5000, 32)
    assert np.isfinite(w).all() and np.abs(w).max() > 0
