"""Slurm, with its variables faked: Slurm's compressed host lists, the launcher as one Slurm task per node
(sbatch + `srun --ntasks-per-node=1 python -m paddle.distributed.launch`), and `srun --mpi=pmix` tasks read as one
job (Slurm's task variables count where PMIx joins the tasks)."""
import argparse
import os
import subprocess
import sys

import pytest

import purepaddle.distributed as dist
from purepaddle.distributed.env import ParallelEnv
from purepaddle.distributed.launch import job
from purepaddle.distributed.launch.plan import LaunchError
from purepaddle.distributed.launch.slurm import apply_slurm, expand_hostlist
from tests.checkout import ROOT


@pytest.mark.parametrize("text, hosts", [
    ("node1", ["node1"]),
    ("node[1-3]", ["node1", "node2", "node3"]),
    ("node[01-03,7],login1", ["node01", "node02", "node03", "node7", "login1"]),
    ("gpu-[098-101]", ["gpu-098", "gpu-099", "gpu-100", "gpu-101"]),
    ("r[1-2]n[1-2]", ["r1n1", "r1n2", "r2n1", "r2n2"]),
    ("a1,b[9-11],c", ["a1", "b9", "b10", "b11", "c"]),
    ("10.0.0.[1-2]", ["10.0.0.1", "10.0.0.2"]),
])
def test_expand_hostlist(text, hosts):
    assert expand_hostlist(text) == hosts


@pytest.mark.parametrize("bad", ["node[1-3", "node1-3]", "node[a-b]", "node[3-1]"])
def test_bad_hostlist_is_a_clear_error(bad):
    with pytest.raises(LaunchError, match="Slurm host list"):
        expand_hostlist(bad)


def _args(**kw):
    base = dict(ips=None, master=None, nnodes="1", rank=-1, start_port=6070)
    return argparse.Namespace(**{**base, **kw})


SBATCH_TASK = {"SLURM_PROCID": "1", "SLURM_NODEID": "1", "SLURM_STEP_NODELIST": "cn[07-08]",
               "SLURM_JOB_NODELIST": "cn[07-09]", "SLURM_STEP_NUM_TASKS": "2", "SLURM_NTASKS": "3"}


def test_launcher_as_one_slurm_task_per_node_finds_master_and_rank():
    msgs = []
    a = _args()
    assert apply_slurm(a, SBATCH_TASK, msgs.append)
    assert (a.master, a.nnodes, a.rank) == ("cn07:6070", "2", 1)
    assert "master cn07:6070" in msgs[0]
    b = _args(master="10.0.0.5:9000", nnodes="2")  # flags the user gave win
    assert not apply_slurm(b, SBATCH_TASK, msgs.append) and b.master == "10.0.0.5:9000"
    c = _args()
    assert not apply_slurm(c, {"SLURM_PROCID": "0", "SLURM_JOB_NODELIST": "cn07"}, msgs.append)  # one node
    assert c.master is None


def test_several_launchers_per_node_under_srun_are_refused():
    env = dict(SBATCH_TASK, SLURM_STEP_NUM_TASKS="8")
    with pytest.raises(LaunchError, match=r"8 launcher task\(s\) on 2 node\(s\).*--ntasks-per-node=1"):
        apply_slurm(_args(), env, print)


def test_srun_pmix_task_variables(monkeypatch, solo):
    for k, v in {"SLURM_PROCID": "5", "SLURM_NTASKS": "8", "SLURM_LOCALID": "1"}.items():
        monkeypatch.setenv(k, v)
    env = ParallelEnv()
    assert (env.rank, env.world_size, env.local_rank) == (0, 1, 0)  # no PMIx: separate processes
    with pytest.raises(RuntimeError, match="srun --mpi=pmix"):
        dist.init_parallel_env()
    monkeypatch.setenv("PMIX_RANK", "5")
    env = ParallelEnv()
    assert (env.rank, env.world_size, env.local_rank) == (5, 8, 1)
    monkeypatch.setenv("PADDLE_TRAINER_ID", "2")  # a launcher's variables come first
    monkeypatch.setenv("PADDLE_TRAINERS_NUM", "4")
    assert (ParallelEnv().rank, ParallelEnv().world_size) == (2, 4)


SRUN_PMIX = """\
import paddle, paddle.distributed as dist
dist.init_parallel_env()
x = paddle.to_tensor([float(dist.get_rank() + 1)])
dist.all_reduce(x)
print("rank", dist.get_rank(), "of", dist.get_world_size(), "local", dist.ParallelEnv().local_rank, "sum", float(x))
"""


@pytest.mark.usefixtures("mpi")
def test_srun_pmix_tasks_form_one_world(tmp_path, launcher_free_env):
    """`srun --mpi=pmix python -m purepaddle train.py` imitated: PMIx-wired tasks whose only rank variables are
    Slurm's (mpirun's own OMPI_COMM_WORLD_* removed)."""
    (tmp_path / "train.py").write_text(SRUN_PMIX)
    as_srun = ('export SLURM_PROCID=$PMIX_RANK SLURM_NTASKS=2 SLURM_LOCALID=$PMIX_RANK SLURM_JOB_NODELIST=cn1; '
               'for v in $(env | grep -o "^OMPI_COMM_WORLD[A-Z_]*"); do unset $v; done; exec "$@"')
    cmd = [job.find_mpirun()] + (["--allow-run-as-root"] if os.geteuid() == 0 else [])
    cmd += ["-np", "2", "--oversubscribe", "--mca", "btl", "self,sm,tcp", "sh", "-c", as_srun, "sh",
            sys.executable, "-m", "purepaddle", "train.py"]
    env = dict(launcher_free_env, PYTHONPATH=str(ROOT))
    p = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=90)
    assert p.returncode == 0, p.stderr
    assert sorted(p.stdout.splitlines()) == ["rank 0 of 2 local 0 sum 3.0", "rank 1 of 2 local 1 sum 3.0"]
