"""A data-parallel auto-parallel job for test_auto_parallel.py: shard_layer + shard_dataloader + shard_optimizer
on a mesh of all ranks, then DistModel; each rank writes its losses and final weights to {out}/dp.{rank}.json
(run alone, the same script trains on the whole batches)."""
import json
import sys

import numpy as np

import paddle
import paddle.distributed as dist

out = sys.argv[1]
dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
mesh = dist.ProcessMesh(list(range(world)), dim_names=["dp"])
x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
y = (x.sum(1, keepdims=True) > 0).astype("float32")
loader = paddle.io.DataLoader(paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)]), batch_size=4)

paddle.seed(11)
net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))
dist.shard_layer(net, mesh)
opt = dist.shard_optimizer(paddle.optimizer.AdamW(0.05, parameters=net.parameters()))
dl = dist.shard_dataloader(loader, [mesh], shard_dims="dp")
losses = []
for epoch in range(2):
    for xb, yb in dl:
        loss = paddle.nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))

paddle.seed(11)
net2 = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 1))
dist.shard_layer(net2, mesh)
model = dist.to_static(net2, dl, paddle.nn.MSELoss(), paddle.optimizer.SGD(0.1, parameters=net2.parameters()))
model.train()
dm_losses = [float(model(xb, yb)) for xb, yb in dl]
with open(f"{out}/dp.{rank}.json", "w") as f:
    json.dump({"losses": losses, "w": net[0].weight.numpy().tolist(), "dm_losses": dm_losses,
               "w2": net2[2].weight.numpy().tolist(), "batch": len(next(iter(dl))[0])}, f)
