"""paddle.distributed.sharding: ZeRO-style sharded data parallelism - group_sharded_parallel and
save_group_sharded_model in dygraph over MPI (group_sharded.py), and the auto-parallel sharding
configurations ShardingStage1/2/3 for shard_optimizer (defined in auto_parallel/stages.py, re-exported here)."""
from .group_sharded import group_sharded_parallel, save_group_sharded_model
from ..auto_parallel import ShardingStage1, ShardingStage2, ShardingStage3  # noqa: F401

__all__ = ["group_sharded_parallel", "save_group_sharded_model"]
