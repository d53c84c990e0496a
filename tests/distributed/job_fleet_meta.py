"""Worker script for tests/distributed/test_fleet_meta.py: gradient merge and LocalSGD through fleet on 2 ranks.

argv: out_dir mode ('merge' or 'localsgd'). Every rank trains a small regression model on its shard
of a fixed data set and writes {out_dir}/{mode}.{rank}.npz with the parameters after each step.
"""
import sys

import numpy as np

import paddle
import paddle.distributed.fleet as fleet

out_dir, mode = sys.argv[1], sys.argv[2]
strategy = fleet.DistributedStrategy()
if mode == "merge":
    strategy.gradient_merge = True
    strategy.gradient_merge_configs = {"k_steps": 2, "avg": True}
else:
    strategy.localsgd = True
    strategy.localsgd_configs = {"k_steps": 2, "begin_step": 1}
fleet.init(is_collective=True, strategy=strategy)
rank, world = fleet.worker_index(), fleet.worker_num()

rng = np.random.default_rng(0)
X = rng.standard_normal((4, world * 6, 3)).astype("float32")  # 4 steps, 6 samples per rank each
Y = rng.standard_normal((4, world * 6, 2)).astype("float32")

paddle.seed(7)
model = paddle.nn.Linear(3, 2)
opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
model = fleet.distributed_model(model)
opt = fleet.distributed_optimizer(opt)
out = {}
for step in range(4):
    lo, hi = rank * 6, (rank + 1) * 6
    x, y = paddle.to_tensor(X[step, lo:hi]), paddle.to_tensor(Y[step, lo:hi])
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    out[f"grad{step}"] = model._layers.weight.grad.numpy().copy()
    opt.step()
    opt.clear_grad()
    out[f"w{step}"] = model._layers.weight.numpy().copy()
    out[f"b{step}"] = model._layers.bias.numpy().copy()
np.savez(f"{out_dir}/{mode}.{rank}.npz", **out)
print(f"rank {rank} {mode} done", flush=True)
