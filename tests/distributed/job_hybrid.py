"""Worker script for tests/distributed/test_hybrid_job.py (2 ranks, and alone): the stream collectives, the
hybrid topology groups and group_sharded_parallel; writes {out_dir}/result.{rank}.json."""
import json
import sys

import numpy as np

import paddle
import paddle.distributed as dist
import paddle.distributed.fleet as fleet
from paddle.distributed.communication import stream
from paddle.distributed.sharding import group_sharded_parallel, save_group_sharded_model

out_dir, level = sys.argv[1], sys.argv[2]
dist.init_parallel_env()
r, n = dist.get_rank(), dist.get_world_size()
res = {}


def vals(t):
    return t.numpy().tolist()


if n > 1:
    # -- stream forms ----------------------------------------------------------------------------------
    x = paddle.to_tensor([1.0 + r, 2.0])
    stream.all_reduce(x, sync_op=False).wait()
    res["all_reduce"] = vals(x)
    out = paddle.zeros([2 * n])
    stream.all_gather(out, paddle.to_tensor([r, 10.0 + r]), use_calc_stream=True)
    res["all_gather_tensor"] = vals(out)
    lst = []
    stream.all_gather(lst, paddle.to_tensor([r]))
    res["all_gather_list"] = [vals(t) for t in lst]
    out = paddle.zeros([2])
    stream.alltoall(out, paddle.to_tensor([10.0 * r, 10.0 * r + 1]))
    res["alltoall"] = vals(out)
    out = paddle.zeros([3])
    sizes_in = [1, 2] if r == 0 else [2, 1]
    sizes_out = [1, 2] if r == 0 else [2, 1]
    stream.alltoall_single(out, paddle.to_tensor([100.0 * r + k for k in range(3)]), sizes_out, sizes_in)
    res["alltoall_single"] = vals(out)
    out = paddle.zeros([1])
    stream.reduce_scatter(out, paddle.to_tensor([1.0 + r, 5.0 + r]))
    res["reduce_scatter"] = vals(out)
    out = paddle.zeros([2])
    stream.scatter(out, paddle.to_tensor([0.0, 1.0, 2.0, 3.0]) if r == 0 else None, src=0)
    res["scatter"] = vals(out)
    y = paddle.to_tensor([3.0 + r])
    stream.reduce(y, dst=1)
    res["reduce"] = vals(y)
    z = paddle.to_tensor([7.0 * (r + 1)])
    stream.broadcast(z, src=1)
    res["broadcast"] = vals(z)
    g = []
    stream.gather(paddle.to_tensor([r + 0.5]), g if r == 0 else None, dst=0)
    res["gather"] = [vals(t) for t in g]
    buf = paddle.zeros([2])
    if r == 0:
        stream.send(paddle.to_tensor([4.0, 2.0]), dst=1)
    else:
        stream.recv(buf, src=0)
    res["p2p"] = vals(buf)
    try:
        stream.all_reduce(x, sync_op=False, use_calc_stream=True)
    except RuntimeError as e:
        res["calc_stream_error"] = str(e)

    # -- hybrid topology: pipe 2 then model 2 ----------------------------------------------------------
    for dims in ([1, 2, 1, 1, 1], [1, 1, 1, 1, 2]):
        topo = fleet.CommunicateTopology(["data", "pipe", "sharding", "sep", "model"], dims)
        hcg = fleet.HybridCommunicateGroup(topo)
        mp = hcg.get_model_parallel_group()
        t = paddle.to_tensor([1.0 + r])
        dist.all_reduce(t, group=mp)
        res[f"hcg{dims}"] = {"mode": hcg.get_parallel_mode(), "stage": hcg.get_stage_id(),
                             "mp_rank": hcg.get_model_parallel_rank(), "mp_ranks": mp.ranks,
                             "pp_ranks": hcg.get_pipe_parallel_group().ranks, "mp_sum": vals(t),
                             "dp_ranks": hcg.get_data_parallel_group().ranks,
                             "next": getattr(hcg, "next_rank", None), "first": hcg.is_first_stage,
                             "last": hcg.is_last_stage}

    # -- InMemoryDataset.global_shuffle: every instance lands on exactly one rank ----------------------
    with open(f"{out_dir}/data.{r}.txt", "w") as f:
        f.writelines(f"1 {10 * r + k}\n" for k in range(5))
    paddle.enable_static()
    ids = paddle.static.data("ids", [None, 1], "int64")
    ds = dist.InMemoryDataset()
    ds.init(batch_size=2, use_var=[ids], pipe_command="cat")
    ds.set_filelist([f"{out_dir}/data.{r}.txt"])
    ds.load_into_memory()
    ds.global_shuffle(fleet)
    res["shuffled"] = sorted(int(b) for feed in ds._feeds() for b in feed["ids"].ravel())
    res["sizes"] = [ds.get_memory_data_size(fleet), ds.get_shuffle_data_size(fleet), ds.get_shuffle_data_size()]

    # -- paddle.distributed.split: each rank holds a slice of W; outputs and SGD updates as the whole layer --
    fleet.init(is_collective=True)
    rng = np.random.RandomState(0)
    W, B = rng.uniform(-1, 1, (6, 4)).astype("float32"), rng.uniform(-1, 1, 4).astype("float32")
    E = rng.uniform(-1, 1, (8, 3)).astype("float32")
    X = rng.uniform(-1, 1, (2, 6)).astype("float32")
    I = np.array([[0, 5], [7, 2]], "int64")
    init = paddle.nn.initializer.Assign
    cases = {"row": (0, W[3 * r:3 * r + 3], B), "col": (1, W[:, 2 * r:2 * r + 2], B[2 * r:2 * r + 2]),
             "emb": (0, E[4 * r:4 * r + 4], None)}
    for case, (axis, w_part, b_part) in cases.items():
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            if case == "emb":
                x = paddle.static.data("x", [2, 2], "int64")
                y = dist.split(x, (8, 3), "embedding", num_partitions=2,
                               weight_attr=paddle.ParamAttr(initializer=init(w_part)))
            else:
                x = paddle.static.data("x", [2, 6], "float32")
                y = dist.split(x, (6, 4), "linear", axis=axis, num_partitions=2,
                               weight_attr=paddle.ParamAttr(initializer=init(w_part)),
                               bias_attr=paddle.ParamAttr(initializer=init(b_part)))
            loss = (y * y).sum()
            paddle.optimizer.SGD(0.1).minimize(loss)
        exe = paddle.static.Executor()
        exe.run(startup)
        w_name = [p.name for p in main.all_parameters() if len(p.shape) == 2][0]
        out = exe.run(main, feed={"x": I if case == "emb" else X}, fetch_list=[y])[0]
        res[f"split_{case}"] = {"out": out.tolist(),
                                "w": np.array(paddle.static.global_scope().find_var(w_name).get_tensor()).tolist()}
    paddle.disable_static()

# -- group_sharded_parallel: each rank its half of the batch; alone, the whole batch ---------------
paddle.seed(5)
model = paddle.nn.Sequential(paddle.nn.Linear(4, 6), paddle.nn.Tanh(), paddle.nn.Linear(6, 3))
opt = paddle.optimizer.AdamW(learning_rate=0.05, parameters=model.parameters(),
                             grad_clip=paddle.nn.ClipGradByGlobalNorm(0.5))
if level != "plain":
    model, opt, _ = group_sharded_parallel(model, opt, level)
else:
    model = paddle.DataParallel(model)
data = np.linspace(-2, 2, 32, dtype="float32").reshape(8, 4)
mine = data if n == 1 else data[r * 4:(r + 1) * 4]
for step in range(4):
    loss = model(paddle.to_tensor(mine)).square().mean()
    loss.backward()
    opt.step()
    opt.clear_grad()
res["params"] = [p.numpy().tolist() for p in model.parameters()]
if level != "plain":
    res["local_params"] = len(opt.local_params)
    res["state_keys"] = sorted(k for k in opt.state_dict() if "moment1" in k)
    save_group_sharded_model(model, f"{out_dir}/saved", opt)
with open(f"{out_dir}/result.{r}.json", "w") as f:
    json.dump(res, f)
