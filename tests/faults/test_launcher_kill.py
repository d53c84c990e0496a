"""Launcher kills (issue 13, "Nothing left behind"): `python -m paddle.distributed.launch --nproc_per_node 2` runs
a script whose ranks wait after an all_reduce; the launcher is SIGKILLed at a random moment once they run. Every
process it started (mpirun, the supervisors, the ranks) must be gone within seconds, and no Open MPI session
directory (`ompi.*` in the temp directory), shared-memory segment (/dev/shm) or scratch directory of the job may
remain. The long form also stops hung jobs with --hang_timeout and checks the same."""
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

import pytest

from tests.checkout import child_env
from tests.faults import mode, procs



def _have_mpi():
    import importlib.util

    from purepaddle.distributed.launch import job, plan
    if importlib.util.find_spec("mpi4py") is None:
        return False
    try:
        job.find_mpirun()
    except plan.LaunchError:
        return False
    return True


pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs Linux process control"),
              pytest.mark.skipif(not _have_mpi(), reason="needs mpi4py and Open MPI")]

SCRIPT = """\
import os, sys, time
import paddle, paddle.distributed as dist
dist.init_parallel_env()
x = paddle.ones([4]); dist.all_reduce(x)
open(os.path.join(sys.argv[1], "ready.%d" % dist.get_rank()), "w").close()
if {hang} and dist.get_rank() == 0:
    dist.all_reduce(x)  # rank 1 never comes: a hang
time.sleep(120)
"""


def _entries():
    """What the job could leave: /dev/shm entries and Open MPI / purepaddle entries of the temp directory."""
    tmp = tempfile.gettempdir()
    return ({os.path.join(procs.SHM, n) for n in procs.shm_names()}
            | {os.path.join(tmp, n) for n in os.listdir(tmp) if n.startswith(("ompi.", "prte.", "purepaddle"))})


def _ours(new, pids):
    """The new entries this job left: Open MPI session directories of its processes, its scratch directory,
    and shared-memory entries nobody holds (other jobs on the machine make entries of the same kinds)."""
    out = []
    for path in new:
        name = os.path.basename(path)
        if name.startswith(("ompi.", "prte.")):
            if any(str(pid) in name.split(".") for pid in pids):
                out.append(path)
        elif name.startswith("purepaddle-mpi-"):
            if name.split("-")[2] in {str(pid) for pid in pids}:
                out.append(path)
        elif path.startswith(procs.SHM):
            out += procs.unclaimed([path])
    return out


def _env():
    env = child_env()
    for k in list(env):
        if k.startswith(("PADDLE_", "OMPI_", "PMIX_", "TRAINING_ROLE")):
            del env[k]
    return env


def one_trial(tmp_path, rng, hang):
    """One launch: SIGKILL the launcher once both ranks run (hang=False), or let --hang_timeout stop the job;
    returns (processes left running, entries left behind)."""
    d = tmp_path / f"t{rng.random():.9f}"
    d.mkdir()
    (d / "train.py").write_text(SCRIPT.format(hang=hang))
    before = _entries()
    cmd = [sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", "2", "--log_dir", str(d / "log")]
    if hang:
        cmd += ["--hang_timeout", "2"]
    p = subprocess.Popen(cmd + [str(d / "train.py"), str(d)], env=_env(), cwd=d, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    tree = set()
    try:
        deadline = time.monotonic() + 90
        while len(list(d.glob("ready.*"))) < 2 and p.poll() is None and time.monotonic() < deadline:
            tree.update(procs.descendants(p.pid))
            time.sleep(0.05)
        assert len(list(d.glob("ready.*"))) == 2, "the ranks did not start"
        tree.update(procs.descendants(p.pid))
        if hang:
            assert p.wait(timeout=60) == 1
        else:
            time.sleep(rng.uniform(0, 1.0))
            tree.update(procs.descendants(p.pid))
            p.send_signal(signal.SIGKILL)
            p.wait()
        left = procs.wait_gone(sorted(tree), 10.0)
        procs.kill_tree(left)
        time.sleep(0.2)
        return left, _ours(sorted(_entries() - before), tree | {p.pid})
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def _run(tmp_path, hang, trials, suite):
    rng = random.Random(131 + hang)
    lingering, leaked = 0, 0
    for _ in range(trials):
        left, new = one_trial(tmp_path, rng, hang)
        lingering += bool(left)
        leaked += len(new)
        inside = {n: [os.path.join(r, f) for r, _, fs in os.walk(n) for f in fs] for n in new if os.path.isdir(n)}
        assert not left and not new, f"processes still running: {left}; left behind: {new} {inside}"
    mode.report(suite, trials=trials, processes_left=lingering, entries_left=leaked)


def test_launcher_kill_leaves_nothing(tmp_path):
    _run(tmp_path, False, mode.trials(1, 20), "launcher_kill")


@pytest.mark.skipif(not mode.LONG, reason="long form only (tests/distributed/test_hang.py checks one stop)")
def test_hang_timeout_stop_leaves_nothing(tmp_path):
    _run(tmp_path, True, mode.trials(1, 10), "hang_timeout_stop")
