"""The thread policy (_core/threads.py): affinity/quota arithmetic, the import-time limit, the predictor's threads."""
import os
import subprocess
import sys

import numpy as np
import pytest

from purepaddle._core import threads

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _file(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


@pytest.mark.parametrize("text, cores", [("max 100000", None), ("200000 100000", 2), ("150000 100000", 2),
                                         ("50000 100000", 1), ("100000 100000\n", 1), ("400000", 4)])
def test_cgroup_v2_quota(tmp_path, text, cores):
    assert threads.quota_cores(_file(tmp_path, "cpu.max", text), "/nonexistent", "/nonexistent") == cores


@pytest.mark.parametrize("quota, period, cores", [("-1", "100000", None), ("300000", "100000", 3),
                                                  ("250000", "100000", 3)])
def test_cgroup_v1_quota(tmp_path, quota, period, cores):
    q, p = _file(tmp_path, "q", quota), _file(tmp_path, "p", period)
    assert threads.quota_cores("/nonexistent", q, p) == cores


def test_no_cgroup_files_means_no_quota():
    assert threads.quota_cores("/nonexistent", "/nonexistent", "/nonexistent") is None


def test_available_cores_is_the_smaller_of_affinity_and_quota():
    assert threads.available_cores(affinity=8, quota=3) == 3
    assert threads.available_cores(affinity=2, quota=6) == 2
    assert threads.available_cores(affinity=4, quota="none") == 4
    assert threads.available_cores() <= (os.cpu_count() or 1)


def test_the_users_setting_wins_and_policy_values_do_not_count():
    assert threads.policy_threads({"MKL_NUM_THREADS": "3"}, cores=8) == 3
    assert threads.policy_threads({"OMP_NUM_THREADS": "5,2"}, cores=8) == 5
    assert threads.policy_threads({"OMP_NUM_THREADS": "junk"}, cores=8) == 8
    assert threads.policy_threads({}, workers=3, cores=8) == 2
    assert threads.policy_threads({}, workers=16, cores=8) == 1
    assert threads.thread_env({"OPENBLAS_NUM_THREADS": "1"}, cores=8) == {}
    assert threads.thread_env({}, workers=2, cores=8) == {v: "4" for v in threads.THREAD_VARS}
    # variables apply() set in a parent (marked) are re-derived, one the user changed since is theirs
    marked = {**{v: "8" for v in threads.THREAD_VARS}, threads.POLICY_VAR: "8"}
    assert threads.user_threads(marked) is None
    assert threads.thread_env(marked, workers=2, cores=8)["OMP_NUM_THREADS"] == "4"
    assert threads.user_threads({**marked, "OMP_NUM_THREADS": "1"}) == 1


@pytest.mark.parametrize("text, online, idle", [("0.00 0.01 0.05 1/100 42", 16, 16), ("1.40 1 1 1/1 1", 16, 15),
                                                ("9.12 8 6 9/140 1", 2, 1), ("1.60 1 1 1/1 1", 2, 1),
                                                ("junk", 4, 4)])
def test_idle_cores_from_the_load_average(tmp_path, text, online, idle):
    assert threads.idle_cores(online=online, loadavg=_file(tmp_path, "loadavg", text)) == idle
    assert threads.idle_cores(online=online, loadavg="/nonexistent") == online


def test_busy_cores_cap_the_policy(monkeypatch):
    monkeypatch.setattr(threads, "available_cores", lambda: 8)
    monkeypatch.setattr(threads, "idle_cores", lambda: 3)
    assert threads.usable_cores() == 3
    assert threads.policy_threads({}) == 3
    assert threads.policy_threads({"OPENBLAS_NUM_THREADS": "8"}) == 8  # the user's choice still wins


def test_the_launcher_uses_the_policy(monkeypatch):
    from purepaddle.distributed.launch.plan import thread_env
    assert thread_env(2, {"OMP_NUM_THREADS": "3"}) == {}
    monkeypatch.setattr(threads, "available_cores", lambda: 6)
    monkeypatch.setattr(threads, "idle_cores", lambda: 6)
    assert thread_env(2, {}) == {v: "3" for v in threads.THREAD_VARS}


def _child(code, affinity=None):
    """Run code in a fresh interpreter (no thread variables inherited) on the given CPUs; its stdout words."""
    env = {k: v for k, v in os.environ.items() if k not in threads.THREAD_VARS + (threads.POLICY_VAR,)}
    env["PYTHONPATH"] = ROOT
    pre = (lambda: os.sched_setaffinity(0, affinity)) if affinity else None
    out = subprocess.run([sys.executable, "-c", code], env=env, preexec_fn=pre, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs CPU affinity (Linux)")
def test_a_child_on_one_core_gets_one_blas_thread():
    cpu = sorted(os.sched_getaffinity(0))[0]
    code = ("import os, purepaddle, numpy\nfrom purepaddle._core import threads\n"
            "print(os.environ['OPENBLAS_NUM_THREADS'], threads.APPLIED, threads.blas_threads())")
    env_n, applied, blas = _child(code, affinity={cpu})
    assert (env_n, applied) == ("1", "1")
    assert blas in ("1", "None")  # None: a BLAS whose pool cannot be read


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs CPU affinity (Linux)")
def test_numpy_imported_first_is_resized_at_import():
    cpu = sorted(os.sched_getaffinity(0))[0]
    code = ("import os\nos.environ['OPENBLAS_NUM_THREADS'] = '2'\nimport numpy\ndel os.environ['OPENBLAS_NUM_THREADS']\n"
            "import purepaddle\nfrom purepaddle._core import threads\nprint(threads.blas_threads())")
    (blas,) = _child(code, affinity={cpu})
    assert blas in ("1", "None")


def test_limit_blas_restores_the_pool():
    before = threads.blas_threads()
    if before is None:
        pytest.skip("the loaded BLAS pool cannot be read")
    with threads.limit_blas(1):
        assert threads.blas_threads() == 1
        np.ones((8, 8)) @ np.ones((8, 8))
    assert threads.blas_threads() == before


def test_predictor_runs_at_the_configs_math_threads(tmp_path, monkeypatch):
    import purepaddle as paddle
    from purepaddle.static import InputSpec
    if threads.blas_threads() is None:
        pytest.skip("the loaded BLAS pool cannot be read")
    paddle.jit.save(paddle.nn.Linear(8, 2), str(tmp_path / "model"), input_spec=[InputSpec([None, 8], "float32", "x")])
    seen = []
    from purepaddle.inference.runner import Plan
    run = Plan.run
    monkeypatch.setattr(Plan, "run", lambda plan, vals: (seen.append(threads.blas_threads()), run(plan, vals))[1])
    for n in (1, 2):
        config = paddle.inference.Config(str(tmp_path / "model.json"), str(tmp_path / "model.pdiparams"))
        config.set_cpu_math_library_num_threads(n)
        config.disable_glog_info()
        pred = paddle.inference.create_predictor(config)
        before = threads.blas_threads()
        (y,) = pred.run([paddle.ones([3, 8])])
        assert y.shape == [3, 2]
        assert threads.blas_threads() == before  # restored after the run
    assert seen == [1, 2]


def test_base_core_set_num_threads_resizes_the_pool():
    from purepaddle.base import core
    before = threads.blas_threads()
    if before is None:
        pytest.skip("the loaded BLAS pool cannot be read")
    try:
        core.set_num_threads(0)  # Paddle: below 1 means 1
        assert threads.blas_threads() == 1
        with pytest.raises(TypeError, match="incompatible function arguments"):
            core.set_num_threads(2.5)
    finally:
        threads.set_blas_threads(before)


@pytest.mark.skipif(not hasattr(os, "sched_setaffinity"), reason="needs CPU affinity (Linux)")
def test_python_m_purepaddle_runs_the_script_under_the_policy(tmp_path):
    """The script's own NumPy (loaded after the launcher's import of purepaddle) gets the policy's pool."""
    cpu = sorted(os.sched_getaffinity(0))[0]
    script = tmp_path / "s.py"
    script.write_text("import os, numpy, paddle\nfrom purepaddle._core import threads\n"
                      "print(os.environ['OPENBLAS_NUM_THREADS'], threads.blas_threads())\n")
    env = {k: v for k, v in os.environ.items() if k not in threads.THREAD_VARS + (threads.POLICY_VAR,)}
    env["PYTHONPATH"] = ROOT
    out = subprocess.run([sys.executable, "-m", "purepaddle", str(script)], env=env, capture_output=True, text=True,
                         timeout=120, preexec_fn=lambda: os.sched_setaffinity(0, {cpu}))
    assert out.returncode == 0, out.stderr
    env_n, blas = out.stdout.split()
    assert env_n == "1" and blas in ("1", "None")


def test_overlapping_limits_restore_the_outer_size():
    before = threads.blas_threads()
    if before is None:
        pytest.skip("the loaded BLAS pool cannot be read")
    a, b = threads.limit_blas(1), threads.limit_blas(3)
    a.__enter__()
    b.__enter__()
    assert threads.blas_threads() == 3
    a.__exit__(None, None, None)  # closed out of order, as two threads may
    assert threads.blas_threads() == 3
    b.__exit__(None, None, None)
    assert threads.blas_threads() == before


# -- parallel_for: the split of GIL-free kernels over the intra-op threads ---------------------------------------
def test_parallel_for_covers_the_range_once_in_contiguous_parts(monkeypatch):
    import threading
    monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
    parts, names = [], set()

    def fn(lo, hi):
        parts.append((lo, hi))
        names.add(threading.current_thread().name)

    threads.parallel_for(fn, 10, threads=3)
    assert sorted(parts) == [(0, 3), (3, 6), (6, 10)]
    assert len(names) >= 2  # the caller and at least one pool thread took a part
    parts.clear()
    threads.parallel_for(fn, 10, work_per_item=1, threads=1)
    assert parts == [(0, 10)]


def test_parallel_for_stays_serial_for_small_work_and_inside_a_part(monkeypatch):
    parts = []
    threads.parallel_for(lambda lo, hi: parts.append((lo, hi)), 8, work_per_item=100, threads=4)
    assert parts == [(0, 8)]  # 800 elements: not worth a thread
    monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
    inner = []

    def outer(lo, hi):
        threads.parallel_for(lambda a, b: inner.append((lo, a, b)), 4, threads=4)

    threads.parallel_for(outer, 2, threads=2)
    assert sorted(inner) == [(0, 0, 4), (1, 0, 4)]  # neither part splits again: every thread is busy
    threads.parallel_for(lambda lo, hi: inner.append(("after", lo, hi)), 4, threads=4)
    assert len([p for p in inner if p[0] == "after"]) == 4  # and the caller splits again afterwards


def test_parallel_for_raises_a_parts_error_after_every_part_finished(monkeypatch):
    import time
    monkeypatch.setattr(threads, "MIN_SPLIT_WORK", 1)
    done = []

    def fn(lo, hi):
        if lo == 0:
            time.sleep(0.05)
            done.append(lo)
            return
        raise ValueError(f"bad part {lo}")

    with pytest.raises(ValueError, match="bad part 5"):
        threads.parallel_for(fn, 10, threads=2)
    assert done == [0]


def test_the_split_follows_the_blas_pool(monkeypatch):
    monkeypatch.setitem(threads._INTRA, "n", None)
    before = threads.intra_op_threads()
    try:
        if threads.set_blas_threads(1):
            assert threads.intra_op_threads() == 1
    finally:
        threads.set_blas_threads(before)
    assert threads.intra_op_threads() == before
