"""Worker script for tests/distributed/test_fleet_static.py: static-mode gradient merge / LocalSGD through fleet.

argv: out_dir mode ('merge' or 'localsgd'). Each rank trains on its shard of 4 steps and writes
{out_dir}/static_{mode}.{rank}.npy with the weight after each step.
"""
import os
import sys

import numpy as np

import paddle
import paddle.distributed.fleet as fleet

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import static_fleet_net as net  # noqa: E402

out_dir, mode = sys.argv[1], sys.argv[2]
strategy = fleet.DistributedStrategy()
if mode == "merge":
    strategy.gradient_merge = True
    strategy.gradient_merge_configs = {"k_steps": 2, "avg": True}
    make_opt = lambda: paddle.optimizer.Adam(0.1)  # noqa: E731
else:
    strategy.localsgd = True
    strategy.localsgd_configs = {"k_steps": 2, "begin_step": 1}
    make_opt = lambda: paddle.optimizer.SGD(0.1)  # noqa: E731
fleet.init(is_collective=True, strategy=strategy)
rank, world = fleet.worker_index(), fleet.worker_num()
X, Y = net.data(world)
shard = [(X[s, rank * 6:(rank + 1) * 6], Y[s, rank * 6:(rank + 1) * 6]) for s in range(4)]
weights, _ = net.train(make_opt, shard, fleet.distributed_optimizer)
np.save(os.path.join(out_dir, f"static_{mode}.{rank}.npy"), np.stack(weights))
