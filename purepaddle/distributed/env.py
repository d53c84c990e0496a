"""The worker's view of the job from its environment: rank, world size, endpoints (ParallelEnv)."""

from __future__ import annotations

import os

__all__ = ["ParallelEnv"]


def env_int(names, default):
    """The first of the environment variables `names` that is set, as an int."""
    for name in names:
        value = os.environ.get(name, "")
        if value != "":
            return int(value)
    return default


# Paddle's variables first; a plain `mpirun -np N python -m purepaddle train.py` is understood too
RANK_VARS = ("PADDLE_TRAINER_ID", "OMPI_COMM_WORLD_RANK")
WORLD_VARS = ("PADDLE_TRAINERS_NUM", "OMPI_COMM_WORLD_SIZE")
LOCAL_RANK_VARS = ("PADDLE_RANK_IN_NODE", "PADDLE_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK")
# and `srun --mpi=pmix python train.py`: Slurm's task variables, which count only where PMIx joins the tasks into
# one MPI job (PMIX_RANK set); a bare srun's tasks are separate processes that init_parallel_env refuses
SLURM_RANK_VARS = ("SLURM_PROCID",)
SLURM_WORLD_VARS = ("SLURM_STEP_NUM_TASKS", "SLURM_NTASKS")
SLURM_LOCAL_RANK_VARS = ("SLURM_LOCALID",)


def slurm_wired():
    """Whether this process is a task of `srun --mpi=pmix` (Slurm's variables then describe the MPI job)."""
    return os.environ.get("SLURM_PROCID", "") != "" and os.environ.get("PMIX_RANK", "") != ""


def _job_int(names, slurm_names, default):
    return env_int(names + slurm_names if slurm_wired() else names, default)


def env_rank():
    """This worker's global rank (0 without a launcher)."""
    return _job_int(RANK_VARS, SLURM_RANK_VARS, 0)


def env_world_size():
    """The number of workers in the job (1 without a launcher)."""
    return _job_int(WORLD_VARS, SLURM_WORLD_VARS, 1)


def env_local_rank():
    """This worker's rank on its node (0 without a launcher)."""
    return _job_int(LOCAL_RANK_VARS, SLURM_LOCAL_RANK_VARS, 0)


class ParallelEnv:
    """The launcher's environment for this worker, read when created.

    Without a launcher it describes a job of one worker (rank 0, world size 1).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> env = dist.ParallelEnv()
            >>> env.rank, env.world_size
            (0, 1)
    """

    def __init__(self) -> None:
        self._rank = env_rank()
        self._world_size = env_world_size()
        self._local_rank = env_local_rank()
        selected = os.environ.get("FLAGS_selected_gpus", "0").split(",")[0]
        self._device_id = int(selected) if selected.strip().isdigit() else 0
        self._trainer_endpoints = os.environ.get("PADDLE_TRAINER_ENDPOINTS", "").split(",")
        self._current_endpoint = os.environ.get("PADDLE_CURRENT_ENDPOINT", "")
        self._nrings = env_int(("FLAGS_nccl_nrings",), 1)
        self._pg_timeout = env_int(("PADDLE_PG_TIMEOUT",), 1800000)

    @property
    def rank(self):
        """This worker's rank (PADDLE_TRAINER_ID)."""
        return self._rank

    @property
    def world_size(self):
        """The number of workers (PADDLE_TRAINERS_NUM)."""
        return self._world_size

    @property
    def local_rank(self):
        """Rank on this node (PADDLE_RANK_IN_NODE)."""
        return self._local_rank

    @property
    def device_id(self):
        """The device this worker was given (FLAGS_selected_gpus; 0 on CPU)."""
        return self._device_id

    @property
    def device_type(self):
        """'cpu': purepaddle's workers compute on CPU."""
        return "cpu"

    @property
    def current_endpoint(self):
        """This worker's ip:port (PADDLE_CURRENT_ENDPOINT)."""
        return self._current_endpoint

    @property
    def trainer_endpoints(self):
        """Every worker's ip:port (PADDLE_TRAINER_ENDPOINTS)."""
        return self._trainer_endpoints

    @property
    def nrings(self):
        """Communication rings (FLAGS_nccl_nrings; 1)."""
        return self._nrings

    @property
    def pg_timeout(self):
        """Process-group timeout in ms (PADDLE_PG_TIMEOUT; 1800000)."""
        return self._pg_timeout

    # Paddle's older names
    nranks = world_size
    dev_id = device_id
