"""The MPI Operator / hostfile route: `mpirun -np N python -m purepaddle train.py`, without Paddle's launcher.
When a rank raises, it prints its traceback and a one-screen summary, then calls MPI_Abort: the whole job ends in
seconds instead of the other ranks waiting in a collective (and MPI_Finalize) forever."""
import os
import subprocess
import sys
import time

import pytest

from purepaddle.distributed.launch import job
from tests.checkout import child_env

RAISES = """\
import time
import paddle, paddle.distributed as dist
dist.init_parallel_env()
if dist.get_rank() == 1:
    time.sleep(0.5)
    raise ZeroDivisionError("rank one fails")
x = paddle.ones([2])
dist.all_reduce(x)  # rank 0 waits here for a rank that is gone
print("not reached", flush=True)
"""


@pytest.mark.usefixtures("mpi")
def test_a_raising_rank_aborts_the_whole_job(tmp_path, launcher_free_env):
    (tmp_path / "train.py").write_text(RAISES)
    cmd = [job.find_mpirun()]
    if os.geteuid() == 0:
        cmd.append("--allow-run-as-root")
    cmd += ["-np", "2", "--oversubscribe", "--mca", "btl", "self,sm,tcp", "--mca", "mpi_yield_when_idle", "1",
            sys.executable, "-m", "purepaddle", "train.py"]
    env = child_env()
    env = {k: v for k, v in env.items() if k in launcher_free_env or k == "PYTHONPATH"}
    start = time.monotonic()
    p = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90)
    took = time.monotonic() - start
    assert p.returncode != 0
    assert took < 45, f"took {took:.1f}s"
    err = p.stderr + p.stdout
    assert "ZeroDivisionError: rank one fails" in err
    assert "ABORT!!! Out of all 2 trainers, the trainer process with rank=[1] was aborted." in err
    assert "raised ZeroDivisionError: rank one fails" in err
    assert "not reached" not in err
