"""Worker script: a small linear model trained data-parallel (each rank its shard of one fixed batch, gradients
averaged by all_reduce); rank 0 writes the trained weights to {argv[1]} as JSON. Run alone (world of one), it
trains on the whole batch: the result every data-parallel run must match."""
import json
import socket
import sys

import numpy as np

import paddle
import paddle.distributed as dist

dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
paddle.seed(7)
model = paddle.nn.Linear(4, 1)
opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=model.parameters())
rng = np.random.default_rng(0)
x_all = rng.standard_normal((16, 4)).astype("float32")
y_all = (x_all @ np.array([[1.0], [-2.0], [0.5], [3.0]], "float32") + 0.25).astype("float32")
x, y = paddle.to_tensor(x_all[rank::world]), paddle.to_tensor(y_all[rank::world])
for step in range(5):
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    for p in model.parameters():
        dist.all_reduce(p.grad)
        p.grad.set_value(p.grad / world)
    opt.step()
    opt.clear_grad()
print(f"rank {rank} of {world} on {socket.gethostname()}: loss {float(loss):.6f}", flush=True)
if rank == 0:
    with open(sys.argv[1], "w") as f:
        json.dump({p.name: p.numpy().ravel().tolist() for p in model.parameters()} | {"world": world}, f)
