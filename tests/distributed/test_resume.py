"""Restarts resume: with --elastic_level 1 --max_restart N the launcher restarts a failed job with
PADDLE_RESTART_COUNT set, and a script that checkpoints with paddle.save ends where an uninterrupted run ends."""
import subprocess
import sys
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).with_name("job_resume.py")


def _launch(work, fail, env):
    work.mkdir()
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                           "--elastic_level", "1", "--max_restart", "2", "--log_overwrite", "false",
                           "--log_dir", str(work / "log"), str(SCRIPT), str(work), "1" if fail else "0"],
                          cwd=work, env=env, capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return proc


def test_a_restarted_job_resumes_from_its_checkpoint(tmp_path, mpi, launcher_free_env):
    whole = _launch(tmp_path / "whole", False, launcher_free_env)
    assert "restarting" not in whole.stderr
    broken = _launch(tmp_path / "broken", True, launcher_free_env)
    assert "exited with code 7" in broken.stderr and "restarting the job (1/2)" in broken.stderr
    log0 = (tmp_path / "broken" / "log" / "workerlog.0").read_text()
    assert "rank 0 restart 0 starts at step 0" in log0
    resumed = [line for line in log0.splitlines() if "restart 1 starts at step" in line]
    assert resumed and resumed[0].split()[-1] == "3"  # rank 0 checkpointed step 2 before rank 1 died at step 3
    for r in (0, 1):
        np.testing.assert_array_equal(np.load(tmp_path / "broken" / f"final.{r}.npy"),
                                      np.load(tmp_path / "whole" / f"final.{r}.npy"))
