"""paddle.distributed.spawn: the launcher's workers run a function; return values come back, a worker's error
raises in the caller with its traceback and the launcher's failure summary."""
import subprocess
import sys
from pathlib import Path

import pytest

import purepaddle.distributed as dist

SCRIPT = Path(__file__).with_name("job_spawn.py")


def _run(mode, tmp_path, env):
    proc = subprocess.run([sys.executable, "-m", "purepaddle", str(SCRIPT), mode], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    return proc


def test_spawn_runs_the_function_on_every_rank_and_returns_its_values(tmp_path, mpi, launcher_free_env):
    proc = _run("ok", tmp_path, launcher_free_env)
    results = [eval(line[len("RESULT "):]) for line in proc.stdout.splitlines() if line.startswith("RESULT")]
    assert [r[:3] for r in results] == [(r, 3, 60.0) for r in range(3)]  # (1 + 2 + 3) * 10 on every rank
    assert all(len(r[3].split(",")) == 3 for r in results)  # the launcher's PADDLE_* environment
    assert all(r[4] == str(tmp_path) for r in results)  # the caller's working directory


def test_spawn_without_join_returns_a_context_to_join(tmp_path, mpi, launcher_free_env):
    proc = _run("nojoin", tmp_path, launcher_free_env)
    assert proc.stdout.count("RESULT") == 2


def test_a_failing_worker_makes_spawn_raise_with_its_traceback_and_the_summary(tmp_path, mpi, launcher_free_env):
    proc = _run("fail", tmp_path, launcher_free_env)
    raised = proc.stdout[proc.stdout.index("RAISED"):]
    assert raised.startswith("RAISED Exception")
    assert "Process 1 terminated with the following error:" in raised
    assert "ValueError: rank 1 cannot train" in raised and "in train" in raised
    assert "ValueError: rank 1 cannot train" in proc.stderr  # the launcher's failure summary names the cause


def test_spawn_refuses_unknown_options_and_device_backends():
    with pytest.raises(ValueError, match=r"The config option \(foo\) of `paddle.distributed.spawn` is not supported"):
        dist.spawn(print, foo=1)
    with pytest.raises(ValueError, match="backend argument can only be one of"):
        dist.spawn(print, backend="mpi2")
    with pytest.raises(ValueError, match="needs a device"):
        dist.spawn(print, backend="nccl")


def test_object_lists_gloo_barrier_and_process_group_restart_on_two_ranks(tmp_path, mpi, launcher_free_env):
    proc = _run("objects", tmp_path, launcher_free_env)
    line = [x for x in proc.stdout.splitlines() if x.startswith("RESULT")][0]
    assert eval(line[len("RESULT "):]) == [([None, None], True), ([{"lr": 0.1}, "done"], True)]


def test_process_group_shutdown_and_parallel_mode_in_one_process(solo):
    dist.init_parallel_env()
    dist.shutdown_process_group()
    with pytest.raises(RuntimeError, match="was shut down"):
        dist.barrier()
    dist.restart_process_group()
    dist.barrier()
    assert (dist.ParallelMode.DATA_PARALLEL, dist.ParallelMode.SEGMENT_PARALLEL) == (0, 4)
    with pytest.raises(AssertionError, match="rank_num should greater than or equal to 2"):
        dist.gloo_init_parallel_env(0, 1, "127.0.0.1:0")
    with pytest.raises(ValueError, match="object_list cannot be None or empty"):
        dist.send_object_list([])
