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


def env_rank():
    """This worker's global rank (0 without a launcher)."""
    return env_int(RANK_VARS, 0)


def env_world_size():
    """The number of workers in the job (1 without a launcher)."""
    return env_int(WORLD_VARS, 1)


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
        self._local_rank = env_int(LOCAL_RANK_VARS, 0)
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
