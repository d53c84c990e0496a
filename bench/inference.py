"""Inference benchmarks: purepaddle's paddle.inference predictor vs real Paddle Inference 3.3.1.

Each peer builds the same network in static mode with the same weights (drawn from a seeded NumPy
generator per parameter name), writes it with its own paddle.static.save_inference_model, loads
it with paddle.inference.Config + create_predictor (ir_optim on, 1 math thread, glog off) and is
timed on one predictor call: copy_from_cpu(input), run(), copy_to_cpu(output). Each
(peer, workload) runs in its own interpreter (bench/harness.py's run_peer).

    .venv/bin/python bench/inference.py                 # all workloads, purepaddle + paddle + numpy
    .venv/bin/python bench/inference.py --only lenet_b1 --peers purepaddle

Workloads (float32, 1 thread):
  lenet_b1 / lenet_b64  paddle.vision.models.LeNet on 1x28x28, batch 1 / 64
  mlp_b1 / mlp_b64      MLP 784-512-512-10 (ReLU), batch 1 / 64 (numpy: the same forward by hand)

Peers alternate over PUREPADDLE_BENCH_ROUNDS rounds (default 3) and each keeps its best round, so
load from other processes on a shared machine skews the ratios less; PUREPADDLE_BENCH_CLOCK=cpu
times with the process's CPU clock instead of the wall clock (latency) for the same reason. After
the table the outputs of the peers on the same input are compared (max abs difference).

The zoo (`--zoo`): Paddle 3's own model files, `model.json` (PIR) + `model.pdiparams` written by real Paddle,
run by both predictors from the same files: every model in build/pir_zoo/ (`make pir-zoo`: paddle.vision.models)
and tests/fixtures/pir/models/ (OCR, BERT-style, control flow), batch 1 and 8 (workloads `pir/<model>/b<n>`),
once with one thread and once with all cores (OMP/OpenBLAS/MKL thread variables set before each interpreter
starts, and the predictor's math-library threads). Each peer runs all zoo workloads in one interpreter per
round; rounds alternate the peers and the table shows the median of the rounds' medians, with the ratio.

    .venv/bin/python bench/inference.py --zoo
    .venv/bin/python bench/inference.py --zoo --only pir/resnet18/b1,pir/bert_enc/b8 --threads 2
"""
import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import (CLOCK_VAR, WORKLOADS, default_peers, parse_args, print_table, ratio, run_peer,  # noqa: E402
                     worker, workload)

os.environ.setdefault("FLAGS_enable_pir_api", "0")  # real Paddle: legacy ProgramDesc (.pdmodel) files
OUT_DIR_VAR = "PUREPADDLE_INFER_BENCH_DIR"  # where workers leave their outputs for the cross-check
WARMUP = 20
ROUNDS = int(os.environ.get("PUREPADDLE_BENCH_ROUNDS", "3"))


def _weights(named_shapes):
    """Deterministic weights per parameter name: uniform(+-1/sqrt(fan_in)), biases small."""
    import numpy as np
    out = {}
    for name, shape in named_shapes:
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        fan_in = int(np.prod(shape[1:])) if len(shape) == 4 else int(shape[0])
        bound = 1.0 / np.sqrt(max(fan_in, 1))
        out[name] = rng.uniform(-bound, bound, shape).astype("float32")
    return out


def _input(shape):
    """The benchmark input: standard normal, the same in every peer."""
    import numpy as np
    return np.random.default_rng(123).standard_normal(shape, dtype="float32")


def _mlp(paddle):
    nn = paddle.nn
    return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(), nn.Linear(512, 10))


def _lenet(paddle):
    return paddle.vision.models.LeNet()


def _save_model(paddle, make_net, in_shape, prefix):
    """Build make_net in static mode, set the shared weights, save_inference_model(prefix)."""
    static = paddle.static
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            x = static.data("x", [None] + list(in_shape), "float32")
            net = make_net(paddle)
            net.eval()
            y = net(x)
        params = [(n, p) for n, p in net.named_parameters()]
        weights = _weights([(n, list(p.shape)) for n, p in params])
        scope = static.Scope()
        exe = static.Executor(paddle.CPUPlace())
        with static.scope_guard(scope):
            exe.run(startup)
            for n, p in params:
                scope.var(p.name).get_tensor().set(weights[n], paddle.CPUPlace())
            static.save_inference_model(prefix, [x], [y], exe, program=main)
    finally:
        paddle.disable_static()


def _predictor_call(paddle, make_net, in_shape, batch, tag):
    """Save the model, create the predictor, return the timed call (after warm-up and the output dump)."""
    tmp = tempfile.mkdtemp(prefix="infer_bench_")
    prefix = os.path.join(tmp, "model")
    _save_model(paddle, make_net, in_shape, prefix)
    config = paddle.inference.Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_glog_info()
    config.switch_ir_optim(True)
    config.set_cpu_math_library_num_threads(1)
    pred = paddle.inference.create_predictor(config)
    shutil.rmtree(tmp, ignore_errors=True)
    inp = pred.get_input_handle(pred.get_input_names()[0])
    out = pred.get_output_handle(pred.get_output_names()[0])
    x = _input([batch] + list(in_shape))

    def call():
        inp.copy_from_cpu(x)
        pred.run()
        return out.copy_to_cpu()

    for _ in range(WARMUP):
        y = call()
    _dump(tag, y)
    return call  # the handles keep the predictor alive


def _dump(tag, y):
    import numpy as np
    d = os.environ.get(OUT_DIR_VAR)
    if d:
        np.save(os.path.join(d, f"{os.environ.get('PUREPADDLE_BENCH_PEER', 'peer')}.{tag}.npy"), y)


def _numpy_mlp(batch, tag):
    """The MLP forward written by hand with the same weights (a floor for any framework)."""
    import numpy as np
    names = [("0.weight", [784, 512]), ("0.bias", [512]), ("2.weight", [512, 512]), ("2.bias", [512]),
             ("4.weight", [512, 10]), ("4.bias", [10])]
    w = _weights(names)
    layers = [(w["0.weight"], w["0.bias"]), (w["2.weight"], w["2.bias"]), (w["4.weight"], w["4.bias"])]
    x = _input([batch, 784])

    def call():
        h = np.array(x, copy=True)
        for i, (wt, b) in enumerate(layers):
            h = h @ wt
            h += b
            if i < 2:
                np.maximum(h, 0, out=h)
        return h.copy()

    for _ in range(WARMUP):
        y = call()
    _dump(tag, y)
    return call


for _batch in (1, 64):
    _w = workload(f"lenet_b{_batch}", f"LeNet 1x28x28, batch {_batch}, predictor run")
    _w.body("paddle")(lambda paddle, b=_batch: _predictor_call(paddle, _lenet, [1, 28, 28], b, f"lenet_b{b}"))
    _w = workload(f"mlp_b{_batch}", f"MLP 784-512-512-10, batch {_batch}, predictor run")
    _w.body("paddle")(lambda paddle, b=_batch: _predictor_call(paddle, _mlp, [784], b, f"mlp_b{b}"))
    _w.body("numpy")(lambda np, b=_batch: _numpy_mlp(b, f"mlp_b{b}"))


# -- the zoo: Paddle 3 PIR model files --------------------------------------------------------------------------
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZOO_ROOTS = (os.path.join(ROOT, "build", "pir_zoo"), os.path.join(ROOT, "tests", "fixtures", "pir", "models"))
ZOO_WARMUP = 2
ZOO_BATCHES = (1, 8)


def _zoo_models():
    """{name: directory} of every complete PIR model export found (build/pir_zoo first)."""
    out = {}
    for root in ZOO_ROOTS:
        if os.path.isdir(root):
            for name in sorted(os.listdir(root)):
                d = os.path.join(root, name)
                if all(os.path.exists(os.path.join(d, f)) for f in ("model.json", "model.pdiparams", "io.npz")):
                    out.setdefault(name, d)  # io.npz: the export finished (real Paddle ran the model)
    return out


def _zoo_inputs(d, batch):
    """{feed name: array} for the model's `pd_op.data` ops: unknown dims take `batch`; float inputs standard
    normal, int64 token ids in [1, 50), a one-element int32 input (a loop count) 3."""
    import numpy as np
    with open(os.path.join(d, "model.json")) as f:
        ops = json.load(f)["program"]["regions"][0]["blocks"][0]["ops"]
    rng = np.random.default_rng(123)
    out = {}
    for op in ops:
        if op["#"] != "1.data":
            continue
        a = {x["N"]: x["AT"]["D"] for x in op["A"]}
        shape = [batch if s < 0 else s for s in a["shape"]]
        if a["dtype"].startswith("float"):
            out[a["name"]] = rng.standard_normal(shape).astype(a["dtype"])
        elif a["dtype"] == "int64":
            out[a["name"]] = rng.integers(1, 50, shape).astype("int64")
        else:
            out[a["name"]] = np.full(shape, 3, a["dtype"])
    return out


def _zoo_predictor(paddle, d, mkldnn):
    config = paddle.inference.Config(os.path.join(d, "model.json"), os.path.join(d, "model.pdiparams"))
    config.disable_glog_info()
    config.switch_ir_optim(True)
    config.set_cpu_math_library_num_threads(int(os.environ.get("OMP_NUM_THREADS", "1")))
    if not mkldnn:
        config.disable_mkldnn()
    return paddle.inference.create_predictor(config)


def _zoo_call(paddle, d, batch, tag):
    """The timed predictor call on model directory d (Paddle Inference's default oneDNN kernels, or its plain
    CPU kernels where oneDNN fails on the program, as it does on some PIR attributes in 3.3.1)."""
    xs = _zoo_inputs(d, batch)
    for mkldnn in (True, False):
        pred = _zoo_predictor(paddle, d, mkldnn)
        ins = [(pred.get_input_handle(n), xs[n]) for n in pred.get_input_names()]
        out = pred.get_output_handle(pred.get_output_names()[0])

        def call(pred=pred, ins=ins, out=out):
            for h, x in ins:
                h.copy_from_cpu(x)
            pred.run()
            return out.copy_to_cpu()

        try:
            y = call()
            break
        except Exception:
            if not mkldnn:
                raise
    for _ in range(ZOO_WARMUP):
        y = call()
    _dump(tag, y)
    return call


for _name, _dir in _zoo_models().items():
    for _batch in ZOO_BATCHES:
        _tag = f"pir/{_name}/b{_batch}"
        _w = workload(_tag, f"{_name} (PIR model.json), batch {_batch}, predictor run")
        _w.body("paddle")(lambda paddle, d=_dir, b=_batch, t=_tag: _zoo_call(paddle, d, b, t.replace("/", "_")))


def zoo_main(args, script):
    """Both predictors on every zoo workload, one thread and all cores; medians of alternating rounds."""
    import statistics
    names = [n for n in args.only if n.startswith("pir/")] or [n for n in WORKLOADS if n.startswith("pir/")]
    if not names:
        print("no PIR models found: run `make pir-zoo` (build/pir_zoo) or check tests/fixtures/pir/models")
        return 1
    peers = [p for p in default_peers() if p.name in ("purepaddle", "paddle")]
    out_dir = tempfile.mkdtemp(prefix="infer_bench_out_")
    os.environ[OUT_DIR_VAR] = out_dir
    started = time.time()
    try:
        for threads in args.zoo_threads:
            runs = {p.name: {n: [] for n in names} for p in peers}
            errors = {}
            one = argparse.Namespace(**{**vars(args), "only": names, "threads": threads,
                                        "timeout": max(args.timeout, 3600)})
            for _ in range(ROUNDS):
                for p in peers:  # the peers alternate, so load on a shared machine falls on both
                    r = run_peer(script, p, one)
                    for n in names:
                        got = r.get("results", {}).get(n) or {"error": r.get("error", "no result")}
                        if "error" in got:
                            errors[(p.name, n)] = got["error"]
                        else:
                            runs[p.name][n].append(got["median_us"])
            print(f"PIR zoo, threads={threads} (us per predictor call, median of {ROUNDS} alternating rounds)")
            width = max(len(n) for n in names)
            print(f"{'workload':<{width}}  {'purepaddle':>12}  {'paddle':>12}  {'pp/paddle':>9}")
            for n in names:
                med = {k: statistics.median(v[n]) if v[n] else None for k, v in runs.items()}
                cells = [f"{med[k]:.0f}" if med[k] is not None else "err" for k in ("purepaddle", "paddle")]
                print(f"{n:<{width}}  {cells[0]:>12}  {cells[1]:>12}  {ratio(med['purepaddle'], med['paddle']):>9}")
            for (peer, n), e in sorted(errors.items()):
                print(f"  error {n} on {peer}: {e}")
            _cross_check(out_dir, [n.replace("/", "_") for n in names], peers)
        print(f"({time.time() - started:.1f}s)")
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    return 0


def _cross_check(out_dir, names, peers):
    """Max |difference| of each peer's output vs real Paddle's on the same input."""
    import numpy as np
    print("outputs vs paddle (max abs diff):")
    for name in names:
        ref = os.path.join(out_dir, f"paddle.{name}.npy")
        if not os.path.exists(ref):
            continue
        r = np.load(ref)
        cells = []
        for p in peers:
            f = os.path.join(out_dir, f"{p.name}.{name}.npy")
            if p.name != "paddle" and os.path.exists(f):
                cells.append(f"{p.name} {np.abs(np.load(f) - r).max():.2e}")
        print(f"  {name:<10} " + "  ".join(cells))


def _keep_best(acc, name, r):
    """Merge one round's result for workload `name` into acc, keeping the lowest median."""
    for k in ("version", "numpy", "python", "peer"):
        if k in r:
            acc[k] = r[k]
    got = r.get("results", {}).get(name) or ({"error": r["error"]} if "error" in r else None)
    if got is None:
        return
    old = acc["results"].get(name)
    if old is None or "error" in old or ("error" not in got and got["median_us"] < old["median_us"]):
        acc["results"][name] = got


def main(argv=None):
    """Parent mode: one subprocess per (peer, workload), table, output cross-check; --_worker: time one."""
    argv = list(sys.argv[1:] if argv is None else argv)
    zoo = "--zoo" in argv
    if zoo:
        argv.remove("--zoo")
    args = parse_args(argv, "paddle.inference predictor benchmarks (us per call).", min_time=0.2, threads=1,
                      timeout=300)
    if args._worker:
        os.environ["PUREPADDLE_BENCH_PEER"] = args._worker
        return worker(args)
    if zoo:
        # one thread and all cores, unless --threads names one count
        args.zoo_threads = [args.threads] if any(a.startswith("--threads") for a in argv) else \
            sorted({1, os.cpu_count() or 1})
        os.environ["FLAGS_enable_pir_api"] = "1"  # the workers' real Paddle: Paddle 3's default, as the files are
        return zoo_main(args, os.path.abspath(__file__))
    if not any(n for n in argv if n.startswith("--only")):  # the zoo has its own run (--zoo)
        args.only = [n for n in args.only if not n.startswith("pir/")]
    want = (args.peers or "purepaddle,paddle,numpy").split(",")
    peers = [p for p in default_peers() if p.name in want]
    script = os.path.abspath(sys.argv[0] if argv is None else __file__)
    started = time.time()
    out_dir = tempfile.mkdtemp(prefix="infer_bench_out_")
    os.environ[OUT_DIR_VAR] = out_dir
    res = {p.name: {"results": {}} for p in peers}
    try:
        for name in args.only:
            one = argparse.Namespace(**{**vars(args), "only": [name]})
            for _ in range(ROUNDS):  # peers alternate; each keeps its best round (load on a shared box)
                for p in peers:
                    _keep_best(res[p.name], name, run_peer(script, p, one))
        print_table(args.only, peers, res, args.threads)
        print(f"({time.time() - started:.1f}s, {os.environ.get(CLOCK_VAR, 'wall')} clock, best of {ROUNDS} "
              f"alternating rounds of {args.repeat} repeats x >= {args.min_time}s each, median of a round shown)")
        _cross_check(out_dir, args.only, peers)
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
