"""bench/suite.py: the driver runs peers in their own interpreters with the thread variables set, and tabulates
(no timing is asserted: only that the figures arrive and the tables and README block are formed)."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUITE = os.path.join(ROOT, "bench", "suite.py")
sys.path.insert(0, os.path.join(ROOT, "bench"))

import suite  # noqa: E402


def test_every_row_is_a_registered_workload_with_paddle_and_torch_bodies():
    for name, _ in suite.ROWS:
        bodies = suite.WORKLOADS[name].bodies
        assert "paddle" in bodies and "torch" in bodies, name


def test_a_short_run_times_the_peers_and_fills_the_readme(tmp_path):
    out = tmp_path / "suite.json"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    run = subprocess.run([sys.executable, SUITE, "--only", "small_add,matmul64", "--peers", "purepaddle,numpy",
                          "--threads", "1", "--load", "idle,busy", "--passes", "2", "--repeat", "1",
                          "--min-time", "0.005", "--json", str(out)], env=env, capture_output=True, text=True,
                         timeout=600, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    result = json.loads(out.read_text())
    assert [(c["info"]["threads"], c["info"]["load"]) for c in result["configs"]] == [(1, "idle"), (1, "busy")]
    for cfg in result["configs"]:
        assert not cfg["info"]["errors"]
        assert len(cfg["runs"]["purepaddle"]["small_add"]) == 2  # one figure per pass
        assert cfg["median_us"]["numpy"]["matmul64"] > 0
        assert "loadavg_before" in cfg["info"] and "loadavg_after" in cfg["info"]
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{suite.BEGIN}\nold table\n{suite.END}\nrest\n")
    suite.main(["--from-json", str(out), "--readme", str(readme)])
    text = readme.read_text()
    assert "old table" not in text and text.startswith("intro\n") and text.endswith("rest\n")
    assert "| small add, per call |" in text and "1 thr, busy" in text


def test_workers_get_the_thread_count_in_their_environment(tmp_path):
    """harness.run_peer sets the thread variables before the interpreter starts: the worker sees them."""
    import argparse
    import harness
    peer = harness.Peer("x", sys.executable, "os", "numpy")
    code = ("import os, json, sys; print('@@BENCH@@ ' + json.dumps({'results': {}, "
            "'env': [os.environ.get(v) for v in ('OMP_NUM_THREADS', 'OPENBLAS_NUM_THREADS', 'MKL_NUM_THREADS')]}))")
    script = tmp_path / "print_env.py"
    script.write_text(code)
    args = argparse.Namespace(threads=3, only=["small_add"], repeat=1, min_time=0.0, timeout=60)
    assert harness.run_peer(str(script), peer, args)["env"] == ["3", "3", "3"]
