"""The public RPC functions: init_rpc, rpc_sync, rpc_async, shutdown and the worker infos, on this process's
Agent (agent.py)."""
import os
import socket

from .agent import Agent

__all__ = ["init_rpc", "shutdown", "rpc_sync", "rpc_async", "get_worker_info", "get_all_worker_infos",
           "get_current_worker_info"]

_AGENT = [None]


class WorkerInfo:
    """A worker of the RPC job: its name, rank, and the host and port of its endpoint."""

    __slots__ = ("name", "rank", "ip", "port")

    def __init__(self, name, rank, ip, port):
        self.name, self.rank, self.ip, self.port = name, rank, ip, port

    def __eq__(self, other):
        return isinstance(other, WorkerInfo) and (self.name, self.rank, self.ip, self.port) == (
            other.name, other.rank, other.ip, other.port)

    def __hash__(self):
        return hash((self.name, self.rank))

    def __repr__(self):
        return f"{{name: {self.name}, rank: {self.rank}, ip: {self.ip}, port: {self.port}}}"

    __str__ = __repr__

    def __reduce__(self):
        return (WorkerInfo, (self.name, self.rank, self.ip, self.port))


def _agent():
    if _AGENT[0] is None:
        raise RuntimeError("paddle.distributed.rpc is not initialized: call paddle.distributed.rpc.init_rpc(name) "
                           "first")
    return _AGENT[0]


def _endpoint():
    ep = os.environ.get("PADDLE_WORKER_ENDPOINT") or os.environ.get("PADDLE_CURRENT_ENDPOINT")
    if ep and ":" in ep:
        ip, port = ep.rsplit(":", 1)
        return ip, int(port)
    try:
        return socket.gethostbyname(socket.gethostname()), 0
    except OSError:
        return "127.0.0.1", 0


def init_rpc(name, rank=None, world_size=None, master_endpoint=None):
    """Join the RPC job as worker `name`; every process of the job calls it (it returns once all have).

    Args:
        name (str): this worker's name (unique in the job).
        rank (int, optional): this worker's rank (default: PADDLE_TRAINER_ID, which must be this process's rank).
        world_size (int, optional): the number of workers (default: PADDLE_TRAINERS_NUM, the job's size).
        master_endpoint (str, optional): accepted for Paddle's signature; the workers find each other over MPI.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> rpc.rpc_sync("worker0", max, args=(2, 3))
            3
            >>> rpc.shutdown()
    """
    from ..parallel import get_rank, get_world_size
    if _AGENT[0] is not None:
        raise RuntimeError("init_rpc: this process is already an RPC worker (call shutdown() first)")
    if not isinstance(name, str) or not name:
        raise ValueError("init_rpc: name must be a non-empty str")
    job_rank, job_size = get_rank(), get_world_size()
    rank = job_rank if rank is None else int(rank)
    world_size = job_size if world_size is None else int(world_size)
    if (rank, world_size) != (job_rank, job_size):
        raise ValueError(f"init_rpc: rank={rank}, world_size={world_size}, but this process is rank {job_rank} of a "
                         f"job of {job_size}; purepaddle's RPC workers are the processes of the launched job "
                         "(python -m paddle.distributed.launch --nproc_per_node N script.py)")
    ip, port = _endpoint()
    if world_size == 1:
        _AGENT[0] = Agent([WorkerInfo(name, 0, ip, port)], 0)
        return
    from ..process_group import import_mpi
    MPI = import_mpi()
    level = MPI.Query_thread()
    if level < MPI.THREAD_MULTIPLE:
        names = {MPI.THREAD_SINGLE: "MPI_THREAD_SINGLE", MPI.THREAD_FUNNELED: "MPI_THREAD_FUNNELED",
                 MPI.THREAD_SERIALIZED: "MPI_THREAD_SERIALIZED"}
        raise RuntimeError(f"init_rpc: the RPC service answers requests on a thread while this process makes its "
                           f"own calls, which needs MPI_THREAD_MULTIPLE; this MPI was initialised with "
                           f"{names.get(level, level)} (set mpi4py.rc.thread_level = 'multiple' before MPI starts, "
                           "and use an MPI built with thread support, such as Open MPI)")
    comm = MPI.COMM_WORLD.Dup()
    infos = [WorkerInfo(*t) for t in comm.allgather((name, rank, ip, port))]
    seen = [i.name for i in infos]
    if len(set(seen)) != len(seen):
        comm.Free()
        raise AssertionError(f"The Worker name must be unique, but names {seen} repeat.")
    _AGENT[0] = Agent(infos, rank, comm)
    _AGENT[0].barrier()


def rpc_sync(to, fn, args=None, kwargs=None, timeout=-1):
    """Run fn(*args, **kwargs) on worker `to` and return its result (or raise its exception).

    Args:
        to (str): the worker's name.
        fn (Callable): a function the worker can import (it travels pickled, by its module and name).
        args (tuple, optional): its positional arguments.
        kwargs (dict, optional): its keyword arguments.
        timeout (int, optional): seconds to wait; <= 0 waits for ever. Default -1.

    Returns:
        The value fn returned on `to`.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> rpc.rpc_sync("worker0", divmod, args=(7, 2))
            (3, 1)
            >>> rpc.shutdown()
    """
    return rpc_async(to, fn, args, kwargs, timeout).wait()


def rpc_async(to, fn, args=None, kwargs=None, timeout=-1):
    """Start fn(*args, **kwargs) on worker `to`; the returned future's wait() gives its result.

    Args:
        to (str): the worker's name.
        fn (Callable): a function the worker can import (it travels pickled, by its module and name).
        args (tuple, optional): its positional arguments.
        kwargs (dict, optional): its keyword arguments.
        timeout (int, optional): seconds wait() waits; <= 0 waits for ever. Default -1.

    Returns:
        FutureWrapper: call wait() for the result.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> fut = rpc.rpc_async("worker0", pow, args=(2, 10))
            >>> fut.wait()
            1024
            >>> rpc.shutdown()
    """
    if not callable(fn):
        raise TypeError(f"rpc: fn must be callable, but received {type(fn).__name__}")
    return _agent().invoke(to, fn, tuple(args or ()), dict(kwargs or {}), timeout if timeout > 0 else None)


def shutdown():
    """Leave the RPC job: waits for this worker's outstanding calls and for every worker to call shutdown, so the
    calls others make to this worker are answered until then.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> rpc.shutdown()
    """
    agent = _agent()
    agent.stop()
    _AGENT[0] = None


def get_worker_info(name):
    """The WorkerInfo (name, rank, ip, port) of worker `name`.

    Args:
        name (str): the worker's name.

    Returns:
        WorkerInfo: its name, rank, ip and port.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> rpc.get_worker_info("worker0").rank
            0
            >>> rpc.shutdown()
    """
    agent = _agent()
    if name not in agent.by_name:
        raise ValueError(f"rpc: there is no worker named {name!r} (workers: {sorted(agent.by_name)})")
    return agent.by_name[name]


def get_all_worker_infos():
    """Every worker's WorkerInfo, by rank.

    Returns:
        list[WorkerInfo]: the workers.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> [w.name for w in rpc.get_all_worker_infos()]
            ['worker0']
            >>> rpc.shutdown()
    """
    return list(_agent().infos)


def get_current_worker_info():
    """This worker's WorkerInfo.

    Returns:
        WorkerInfo: its name, rank, ip and port.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.rpc as rpc
            >>> rpc.init_rpc("worker0", rank=0, world_size=1)
            >>> rpc.get_current_worker_info().name
            'worker0'
            >>> rpc.shutdown()
    """
    agent = _agent()
    return agent.infos[agent.rank]
