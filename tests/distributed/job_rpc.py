"""An RPC job for test_rpc.py (2 or 3 ranks): every worker calls every other one synchronously and
asynchronously (a function that itself calls back), then writes what it saw to {out}/rpc.{rank}.json."""
import json
import os
import sys

import paddle.distributed as dist
import paddle.distributed.rpc as rpc


def whoami(tag):
    return f"{tag} on {rpc.get_current_worker_info().name} (pid {os.getpid()})"


def add(a, b=0):
    return a + b


def ask_back(name):
    # runs on the callee: a nested rpc to the caller, answered while the caller waits on its own call
    return rpc.rpc_sync(name, add, args=(40, 2))


def fail():
    raise ValueError("boom on purpose")


out = sys.argv[1]
rank, world = dist.get_rank(), dist.get_world_size()
rpc.init_rpc(f"worker{rank}")
me = rpc.get_current_worker_info()
res = {"me": repr(me), "all": [w.name for w in rpc.get_all_worker_infos()], "calls": {}}
for peer in range(world):
    name = f"worker{peer}"
    futs = [rpc.rpc_async(name, add, args=(i,), kwargs={"b": rank * 100}) for i in range(5)]
    res["calls"][name] = {"sync": rpc.rpc_sync(name, whoami, args=(f"from {rank}",)).split(" (pid")[0],
                          "async": [f.wait() for f in futs],
                          "nested": rpc.rpc_sync(name, ask_back, args=(me.name,)),
                          "pid_differs": rpc.rpc_sync(name, os.getpid) != os.getpid() or peer == rank}
try:
    rpc.rpc_sync(f"worker{(rank + 1) % world}", fail)
except ValueError as e:
    res["error"] = str(e)
res["info1"] = repr(rpc.get_worker_info("worker1"))
rpc.shutdown()
with open(os.path.join(out, f"rpc.{rank}.json"), "w") as f:
    json.dump(res, f)
