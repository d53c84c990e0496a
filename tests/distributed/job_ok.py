"""Worker script for tests/distributed/test_collectives.py: environment, every collective, DataParallel training.

Run by the launcher on 2 ranks and alone (world size 1); writes {out_dir}/result.{rank}.json and
{out_dir}/params.{rank}.npz (the trained parameters).
"""
import json
import os
import sys

import numpy as np

import paddle
import paddle.distributed as dist
from paddle.io import DataLoader, DistributedBatchSampler, TensorDataset

out_dir = sys.argv[1]
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
last = n - 1
penv = dist.ParallelEnv()
res = {"env": {k: v for k, v in os.environ.items() if k.startswith(("PADDLE_", "FLAGS_selected", "OMP_NUM"))},
       "rank": r, "world": n, "initialized": dist.is_initialized(),
       "penv": [penv.rank, penv.world_size, penv.local_rank, penv.current_endpoint]}
print(f"rank {r} of {n} started", flush=True)


def vals(t):
    return t.numpy().tolist()


# -- collectives ---------------------------------------------------------------------------------------
for name in ("SUM", "MAX", "MIN", "PROD", "AVG"):
    x = paddle.to_tensor([1.0 + r, 2.0 * (r + 1)])
    dist.all_reduce(x, getattr(dist.ReduceOp, name))
    res[name] = vals(x)
x = paddle.to_tensor([r, r + 4], dtype="int64")
dist.all_reduce(x)
res["int"] = vals(x)
x = paddle.to_tensor([r == 0, False])
dist.all_reduce(x)
res["bool"] = vals(x)
x = paddle.to_tensor([1.5 + r], dtype="float16")
dist.all_reduce(x)
res["fp16"] = vals(x)
big = paddle.full([3_000_000], float(r + 1))  # 12 MB: cut into segments
dist.all_reduce(big)
res["big"] = [float(big[0]), float(big[1_500_000]), float(big[-1])]
view = paddle.to_tensor([[1.0 + r, 5.0], [2.0, 7.0 * (r + 1)]]).T  # a strided tensor, written in place
dist.all_reduce(view)
res["strided"] = vals(view)
x = paddle.to_tensor([float(r)] * 3)
dist.broadcast(x, src=last)
res["bcast"] = vals(x)
x = paddle.to_tensor([float(r + 1)])
dist.reduce(x, dst=last)
res["reduce"] = vals(x)
gl = []
dist.all_gather(gl, paddle.to_tensor([r, 10 + r]))
res["gather"] = [vals(t) for t in gl]
objs = []
dist.all_gather_object(objs, {"r": r})
res["gather_obj"] = objs
out = paddle.zeros([2])
dist.scatter(out, [paddle.full([2], 5.0 + k) for k in range(n)] if r == 0 else None, src=0)
res["scatter"] = vals(out)
out = paddle.zeros([2])
dist.reduce_scatter(out, [paddle.full([2], 10.0 * k + r + 1) for k in range(n)])
res["reduce_scatter"] = vals(out)
outl = []
dist.alltoall(outl, [paddle.to_tensor([r * 10 + k]) for k in range(n)])
res["alltoall"] = [vals(t) for t in outl]
if n > 1:
    t = paddle.to_tensor([float(r)] * 2)
    if r == 0:
        dist.send(t * 0 + 42, dst=1)
    elif r == 1:
        dist.recv(t, src=0)
    res["p2p"] = vals(t)
    send_t, recv_t = paddle.to_tensor([float(r)]), paddle.zeros([1])
    for task in dist.batch_isend_irecv([dist.P2POp(dist.isend, send_t, (r + 1) % n),
                                        dist.P2POp(dist.irecv, recv_t, (r - 1) % n)]):
        task.wait()
    res["ring"] = vals(recv_t)
x = paddle.to_tensor([1.0 + r])
task = dist.all_reduce(x, op=dist.ReduceOp.AVG, sync_op=False)
task.wait()
res["async_avg"] = vals(x)
g = dist.new_group([last])
res["group"] = [g.rank, g.nranks, g.is_member(), repr(g), dist.get_rank(g), dist.get_world_size(g)]
y = paddle.to_tensor([3.0 + r])
if g.is_member():
    dist.all_reduce(y, group=g)
res["group_all_reduce"] = vals(y)
dist.barrier()
bobjs = [{"lr": r}]
dist.broadcast_object_list(bobjs, src=last)
res["bcast_obj"] = bobjs

# -- DataParallel: N ranks on N shards == 1 process on the whole batch ----------------------------------
GLOBAL_BATCH, STEPS = 8, 4
rng = np.random.RandomState(0)
data = TensorDataset([paddle.to_tensor(rng.randn(GLOBAL_BATCH * STEPS, 6).astype("float32")),
                      paddle.to_tensor(rng.randn(GLOBAL_BATCH * STEPS, 1).astype("float32"))])
loader = DataLoader(data, batch_sampler=DistributedBatchSampler(data, batch_size=GLOBAL_BATCH // n))
paddle.seed(1234 + r)  # a different init per rank: DataParallel must broadcast rank 0's
net = paddle.nn.Sequential(paddle.nn.Linear(6, 16), paddle.nn.Tanh(), paddle.nn.Linear(16, 16), paddle.nn.Tanh(),
                           paddle.nn.Linear(16, 1))
# tiny buckets, so one step runs several all-reduces
model = paddle.DataParallel(net, comm_buffer_size=0.0005, last_comm_buffer_size=0.0002)
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
res["buckets"] = len(model._reducer.buckets) if model._reducer else 0
res["shard_sizes"] = []
for step, (xb, yb) in enumerate(loader):
    res["shard_sizes"].append(xb.shape[0])
    pred = model(xb)
    loss = ((pred * 1.0 - yb) ** 2).mean() + 0.0 * (pred * pred).mean()  # two gradient pieces per param
    loss.backward()
    if step == 0:
        grads = [p.grad.numpy() for p in model.parameters()]
        gathered = []
        dist.all_gather_object(gathered, grads)
        res["grads_equal_across_ranks"] = all(np.array_equal(a, b) for a, b in zip(gathered[0], gathered[-1]))
    opt.step()
    opt.clear_grad()

lin = paddle.nn.Linear(3, 1)
dp = paddle.DataParallel(lin)
xa = paddle.full([2, 3], float(r + 1))
with dp.no_sync():
    dp(xa).sum().backward()
res["no_sync_local"] = vals(lin.weight.grad.reshape([-1]))
dp(xa).sum().backward()
res["no_sync_then_synced"] = vals(lin.weight.grad.reshape([-1]))
res["legacy_noops"] = dp.scale_loss(xa) is xa and dp.apply_collective_grads() is None
res["dp_state_keys"] = list(dp.state_dict().keys())


class Partial(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.used = paddle.nn.Linear(2, 2)
        self.unused = paddle.nn.Linear(2, 2)

    def forward(self, x):
        return self.used(x)


try:
    paddle.DataParallel(Partial())(paddle.ones([1, 2])).sum().backward()
    res["unused_error"] = None
except RuntimeError as e:
    res["unused_error"] = str(e)
fu = paddle.DataParallel(Partial(), find_unused_parameters=True)
fu(paddle.ones([1, 2]) * (r + 1)).sum().backward()
res["find_unused_grad"] = vals(fu._layers.used.weight.grad.reshape([-1]))



class TwoHeads(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.a = paddle.nn.Linear(2, 1)
        self.b = paddle.nn.Linear(2, 1)

    def forward(self, x):
        return self.a(x), self.b(x)


heads = paddle.DataParallel(TwoHeads())
head_a, head_b = heads(paddle.ones([1, 2]))
head_a.sum().backward()  # head_b is left out of the loss: b's gradients never come
try:
    heads(paddle.ones([1, 2]))
    res["incomplete_error"] = None
except RuntimeError as e:
    res["incomplete_error"] = str(e)

# -- fleet: dygraph distributed_model/optimizer, then static minimize with all_reduce ops ------------
import paddle.distributed.fleet as fleet  # noqa: E402

strategy = fleet.DistributedStrategy()
strategy.fuse_all_reduce_ops = False
fleet.init(is_collective=True, strategy=strategy)
res["fleet"] = [fleet.worker_index(), fleet.worker_num(), fleet.is_first_worker(), len(fleet.worker_endpoints())]
fleet.barrier_worker()
paddle.seed(7 + r)
fmodel = fleet.distributed_model(paddle.nn.Linear(6, 1))
fopt = fleet.distributed_optimizer(paddle.optimizer.SGD(0.1, parameters=fmodel.parameters()))
res["fleet_buckets"] = len(fmodel._reducer.buckets) if fmodel._reducer else 0
for xb, yb in loader:
    ((fmodel(xb) - yb) ** 2).mean().backward()
    fopt.step()
    fopt.clear_grad()
fleet_dygraph = [p.numpy() for p in fmodel.parameters()]
batches = [(xb.numpy(), yb.numpy()) for xb, yb in loader]  # the loader is for dynamic mode

paddle.enable_static()
paddle.seed(11 + r)  # rank-dependent init: the startup program must broadcast rank 0's
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    sx = paddle.static.data("x", [None, 6], "float32")
    sy = paddle.static.data("y", [None, 1], "float32")
    spred = paddle.static.nn.fc(sx, 1, name="sfc")
    sloss = paddle.mean((spred - sy) ** 2)
    fleet.distributed_optimizer(paddle.optimizer.SGD(0.1)).minimize(sloss, startup)
res["static_ops"] = [op.type for op in main.global_block().ops if op.type in ("all_reduce", "broadcast")]
res["startup_broadcasts"] = sum(op.type == "broadcast" for op in startup.global_block().ops)
exe = paddle.static.Executor()
exe.run(startup)
for xb, yb in batches:
    exe.run(main, feed={"x": xb, "y": yb}, fetch_list=[sloss])
scope = paddle.static.global_scope()
fleet_static = [np.array(scope.find_var(n).get_tensor()) for n in ("sfc.w_0", "sfc.b_0")]
paddle.disable_static()

np.savez(os.path.join(out_dir, f"fleet.{r}.npz"), *(fleet_dygraph + fleet_static))
np.savez(os.path.join(out_dir, f"params.{r}.npz"), *[p.numpy() for p in model.parameters()])
with open(os.path.join(out_dir, f"result.{r}.json"), "w") as f:
    json.dump(res, f)
print(f"rank {r} done", flush=True)
