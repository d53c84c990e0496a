"""A real Slurm (slurmctld + slurmd + munge on this machine): `srun --mpi=pmix` tasks form one world, an sbatch
script running one launcher per node forms one world, and a bare `srun -n 2` is refused with what to run instead.
Skipped where `srun` cannot run a task (CI installs no Slurm)."""
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from tests.checkout import ROOT

SUM = textwrap.dedent("""\
    import paddle, paddle.distributed as dist
    dist.init_parallel_env()
    x = paddle.to_tensor([float(dist.get_rank() + 1)])
    dist.all_reduce(x)
    print(f"rank {dist.get_rank()} of {dist.get_world_size()}: sum {float(x)}", flush=True)
""")


@pytest.fixture(scope="module")
def slurm(mpi):
    if not shutil.which("srun") or not shutil.which("sbatch"):
        pytest.skip("needs Slurm (srun, sbatch) with a running slurmctld and slurmd")
    try:
        probe = subprocess.run(["srun", "-n", "1", "-t", "1", "true"], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.skip("srun did not run a task within 30s (no idle Slurm node)")
    if probe.returncode != 0:
        pytest.skip(f"srun cannot run a task here: {probe.stderr.strip()[:200]}")


def _env():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "OMPI_", "PMIX_", "SLURM_", "PRTE_"))}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_srun_with_pmix_forms_one_world(slurm, tmp_path):
    (tmp_path / "sum.py").write_text(SUM)
    mpis = subprocess.run(["srun", "--mpi=list"], capture_output=True, text=True, timeout=30)
    if "pmix" not in mpis.stdout + mpis.stderr:
        pytest.skip("this Slurm has no PMIx plugin")
    p = subprocess.run(["srun", "--mpi=pmix", "-n", "2", "-t", "2", sys.executable, "-m", "purepaddle", "sum.py"],
                       cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=180)
    assert p.returncode == 0, p.stdout + p.stderr
    assert sorted(p.stdout.split("\n"))[-2:] == ["rank 0 of 2: sum 3.0", "rank 1 of 2: sum 3.0"], p.stdout
    assert "Sorry!" not in p.stdout + p.stderr  # no PMIx notice about Slurm's munge security module


def test_bare_srun_is_refused_with_the_commands_to_run(slurm, tmp_path):
    (tmp_path / "sum.py").write_text(SUM)
    p = subprocess.run(["srun", "--mpi=none", "-n", "2", "-t", "2", sys.executable, "-m", "purepaddle", "sum.py"],
                       cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=180)
    assert p.returncode != 0
    assert "Slurm started 2 tasks (SLURM_NTASKS=2) but nothing joined them into one job" in p.stderr
    assert "of 2: sum" not in p.stdout


def test_sbatch_with_one_launcher_per_node_forms_one_world(slurm, tmp_path):
    (tmp_path / "sum.py").write_text(SUM)
    (tmp_path / "job.sbatch").write_text(textwrap.dedent(f"""\
        #!/bin/bash
        #SBATCH --job-name=pp-launch
        #SBATCH --nodes=1
        #SBATCH --ntasks-per-node=1
        #SBATCH --time=5
        #SBATCH --output=%x-%j.out
        srun --ntasks-per-node=1 {sys.executable} -m purepaddle -m paddle.distributed.launch --nproc_per_node 2 \\
            --log_dir log/$SLURM_JOB_ID sum.py
        """))
    p = subprocess.run(["sbatch", "--wait", "--parsable", "job.sbatch"], cwd=tmp_path, env=_env(),
                       capture_output=True, text=True, timeout=300)
    job_id = p.stdout.strip().split(";")[0]
    out = (tmp_path / f"pp-launch-{job_id}.out").read_text() if job_id else ""
    assert p.returncode == 0, p.stderr + out
    assert "2 worker(s) on 1 node(s)" in out and "rank 0 of 2: sum 3.0" in out, out
    assert (tmp_path / "log" / job_id / "workerlog.1").read_text().strip() == "rank 1 of 2: sum 3.0"
