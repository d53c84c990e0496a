"""Communication groups: the global group made by init_parallel_env, new_group, and the ring_id registry.

Collective ops name their group by `ring_id` (Paddle's attribute); the global group is ring 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from typing import Any

import os
import socket
import sys
import traceback

from . import env as _env
from .addresses import parse_address, parse_addresses
from .process_group import MPIGroup, SoloGroup, import_mpi, new_mpi_group

__all__ = ["Group", "new_group", "get_group", "is_initialized", "destroy_process_group", "get_backend",
           "is_available", "create_nccl_config"]

_GROUPS = {}       # ring_id -> Group
_NEXT_ID = [1]


class Group:
    """A set of ranks that run collectives together.

    `rank` is this process's rank inside the group (-1 when it is not a member), `ranks` the
    members' global ranks, `id` the ring_id that collective ops carry.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> group = dist.new_group([0])
            >>> group.nranks
            1
    """

    def __init__(self, rank_in_group, id, ranks, process_group=None, name=None):
        self.rank = rank_in_group
        self.id = id
        self.ranks = list(ranks)
        self.nranks = len(self.ranks)
        self.process_group = process_group
        self.name = name or ("_default_pg" if id == 0 else f"_default_pg{id}")

    @property
    def world_size(self):
        """The number of ranks in the group (-1 for a non-member, as Paddle)."""
        return self.nranks if self.rank >= 0 else -1

    @property
    def backend(self):
        return "MPI"

    def is_member(self):
        """Whether this process belongs to the group."""
        return self.rank >= 0

    def get_group_rank(self, rank):
        """The group rank of global `rank` (-1 when it is not a member)."""
        return self.ranks.index(rank) if rank in self.ranks else -1

    def __repr__(self):
        return (f"rank: {self.rank}, nranks: {self.nranks}, id: {self.id}, ranks: "
                f"{', '.join(str(r) for r in self.ranks)}; name: {self.name}")


def init_global_group():
    """Make the global group (ring 0) from the launcher's environment; MPI starts only for >1 process."""
    if 0 in _GROUPS:
        return _GROUPS[0]
    world = _env.env_world_size()
    rank = _env.env_rank()
    _check_endpoints()
    _refuse_lone_slurm_task(world)
    if world > 1:
        mpi = import_mpi()
        comm = mpi.COMM_WORLD
        if comm.Get_size() != world:
            source = "SLURM_NTASKS, under srun --mpi=pmix" if _env.slurm_wired() and not any(
                os.environ.get(k, "") != "" for k in _env.WORLD_VARS) else "PADDLE_TRAINERS_NUM"
            raise RuntimeError(
                f"init_parallel_env: the environment says this job has {world} workers ({source}) "
                f"but MPI started {comm.Get_size()} process(es). Start the job with "
                "`python -m paddle.distributed.launch --nproc_per_node N script.py` (it runs the workers under "
                "mpirun), or unset PADDLE_TRAINERS_NUM to run one process alone.")
        if comm.Get_rank() != rank:
            raise RuntimeError(f"init_parallel_env: PADDLE_TRAINER_ID={rank} but this is MPI rank "
                               f"{comm.Get_rank()}; the launcher keeps them equal")
        pg = new_mpi_group(comm)
        if not os.environ.get("PUREPADDLE_ERROR_FILE"):  # plain mpirun: no launcher reports and stops the job
            _abort_job_on_uncaught(comm, rank, world)
    else:
        pg = SoloGroup()
    group = Group(rank if world > 1 else 0, 0, range(world), pg)
    _GROUPS[0] = group
    return group


def _check_endpoints():
    """PADDLE_TRAINER_ENDPOINTS / PADDLE_CURRENT_ENDPOINT, when set, must be ip:port lists (a clear error, not
    a job that quietly runs alone)."""
    eps = os.environ.get("PADDLE_TRAINER_ENDPOINTS")
    if eps is not None:
        parse_addresses(eps, "PADDLE_TRAINER_ENDPOINTS", port="required")
    current = os.environ.get("PADDLE_CURRENT_ENDPOINT")
    if current is not None:
        parse_address(current, "PADDLE_CURRENT_ENDPOINT", port="required")


def _refuse_lone_slurm_task(world):
    """srun started several tasks but nothing made them one job: each would train alone as a world of 1."""
    if any(os.environ.get(k, "") != "" for k in _env.WORLD_VARS):
        return  # a launcher or mpirun said how big the job is
    raw = os.environ.get("SLURM_STEP_NUM_TASKS") or os.environ.get("SLURM_NTASKS") or ""
    tasks = int(raw) if raw.strip().isdigit() else 1
    if tasks > 1 and world == 1:
        raise RuntimeError(
            f"init_parallel_env: Slurm started {tasks} tasks (SLURM_NTASKS={raw}) but nothing joined them into one "
            "job, so each would train alone as a world of 1. Start one launcher per node instead: "
            "`srun --ntasks-per-node=1 python -m paddle.distributed.launch --nproc_per_node N train.py` (it reads "
            "the nodes and the master from Slurm), or give srun PMIx: `srun --mpi=pmix python -m purepaddle "
            f"train.py`, or inside the allocation `mpirun -np {tasks} python -m purepaddle train.py`. To run a "
            "single process, use srun --ntasks=1.")


def _abort_job_on_uncaught(comm, rank, world):
    """After an uncaught exception is printed, abort every rank (MPI_Abort) instead of letting MPI_Finalize
    wait for ranks that are blocked in a collective forever."""
    previous = sys.excepthook

    def hook(etype, value, tb):
        previous(etype, value, tb)
        local = os.environ.get("OMPI_COMM_WORLD_LOCAL_RANK", "?")
        error = "".join(traceback.format_exception_only(etype, value)).strip().splitlines()[-1:] or [etype.__name__]
        sys.stderr.write(
            f"ABORT!!! Out of all {world} trainers, the trainer process with rank=[{rank}] was aborted.\n"
            f"  rank {rank} (local rank {local} on host {socket.gethostname()}, pid {os.getpid()}) raised "
            f"{error[0]}\n  stopping every rank (MPI_Abort)\n")
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        comm.Abort(1)

    sys.excepthook = hook


def global_group(api):
    """The global group, or Paddle's RuntimeError when init_parallel_env has not run."""
    group = _GROUPS.get(0)
    if group is None:
        raise RuntimeError(f"{api}: The global group is not initialized. Call paddle.distributed."
                           "init_parallel_env() first (after `import paddle.distributed as dist`).")
    return group


def resolve(group, api):
    """`group` argument -> Group (None means the global group)."""
    if group is None:
        group = global_group(api)
    elif not isinstance(group, Group):
        raise TypeError(f"{api}: group must be a paddle.distributed Group (from new_group) or None, but "
                        f"received {type(group).__name__}")
    if _SHUT and group.id in _SHUT:
        raise RuntimeError(f"{api}: the process group {group.id} was shut down (shutdown_process_group); call "
                           "paddle.distributed.restart_process_group first")
    return group


_SHUT = set()  # ids of the groups shutdown_process_group closed until restart_process_group


def shutdown_process_group(group=None):
    """Close `group` (None: every group) to collectives until restart_process_group; an MPI communicator
    holds no device memory, so nothing else is released.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> dist.shutdown_process_group()
            >>> dist.restart_process_group()
            >>> dist.barrier()
    """
    _SHUT.update(_GROUPS if group is None else [resolve(group, "shutdown_process_group").id])


def restart_process_group(group=None):
    """Open a group closed by shutdown_process_group again (None: every group).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.restart_process_group()
    """
    if group is None:
        _SHUT.clear()
    else:
        _SHUT.discard(group.id)


def by_ring_id(ring_id):
    """The group a collective op's ring_id names (static programs carry the id only)."""
    group = _GROUPS.get(int(ring_id))
    if group is None:
        if int(ring_id) == 0:
            return init_global_group()  # a loaded program runs in a process that never called init
        raise RuntimeError(f"collective op: no communication group with ring_id {ring_id} in this process "
                           f"(known: {sorted(_GROUPS)}); create it with paddle.distributed.new_group first")
    return group


def new_group(ranks: Sequence[int] | None = None, backend: str | None = None, timeout: Any = None,
              nccl_comm_init_option: int = 0, nccl_config: Any = None) -> Group:
    """A group of some ranks; every rank of the job must call it, in the same order.

    Args:
        ranks (Sequence[int]|None, optional): The global ranks of the members; None means all. Default: None.
        backend (str|None, optional): The communication backend; None means the default one. Default: None.
        timeout (Any, optional): How long collective calls may wait. Default: None.
        nccl_comm_init_option (int, optional): Accepted for compatibility (NCCL). Default: 0.
        nccl_config (Any, optional): Accepted for compatibility (NCCL). Default: None.

    Returns:
        Group: the new group.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> g = dist.new_group([0])
            >>> g.ranks
            [0]
    """
    world = global_group("new_group")
    if backend not in (None, "mpi", "MPI", "gloo", "nccl", "bkcl"):
        raise ValueError(f"new_group: backend must be None or a known backend name, but received {backend!r}")
    ranks = sorted(range(world.nranks) if ranks is None else [int(r) for r in ranks])
    bad = [r for r in ranks if not 0 <= r < world.nranks]
    if bad or len(set(ranks)) != len(ranks):
        raise ValueError(f"new_group: ranks must be distinct ranks of the job (0..{world.nranks - 1}), but "
                         f"received {ranks}")
    gid = _NEXT_ID[0]
    _NEXT_ID[0] += 1
    me = world.rank
    if isinstance(world.process_group, MPIGroup):
        mpi = world.process_group.MPI
        comm = world.process_group.comm.Split(0 if me in ranks else mpi.UNDEFINED, key=me)
        pg = new_mpi_group(comm) if me in ranks else None
    else:
        pg = SoloGroup() if me in ranks else None
    group = Group(ranks.index(me) if me in ranks else -1, gid, ranks, pg)
    _GROUPS[gid] = group
    return group


def create_nccl_config(nccl_config: dict[str, int | str] | None = None) -> None:
    """The NCCL settings object for new_group(..., nccl_config=...): None here, as in a Paddle built without
    NCCL (purepaddle's collectives run on MPI, which has no such settings).

    Args:
        nccl_config (dict|None, optional): NCCL settings such as {"commName": "tp_comm", "nchannels": 4}; they are
            accepted and have no effect. Default: None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> print(dist.create_nccl_config({"commName": "tp_comm", "nchannels": 4}))
            None
    """
    if nccl_config is not None and not isinstance(nccl_config, dict):
        raise TypeError(f"create_nccl_config: nccl_config must be a dict or None, but received "
                        f"{type(nccl_config).__name__}")
    return None


def get_group(id=0):
    """The group with ring id `id`, or None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.get_group(12345) is None
            True
    """
    return _GROUPS.get(id)


def is_initialized():
    """Whether init_parallel_env made the global group.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> isinstance(dist.is_initialized(), bool)
            True
    """
    return 0 in _GROUPS


def destroy_process_group(group=None):
    """Release `group` (None: every group, after which init_parallel_env may run again).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> dist.destroy_process_group()
            >>> dist.is_initialized()
            False
    """
    targets = list(_GROUPS.values()) if group is None else [resolve(group, "destroy_process_group")]
    for g in targets:
        if g.process_group is not None:
            g.process_group.free()
        _GROUPS.pop(g.id, None)
        _SHUT.discard(g.id)


def get_backend(group=None):
    """The communication backend's name: 'MPI'.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.init_parallel_env()
            >>> dist.get_backend()
            'MPI'
    """
    resolve(group, "get_backend")
    return "MPI"


def is_available():
    """Whether distributed training can run: always (one process needs nothing; more need mpi4py).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.is_available()
            True
    """
    return True
