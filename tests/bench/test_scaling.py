"""bench/scaling.py: a short run forms the figures (steps/s per world size, 1 math thread per rank as each
interpreter started) and the README block between the scaling markers (no timing is asserted)."""
import importlib.util
import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCALING = os.path.join(ROOT, "bench", "scaling.py")


def _module():
    spec = importlib.util.spec_from_file_location("bench_scaling_under_test", SCALING)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


REPORT = {
    "loadavg_before": "0.10 0.20 0.30", "loadavg_after": "0.40 0.50 0.60", "machine": "Test CPU, 4 cores usable",
    "when": "2026-01-01 00:00 UTC",
    "allreduce": {"mpi": "Open MPI v5.0", "rows": [
        {"size": "4 KiB", "bytes": 4096, "raw": 5e-6, "purepaddle": 6e-6, "raw_median": 5e-6,
         "purepaddle_median": 6e-6}]},
    "dp": {"lenet": {"batch": 256, "steps": 30, "cores": 4, "rows": {
        "1 rank x 1 thread": {"per_step": 0.1, "speedup": 1.0, "steps_per_s": 10.0},
        "2 ranks x 1 thread": {"per_step": 0.05, "speedup": 2.0, "steps_per_s": 20.0}}}},
}


def test_markdown_and_readme_block(tmp_path):
    mod = _module()
    block = mod.markdown(REPORT)
    assert "Test CPU, 4 cores usable" in block and "0.10 0.20 0.30 -> 0.40 0.50 0.60" in block
    assert "| 4 KiB | 5.0 us | 6.0 us | 1.20 | 0.82 | 0.68 |" in block
    assert "| LeNet 1x28x28, global batch 256, median of 30 steps | 10.00 (1.00x) | 20.00 (2.00x) |" in block
    readme = tmp_path / "README.md"
    readme.write_text(f"head\n{mod.BEGIN}\nold figures\n{mod.END}\ntail\n")
    mod.write_readme(str(readme), block)
    text = readme.read_text()
    assert "old figures" not in text and text.startswith("head\n") and text.endswith(f"{mod.END}\ntail\n")
    assert block in text


def test_the_repository_readme_has_the_block():
    mod = _module()
    text = open(os.path.join(ROOT, "README.md")).read()
    assert mod.BEGIN in text and mod.END in text


def test_a_short_run(tmp_path):
    from purepaddle.distributed.launch import job, plan
    if importlib.util.find_spec("mpi4py") is None:
        pytest.skip("needs mpi4py and Open MPI")
    try:
        job.find_mpirun()
    except plan.LaunchError:
        pytest.skip("needs mpi4py and Open MPI")
    out = tmp_path / "scaling.json"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "OMPI_", "PMIX_"))}
    env["PYTHONPATH"] = ROOT
    proc = subprocess.run([sys.executable, SCALING, "--only", "dp", "--model", "mlp", "--steps", "1", "--batch", "8",
                           "--json", str(out)], capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    report = json.loads(out.read_text())
    rows = report["dp"]["mlp"]["rows"]
    assert "1 rank x 1 thread" in rows and "2 ranks x 1 thread" in rows
    for name, row in rows.items():
        assert row["steps_per_s"] > 0 and row["world"] == int(name.split()[0])
        if name.endswith("x 1 thread"):
            assert row["threads"] == "1"  # set in each rank's environment before it started
    assert "steps/s" in proc.stdout
