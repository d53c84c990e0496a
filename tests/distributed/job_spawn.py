"""Script for tests/distributed/test_spawn.py: paddle.distributed.spawn from a user's script.

argv: mode ('ok', 'fail' or 'nojoin'). Prints one line per worker result, or the Exception spawn raised.
"""
import os
import sys

import paddle
import paddle.distributed as dist


def train(scale, fail_rank):
    dist.init_parallel_env()
    rank = dist.get_rank()
    if rank == fail_rank:
        raise ValueError(f"rank {rank} cannot train")
    x = paddle.to_tensor([float(rank + 1)]) * scale
    dist.all_reduce(x)
    return rank, dist.get_world_size(), float(x), os.environ["PADDLE_TRAINER_ENDPOINTS"], os.getcwd()


def objects():
    """send_object_list / recv_object_list, gloo_* and shutdown / restart_process_group on the spawned job."""
    dist.init_parallel_env()
    rank = dist.get_rank()
    dist.gloo_init_parallel_env(rank, 2, "127.0.0.1:0")
    dist.gloo_barrier()
    got = [None, None]
    if rank == 0:
        dist.send_object_list([{"lr": 0.1}, "done"], dst=1)
    else:
        dist.recv_object_list(got, src=0)
    dist.shutdown_process_group()
    try:
        dist.barrier()
        refused = False
    except RuntimeError as e:
        refused = "shut down" in str(e)
    dist.restart_process_group()
    dist.barrier()
    dist.gloo_release()
    return got, refused


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "objects":
        print("RESULT", [q.get() for q in dist.spawn(objects, nprocs=2).return_queues])
        sys.exit(0)
    try:
        ctx = dist.spawn(train, args=(10.0, 1 if mode == "fail" else -1), nprocs=3 if mode == "ok" else 2,
                         join=mode != "nojoin")
        if mode == "nojoin":
            while not ctx.join(timeout=1):
                pass
        for q in ctx.return_queues:
            print("RESULT", q.get())
    except Exception as e:  # noqa: BLE001  (the test reads what spawn raised)
        print("RAISED", type(e).__name__, e)
