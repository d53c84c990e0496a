"""paddle.distributed.fleet: collective (data-parallel) training through fleet.init / distributed_model /
distributed_optimizer, on MPI; parameter-server training (servers and workers on MPI) through init_server /
run_server / init_worker / stop_worker (distributed/ps/).

In dygraph the strategy's gradient_merge and localsgd change what distributed_model and
distributed_optimizer do (meta_optimizers.py); recompute is fleet.utils.recompute. The face re-exports:
`fleet_base` (the Fleet singleton and its bound methods), `optimizer` (DistributedOptimizer), `role_maker`,
`strategy`, `topology` (hybrid-parallel rank grid and groups), `data_generator` (MultiSlot text for datasets).
"""
# STATE, DataParallel and plan_meta: attributes of paddle.distributed.fleet since it defined Fleet itself
from ..._core.mode import STATE  # noqa: F401
from ..parallel import DataParallel  # noqa: F401
from . import base, data_generator, recompute, utils  # noqa: F401  (fleet.utils.recompute, fleet.recompute.recompute)
from .data_generator import MultiSlotDataGenerator, MultiSlotStringDataGenerator  # noqa: F401
from .fleet_base import (Fleet, barrier_worker, distributed_model, distributed_optimizer, fleet,  # noqa: F401
                         init, init_server, init_worker, is_first_worker, is_server, is_worker, run_server,
                         save_inference_model, save_persistables, server_endpoints, server_index, server_num,
                         stop_worker, util, worker_endpoints,
                         worker_index, worker_num)
from .meta_optimizers import plan_meta  # noqa: F401
from .optimizer import DistributedOptimizer  # noqa: F401
from .role_maker import PaddleCloudRoleMaker, Role, UserDefinedRoleMaker
from .strategy import DistributedStrategy
from .topology import CommunicateTopology, HybridCommunicateGroup
from .util_base import UtilBase

__all__ = ["CommunicateTopology", "HybridCommunicateGroup", "MultiSlotDataGenerator", "MultiSlotStringDataGenerator",
           "DistributedStrategy", "Fleet", "PaddleCloudRoleMaker", "UserDefinedRoleMaker", "Role", "init",
           "is_first_worker", "worker_index", "worker_num", "is_worker", "is_server", "worker_endpoints",
           "server_num", "barrier_worker", "distributed_model", "distributed_optimizer", "init_worker",
           "stop_worker", "init_server", "run_server", "save_inference_model", "save_persistables", "utils", "UtilBase",
           "util"]
