"""Benchmark harness: run registered workloads on each peer in its own interpreter, print one table."""
import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import timeit
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARK = "@@BENCH@@ "
THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")

# ---------------------------------------------------------------- workloads

WORKLOADS = {}  # name -> Workload, in registration order


@dataclass
class Workload:
    """A named micro-workload; bodies maps a flavour ('paddle', 'torch', 'numpy') to setup(module) -> fn."""
    name: str
    doc: str = ""
    bodies: dict = field(default_factory=dict)

    def body(self, flavour):
        """Decorator: register setup(module) -> zero-arg callable for one flavour."""
        def deco(setup):
            self.bodies[flavour] = setup
            return setup
        return deco


def workload(name, doc=""):
    """Create and register a Workload; add bodies with @w.body('paddle') etc."""
    w = WORKLOADS[name] = Workload(name, doc)
    return w


# ---------------------------------------------------------------- peers

@dataclass
class Peer:
    """One framework under test: the interpreter, the module it imports and its API flavour."""
    name: str
    python: str
    module: str
    flavour: str
    pythonpath: str = ""


def default_peers():
    """numpy and purepaddle in .venv; real paddle and torch in .venv-ref (override with env vars)."""
    pp_py = os.environ.get("PUREPADDLE_PYTHON") or os.path.join(ROOT, ".venv", "bin", "python")
    ref_py = os.environ.get("REF_PYTHON") or os.path.join(ROOT, ".venv-ref", "bin", "python")
    if not os.path.exists(pp_py):
        pp_py = sys.executable
    return [
        Peer("numpy", pp_py, "numpy", "numpy"),
        Peer("purepaddle", pp_py, "purepaddle", "paddle", pythonpath=ROOT),
        Peer("paddle", ref_py, "paddle", "paddle"),
        Peer("torch", ref_py, "torch", "torch"),
    ]


# ---------------------------------------------------------------- worker side

def prepare(mod, flavour):
    """Per-flavour setup done once after import (CPU device, eager mode)."""
    if flavour == "paddle":
        if hasattr(mod, "set_device"):
            mod.set_device("cpu")
        if hasattr(mod, "disable_static"):
            mod.disable_static()


CLOCK_VAR = "PUREPADDLE_BENCH_CLOCK"  # wall (latency, default) or cpu (this process's CPU time: less load noise)


def measure(fn, repeat, min_time):
    """timeit-style: calibrate loops so one repeat lasts >= min_time, return per-call µs stats."""
    cpu = os.environ.get(CLOCK_VAR, "wall") == "cpu"
    timer = timeit.Timer(fn, timer=time.process_time if cpu else time.perf_counter)
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= min_time or number >= 1 << 24:
            break
        number = max(number * 2, int(number * min_time / max(t, 1e-9) * 1.1))
    per_call = [timer.timeit(number) / number * 1e6 for _ in range(repeat)]
    return {"median_us": statistics.median(per_call), "best_us": min(per_call), "number": number,
            "repeat": repeat}


def settle_heap(numpy):
    """Put glibc's allocator in the state a long-running process reaches, the same for every peer.

    glibc serves a block at or above its mmap threshold with a fresh mmap (page faults on every touch) and raises
    the threshold only when such a block is freed, to that block's size. A workload that allocates one same-sized
    large output per call therefore pays the page faults on every call unless something larger was freed first:
    torch's depthwise conv measured 1.0 ms in a full run (earlier rows had freed large blocks) and 11 ms alone.
    Freeing one 16 MiB block (under glibc's 32 MiB ceiling for the threshold) up front makes each row independent of the
    rows before it.
    """
    block = numpy.ones(4 << 20, dtype=numpy.float32)  # 16 MiB: under the 32 MiB ceiling, above any row's buffers
    del block


def worker(args, annotate=None):
    """Import one peer's module, time every selected workload, print the JSON result line.

    annotate(result) may add fields to each workload's result (train.py adds the peak RSS).
    """
    out = {"peer": args._worker, "python": platform.python_version(), "results": {}}
    try:
        mod = __import__(args.module)
        out["version"] = getattr(mod, "__version__", "?")
        prepare(mod, args.flavour)
    except Exception as exc:  # the peer is unavailable: report, do not fail the run
        out["error"] = f"{type(exc).__name__}: {exc}"
        print(MARK + json.dumps(out), flush=True)
        return 0
    try:
        import numpy
        out["numpy"] = numpy.__version__
    except ImportError:
        pass
    else:
        settle_heap(numpy)
    for name in args.only:
        setup = WORKLOADS[name].bodies.get(args.flavour)
        if setup is None:
            continue
        try:
            res = measure(setup(mod), args.repeat, args.min_time)
            if annotate is not None:
                annotate(res)
            out["results"][name] = res
        except Exception as exc:
            out["results"][name] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
    print(MARK + json.dumps(out), flush=True)
    return 0


# ---------------------------------------------------------------- parent side

def run_peer(script, peer, args):
    """Run the bench script in the peer's interpreter in worker mode; return its parsed JSON."""
    if not os.path.exists(peer.python):
        return {"peer": peer.name, "error": f"no interpreter {peer.python}", "results": {}}
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    for var in THREAD_VARS:  # set before the interpreter starts: the libraries size their pools when they load
        if args.threads:
            env[var] = str(args.threads)
        else:  # 0: each framework's own default (purepaddle: its thread policy)
            env.pop(var, None)
    env.pop("PUREPADDLE_POLICY_THREADS", None)
    if peer.pythonpath:
        env["PYTHONPATH"] = peer.pythonpath
    cmd = [peer.python, script, "--_worker", peer.name, "--module", peer.module,
           "--flavour", peer.flavour, "--only", ",".join(args.only),
           "--repeat", str(args.repeat), "--min-time", str(args.min_time)]
    try:
        proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        return {"peer": peer.name, "error": f"timed out after {args.timeout}s", "results": {}}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(MARK):
            return json.loads(line[len(MARK):])
    tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
    return {"peer": peer.name, "error": f"exit {proc.returncode}: {tail}", "results": {}}


def cell(res, name):
    """Format one timing cell (median µs), or '-' / 'err'."""
    r = res.get("results", {}).get(name)
    if r is None:
        return "-", None
    if "error" in r:
        return "err", None
    return f"{r['median_us']:.2f}", r["median_us"]


def ratio(a, b):
    return f"{a / b:.2f}x" if a is not None and b is not None and b > 0 else "-"


def print_table(names, peers, results, threads):
    """One table: per-workload median µs per peer, then purepaddle/paddle and purepaddle/torch."""
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '')}  threads={threads}  cpus={os.cpu_count()}")
    for p in peers:
        r = results[p.name]
        state = r.get("error") or f"{p.module} {r.get('version', '?')} (numpy {r.get('numpy', '-')}, python {r.get('python', '?')})"
        print(f"  {p.name:<11} {state}")
    cols = [p.name for p in peers] + ["pp/paddle", "pp/torch"]
    width = max(len(n) for n in names + ["workload (us/call)"])
    print(f"{'workload (us/call)':<{width}}  " + "  ".join(f"{c:>10}" for c in cols))
    errors = []
    for name in names:
        row, vals = [], {}
        for p in peers:
            text, v = cell(results[p.name], name)
            row.append(text)
            vals[p.name] = v
            r = results[p.name].get("results", {}).get(name) or {}
            if "error" in r:
                errors.append(f"  {name} on {p.name}: {r['error']}")
        row += [ratio(vals.get("purepaddle"), vals.get("paddle")), ratio(vals.get("purepaddle"), vals.get("torch"))]
        print(f"{name:<{width}}  " + "  ".join(f"{c:>10}" for c in row))
    if errors:
        print("errors:")
        print("\n".join(errors))


def parse_args(argv, description, min_time=0.05, threads=1, timeout=120):
    """The command line every bench script shares (per-script defaults), workloads checked."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--only", default="", help="comma list of workloads (default: all)")
    ap.add_argument("--peers", default="", help="comma list of peers (default: numpy,purepaddle,paddle,torch)")
    ap.add_argument("--repeat", type=int, default=5, help="timed repeats per workload; the median is shown")
    ap.add_argument("--min-time", type=float, default=min_time, help="seconds per repeat (loops calibrated to it)")
    ap.add_argument("--threads", type=int, default=threads, help="OMP/OpenBLAS/MKL threads in every peer")
    ap.add_argument("--timeout", type=float, default=timeout, help="seconds per peer subprocess")
    ap.add_argument("--json", default="", help="also write all results to this file")
    ap.add_argument("--_worker", default="", help=argparse.SUPPRESS)
    ap.add_argument("--module", default="", help=argparse.SUPPRESS)
    ap.add_argument("--flavour", default="", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    args.only = [n for n in args.only.split(",") if n] or list(WORKLOADS)
    unknown = [n for n in args.only if n not in WORKLOADS]
    if unknown:
        ap.error(f"unknown workloads {unknown}; known: {list(WORKLOADS)}")
    return args


def main(argv=None):
    """Entry point for a bench script: parent mode runs all peers, --_worker mode times one."""
    args = parse_args(argv, "Run benchmark workloads on purepaddle, paddle, torch and numpy.")
    if args._worker:
        return worker(args)
    peers = default_peers()
    if args.peers:
        want = args.peers.split(",")
        peers = [p for p in peers if p.name in want]
    script = os.path.abspath(sys.argv[0])
    started = time.time()
    results = {p.name: run_peer(script, p, args) for p in peers}
    print_table(args.only, peers, results, args.threads)
    print(f"({time.time() - started:.1f}s, {args.repeat} repeats x >= {args.min_time}s each, median shown)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0
