"""paddle.distributed's gloo_* functions (Paddle's CPU barrier context for plain multiprocessing jobs), carried
by the job's MPI world: the processes must be ranks of one launched job (the launcher, spawn or mpirun);
`server_endpoint` is not used (MPI needs no key-value server)."""
from . import group as _group

__all__ = ["gloo_init_parallel_env", "gloo_barrier", "gloo_release"]

_CTX = {"group": None}


def gloo_init_parallel_env(rank_id, rank_num, server_endpoint):
    """Join the job's processes for gloo_barrier: `rank_id`/`rank_num` must be this process's rank and the job's
    size (as the launcher or paddle.distributed.spawn started it).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> callable(dist.gloo_init_parallel_env)
            True
    """
    assert (rank_num < 2) is False, \
        "rank_num should greater than or equal to 2 for parallel environment initialization."
    g = _group.init_global_group()
    if g.nranks != rank_num or g.rank != rank_id:
        raise RuntimeError(f"gloo_init_parallel_env(rank_id={rank_id}, rank_num={rank_num}): this process is rank "
                           f"{g.rank} of a job of {g.nranks}; purepaddle carries gloo's barrier on the job's MPI "
                           "world, so start the processes with paddle.distributed.spawn or the launcher")
    _CTX["group"] = g


def gloo_barrier():
    """Wait until every process of the gloo context reaches this call.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> callable(dist.gloo_barrier)
            True
    """
    g = _CTX["group"]
    assert g is not None, "gloo context is not initialized."
    g.process_group.barrier()


def gloo_release():
    """Leave the gloo context (the job's MPI world stays for the other collectives).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.gloo_release()
    """
    _CTX["group"] = None
