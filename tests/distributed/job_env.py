"""Worker script: one all_reduce, then {out_dir}/env.{rank}.json with the PADDLE_* environment and the sum."""
import json
import os
import sys

import paddle
import paddle.distributed as dist

dist.init_parallel_env()
x = paddle.to_tensor([float(dist.get_rank() + 1)])
dist.all_reduce(x)
env = {k: v for k, v in os.environ.items() if k.startswith("PADDLE_")}
with open(os.path.join(sys.argv[1], f"env.{dist.get_rank()}.json"), "w") as f:
    json.dump({"env": env, "sum": float(x)}, f)
