"""Random number throughput: purepaddle vs real paddle vs torch, NumPy's own generator as the reference.

Each workload draws 1e6 numbers (rand, randn, randint; dropout's forward on 1e6 float32 elements).
purepaddle draws Paddle's numbers (std::mt19937_64 and libstdc++'s recipes, `_core.distribution`);
NumPy's row is its default Generator (PCG64) doing the same job, the cost to aim at: the brief is
purepaddle within 2x of it. Every peer runs once with one thread and once with all cores (the thread
count is set in the environment before each interpreter starts), in interleaved passes; medians shown.

    .venv/bin/python bench/random_streams.py [--passes 3] [--only rand,randn] [--repeat 5]
"""
import os
import statistics
import sys
import time

from harness import default_peers, parse_args, print_table, run_peer, workload, worker

N = 1_000_000

rand = workload("rand", "1e6 float32 uniforms in [0, 1)")
randn = workload("randn", "1e6 float32 standard normals")
randint = workload("randint", "1e6 int64 uniform in [0, 1000)")
dropout = workload("dropout", "dropout(p=0.5) forward, training, on 1e6 float32 elements")


@rand.body("paddle")
def _(paddle):
    return lambda: paddle.rand([N])


@rand.body("torch")
def _(torch):
    return lambda: torch.rand(N)


@rand.body("numpy")
def _(np):
    g = np.random.default_rng(0)
    return lambda: g.random(N, dtype=np.float32)


@randn.body("paddle")
def _(paddle):
    return lambda: paddle.randn([N])


@randn.body("torch")
def _(torch):
    return lambda: torch.randn(N)


@randn.body("numpy")
def _(np):
    g = np.random.default_rng(0)
    return lambda: g.standard_normal(N, dtype=np.float32)


@randint.body("paddle")
def _(paddle):
    return lambda: paddle.randint(0, 1000, [N])


@randint.body("torch")
def _(torch):
    return lambda: torch.randint(0, 1000, (N,))


@randint.body("numpy")
def _(np):
    g = np.random.default_rng(0)
    return lambda: g.integers(0, 1000, N)


@dropout.body("paddle")
def _(paddle):
    x = paddle.ones([N])
    return lambda: paddle.nn.functional.dropout(x, 0.5)


@dropout.body("torch")
def _(torch):
    x = torch.ones(N)
    return lambda: torch.nn.functional.dropout(x, 0.5)


@dropout.body("numpy")
def _(np):
    g = np.random.default_rng(0)
    x = np.ones(N, np.float32)
    return lambda: np.where(g.random(N, dtype=np.float32) >= 0.5, x / np.float32(0.5), np.float32(0))


def _median_results(runs):
    """One peer's per-pass results merged: each workload's median of the passes' medians."""
    out = dict(runs[0])
    merged = {}
    for name in runs[0].get("results", {}):
        cells = [r["results"].get(name, {}) for r in runs]
        ok = [c["median_us"] for c in cells if "median_us" in c]
        merged[name] = {"median_us": statistics.median(ok)} if ok else cells[0]
    out["results"] = merged
    return out


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    passes = 3
    if "--passes" in argv:
        i = argv.index("--passes")
        passes = int(argv[i + 1])
        del argv[i:i + 2]
    args = parse_args(argv, "Random number throughput: purepaddle, paddle, torch and numpy.", min_time=0.2)
    if args._worker:
        return worker(args)
    peers = default_peers()
    if args.peers:
        peers = [p for p in peers if p.name in args.peers.split(",")]
    script = os.path.abspath(sys.argv[0])
    started = time.time()
    for threads in sorted({1, os.cpu_count() or 1}):
        args.threads = threads
        runs = {p.name: [] for p in peers}
        for _ in range(passes):  # interleaved: every peer once per pass, so load drifts hit all alike
            for p in peers:
                runs[p.name].append(run_peer(script, p, args))
        results = {name: _median_results(r) for name, r in runs.items()}
        print_table(args.only, peers, results, threads)
        for name in args.only:
            pp = results.get("purepaddle", {}).get("results", {}).get(name, {}).get("median_us")
            ref = results.get("numpy", {}).get("results", {}).get(name, {}).get("median_us")
            if pp and ref:
                print(f"  {name}: purepaddle / numpy = {pp / ref:.2f}x  ({pp / N * 1e3:.2f} ns a number)")
        print()
    print(f"({time.time() - started:.1f}s, {passes} passes x {args.repeat} repeats, medians shown)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
