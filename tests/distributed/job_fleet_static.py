"""Worker script for tests/distributed/test_fleet_static.py: static-mode gradient merge / LocalSGD through fleet.

argv: out_dir mode ('merge', 'localsgd', 'recompute' or 'deep'). Each rank trains on its shard of 4 steps and writes
{out_dir}/static_{mode}.{rank}.npy with the weight after each step (recompute: the deep program's every
parameter and batch-norm statistic after each step, stacked in name order, in static_{mode}.{rank}.npz; 'deep' is the same without recompute).
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
elif mode in ("recompute", "deep"):  # the deep program with and without recompute
    strategy.recompute = mode == "recompute"
    make_opt = lambda: paddle.optimizer.SGD(0.1)  # noqa: E731
else:
    strategy.localsgd = True
    strategy.localsgd_configs = {"k_steps": 2, "begin_step": 1}
    make_opt = lambda: paddle.optimizer.SGD(0.1)  # noqa: E731
fleet.init(is_collective=True, strategy=strategy)
rank, world = fleet.worker_index(), fleet.worker_num()
X, Y = net.data(world)
shard = [(X[s, rank * 6:(rank + 1) * 6], Y[s, rank * 6:(rank + 1) * 6]) for s in range(4)]
if mode in ("recompute", "deep"):
    def wrap(opt):
        strategy.recompute_configs = {"checkpoints": [h[0].name, h[1].name, h[3].name]}
        return fleet.distributed_optimizer(opt)  # fleet.init holds strategy itself
    h = []  # the hidden outputs, filled as train_deep builds them (the checkpoints are named from them)
    states, losses, _ = net.train_deep(make_opt, shard, wrap=wrap, hidden=h)
    np.savez(os.path.join(out_dir, f"static_{mode}.{rank}.npz"), losses=np.array(losses),
             **{k: np.stack([s[k] for s in states]) for k in states[0]})
    sys.exit(0)
weights, _ = net.train(make_opt, shard, fleet.distributed_optimizer)
np.save(os.path.join(out_dir, f"static_{mode}.{rank}.npy"), np.stack(weights))
