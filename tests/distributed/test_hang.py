"""Hang diagnosis: the collectives ledger, and the launcher's watchdog naming who waits where and who did not come.

The launched test starts 2 real processes under mpirun (skipped without mpi4py/Open MPI).
"""
import os
import sys
import tempfile
import time

import numpy as np
import pytest

from purepaddle.distributed import ledger
from purepaddle.distributed.launch import watchdog

HANG_SCRIPT = '''\
import os, time
import paddle
import paddle.distributed as dist

dist.init_parallel_env()
x = paddle.ones([4], dtype="float32")
dist.all_reduce(x)
if dist.get_rank() == 0:
    with open(os.path.join({out!r}, "blocked.pid"), "w") as f:
        f.write(str(os.getpid()))
    dist.all_reduce(x)
else:
    time.sleep(60)
print("not reached", flush=True)
'''


# -- the ledger --------------------------------------------------------------------------------------
class _FakeGroup:
    """Stands in for a ProcessGroup: `inner` runs a nested recorded call, as a widened all_reduce does."""

    @ledger.recorded("all_reduce")
    def all_reduce(self, a, op, sync=True):
        self.seen = (ledger.LEDGER.op, ledger.LEDGER.waiting())
        if a.dtype == np.float16:
            self.all_reduce(a.astype(np.float32), op)

    @ledger.recorded("barrier")
    def barrier(self):
        raise RuntimeError("broken")


def test_ledger_records_op_shape_dtype_and_the_callers_line():
    g, led = _FakeGroup(), ledger.LEDGER
    before = led.issued
    g.all_reduce(np.zeros((2, 3), np.float16), 0)
    line = sys._getframe().f_lineno - 1
    assert g.seen == ("all_reduce", True)  # waiting while inside
    snap = led.snapshot()
    assert snap["seq"] == snap["completed"] == before + 1  # the nested float32 call is not a second entry
    assert snap["shape"] == [2, 3] and snap["dtype"] == "float16" and not snap["waiting"]
    assert snap["file"] == os.path.abspath(__file__) and snap["line"] == line
    with pytest.raises(RuntimeError):
        g.barrier()
    assert led.issued == led.completed == before + 2 and led.op == "barrier" and led.shape is None


# -- the launcher's diagnosis from reports -----------------------------------------------------------
def _report(rank, seq, waiting, line, stack=()):
    entry = {"seq": seq, "completed": seq - 1 if waiting else seq, "op": "all_reduce", "shape": [4],
             "dtype": "float32", "file": "/job/train.py", "line": line, "waiting": waiting}
    return {"rank": rank, "entry": entry, "stack": list(stack)}


def test_diagnosis_names_waiting_ranks_and_the_missing_one():
    s = watchdog.Stalls(world=4, settle=5.0)
    s.add(_report(3, 11, False, 21, [["/job/train.py", 30, "<module>", "time.sleep(60)"]]))
    assert not s.due()  # nobody waits in a collective: no hang
    for r in (0, 1):
        s.add(_report(r, 12, True, 21))
    assert not s.due()  # rank 2 has not reported yet, and the settle time is not over
    s.add(_report(2, 12, True, 21))
    assert s.due()
    text = s.diagnosis(2.0)
    assert "ranks 0-2 wait in all_reduce #12 [4] float32 (train.py:21)" in text
    assert "rank 3 has not issued #12 (its last was all_reduce #11 [4] float32 (train.py:21)): it is in " \
           "<module> (train.py:30): time.sleep(60)" in text
    s.add({"rank": 0, "resumed": True})
    s.add({"rank": 1, "resumed": True})
    s.add({"rank": 2, "resumed": True})
    assert not s.due()  # they moved on: the stall is withdrawn


def test_hang_timeout_flag_and_env():
    from purepaddle.distributed.launch import args as launch_args
    assert launch_args.parse(["x.py"], environ={}).hang_timeout == 0
    assert launch_args.parse(["--hang_timeout", "5", "x.py"], environ={}).hang_timeout == 5.0
    msgs = []
    a = launch_args.parse(["x.py"], environ={"PADDLE_HANG_TIMEOUT": "7.5"}, echo=msgs.append)
    assert a.hang_timeout == 7.5 and "hang_timeout" in msgs[0]


# -- launched -----------------------------------------------------------------------------------------
@pytest.mark.usefixtures("mpi")
def test_a_hang_is_diagnosed_and_the_job_stopped(tmp_path, monkeypatch, capsys, no_launcher_env):
    from purepaddle.distributed.launch.main import launch
    script = tmp_path / "train.py"
    script.write_text(HANG_SCRIPT.format(out=str(tmp_path)))
    monkeypatch.chdir(tmp_path)
    start = time.time()
    rc = launch(["--nproc_per_node", "2", "--hang_timeout", "2", "train.py"])
    took = time.time() - start
    out, err = capsys.readouterr()
    assert rc == 1, err
    assert took < 45, f"took {took:.1f}s"  # stopped by the diagnosis, not by the worker's 60 s sleep
    assert err.count("HANG!!!") == 1
    assert "rank 0 waits in all_reduce #2 [4] float32 (train.py:11)" in err, err
    assert "rank 1 has not issued #2 (its last was all_reduce #1 [4] float32 (train.py:7)): it is in " \
           "<module> (train.py:13): time.sleep(60)" in err, err
    assert "not reached" not in out
    assert f"each rank's full Python stack: {tmp_path / 'log' / 'hangstack.0'}, {tmp_path / 'log' / 'hangstack.1'}" \
        in err
    dump = (tmp_path / "log" / "hangstack.1").read_text()
    assert "rank 1 made no collective progress" in dump and "time.sleep(60)" in dump
    pid = int((tmp_path / "blocked.pid").read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # rank 0, blocked in all_reduce, was stopped
    # Open MPI's session directory lived in the job's scratch directory, removed with it (tests/faults checks
    # that no ompi.* of the job's own processes is left in the temp directory)
    assert [n for base in ("/dev/shm", tempfile.gettempdir()) if os.path.isdir(base) for n in os.listdir(base)
            if n.startswith(f"purepaddle-mpi-{os.getpid()}-")] == []
