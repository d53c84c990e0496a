"""Static-graph training speed: an MLP 784-512-512-10 (ReLU), batch 128, softmax cross-entropy, SGD(0.01),
built with paddle.static.nn.fc and run by Executor.run, against the same model trained eagerly, on
purepaddle and on real Paddle 3.3.1 (legacy ProgramDesc IR: FLAGS_enable_pir_api=0), each peer in its
own interpreter (bench/harness.py).

    .venv/bin/python bench/static_train.py                  # both peers, 2 threads
    .venv/bin/python bench/static_train.py --peers purepaddle --only static_mlp_sgd

One step = feed, forward, backward, update (static: one Executor.run fetching the loss; eager:
loss.backward(), opt.step(), opt.clear_grad()).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import default_peers, parse_args, run_peer, worker, workload  # noqa: E402

# every peer inherits it: real Paddle builds the legacy ProgramDesc the FAQ describes
os.environ.setdefault("FLAGS_enable_pir_api", "0")
WARMUP = 3


def _data():
    """The fixed batch: 128 standard-normal 784-vectors and their int64 labels."""
    import numpy as np
    rng = np.random.default_rng(0)
    return rng.standard_normal((128, 784), dtype="float32"), rng.integers(0, 10, (128, 1)).astype("int64")


static_mlp = workload("static_mlp_sgd", "static.nn.fc MLP 784-512-512-10, batch 128, SGD, Executor.run")
eager_mlp = workload("eager_mlp_sgd", "nn.Linear MLP 784-512-512-10, batch 128, SGD, backward/step")


@static_mlp.body("paddle")
def _(paddle):
    paddle.seed(0)
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [128, 784])
        y = paddle.static.data("y", [128, 1], "int64")
        h = paddle.static.nn.fc(x, 512, activation="relu")
        h = paddle.static.nn.fc(h, 512, activation="relu")
        logits = paddle.static.nn.fc(h, 10)
        loss = paddle.mean(paddle.nn.functional.softmax_with_cross_entropy(logits, y))
        paddle.optimizer.SGD(learning_rate=0.01).minimize(loss)
    exe = paddle.static.Executor(paddle.CPUPlace())
    exe.run(startup)
    xv, yv = _data()
    feed = {"x": xv, "y": yv}

    def step():
        exe.run(main, feed=feed, fetch_list=[loss])
    for _ in range(WARMUP):
        step()
    return step


@eager_mlp.body("paddle")
def _(paddle):
    paddle.disable_static()
    nn = paddle.nn
    paddle.seed(0)
    net = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
    loss_fn = nn.CrossEntropyLoss()
    xv, yv = _data()
    x, y = paddle.to_tensor(xv), paddle.to_tensor(yv)

    def step():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    for _ in range(WARMUP):
        step()
    return step


def main(argv=None):
    """Parent mode: one subprocess per peer; prints steps/s, static/eager and purepaddle/paddle."""
    args = parse_args(argv, "Static-graph vs eager training steps/s.", min_time=0.5, threads=2, timeout=300)
    if args._worker:
        return worker(args)
    want = (args.peers or "purepaddle,paddle").split(",")
    peers = [p for p in default_peers() if p.name in want]
    started = time.time()
    res = {p.name: run_peer(os.path.abspath(sys.argv[0]), p, args) for p in peers}
    print(f"threads={args.threads}  cpus={os.cpu_count()}  load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}  (steps/s, higher is better)")
    for p in peers:
        r = res[p.name]
        print(f"  {p.name:<11} {r.get('error') or p.module + ' ' + str(r.get('version', '?'))}")
    speed = {p.name: {} for p in peers}
    print(f"{'workload':<16}" + "".join(f"{p.name:>12}" for p in peers) + f"{'pp/paddle':>11}")
    for name in args.only:
        row = []
        for p in peers:
            r = res[p.name].get("results", {}).get(name) or {}
            s = 1e6 / r["median_us"] if "median_us" in r else None
            speed[p.name][name] = s
            row.append(f"{s:12.1f}" if s else f"{'err' if 'error' in r else '-':>12}")
        pp, pd = speed.get("purepaddle", {}).get(name), speed.get("paddle", {}).get(name)
        print(f"{name:<16}" + "".join(row) + (f"{pp / pd:10.2f}x" if pp and pd else f"{'-':>11}"))
    for p in peers:
        s, e = speed[p.name].get("static_mlp_sgd"), speed[p.name].get("eager_mlp_sgd")
        if s and e:
            print(f"{p.name}: static / eager = {s / e:.2f}x")
    for p in peers:
        for name, r in res[p.name].get("results", {}).items():
            if "error" in r:
                print(f"error: {name} on {p.name}: {r['error']}")
    print(f"({time.time() - started:.1f}s, {args.repeat} repeats x >= {args.min_time}s each, median shown)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
