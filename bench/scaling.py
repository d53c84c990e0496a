"""Scaling of data parallelism on one machine: all_reduce through purepaddle vs raw mpi4py, and DataParallel speed-up.

    .venv/bin/python bench/scaling.py --json build/bench/scaling.json      # both parts (make bench-scaling)
    .venv/bin/python bench/scaling.py --only allreduce
    .venv/bin/python bench/scaling.py --only dp --steps 10 --model lenet
    .venv/bin/python bench/scaling.py --from-json build/bench/scaling.json --readme README.md   # the README block

all_reduce: float32 SUM of 4 KiB, 4 MiB and 100 MiB, in one job of 2 ranks started by purepaddle's launcher.
Each size alternates blocks of calls between `comm.Allreduce(MPI.IN_PLACE, a)` (raw mpi4py, Open MPI's own
algorithm choice) and `paddle.distributed.all_reduce(t)` where `a` is the Tensor's own buffer, so both see the
same memory and machine state. Reported: the best block's time per call (the least disturbed by other load on the
machine), the ratio purepaddle/raw, and the algorithm bandwidth (bytes / time).

DataParallel: LeNet (1x28x28, global batch 256) and ResNet-18 (3x32x32, 10 classes, global batch 64),
cross-entropy, SGD 0.01, the same global batch split over 1, 2 and every-core ranks under the launcher, each rank
an interpreter started with OMP/OPENBLAS/MKL_NUM_THREADS=1 already in its environment (set before NumPy loads),
plus 1 process using every core for reference. Reported: global steps per second (the median step; a step ends
when the slowest rank's does) and the speed-up over 1 rank x 1 thread. `--json PATH` writes the figures with the
load average; `--readme PATH` fills the block between the scaling markers. Measure on an idle machine.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.abspath(__file__)
SIZES = [("4 KiB", 4 << 10, 200, 30), ("4 MiB", 4 << 20, 5, 30), ("100 MiB", 100 << 20, 1, 15)]


# -------------------------------------------------------------------- workers (inside the launched job)

def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def worker_allreduce(out):
    import paddle
    import paddle.distributed as dist
    from mpi4py import MPI

    dist.init_parallel_env()
    comm = MPI.COMM_WORLD
    rows = []
    for label, nbytes, calls, blocks in SIZES:
        # one buffer for both, so only the call path differs (zeros: the sums stay finite)
        t = paddle.zeros([nbytes // 4], dtype="float32")
        raw = t._data
        comm.Allreduce(MPI.IN_PLACE, raw)
        dist.all_reduce(t)
        times = {"raw": [], "purepaddle": []}
        for _ in range(blocks):
            for name in ("raw", "purepaddle"):
                comm.Barrier()
                start = time.perf_counter()
                if name == "raw":
                    for _ in range(calls):
                        comm.Allreduce(MPI.IN_PLACE, raw)
                else:
                    for _ in range(calls):
                        dist.all_reduce(t)
                times[name].append((time.perf_counter() - start) / calls)
        # every rank must agree on the numbers reported: take rank 0's
        rows.append({"size": label, "bytes": nbytes, "raw": min(times["raw"]),
                     "purepaddle": min(times["purepaddle"]), "raw_median": _median(times["raw"]),
                     "purepaddle_median": _median(times["purepaddle"])})
    if dist.get_rank() == 0:
        with open(out, "w") as f:
            json.dump({"rows": rows, "mpi": MPI.Get_library_version().split(",")[0].strip()}, f)


def _model(name):
    import paddle
    nn = paddle.nn
    if name == "mlp":
        return (nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10)),
                [784])
    if name == "lenet":
        return paddle.vision.models.LeNet(num_classes=10), [1, 28, 28]
    if name == "resnet18":
        return paddle.vision.models.resnet18(num_classes=10), [3, 32, 32]
    raise ValueError(name)


def worker_dp(out, steps, global_batch, model_name):
    import numpy as np
    import paddle
    import paddle.distributed as dist

    dist.init_parallel_env()
    rank, world = dist.get_rank(), dist.get_world_size()
    paddle.seed(0)
    net, shape = _model(model_name)
    model = paddle.DataParallel(net) if world > 1 else net
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    loss_fn = paddle.nn.CrossEntropyLoss()
    rng = np.random.default_rng(rank)
    local = global_batch // world
    x = paddle.to_tensor(rng.standard_normal([local] + shape, dtype="float32"))
    y = paddle.to_tensor(rng.integers(0, 10, (local, 1)).astype("int64"))

    def step():
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()

    for _ in range(2):
        step()
    if world > 1:
        dist.barrier()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    if world > 1:
        gathered = []
        dist.all_gather_object(gathered, _median(times))
        per_step = max(gathered)  # a step is done when the slowest rank is
    else:
        per_step = _median(times)
    if rank == 0:
        with open(out, "w") as f:
            json.dump({"world": world, "per_step": per_step, "local_batch": local,
                       "threads": os.environ.get("OMP_NUM_THREADS")}, f)  # as this interpreter started


# -------------------------------------------------------------------- driver

def run_allreduce(tmp):
    out = os.path.join(tmp, "allreduce.json")
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2",
                           "--log_dir", os.path.join(tmp, "log_ar"), HERE, "--_worker", "allreduce", "--out", out],
                          capture_output=True, text=True)
    if proc.returncode:
        sys.exit(f"all_reduce job failed:\n{proc.stderr}")
    res = json.load(open(out))
    print(f"all_reduce, float32 SUM, 2 ranks on this machine ({res['mpi']})")
    print(f"{'size':>8} {'raw mpi4py':>12} {'purepaddle':>12} {'ratio':>6} {'raw GB/s':>9} {'pure GB/s':>9}"
          f"   (medians: raw / purepaddle)")
    for row in res["rows"]:
        raw, pure = row["raw"], row["purepaddle"]
        print(f"{row['size']:>8} {_fmt(raw):>12} {_fmt(pure):>12} {pure / raw:6.2f} "
              f"{row['bytes'] / raw / 1e9:9.2f} {row['bytes'] / pure / 1e9:9.2f}"
              f"   ({_fmt(row['raw_median'])} / {_fmt(row['purepaddle_median'])})")
    return res


def _fmt(seconds):
    return f"{seconds * 1e6:.1f} us" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


def _threads_env(threads):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PADDLE_")}
    env.update({k: str(threads) for k in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")})
    return env


def run_dp(tmp, steps, models, batches):
    """Per model: 1 process x 1 thread, N ranks x 1 thread for N in 2 and every core (the launcher's
    policy on a machine with as many cores as ranks), and 1 process x every core for reference."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    results = {}
    for model in models:
        batch = batches[model]
        rows = {}
        for world in sorted({1, 2, cores}):
            out = os.path.join(tmp, f"dp_{model}_{world}.json")
            common = [HERE, "--_worker", "dp", "--out", out, "--steps", str(steps), "--batch", str(batch),
                      "--model", model]
            if world == 1:
                cmd = [sys.executable, "-m", "purepaddle"] + common
            else:
                cmd = [sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", str(world),
                       "--log_dir", os.path.join(tmp, f"log_{model}_{world}")] + common
            proc = subprocess.run(cmd, env=_threads_env(1), capture_output=True, text=True)
            if proc.returncode:
                sys.exit(f"{model} on {world} rank(s) failed:\n{proc.stderr}")
            rows[f"{world} rank{'s' if world > 1 else ''} x 1 thread"] = json.load(open(out))
        if cores > 1:
            out = os.path.join(tmp, f"dp_{model}_threads.json")
            proc = subprocess.run([sys.executable, "-m", "purepaddle", HERE, "--_worker", "dp", "--out", out,
                                   "--steps", str(steps), "--batch", str(batch), "--model", model],
                                  env=_threads_env(cores), capture_output=True, text=True)
            if proc.returncode:
                sys.exit(f"{model} in one process failed:\n{proc.stderr}")
            rows[f"1 rank x {cores} threads"] = json.load(open(out))
        base = rows["1 rank x 1 thread"]["per_step"]
        print(f"\nDataParallel {model}, SGD, global batch {batch}, median of {steps} steps, {cores} cores")
        for name, r in rows.items():
            r["speedup"] = base / r["per_step"]
            r["steps_per_s"] = 1.0 / r["per_step"]
            print(f"{name:>22}: {r['steps_per_s']:8.2f} steps/s  {r['per_step'] * 1e3:9.2f} ms/step  "
                  f"{batch / r['per_step']:9.1f} samples/s  speed-up over 1 rank x 1 thread: {r['speedup']:.2f}x")
        results[model] = {"batch": batch, "steps": steps, "cores": cores, "rows": rows}
    return results


BEGIN, END = "<!-- scaling:begin (bench/scaling.py --readme) -->", "<!-- scaling:end -->"
_MODELS = {"lenet": "LeNet 1x28x28", "resnet18": "ResNet-18 3x32x32", "mlp": "MLP 784-512-512-10"}


def markdown(report):
    """The README block: where and how it was measured, the all_reduce table and the data-parallel table."""
    out = [f"Measured by `make bench-scaling` (bench/scaling.py) on {report.get('machine', 'this machine')}, "
           f"{report.get('when', '')}; 1-minute load average before -> after: {report['loadavg_before']} -> "
           f"{report['loadavg_after']}.", ""]
    if report.get("allreduce"):
        ar = report["allreduce"]
        out += [f"| all_reduce, float32 SUM, 2 ranks ({ar['mpi']}) | raw mpi4py | paddle.distributed | ratio | "
                "raw GB/s | paddle GB/s |", "|---|---|---|---|---|---|"]
        for row in ar["rows"]:
            raw, pure = row["raw"], row["purepaddle"]
            out.append(f"| {row['size']} | {_fmt(raw)} | {_fmt(pure)} | {pure / raw:.2f} | "
                       f"{row['bytes'] / raw / 1e9:.2f} | {row['bytes'] / pure / 1e9:.2f} |")
        out.append("")
    if report.get("dp"):
        names = list(next(iter(report["dp"].values()))["rows"])
        out += ["| data parallel: steps/s (speed-up over 1 rank x 1 thread) | " + " | ".join(names) + " |",
                "|---|" + "---|" * len(names)]
        for model, res in report["dp"].items():
            cells = [f"{r['steps_per_s']:.2f} ({r['speedup']:.2f}x)" for r in res["rows"].values()]
            out.append(f"| {_MODELS.get(model, model)}, global batch {res['batch']}, median of {res['steps']} steps | "
                       + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def write_readme(path, block):
    """Replace the text between the scaling markers of `path` with `block`."""
    with open(path) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"{path} has no {BEGIN} ... {END} block to fill")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n" + block + END + tail)


def _machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cpu}, {cores} cores usable"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", choices=["allreduce", "dp"], default=None)
    p.add_argument("--steps", type=int, default=30)
    p.add_argument("--batch", type=int, default=None, help="global batch (default: 256 LeNet/MLP, 64 ResNet-18)")
    p.add_argument("--model", default="lenet,resnet18", help="comma-separated: lenet, resnet18, mlp")
    p.add_argument("--json", default=None, help="also write every figure here, with the machine load")
    p.add_argument("--readme", default=None, help="fill this file's scaling block (README.md) with the figures")
    p.add_argument("--from-json", default=None, help="take the figures from this --json file instead of measuring")
    p.add_argument("--_worker", choices=["allreduce", "dp"], default=None)
    p.add_argument("--out", default=None)
    a = p.parse_args()
    if a._worker == "allreduce":
        return worker_allreduce(a.out)
    if a._worker == "dp":
        return worker_dp(a.out, a.steps, a.batch, a.model)
    if a.from_json:
        with open(a.from_json) as f:
            report = json.load(f)
        if a.readme:
            write_readme(a.readme, markdown(report))
        print(markdown(report), end="")
        return None
    models = a.model.split(",")
    batches = {m: a.batch or (64 if m == "resnet18" else 256) for m in models}
    report = {"loadavg_before": _loadavg(), "machine": _machine(),
              "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    with tempfile.TemporaryDirectory() as tmp:
        if a.only in (None, "allreduce"):
            report["allreduce"] = run_allreduce(tmp)
        if a.only in (None, "dp"):
            report["dp"] = run_dp(tmp, a.steps, models, batches)
    report["loadavg_after"] = _loadavg()
    print(f"\nload average before / after: {report['loadavg_before']} / {report['loadavg_after']}")
    if a.json:
        os.makedirs(os.path.dirname(os.path.abspath(a.json)), exist_ok=True)
        with open(a.json, "w") as f:
            json.dump(report, f, indent=1)
    if a.readme:
        write_readme(a.readme, markdown(report))


def _loadavg():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


if __name__ == "__main__":
    main()
