"""paddle.distributed's auto-parallel names: dist tensors (dtensor.py), sharded layers and local code
(layers.py), optimizers and scalers (optim.py) with the sharding stages (stages.py), data (data.py), the
intermediate API's plans (plans.py), and DistModel/to_static (dist_model.py). Exact on a mesh of one process; data-parallel on a mesh of several.
"""
from .dtensor import (DistAttr, Partial, Placement, ProcessMesh, ReduceType, Replicate, Shard,  # noqa: F401
                      dtensor_from_fn, get_mesh, reshard, set_mesh, shard_tensor, unshard_dtensor)
from .layers import LocalLayer, local_map, shard_layer  # noqa: F401
from .optim import shard_optimizer, shard_scaler  # noqa: F401
from .stages import ShardingStage1, ShardingStage2, ShardingStage3  # noqa: F401
from .data import ShardDataloader, shard_dataloader  # noqa: F401
from .plans import (ColWiseParallel, ContextParallel, ConvParallel, PrepareContextParallel,  # noqa: F401
                    PrepareLayerInput, PrepareLayerOutput, RowWiseParallel, SequenceParallelBegin,
                    SequenceParallelDisable, SequenceParallelEnable, SequenceParallelEnd, SplitPoint, parallelize,
                    to_distributed)
from .dist_model import DistModel, Strategy, to_static  # noqa: F401

__all__ = ["ProcessMesh", "Placement", "Shard", "Replicate", "Partial", "ReduceType", "DistAttr", "get_mesh",
           "set_mesh", "shard_tensor", "reshard", "dtensor_from_fn", "unshard_dtensor", "shard_layer", "LocalLayer",
           "local_map", "shard_optimizer", "shard_scaler", "ShardingStage1", "ShardingStage2", "ShardingStage3",
           "shard_dataloader", "ShardDataloader", "ColWiseParallel", "RowWiseParallel", "ConvParallel",
           "PrepareLayerInput", "PrepareLayerOutput", "SequenceParallelBegin", "SequenceParallelEnd",
           "SequenceParallelEnable", "SequenceParallelDisable", "ContextParallel", "PrepareContextParallel",
           "SplitPoint", "parallelize", "to_distributed", "Strategy", "DistModel", "to_static"]
