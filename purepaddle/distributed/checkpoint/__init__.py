"""Distributed checkpoints in Paddle's layout: save_state_dict, load_state_dict, load_merged_state_dict
(save_load.py), ShardedWeight and its builders (sharded_weight.py), the metadata (metadata.py)."""
from .save_load import load_merged_state_dict, load_state_dict, save_state_dict  # noqa: F401
from .sharded_weight import ShardedStateDict, ShardedWeight, build_sharded_state_dict, shard_weight  # noqa: F401

__all__ = ["save_state_dict", "load_state_dict", "load_merged_state_dict", "ShardedWeight", "ShardedStateDict",
           "shard_weight", "build_sharded_state_dict"]
