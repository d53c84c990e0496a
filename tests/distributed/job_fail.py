"""Worker script: rank 0 blocks in an all_reduce rank 1 never joins; rank 1 then fails as argv[2] says.

argv: out_dir mode, with mode one of raise | kill | exit. Rank 0 writes its pid to {out_dir}/blocked.pid
before blocking, so the test can check it was stopped.
"""
import os
import signal
import sys
import time

import paddle
import paddle.distributed as dist

out_dir, mode = sys.argv[1], sys.argv[2]
dist.init_parallel_env()
rank = dist.get_rank()
dist.barrier()
print(f"rank {rank} passed the barrier", flush=True)
if rank == 0:
    with open(os.path.join(out_dir, "blocked.pid"), "w") as f:
        f.write(str(os.getpid()))
    dist.all_reduce(paddle.ones([4]))  # rank 1 never joins: blocked until the launcher stops the job
    print("rank 0 was not stopped", flush=True)
    time.sleep(60)
else:
    time.sleep(0.3)  # let rank 0 block first
    if mode == "raise":
        print("about to fail", flush=True)
        raise ValueError("bad batch at step 7: labels out of range")
    if mode == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if mode == "exit":
        sys.exit(3)
