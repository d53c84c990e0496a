"""Executor garbage collection: peak memory of one static training step of a deep MLP with
FLAGS_eager_delete_tensor_gb=0 (temporaries freed after their last use) and -1 (kept to the end).

    .venv/bin/python bench/static_gc.py                     # purepaddle, both settings
    .venv/bin/python bench/static_gc.py --layers 32 --width 512

Each setting runs in its own interpreter (bench/harness.py's peer layout): the flag is read from
the environment at import, and tracemalloc's peak (NumPy reports its buffers to it) covers
exactly one Executor.run after warm-up steps. Also reported: the best untraced step time, what the
run left in its environment, and the worker's peak RSS.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import MARK, ROOT, THREAD_VARS, default_peers  # noqa: E402


def worker(layers, width, batch):
    """Build and run the deep MLP once under tracemalloc; print the JSON result line."""
    import tracemalloc

    import numpy as np
    import purepaddle as paddle
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [batch, width])
        h = x
        for _ in range(layers):
            h = paddle.static.nn.fc(h, width, activation="relu")
        loss = paddle.mean(h * h)
        paddle.optimizer.SGD(learning_rate=1e-3).minimize(loss)
    exe = paddle.static.Executor()
    exe.run(startup)
    feed = {"x": np.random.default_rng(0).standard_normal((batch, width)).astype("float32")}
    times = []
    for _ in range(5):  # the first two warm up; step time is the best of the others (no tracing)
        t0 = time.perf_counter()
        exe.run(main, feed=feed, fetch_list=[loss])
        times.append(time.perf_counter() - t0)
    dt = min(times[2:])
    exe._last_env = None  # the previous run's environment is not part of the next step's peak
    tracemalloc.start()
    exe.run(main, feed=feed, fetch_list=[loss])
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    kept = sum(a.nbytes for a in exe._last_env.values() if isinstance(a, np.ndarray))
    out = {"gc": paddle.get_flags("FLAGS_eager_delete_tensor_gb")["FLAGS_eager_delete_tensor_gb"],
           "peak_mb": peak / 2 ** 20, "kept_mb": kept / 2 ** 20, "step_ms": dt * 1e3,
           "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
           "params_mb": layers * (width * width + width) * 4 / 2 ** 20}
    print(MARK + json.dumps(out), flush=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--width", type=int, default=512)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--_worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args._worker:
        return worker(args.layers, args.width, args.batch)
    peer = next(p for p in default_peers() if p.name == "purepaddle")
    print(f"deep MLP: {args.layers} x fc({args.width}) + ReLU, batch {args.batch}, SGD; one Executor.run")
    print(f"{'FLAGS_eager_delete_tensor_gb':>28} {'peak MB':>9} {'left MB':>9} {'params MB':>10} {'step ms':>9} "
          f"{'RSS MB':>8}")
    rows = []
    for flag in ("0", "-1"):
        env = dict(os.environ, FLAGS_eager_delete_tensor_gb=flag, PYTHONPATH=peer.pythonpath or ROOT)
        for var in THREAD_VARS:
            env[var] = str(args.threads)
        cmd = [peer.python, os.path.abspath(__file__), "--_worker", "--layers", str(args.layers), "--width",
               str(args.width), "--batch", str(args.batch)]
        r = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
        line = next((ln for ln in r.stdout.splitlines() if ln.startswith(MARK)), None)
        if line is None:
            print(f"{flag:>28} failed: {(r.stderr.strip().splitlines() or ['no output'])[-1]}")
            continue
        res = json.loads(line[len(MARK):])
        rows.append(res)
        print(f"{flag:>28} {res['peak_mb']:9.1f} {res['kept_mb']:9.1f} {res['params_mb']:10.1f} "
              f"{res['step_ms']:9.1f} {res['rss_mb']:8.0f}")
    if len(rows) == 2 and rows[0]["peak_mb"]:
        print(f"GC off / GC on peak memory: {rows[1]['peak_mb'] / rows[0]['peak_mb']:.2f}x "
              "(left MB: temporaries still held after the run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
