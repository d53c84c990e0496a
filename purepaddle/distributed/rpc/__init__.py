"""paddle.distributed.rpc: run a function on another worker of the job and get its result.

The workers are the processes of the launched job (python -m paddle.distributed.launch), each named by init_rpc;
the calls travel over MPI (agent.py) rather than Paddle's brpc servers, so master_endpoint is not needed.
"""
from .agent import FutureWrapper  # noqa: F401
from .api import (WorkerInfo, get_all_worker_infos, get_current_worker_info, get_worker_info,  # noqa: F401
                  init_rpc, rpc_async, rpc_sync, shutdown)

__all__ = ["init_rpc", "shutdown", "rpc_sync", "rpc_async", "get_worker_info", "get_all_worker_infos",
           "get_current_worker_info"]
