"""Training-step benchmarks: purepaddle vs real paddle 3.3.1 vs torch (and hand-written NumPy for MLP-SGD).

Each (peer, workload) pair runs in its own interpreter (bench/harness.py's run_peer), so the peak
RSS reported is that workload's alone: resource.getrusage(RUSAGE_SELF).ru_maxrss of the worker.
One step = forward, loss, backward, optimizer update, gradient reset, on a fixed synthetic batch.

    .venv/bin/python bench/train.py                    # all workloads, all peers, 2 threads
    .venv/bin/python bench/train.py --only lenet --peers purepaddle,torch
    .venv/bin/python bench/train.py --only lstm --threads 1 --rounds 3   # best of 3 interleaved rounds

On a shared machine the load changes between peers' runs; --rounds N cycles through every
(workload, peer) pair N times and keeps each pair's fastest round, so a busy moment hurts
one round of one peer instead of the ratio.

Workloads (float32, 2 threads by default):
  mlp_sgd / mlp_adam  MLP 784-512-512-10 (ReLU), batch 128, cross-entropy, SGD(0.01) / Adam(1e-3)
  lenet               paddle.vision.models.LeNet on 1x28x28, batch 64, cross-entropy, SGD(0.01)
  lstm                LSTM input 128 hidden 256, seq 50, batch 32, loss mean(output), SGD(0.01)
  gru                 the same with a GRU
  transformer         TransformerEncoderLayer d_model 256, 4 heads, ff 1024, seq 128, batch 16,
                      dropout 0.1 (train mode), loss mean(output), SGD(0.01)
"""
import argparse
import json
import os
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import WORKLOADS, default_peers, parse_args, run_peer, workload  # noqa: E402
from harness import worker as harness_worker  # noqa: E402

WARMUP = 3  # steps run in setup: lazy initialisation and first-touch allocation stay out of the timing


def _warm(step):
    for _ in range(WARMUP):
        step()
    return step


def _rng():
    import numpy as np
    return np.random.default_rng(0)


# ---------------------------------------------------------------- MLP 784-512-512-10

def _paddle_mlp(paddle, make_opt):
    nn = paddle.nn
    paddle.seed(0)
    net = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    opt = make_opt(net.parameters())
    loss_fn = nn.CrossEntropyLoss()
    rng = _rng()
    x = paddle.to_tensor(rng.standard_normal((128, 784), dtype="float32"))
    y = paddle.to_tensor(rng.integers(0, 10, (128, 1)).astype("int64"))

    def step():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    return _warm(step)


def _torch_mlp(torch, make_opt):
    nn = torch.nn
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))
    opt = make_opt(net.parameters())
    loss_fn = nn.CrossEntropyLoss()
    rng = _rng()
    x = torch.from_numpy(rng.standard_normal((128, 784), dtype="float32"))
    y = torch.from_numpy(rng.integers(0, 10, (128,)).astype("int64"))

    def step():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
    return _warm(step)


mlp_sgd = workload("mlp_sgd", "MLP 784-512-512-10, batch 128, SGD")
mlp_adam = workload("mlp_adam", "MLP 784-512-512-10, batch 128, Adam")


@mlp_sgd.body("paddle")
def _(paddle):
    return _paddle_mlp(paddle, lambda ps: paddle.optimizer.SGD(learning_rate=0.01, parameters=ps))


@mlp_sgd.body("torch")
def _(torch):
    return _torch_mlp(torch, lambda ps: torch.optim.SGD(ps, lr=0.01))


@mlp_sgd.body("numpy")
def _(np):
    """The same step written by hand: forward, softmax cross-entropy, backward, SGD update."""
    rng = _rng()
    sizes = [(784, 512), (512, 512), (512, 10)]
    ws = [(rng.uniform(-1, 1, s) / np.sqrt(s[0])).astype(np.float32) for s in sizes]
    bs = [np.zeros(s[1], np.float32) for s in sizes]
    x = rng.standard_normal((128, 784), dtype="float32")
    y = rng.integers(0, 10, 128)
    rows = np.arange(128)
    lr = np.float32(0.01)

    def step():
        h1 = x @ ws[0]
        h1 += bs[0]
        a1 = np.maximum(h1, 0)
        h2 = a1 @ ws[1]
        h2 += bs[1]
        a2 = np.maximum(h2, 0)
        logits = a2 @ ws[2]
        logits += bs[2]
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        loss = -np.log(p[rows, y]).mean()  # noqa: F841  (computed, as every peer does)
        p[rows, y] -= 1
        p /= np.float32(128)
        g3 = a2.T @ p
        d2 = p @ ws[2].T
        d2 *= h2 > 0
        g2 = a1.T @ d2
        d1 = d2 @ ws[1].T
        d1 *= h1 > 0
        g1 = x.T @ d1
        for w, b, g, d in ((ws[2], bs[2], g3, p), (ws[1], bs[1], g2, d2), (ws[0], bs[0], g1, d1)):
            g *= lr
            w -= g
            b -= lr * d.sum(axis=0)
    return _warm(step)


@mlp_adam.body("paddle")
def _(paddle):
    return _paddle_mlp(paddle, lambda ps: paddle.optimizer.Adam(learning_rate=1e-3, parameters=ps))


@mlp_adam.body("torch")
def _(torch):
    return _torch_mlp(torch, lambda ps: torch.optim.Adam(ps, lr=1e-3))


# ---------------------------------------------------------------- LeNet

lenet = workload("lenet", "LeNet, 1x28x28, batch 64, SGD")


@lenet.body("paddle")
def _(paddle):
    paddle.seed(0)
    net = paddle.vision.models.LeNet()
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss()
    rng = _rng()
    x = paddle.to_tensor(rng.standard_normal((64, 1, 28, 28), dtype="float32"))
    y = paddle.to_tensor(rng.integers(0, 10, (64, 1)).astype("int64"))

    def step():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    return _warm(step)


@lenet.body("torch")
def _(torch):
    nn = torch.nn
    torch.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(1, 6, 3, 1, 1), nn.ReLU(), nn.MaxPool2d(2, 2), nn.Conv2d(6, 16, 5), nn.ReLU(),
                        nn.MaxPool2d(2, 2), nn.Flatten(), nn.Linear(400, 120), nn.Linear(120, 84), nn.Linear(84, 10))
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    loss_fn = nn.CrossEntropyLoss()
    rng = _rng()
    x = torch.from_numpy(rng.standard_normal((64, 1, 28, 28), dtype="float32"))
    y = torch.from_numpy(rng.integers(0, 10, (64,)).astype("int64"))

    def step():
        loss = loss_fn(net(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()
    return _warm(step)


# ---------------------------------------------------------------- LSTM

def _recurrent(name, cell):
    """One workload per recurrent cell: `cell` 128->256 over seq 50, batch 32, SGD, on each framework."""
    w = workload(name, f"{cell} 128->256, seq 50, batch 32, SGD")

    @w.body("paddle")
    def _(paddle):
        paddle.seed(0)
        net = getattr(paddle.nn, cell)(128, 256)
        opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
        x = paddle.to_tensor(_rng().standard_normal((32, 50, 128), dtype="float32"))

        def step():
            out, _ = net(x)
            out.mean().backward()
            opt.step()
            opt.clear_grad()
        return _warm(step)

    @w.body("torch")
    def _(torch):
        torch.manual_seed(0)
        net = getattr(torch.nn, cell)(128, 256, batch_first=True)
        opt = torch.optim.SGD(net.parameters(), lr=0.01)
        x = torch.from_numpy(_rng().standard_normal((32, 50, 128), dtype="float32"))

        def step():
            out, _ = net(x)
            out.mean().backward()
            opt.step()
            opt.zero_grad()
        return _warm(step)
    return w


lstm = _recurrent("lstm", "LSTM")
gru = _recurrent("gru", "GRU")


# ---------------------------------------------------------------- Transformer encoder layer

transformer = workload("transformer", "TransformerEncoderLayer 256/4 heads/ff 1024, seq 128, batch 16, SGD")


@transformer.body("paddle")
def _(paddle):
    paddle.seed(0)
    net = paddle.nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, dropout=0.1)
    net.train()
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=net.parameters())
    x = paddle.to_tensor(_rng().standard_normal((16, 128, 256), dtype="float32"))

    def step():
        loss = net(x).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
    return _warm(step)


@transformer.body("torch")
def _(torch):
    torch.manual_seed(0)
    net = torch.nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, dropout=0.1,
                                           batch_first=True)
    net.train()
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x = torch.from_numpy(_rng().standard_normal((16, 128, 256), dtype="float32"))

    def step():
        loss = net(x).mean()
        loss.backward()
        opt.step()
        opt.zero_grad()
    return _warm(step)


# ---------------------------------------------------------------- worker and table

def worker(args):
    """Time one workload on one peer (harness.worker); each result also carries this process's peak RSS."""
    return harness_worker(args, lambda res: res.update(
        rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0))


def _steps(run, name):
    """(steps/s, peak RSS MB, error) of one workload from its worker's JSON."""
    r = run.get("results", {}).get(name)
    if not r or "error" in r:
        return None, None, (r or {}).get("error")
    return 1e6 / r["median_us"], r.get("rss_mb"), None


def print_table(names, peers, res, threads):
    """One table: steps/s per peer, pp/paddle, pp/torch, pp/numpy, then peak RSS (MB) per peer."""
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '')}  threads={threads}  cpus={os.cpu_count()}  "
          f"load average {load} (other processes skew timings)  "
          "(steps/s: higher is better; RSS: peak MB of the worker)")
    for p in peers:
        info = {}
        for name in names:
            info = res.get(p.name, {}).get(name, {})
            if info.get("version"):
                break
        state = info.get("error") or f"{p.module} {info.get('version', '?')} (numpy {info.get('numpy', '-')})"
        print(f"  {p.name:<11} {state}")
    cols = [p.name for p in peers] + ["pp/paddle", "pp/torch", "pp/numpy"] + [f"RSS {p.name}" for p in peers
                                                                            if p.name != "numpy"]
    width = max(len(n) for n in names + ["workload"])
    print(f"{'workload':<{width}}  " + "  ".join(f"{c:>10}" for c in cols))
    errors = []
    for name in names:
        speed, rss = {}, {}
        for p in peers:
            s, m, err = _steps(res.get(p.name, {}).get(name, {}), name)
            speed[p.name], rss[p.name] = s, m
            if err:
                errors.append(f"  {name} on {p.name}: {err}")
        row = [f"{speed[p.name]:.1f}" if speed[p.name] else "-" for p in peers]
        pp = speed.get("purepaddle")
        for other in ("paddle", "torch", "numpy"):
            o = speed.get(other)
            row.append(f"{pp / o:.2f}x" if pp and o else "-")
        row += [f"{rss[p.name]:.0f}" if rss[p.name] else "-" for p in peers if p.name != "numpy"]
        print(f"{name:<{width}}  " + "  ".join(f"{c:>10}" for c in row))
    if errors:
        print("errors:")
        print("\n".join(errors))


def _pop_rounds(argv):
    """(rounds, argv without --rounds): the one option the shared parser does not know."""
    argv = list(sys.argv[1:] if argv is None else argv)
    rounds = 1
    for i, a in enumerate(argv):
        if a == "--rounds" or a.startswith("--rounds="):
            value = a.split("=", 1)[1] if "=" in a else (argv[i + 1] if i + 1 < len(argv) else "")
            if not value.isdigit() or int(value) < 1:
                sys.exit(f"train.py: --rounds needs a positive integer, got {value!r}")
            del argv[i:i + (1 if "=" in a else 2)]
            rounds = int(value)
            break
    return rounds, argv


def _faster(new, old, name):
    """The worker result (of two rounds) with the faster median for `name`; errors lose."""
    def us(r):
        x = r.get("results", {}).get(name) or {}
        return x.get("median_us", float("inf"))
    return new if old is None or us(new) < us(old) else old


def main(argv=None):
    """Parent mode: one subprocess per (peer, workload) and round; --_worker mode: time one of them."""
    rounds, argv = _pop_rounds(argv)
    if "-h" in argv or "--help" in argv:
        print("extra option: --rounds N  cycle through every (workload, peer) N times, keep each one's fastest")
    args = parse_args(argv, "Training-step benchmarks (steps/s and peak RSS).", min_time=0.5, threads=2,
                      timeout=300)
    if args._worker:
        return worker(args)
    peers = default_peers()
    if args.peers:
        want = args.peers.split(",")
        peers = [p for p in peers if p.name in want]
    script = os.path.abspath(sys.argv[0])
    started = time.time()
    res = {p.name: {} for p in peers}
    names = list(args.only)
    for _ in range(rounds):
        for name in names:
            one = argparse.Namespace(**{**vars(args), "only": [name]})
            for p in peers:
                if p.flavour not in WORKLOADS[name].bodies:
                    continue
                r = run_peer(script, p, one)
                r.setdefault("results", {})
                if "error" in r and name not in r["results"]:
                    r["results"][name] = {"error": r["error"]}
                res[p.name][name] = _faster(r, res[p.name].get(name), name)
    print_table(names, peers, res, args.threads)
    best = f", fastest of {rounds} rounds" if rounds > 1 else ""
    print(f"({time.time() - started:.1f}s, {args.repeat} repeats x >= {args.min_time}s each, median shown{best})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
