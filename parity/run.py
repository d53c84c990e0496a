"""The harness's driver: generate the cases of the selected rows, run them on both sides, judge each case,
write the report, and keep or check the known-disagreements list."""
import fnmatch
import json
import os
import sys
import time

from parity import cases as cases_mod
from parity import compare, deliberate, report, runner, table

ROOT = runner.ROOT
KNOWN = os.path.join(ROOT, "parity", "known.json")


def key(case):
    """A case's stable name: API|dtype/kind/sample (what known.json and --show use)."""
    return f"{case['api']}|{case['label']}"


def sides(pp_python=None, ref_python=None, ref_module="paddle"):
    """purepaddle (in .venv, imported from this checkout) and real Paddle (in .venv-ref) as worker sides."""
    pp = pp_python or os.environ.get("PUREPADDLE_PYTHON") or os.path.join(ROOT, ".venv", "bin", "python")
    ref = ref_python or os.environ.get("REF_PYTHON") or os.path.join(ROOT, ".venv-ref", "bin", "python")
    if not os.path.exists(pp):
        pp = sys.executable
    return (runner.Side("purepaddle", pp, "purepaddle"),
            runner.Side("paddle", ref, ref_module))


def generate(apis=None, quick=False, seed=0, labels=None):
    """The case specs of the selected rows (ids in order)."""
    rows = cases_mod.select(table.TABLE, apis)
    if quick:
        rows = [r for r in rows if r.quick]
    out = []
    for row in rows:
        for c in cases_mod.expand(row, seed, quick):
            if labels and not any(fnmatch.fnmatchcase(c["label"], p) for p in labels.split(",")):
                continue
            c["id"] = len(out)
            out.append(c)
    return out


def judge(cases, results):
    """{case id: verdict}, deliberate differences marked 'excluded'."""
    pp, ref = results["purepaddle"], results["paddle"]
    verdicts = {}
    for c in cases:
        v = compare.verdict(c, pp.get(c["id"]), ref.get(c["id"]))
        if v["status"] == "disagree":
            reason = deliberate.excluded(c, v.get("why", ""))
            if reason:
                v = {"status": "excluded", "why": v["why"], "reason": reason}
        verdicts[c["id"]] = v
    return verdicts


def run(apis=None, quick=False, jobs=1, seed=0, report_dir=None, timeout=30.0, labels=None, pp_python=None,
        ref_python=None, ref_module="paddle", progress=True):
    """Run the harness; returns (cases, verdicts, totals, classes)."""
    t0 = time.time()
    cases = generate(apis, quick, seed, labels)
    if not cases:
        raise SystemExit(f"no cases for --apis {apis!r}")
    total = len(cases)
    last = [0.0]

    def tick(side, done):
        if progress and (time.time() - last[0] > 5 or done == total):
            last[0] = time.time()
            print(f"  {side}: {done}/{total}", file=sys.stderr, flush=True)

    results = runner.run_both(sides(pp_python, ref_python, ref_module), cases, jobs, timeout, tick)
    verdicts = judge(cases, results)
    meta = {"seed": seed, "quick": quick, "apis": apis, "jobs": jobs, "seconds": time.time() - t0}
    totals, classes = (None, None)
    if report_dir:
        skipped = dict(table.SKIPPED)
        if not quick and not apis:
            missing = uncovered(sides(pp_python, ref_python, ref_module)[1])
            skipped["no table row yet"] = f"{len(missing)} public functions: " + ", ".join(missing)
        totals, classes = report.write(report_dir, cases, verdicts, results, meta, skipped)
        with open(os.path.join(report_dir, "results.json"), "w") as f:
            json.dump({k: {str(i): r for i, r in v.items()} for k, v in results.items()}, f)
    return cases, verdicts, totals, classes


_LIST_PUBLIC = """
import inspect, json, paddle
out = []
for mod, pre in ((paddle, "paddle."), (paddle.linalg, "paddle.linalg."), (paddle.nn.functional,
                                                                          "paddle.nn.functional.")):
    for n in dir(mod):
        v = getattr(mod, n, None)
        if not n.startswith("_") and callable(v) and not inspect.isclass(v) and not inspect.ismodule(v):
            out.append(pre + n)
print(json.dumps(out))
"""


def uncovered(side):
    """Public functions of paddle, paddle.linalg and paddle.nn.functional (as `side` has them) with no table row."""
    import subprocess
    proc = subprocess.run([side.python, "-c", _LIST_PUBLIC.replace("import paddle", f"import {side.module} as paddle")],
                          env=side.env, capture_output=True, text=True, timeout=120)
    if proc.returncode:
        return []
    names = set(json.loads(proc.stdout.strip().splitlines()[-1]))
    rows = {a.name for a in table.TABLE}
    return sorted(n for n in names if n not in rows)


def rejudge(report_dir):
    """Judge and report again from a run's saved cases and answers (after a change to compare.py or
    deliberate.py, without running the workers)."""
    with open(os.path.join(report_dir, "cases.jsonl")) as f:
        cases = [json.loads(line) for line in f]
    with open(os.path.join(report_dir, "results.json")) as f:
        saved = json.load(f)
    with open(os.path.join(report_dir, "report.json")) as f:
        old = json.load(f)
    results = {side: {int(k): v for k, v in r.items()} for side, r in saved.items()}
    verdicts = judge(cases, results)
    totals, classes = report.write(report_dir, cases, verdicts, results, old["meta"], old["skipped"])
    return cases, verdicts, totals, classes


def disagreements(cases, verdicts):
    return sorted(key(c) for c in cases if verdicts[c["id"]]["status"] == "disagree")


def read_known(path=KNOWN):
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return set(json.load(f)["disagree"])


def write_known(keys, path=KNOWN):
    with open(path, "w") as f:
        json.dump({"about": "disagreements of `python -m parity --quick` that are known (fixes pending); "
                            "regenerate with `python -m parity --quick --write-known`",
                   "disagree": sorted(keys)}, f, indent=1)
        f.write("\n")
