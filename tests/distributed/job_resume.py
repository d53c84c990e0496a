"""Worker script for tests/distributed/test_resume.py: data-parallel training that checkpoints every step and
resumes from the last checkpoint after the launcher restarts the job (--elastic_level 1 --max_restart N).

argv: work_dir fail ('1': rank 1 dies at step 3 of the first run). Writes work_dir/final.{rank}.npy.
"""
import os
import sys

import numpy as np

import paddle
import paddle.distributed as dist

work, fail = sys.argv[1], sys.argv[2] == "1"
dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
restart = int(os.environ.get("PADDLE_RESTART_COUNT", "0"))
paddle.seed(0)
model = paddle.DataParallel(paddle.nn.Linear(4, 2))
opt = paddle.optimizer.Adam(0.05, parameters=model.parameters())
ckpt = os.path.join(work, "ckpt.pdparams")
start = 0
if os.path.exists(ckpt):  # every rank loads the same checkpoint, written by rank 0
    state = paddle.load(ckpt)
    model.set_state_dict(state["model"])
    opt.set_state_dict(state["opt"])
    start = state["step"] + 1
print(f"rank {rank} restart {restart} starts at step {start}", flush=True)
rng = np.random.default_rng(1)
X = rng.standard_normal((6, world * 3, 4)).astype("float32")
for step in range(start, 6):
    if fail and restart == 0 and step == 3 and rank == 1:
        sys.exit(7)
    x = paddle.to_tensor(X[step, rank * 3:(rank + 1) * 3])
    loss = (model(x) ** 2).mean()
    loss.backward()
    opt.step()
    opt.clear_grad()
    if rank == 0:
        paddle.save({"model": model.state_dict(), "opt": opt.state_dict(), "step": step}, ckpt)
    dist.barrier()  # no rank runs ahead of the checkpoint
np.save(os.path.join(work, f"final.{rank}.npy"), model._layers.weight.numpy())
