"""Wide-and-deep CTR training with the parameter server, on synthetic Criteo-format data.

Criteo rows are: label, 13 integer (dense) features, 26 categorical (sparse) features. Here they are drawn
from a fixed generator: each slot's ids come from its own hashed range of a 100M-id space, the label from a
hidden logistic model of a few ids and dense features, so the loss has something to learn.

    python examples/ps_ctr/train.py --steps 200 --vocab 1000000       # one process, no servers (dense tables)
    python -m paddle.distributed.launch --server_num 1 --worker_num 2 examples/ps_ctr/train.py --steps 200
    python -m paddle.distributed.launch --server_num 2 --worker_num 2 examples/ps_ctr/train.py --steps 200

(with purepaddle installed as paddle: `python -m purepaddle ...` / `python -m purepaddle -m paddle.distributed...`).
Worker 0 prints examples/s (all workers together) and the last loss; servers print their tables' rows and bytes.
"""
import argparse
import json
import os
import time

import numpy as np

import paddle
import paddle.distributed.fleet as fleet

SPARSE_SLOTS, DENSE_FEATURES, DIM = 26, 13, 8


def batches(seed, batch, ids_per_slot, vocab):
    """Synthetic Criteo-format batches: (sparse ids [B, 26], dense [B, 13], label [B, 1])."""
    rng = np.random.default_rng(seed)
    slot_base = (np.arange(SPARSE_SLOTS, dtype=np.int64) * 3_846_153)  # each slot its own id range
    weights = np.random.default_rng(99).standard_normal(ids_per_slot)
    while True:
        local = rng.zipf(1.3, (batch, SPARSE_SLOTS)) % ids_per_slot
        dense = np.log1p(rng.exponential(3.0, (batch, DENSE_FEATURES))).astype("float32")
        score = weights[local[:, :3]].sum(1) + 0.3 * dense[:, 0] - 0.5
        label = (rng.random(batch) < 1 / (1 + np.exp(-score))).astype("float32")[:, None]
        yield ((local + slot_base) % vocab).astype("int64"), dense, label


def build(lr, vocab):
    sparse = paddle.static.data("sparse", [None, SPARSE_SLOTS], "int64")
    dense = paddle.static.data("dense", [None, DENSE_FEATURES], "float32")
    label = paddle.static.data("label", [None, 1], "float32")
    ids = paddle.reshape(sparse, [-1, 1])
    init = paddle.nn.initializer.Uniform(-0.01, 0.01)
    deep_emb = paddle.static.nn.sparse_embedding(ids, [vocab, DIM], param_attr=paddle.ParamAttr(
        name="deep_emb", initializer=init))
    wide_emb = paddle.static.nn.sparse_embedding(ids, [vocab, 1], param_attr=paddle.ParamAttr(
        name="wide_emb", initializer=paddle.nn.initializer.Constant(0.0)))
    deep = paddle.concat([paddle.reshape(deep_emb, [-1, SPARSE_SLOTS * DIM]), dense], axis=1)
    for width in (64, 32):
        deep = paddle.static.nn.fc(deep, width, activation="relu")
    deep_logit = paddle.static.nn.fc(deep, 1)
    wide_logit = paddle.sum(paddle.reshape(wide_emb, [-1, SPARSE_SLOTS]), axis=1, keepdim=True)
    logit = deep_logit + wide_logit
    loss = paddle.mean(paddle.nn.functional.binary_cross_entropy_with_logits(logit, label))
    return loss, paddle.optimizer.Adam(lr), paddle.nn.functional.sigmoid(logit)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--steps", type=int, default=200)
    p.add_argument("--batch", type=int, default=256, help="global batch (split over the workers)")
    p.add_argument("--ids_per_slot", type=int, default=20000)
    p.add_argument("--lr", type=float, default=0.005)
    p.add_argument("--vocab", type=int, default=100_000_000, help="rows of the sparse tables (ids are hashed into it)")
    p.add_argument("--mode", choices=("sync", "async", "geo"), default="async")
    p.add_argument("--out", default=None, help="worker 0 writes its figures here as JSON")
    p.add_argument("--save", default=None, help="PS: save DIR/persistables (with the optimizer state) and "
                   "DIR/inference (the inference model) after training")
    p.add_argument("--load", default=None, help="PS: the servers start from this save_persistables directory")
    args = p.parse_args()
    paddle.enable_static()
    ps = bool(os.environ.get("TRAINING_ROLE"))
    if ps:
        strategy = fleet.DistributedStrategy()
        strategy.a_sync = args.mode != "sync"
        if args.mode == "geo":
            strategy.a_sync_configs = {"k_steps": 4}
        fleet.init(strategy=strategy)
    main_prog, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main_prog, startup):
        loss, opt, prob = build(args.lr, args.vocab)
        (fleet.distributed_optimizer(opt) if ps else opt).minimize(loss)
    if ps and fleet.is_server():
        fleet.init_server(args.load)
        fleet.run_server()
        from purepaddle.distributed.ps.runtime import STATE
        for t in STATE.server.tables.values():
            print(f"server {fleet.server_index()}: table {t.name}: {len(t)} rows, {t.nbytes() / 2**20:.1f} MiB")
        return
    exe = paddle.static.Executor()
    if not ps and args.vocab * DIM > 50_000_000:
        raise SystemExit(f"one process would materialise the {args.vocab}-id tables densely: run it under the "
                         "parameter server, or give --vocab 1000000")
    exe.run(startup)
    n, k = (fleet.worker_num(), fleet.worker_index()) if ps else (1, 0)
    if ps:
        fleet.init_worker()
    part = slice(k * args.batch // n, (k + 1) * args.batch // n)
    data = batches(0, args.batch, args.ids_per_slot, args.vocab)
    losses, t0 = [], None
    for step in range(args.steps):
        sparse, dense, label = next(data)
        if step == 5:
            t0 = time.perf_counter()  # after the warm-up steps
        (l,) = exe.run(main_prog, feed={"sparse": sparse[part], "dense": dense[part], "label": label[part]},
                       fetch_list=[loss])
        losses.append(float(l))
    rate = (args.steps - 5) * args.batch / (time.perf_counter() - t0)
    if ps:
        fleet.barrier_worker()
        if args.save:
            fleet.save_persistables(exe, os.path.join(args.save, "persistables"))
            fleet.save_inference_model(exe, os.path.join(args.save, "inference"), ["sparse", "dense"], [prob])
        fleet.stop_worker()
    if k == 0:
        figures = {"examples_per_s": round(rate, 1), "first_loss": round(float(np.mean(losses[:10])), 4),
                   "last_loss": round(float(np.mean(losses[-10:])), 4)}
        print(json.dumps(figures))
        if args.out:
            with open(args.out, "w") as f:
                json.dump(figures, f)


if __name__ == "__main__":
    main()
