"""Convolution workloads (ResNet-18, depthwise) on purepaddle, real Paddle and torch, one thread each.

Each peer runs in its own interpreter with the thread variables set in its environment before
it starts (a script's own os.environ comes too late: NumPy is already loaded); passes interleave
peers, and the table shows medians with the load average beside them. Ratios above 1 mean
purepaddle is faster.

    .venv/bin/python bench/conv.py [--passes 3] [--clock cpu] [--only resnet18_b1,depthwise]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = ("resnet18_b1", "resnet18_b8", "resnet18_train_b8", "depthwise")


def _torch_resnet18(torch):
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.b1 = nn.BatchNorm2d(cout)
            self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.b2 = nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = self.b2(self.c2(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    layers = [nn.Conv2d(3, 64, 7, 2, 3, bias=False), nn.BatchNorm2d(64), nn.ReLU(), nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        layers += [Block(cin, cout, stride), Block(cout, cout, 1)]
        cin = cout
    layers += [nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(512, 1000)]
    return nn.Sequential(*layers)


def setup(peer, name):
    """A zero-argument callable running one step of workload `name` on `peer`."""
    import numpy as np
    rng = np.random.default_rng(0)
    bs = 8 if name.endswith("b8") else 1
    if peer == "torch":
        import torch
        torch.set_num_threads(1)
        if name == "depthwise":
            conv = torch.nn.Conv2d(96, 96, 3, padding=1, groups=96, bias=False).eval()
            x = torch.from_numpy(rng.random((1, 96, 112, 112), dtype=np.float32))
            return lambda: _no_grad(torch, conv, x)
        m = _torch_resnet18(torch)
        x = torch.from_numpy(rng.random((bs, 3, 224, 224), dtype=np.float32))
        if "train" in name:
            opt = torch.optim.SGD(m.parameters(), lr=0.01, momentum=0.9)
            y = torch.from_numpy(rng.integers(0, 1000, bs))
            m.train()

            def step():
                loss = torch.nn.functional.cross_entropy(m(x), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            return step
        m.eval()
        return lambda: _no_grad(torch, m, x)
    if peer == "purepaddle":
        import purepaddle as paddle
    else:
        import paddle
    paddle.set_device("cpu")
    if name == "depthwise":
        conv = paddle.nn.Conv2D(96, 96, 3, padding=1, groups=96, bias_attr=False)
        conv.eval()
        x = paddle.to_tensor(rng.random((1, 96, 112, 112), dtype=np.float32))
        return lambda: _no_grad(paddle, conv, x)
    from_models = paddle.vision.models.resnet18
    m = from_models()
    x = paddle.to_tensor(rng.random((bs, 3, 224, 224), dtype=np.float32))
    if "train" in name:
        opt = paddle.optimizer.Momentum(learning_rate=0.01, momentum=0.9, parameters=m.parameters())
        y = paddle.to_tensor(rng.integers(0, 1000, (bs, 1)))
        m.train()

        def step():
            loss = paddle.nn.functional.cross_entropy(m(x), y)
            loss.backward()
            opt.step()
            opt.clear_grad()
        return step
    m.eval()
    return lambda: _no_grad(paddle, m, x)


def _no_grad(mod, f, x):
    with mod.no_grad():
        return f(x)


def worker(peer, names, reps, clock):
    timer = time.process_time if clock == "cpu" else time.perf_counter
    out = {}
    for name in names:
        fn = setup(peer, name)
        fn()
        ts = []
        for _ in range(reps):
            t = timer()
            fn()
            ts.append(timer() - t)
        out[name] = statistics.median(ts)
    print("@@" + json.dumps(out))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--peers", default="purepaddle,paddle,torch")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="cpu: each process's CPU time (one thread: the work itself, less noise on a busy machine)")
    ap.add_argument("--worker", default=None)
    a = ap.parse_args()
    names = a.only.split(",")
    if a.worker:
        return worker(a.worker, names, a.reps, a.clock)
    env = dict(os.environ, PYTHONPATH=ROOT)
    for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env[v] = str(a.threads)
    pys = {"purepaddle": os.path.join(ROOT, ".venv", "bin", "python")}
    pys["paddle"] = pys["torch"] = os.path.join(ROOT, ".venv-ref", "bin", "python")
    peers = a.peers.split(",")
    res = {p: {n: [] for n in names} for p in peers}
    loads = []
    for _ in range(a.passes):
        for p in peers:
            loads.append(os.getloadavg()[0])
            r = subprocess.run([pys[p], os.path.abspath(__file__), "--worker", p, "--only", a.only,
                                "--reps", str(a.reps), "--clock", a.clock], env=env, capture_output=True, text=True)
            line = [s for s in r.stdout.splitlines() if s.startswith("@@")]
            if not line:
                sys.exit(f"{p} failed:\n{r.stderr[-3000:]}")
            for n, t in json.loads(line[-1][2:]).items():
                res[p][n].append(t)
    print(f"clock={a.clock} threads={a.threads} passes={a.passes} loadavg(1m) median={statistics.median(loads):.2f} "
          f"max={max(loads):.2f}")
    print("| workload | " + " | ".join(f"{p} ms" for p in peers) + " | " +
          " | ".join(f"vs {p}" for p in peers[1:]) + " |")
    for n in names:
        med = {p: statistics.median(res[p][n]) * 1e3 for p in peers}
        print(f"| {n} | " + " | ".join(f"{med[p]:.1f}" for p in peers) + " | " +
              " | ".join(f"{med[p] / med[peers[0]]:.2f}" for p in peers[1:]) + " |")


if __name__ == "__main__":
    main()
