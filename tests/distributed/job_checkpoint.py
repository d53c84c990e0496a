"""A 2-rank job for test_checkpoint.py: each rank saves its half of "w" (split along axis 0), a replicated "b"
and a dist tensor on a data-parallel mesh, then loads "w" back split along axis 1 (another layout) and writes
what it got to {out}/ckpt.{rank}.json."""
import json
import sys

import numpy as np

import paddle
import paddle.distributed as dist

out, ckpt = sys.argv[1], sys.argv[2]
group = dist.init_parallel_env()
rank = dist.get_rank()
whole = np.arange(24, dtype="float32").reshape(4, 6)
mesh = dist.ProcessMesh([0, 1], dim_names=["dp"])
state = {"w": dist.shard_weight("w", paddle.to_tensor(whole[2 * rank:2 * rank + 2]), 0, group),
         "b": paddle.to_tensor([1.0, 2.0, 3.0]),
         "r": dist.shard_tensor(paddle.to_tensor([5.0, 6.0]), mesh, [dist.Replicate()])}
dist.save_state_dict(state, ckpt)
target = {"w": dist.ShardedWeight("w", paddle.zeros([4, 3]), (4, 3), (4, 6), (0, 3 * rank)),
          "b": paddle.zeros([3]), "r": paddle.zeros([2])}
dist.load_state_dict(target, ckpt)
with open(f"{out}/ckpt.{rank}.json", "w") as f:
    json.dump({k: (v.local_tensor if isinstance(v, dist.ShardedWeight) else v).numpy().tolist()
               for k, v in target.items()}, f)
