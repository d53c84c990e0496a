"""Worker script for the elastic tests of tests/distributed/test_multinode.py: resumes from a checkpoint.

argv: state_dir steps [hold_at]. Each step all-reduces (rank + 1) and adds the sum to a running total that rank 0 saves
with the step (paddle.save) as Paddle's resume pattern does; every rank appends
`restart world rank step` to state_dir/progress.{rank}. The last line printed names the world it ended in.
With hold_at, a world of one rank waits at that step (for the launcher to restart it with more nodes), so a slow
machine cannot finish alone before the other node arrives.
"""
import os
import sys
import time

import paddle
import paddle.distributed as dist

state_dir, steps = sys.argv[1], int(sys.argv[2])
hold_at = int(sys.argv[3]) if len(sys.argv) > 3 else None
dist.init_parallel_env()
rank, world = dist.get_rank(), dist.get_world_size()
restart = os.environ.get("PADDLE_RESTART_COUNT", "0")
ckpt = os.path.join(state_dir, "ckpt.pdparams")
start, total = 0, 0.0
if os.path.exists(ckpt):
    state = paddle.load(ckpt)
    start, total = state["step"] + 1, state["total"]
for step in range(start, steps):
    while hold_at is not None and world == 1 and step >= hold_at:
        time.sleep(0.2)  # ended by the launcher's restart
    x = paddle.to_tensor([float(rank + 1)])
    dist.all_reduce(x)
    total += float(x)
    if rank == 0:
        paddle.save({"step": step, "total": total}, ckpt)
    dist.barrier()
    with open(os.path.join(state_dir, f"progress.{rank}"), "a") as f:
        f.write(f"{restart} {world} {rank} {step}\n")
    time.sleep(0.4)
print(f"finished: world={world} trainers={os.environ['PADDLE_TRAINERS_NUM']} restart={restart} "
      f"start={start} total={total}", flush=True)
