"""Fixtures of the distributed tests: a process that looks like a plain single process (no launcher or MPI rank
variables), the environment for launched children without them, and a skip where mpirun cannot start ranks."""
import importlib.util
import os

import pytest

import purepaddle.distributed as dist

# what the launcher, Open MPI and Slurm set for each rank; a rank of an outer job must not leak into these tests
LAUNCHER_VARS = ("PADDLE_", "OMPI_", "PMIX_", "TRAINING_ROLE", "SLURM_")


@pytest.fixture
def no_launcher_env(monkeypatch):
    """This process without the launcher's and MPI's per-rank environment variables."""
    for k in list(os.environ):
        if k.startswith(LAUNCHER_VARS):
            monkeypatch.delenv(k)


@pytest.fixture
def solo(no_launcher_env):
    """A fresh world of one process (no launcher environment); groups are destroyed afterwards."""
    dist.destroy_process_group()
    yield
    dist.destroy_process_group()


@pytest.fixture(scope="session")
def launcher_free_env():
    """os.environ without the per-rank variables, for launching jobs in child processes (copy it to change it)."""
    return {k: v for k, v in os.environ.items() if not k.startswith(LAUNCHER_VARS)}


@pytest.fixture(scope="session")
def mpi():
    """Skip unless mpi4py and Open MPI's mpirun are there to start real ranks."""
    from purepaddle.distributed.launch import job, plan
    if importlib.util.find_spec("mpi4py") is None:
        pytest.skip("needs mpi4py and Open MPI (pip install purepaddle[distributed])")
    try:
        job.find_mpirun()
    except plan.LaunchError:
        pytest.skip("needs mpi4py and Open MPI (pip install purepaddle[distributed])")


@pytest.fixture
def fleet_state():
    """fleet's singleton restored after the test (for tests that call fleet.init)."""
    from purepaddle.distributed.fleet import fleet
    saved = dict(vars(fleet))
    yield
    vars(fleet).clear()
    vars(fleet).update(saved)
