"""bench/suite.py: the driver runs peers in their own interpreters with the thread variables set, and tabulates
(no timing is asserted: only that the figures arrive and the tables and README block are formed)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "bench")
SUITE = os.path.join(BENCH, "suite.py")
BEGIN, END = "<!-- bench:begin (bench/suite.py --readme) -->", "<!-- bench:end -->"


def _bench_python(code):
    """Run code with bench/ on the path in a fresh interpreter (its top-level module names, harness, train,
    nets, ..., stay out of the test process); its stdout."""
    out = subprocess.run([sys.executable, "-c", code], cwd=BENCH, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": BENCH})
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_every_row_is_a_registered_workload_with_paddle_and_torch_bodies():
    out = _bench_python("import suite\nfor n, _ in suite.ROWS:\n    b = suite.WORKLOADS[n].bodies\n"
                        "    print(n, 'paddle' in b and 'torch' in b)")
    rows = [line.split() for line in out.splitlines()]
    assert len(rows) >= 15 and all(ok == "True" for _, ok in rows), rows
    assert suite_markers_in_readme()


def suite_markers_in_readme():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    return BEGIN in text and END in text


def test_a_short_run_times_the_peers_and_fills_the_readme(tmp_path):
    out = tmp_path / "suite.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([sys.executable, SUITE, "--only", "small_add,matmul64", "--peers", "purepaddle,numpy",
                          "--threads", "1,all", "--load", "idle,busy", "--passes", "2", "--repeat", "1",
                          "--min-time", "0.005", "--json", str(out)], env=env, capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    result = json.loads(out.read_text())
    cores = len(os.sched_getaffinity(0))
    want = [(1, "idle"), (1, "busy")] + ([(cores, "idle"), (cores, "busy")] if cores > 1 else [])
    assert [(c["info"]["threads"], c["info"]["load"]) for c in result["configs"]] == want
    for cfg in result["configs"]:
        info = cfg["info"]
        assert not info["errors"]
        assert len(cfg["runs"]["purepaddle"]["small_add"]) == 2  # one figure per pass
        assert cfg["median_us"]["numpy"]["matmul64"] > 0
        assert "loadavg_before" in info and "loadavg_after" in info
        assert info["all_cores"] == (info["threads"] == cores)  # 'all' is labelled as such (1 core: both)
        # the busy configuration records that its competing process really ran (a share of a core, > 0)
        assert (info["load"] == "busy") == ("busy_core_share" in info)
        assert info.get("busy_core_share", 1) > 0
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{BEGIN}\nold table\n{END}\nrest\n")
    subprocess.run([sys.executable, SUITE, "--from-json", str(out), "--readme", str(readme)], check=True,
                   capture_output=True, timeout=300, cwd=ROOT)
    text = readme.read_text()
    assert "old table" not in text and text.startswith("intro\n") and text.endswith("rest\n")
    assert "| small add, per call |" in text and "1 thr, busy" in text
    if cores > 1:
        assert f"{cores} thr (all cores), idle" in text
    # the hand-written NumPy peer's ratio (the limit) is stated below the table
    assert "64x64 matmul, per call against hand-written NumPy" in text


def test_workers_get_the_thread_count_in_their_environment(tmp_path):
    """harness.run_peer sets the thread variables before the interpreter starts (0: leaves them unset)."""
    script = tmp_path / "print_env.py"
    script.write_text("import os, json; print('@@BENCH@@ ' + json.dumps({'results': {}, 'env': "
                      "[os.environ.get(v) for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS')]}))")
    out = _bench_python(
        "import argparse, json, sys, harness\npeer = harness.Peer('x', sys.executable, 'os', 'numpy')\n"
        "for n in (3, 0):\n"
        "    a = argparse.Namespace(threads=n, only=['small_add'], repeat=1, min_time=0.0, timeout=60)\n"
        f"    print(json.dumps(harness.run_peer({str(script)!r}, peer, a)['env']))")
    assert [json.loads(line) for line in out.splitlines()] == [["3", "3", "3"], [None, None, None]]
