"""paddle.distributed: launch, collectives on MPI, DataParallel, fleet (floor 6).

Importing it is cheap: MPI (mpi4py + Open MPI, `pip install purepaddle[distributed]`) starts only
when init_parallel_env runs in a job of more than one process.
"""
from . import collective_ops  # noqa: F401  (registers all_reduce, broadcast, ... for static programs)
from . import batch_stats  # noqa: F401  (installs SyncBatchNorm's cross-rank sums)
from .communication import (ReduceOp, stream, all_gather, all_gather_object, all_reduce, alltoall,  # noqa: F401
                            alltoall_single, barrier, broadcast, broadcast_object_list, gather, reduce,
                            reduce_scatter, scatter, scatter_object_list, wait)
from .point_to_point import (P2POp, batch_isend_irecv, irecv, isend, recv, recv_object_list, send,  # noqa: F401
                             send_object_list)
from .gloo import gloo_barrier, gloo_init_parallel_env, gloo_release  # noqa: F401
from .env import ParallelEnv  # noqa: F401
from .group import (Group, create_nccl_config, destroy_process_group, get_backend, get_group, is_available, is_initialized,  # noqa: F401
                    new_group, restart_process_group, shutdown_process_group)
from .parallel import DataParallel, ParallelMode, get_rank, get_world_size, init_parallel_env  # noqa: F401
from . import fleet, io, passes, sharding  # noqa: F401
from .dataset import InMemoryDataset, QueueDataset  # noqa: F401
from . import model_parallel_ops  # noqa: F401  (registers c_identity, c_concat, ... for split's programs)
from .model_parallel import split  # noqa: F401
from .entry_attr import CountFilterEntry, ProbabilityEntry, ShowClickEntry  # noqa: F401
from .launcher import launch  # noqa: F401
from .spawning import spawn  # noqa: F401
from .auto_parallel import *  # noqa: F401,F403  (auto_parallel.__all__: meshes, dist tensors, parallelize, DistModel)
from .auto_parallel import __all__ as _auto_parallel_names
from .checkpoint import *  # noqa: F401,F403  (save_state_dict, load_state_dict, ShardedWeight, ...)
from .checkpoint import __all__ as _checkpoint_names

__all__ = ["CountFilterEntry", "ProbabilityEntry", "ShowClickEntry", "init_parallel_env", "get_rank", "get_world_size", "ParallelEnv", "is_initialized", "is_available",
           "new_group", "get_group", "destroy_process_group", "get_backend", "ReduceOp", "barrier", "all_reduce",
           "broadcast", "reduce", "all_gather", "all_gather_object", "broadcast_object_list", "scatter",
           "scatter_object_list", "gather", "reduce_scatter", "alltoall", "alltoall_single", "send", "recv",
           "isend", "irecv", "P2POp", "batch_isend_irecv", "wait", "fleet", "launch", "spawn", "send_object_list",
           "recv_object_list", "gloo_init_parallel_env", "gloo_barrier", "gloo_release", "shutdown_process_group",
           "restart_process_group", "ParallelMode", "create_nccl_config", "io", "InMemoryDataset", "QueueDataset", "split", *_auto_parallel_names, *_checkpoint_names]
