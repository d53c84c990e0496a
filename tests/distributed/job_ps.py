"""PS job script: a small CTR-style model (a sparse_embedding over 2 slots + 2 dense features, fc layers) trained
by parameter-server fleet. argv: out_dir mode(sync|async|geo|local) optimizer(sgd|adam|adagrad|sgd_sched) steps
[save_dir] [load_dir]; env PS_INFER=dir: fleet.save_inference_model there after training; PS_FIRST_STEP=k starts at global step k (the batches of a run that continues from a save).
`sgd_sched` is SGD with a StepDecay scheduler the script steps after every batch. Each worker trains on its share of every global batch of 8; worker 0 writes {out_dir}/ps.json with the
losses and the final parameters (dense, and the rows of ids 0..49 of the table). Mode `local` is the reference:
one process, no fleet, the whole batch, the table filled with the values the servers give new rows."""
import json
import os
import sys

import numpy as np

import paddle
import paddle.distributed.fleet as fleet

out_dir, mode, opt_name, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
save_dir = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None
load_dir = sys.argv[6] if len(sys.argv) > 6 else None
first = int(os.environ.get("PS_FIRST_STEP", "0"))
paddle.enable_static()
strategy = fleet.DistributedStrategy()
strategy.a_sync = mode != "sync"
if mode == "geo":
    strategy.a_sync_configs = {"k_steps": 2}
local = mode == "local"
if not local:
    fleet.init(strategy=strategy)
main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    ids = paddle.static.data("ids", [None, 1], "int64")
    dense = paddle.static.data("dense", [None, 2], "float32")
    label = paddle.static.data("label", [None, 1], "float32")
    emb = paddle.static.nn.sparse_embedding(ids, [1000, 4], param_attr=paddle.ParamAttr(
        name="emb", initializer=paddle.nn.initializer.Uniform(-0.1, 0.1)))
    h = paddle.concat([emb, dense], axis=1)
    h = paddle.static.nn.fc(h, 8, activation="relu", weight_attr=paddle.ParamAttr(
        name="fc0.w", initializer=paddle.nn.initializer.Constant(0.05)), bias_attr=paddle.ParamAttr(name="fc0.b"))
    logit = paddle.static.nn.fc(h, 1, weight_attr=paddle.ParamAttr(
        name="fc1.w", initializer=paddle.nn.initializer.Constant(-0.03)), bias_attr=paddle.ParamAttr(name="fc1.b"))
    loss = paddle.mean(paddle.nn.functional.binary_cross_entropy_with_logits(logit, label))
    sched = paddle.optimizer.lr.StepDecay(0.5, step_size=2, gamma=0.3) if opt_name == "sgd_sched" else None
    opt = {"sgd": lambda: paddle.optimizer.SGD(0.5), "adam": lambda: paddle.optimizer.Adam(0.05),
           "adagrad": lambda: paddle.optimizer.Adagrad(0.3), "sgd_sched": lambda: paddle.optimizer.SGD(sched)}[opt_name]()
    if local:
        init_op = [op for op in startup.global_block().ops if "emb" in op.output_arg_names][0]
        opt.minimize(loss)
    else:
        opt = fleet.distributed_optimizer(opt)
        opt.minimize(loss)

if local:
    from purepaddle.distributed.ps.tables import RowInit
    exe = paddle.static.Executor()
    exe.run(startup)
    scope = paddle.static.global_scope()
    scope.find_var("emb").get_tensor().set(RowInit(init_op.type, init_op.attrs, 4).rows(np.arange(1000)),
                                           paddle.CPUPlace())
    rng = np.random.default_rng(0)
    losses = []
    for step in range(first + steps):
        b_ids = rng.integers(0, 10, (8, 1)).astype("int64")
        b_dense = rng.standard_normal((8, 2)).astype("float32")
        b_label = (b_ids % 2).astype("float32")
        if step < first:
            continue
        (l,) = exe.run(main, feed={"ids": b_ids, "dense": b_dense, "label": b_label}, fetch_list=[loss])
        losses.append(float(l))
        if sched is not None:
            sched.step()
    params = {n_: np.array(scope.find_var(n_).get_tensor()).tolist() for n_ in ("fc0.w", "fc0.b", "fc1.w", "fc1.b")}
    rows = np.array(scope.find_var("emb").get_tensor())[:50]
    with open(os.path.join(out_dir, "ps.json"), "w") as f:
        json.dump({"losses": losses, "params": params, "rows": rows.tolist()}, f)
elif fleet.is_server():
    fleet.init_server(load_dir)
    if os.environ.get("PS_DIE") == f"server{fleet.server_index()}":  # the fault tests
        raise RuntimeError("this server died")
    fleet.run_server()
else:
    exe = paddle.static.Executor()
    exe.run(startup)
    fleet.init_worker()
    rng = np.random.default_rng(0)
    n, k = fleet.worker_num(), fleet.worker_index()
    losses = []
    for step in range(first + steps):
        b_ids = rng.integers(0, 10, (8, 1)).astype("int64")
        b_dense = rng.standard_normal((8, 2)).astype("float32")
        b_label = (b_ids % 2).astype("float32")
        if step < first:
            continue
        part = slice(k * 8 // n, (k + 1) * 8 // n)
        (l,) = exe.run(main, feed={"ids": b_ids[part], "dense": b_dense[part], "label": b_label[part]},
                       fetch_list=[loss])
        losses.append(float(l))
        if sched is not None:
            sched.step()
        if step == 1 and os.environ.get("PS_DIE") == f"worker{k}":  # the fault tests
            raise RuntimeError("this worker died")
        if step == 1 and os.environ.get("PS_HANG") == f"worker{k}":  # the hang test: the others wait for it
            import time
            time.sleep(60)
    fleet.barrier_worker()
    if save_dir:
        fleet.save_persistables(exe, save_dir)
    if os.environ.get("PS_INFER"):  # an inference model of the trained net (worker 0 writes it)
        fleet.save_inference_model(exe, os.environ["PS_INFER"], ["ids", "dense"], [logit])
        fleet.barrier_worker()  # no worker's pull below adds rows before worker 0 has the tables
    scope = paddle.static.global_scope()
    from purepaddle.distributed.ps.runtime import STATE
    rows = STATE.worker.client.pull_sparse("emb", np.arange(50), 4, "float32")
    params = {n_: np.array(scope.find_var(n_).get_tensor()).tolist() for n_ in ("fc0.w", "fc0.b", "fc1.w", "fc1.b")}
    if not os.environ.get("PS_NO_STOP"):  # without stop_worker the worker's exit tells the servers
        fleet.stop_worker()
    if k == 0:
        with open(os.path.join(out_dir, "ps.json"), "w") as f:
            json.dump({"losses": losses, "params": params, "rows": rows.tolist()}, f)
