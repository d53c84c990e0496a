"""Several nodes without ssh: two real hosts made of two network namespaces joined by a veth pair, each with its
own hostname, an `ssh` on PATH that always fails, and one launcher per "host" (Paddle's per-node recipe). Open MPI
stays the engine: its daemon on the other host is started by that host's launcher (agent.py, remote.py).
Skipped where network namespaces cannot be made (not root, no `ip`/`unshare`, a sandbox without CAP_NET_ADMIN)."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.checkout import ROOT

SCRIPTS = Path(__file__).resolve().parent
FAILING_SSH = "#!/bin/sh\necho 'ssh: this test forbids ssh' >&2\nexit 255\n"


def _ip(*args):
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)


class Hosts:
    """Two hosts, 10.N.0.1 (node A) and 10.N.0.2 (node B); `launch(k, argv)` starts a launcher on host k."""

    def __init__(self, tmp_path):
        tag = f"{os.getpid() % 10000}"
        self.ns = [f"ppA{tag}", f"ppB{tag}"]
        self.ips = [f"10.{200 + os.getpid() % 50}.0.1", f"10.{200 + os.getpid() % 50}.0.2"]
        self.names = ["ppnode-a", "ppnode-b"]
        self.tmp = tmp_path
        self.bin = tmp_path / "bin"
        self.bin.mkdir()
        (self.bin / "ssh").write_text(FAILING_SSH)
        (self.bin / "ssh").chmod(0o755)

    def up(self):
        self.down()  # what a killed earlier run of this process id may have left
        veth = [f"v{n}" for n in self.ns]
        steps = [("netns", "add", self.ns[0]), ("netns", "add", self.ns[1]),
                 ("link", "add", veth[0], "type", "veth", "peer", "name", veth[1])]
        for k in (0, 1):
            steps += [("link", "set", veth[k], "netns", self.ns[k]),
                      ("-n", self.ns[k], "addr", "add", f"{self.ips[k]}/24", "dev", veth[k]),
                      ("-n", self.ns[k], "link", "set", veth[k], "up"),
                      ("-n", self.ns[k], "link", "set", "lo", "up")]
        for step in steps:
            p = _ip(*step)
            if p.returncode != 0:
                return f"ip {' '.join(step)}: {p.stderr.strip()}"
        return None

    def down(self):
        for ns in self.ns:
            _ip("netns", "del", ns)  # takes its end of the veth pair (and so the pair) with it

    def launch_env(self):
        """This process's environment without the launcher's and MPI's variables, with this checkout first."""
        env = {key: v for key, v in os.environ.items()
               if not key.startswith(("PADDLE_", "OMPI_", "PMIX_", "SLURM_", "PRTE_"))}
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        return env

    def launch(self, k, argv, cwd, **extra_env):
        """`python -m paddle.distributed.launch argv` on host k, with its own hostname and a failing ssh."""
        env = self.launch_env()
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        env.update(extra_env)
        inner = [sys.executable, "-m", "purepaddle", "-m", "paddle.distributed.launch", *argv]
        cmd = ["ip", "netns", "exec", self.ns[k], "unshare", "--uts", "sh", "-c",
               f'hostname {self.names[k]} && exec "$@"', "sh", *inner]
        return subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.fixture
def hosts(tmp_path, mpi):
    if os.geteuid() != 0 or not shutil.which("ip") or not shutil.which("unshare"):
        pytest.skip("needs root with `ip` and `unshare` to make two network namespaces")
    h = Hosts(tmp_path)
    problem = h.up()
    if problem is None:
        probe = subprocess.run(["ip", "netns", "exec", h.ns[0], "unshare", "--uts", "true"], capture_output=True,
                               timeout=10)
        problem = None if probe.returncode == 0 else probe.stderr.decode()
    if problem is not None:
        h.down()
        pytest.skip(f"network namespaces are not permitted here ({problem})")
    yield h
    h.down()


def _finish(procs, timeout=90):
    """Wait for every launcher; returns [(returncode, output, seconds from the first's start)]."""
    start, out = time.monotonic(), []
    try:
        for p in procs:
            text, _ = p.communicate(timeout=max(1, timeout - (time.monotonic() - start)))
            out.append((p.returncode, text, time.monotonic() - start))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    return out


def test_one_launcher_per_node_trains_to_the_single_process_result(hosts, tmp_path):
    master = f"{hosts.ips[0]}:29617"
    common = ["--master", master, "--nnodes", "2", "--nproc_per_node", "2", "--join_timeout", "60"]
    script = [str(SCRIPTS / "job_train_dp.py"), str(tmp_path / "dp.json")]
    procs = [hosts.launch(k, common + ["--log_dir", f"log{k}"] + script, tmp_path) for k in (0, 1)]
    (rc0, out0, _), (rc1, out1, _) = _finish(procs)
    assert rc0 == 0 and rc1 == 0, out0 + "\n----\n" + out1
    assert "4 worker(s) on 2 node(s)" in out0 and "this is node 1 of 2" in out1
    assert "ssh" not in out0 + out1
    # each node's workers logged on that node, under its hostname; Paddle's envlog.N beside them
    for k, log_dir in enumerate(("log0", "log1")):
        for local in (0, 1):
            text = (tmp_path / log_dir / f"workerlog.{local}").read_text()
            assert f"rank {2 * k + local} of 4 on {hosts.names[k]}" in text
            env = (tmp_path / log_dir / f"envlog.{local}").read_text().splitlines()
            assert f"PADDLE_TRAINER_ID={2 * k + local}" in env and f"PADDLE_MASTER={master}" in env
    single = subprocess.run([sys.executable, "-m", "purepaddle", script[0], str(tmp_path / "one.json")],
                            cwd=tmp_path, capture_output=True, text=True, timeout=60,
                            env={**{k: v for k, v in os.environ.items() if not k.startswith(("PADDLE_", "OMPI_",
                                                                                               "PMIX_", "SLURM_"))},
                                 "PYTHONPATH": str(ROOT)})
    assert single.returncode == 0, single.stderr
    dp, one = json.loads((tmp_path / "dp.json").read_text()), json.loads((tmp_path / "one.json").read_text())
    assert dp.pop("world") == 4 and one.pop("world") == 1
    for name in one:
        assert dp[name] == pytest.approx(one[name], rel=1e-5, abs=1e-6), name


FAILS_ON_NODE_B = """\
import time
import paddle, paddle.distributed as dist
dist.init_parallel_env()
if dist.get_rank() == 3:
    time.sleep(0.5)
    raise ZeroDivisionError("rank three fails")
x = paddle.ones([2])
dist.all_reduce(x)  # the others wait here for a rank that is gone
print("not reached", flush=True)
"""


def test_a_worker_dying_on_the_other_node_stops_both_launchers(hosts, tmp_path):
    (tmp_path / "fail.py").write_text(FAILS_ON_NODE_B)
    common = ["--ips", ",".join(hosts.ips), "--nproc_per_node", "2", "--join_timeout", "60", "fail.py"]
    procs = [hosts.launch(k, ["--log_dir", f"log{k}"] + common, tmp_path) for k in (0, 1)]
    (rc0, out0, t0), (rc1, out1, t1) = _finish(procs)
    assert rc0 != 0 and rc1 != 0, out0 + "\n----\n" + out1
    for out in (out0, out1):  # the master's summary, on both consoles: rank, host, node and the error
        assert "ABORT!!! Out of all 4 trainers, the trainer process with rank=[3] was aborted." in out
        assert f"rank 3 (local rank 1 on host {hosts.names[1]}, node 1 ({hosts.ips[1]})" in out
        assert "ZeroDivisionError: rank three fails" in out
        assert "not reached" not in out
    assert f"last lines of {tmp_path / 'log1' / 'workerlog.1'}" in out0
    assert abs(t1 - t0) < 10  # both launchers end together (the start-up is most of the run)


def test_a_node_that_never_arrives_is_named(hosts, tmp_path):
    (tmp_path / "ok.py").write_text("print('not reached')\n")
    start = time.monotonic()
    [(rc, out, _)] = _finish([hosts.launch(0, ["--ips", ",".join(hosts.ips), "--join_timeout", "2", "ok.py"],
                                           tmp_path)])
    assert rc != 0 and time.monotonic() - start < 30
    assert f"LAUNCH ERROR 1 of 2 nodes present after 2s; missing: {hosts.ips[1]}" in out, out
    # the other way round: a node whose master never starts says so
    [(rc, out, _)] = _finish([hosts.launch(1, ["--master", f"{hosts.ips[0]}:29618", "--nnodes", "2",
                                               "--join_timeout", "2", "ok.py"], tmp_path)])
    assert rc != 0 and f"the master launcher at {hosts.ips[0]}:29618 did not answer within" in out, out


def test_sbatch_one_launcher_per_node_reads_slurm(hosts, tmp_path):
    """`srun --ntasks-per-node=1 python -m paddle.distributed.launch --nproc_per_node 1 train.py` in an sbatch
    script: Slurm's variables (faked) name the nodes; the first is the master, SLURM_NODEID the node rank."""
    (tmp_path / "sum.py").write_text("import paddle, paddle.distributed as dist\ndist.init_parallel_env()\n"
                                     "x = paddle.to_tensor([float(dist.get_rank() + 1)])\ndist.all_reduce(x)\n"
                                     "print('rank', dist.get_rank(), 'of', dist.get_world_size(), 'sum', float(x))\n")
    prefix = hosts.ips[0].rsplit(".", 1)[0]
    procs = [hosts.launch(k, ["--nproc_per_node", "1", "--start_port", "29619", "--log_dir", f"log{k}", "sum.py"],
                          tmp_path, SLURM_PROCID=str(k), SLURM_NODEID=str(k), SLURM_STEP_NUM_TASKS="2",
                          SLURM_STEP_NODELIST=f"{prefix}.[1-2]", SLURM_JOB_NODELIST=f"{prefix}.[1-2]")
             for k in (1, 0)]
    (rc1, out1, _), (rc0, out0, _) = _finish(procs)
    assert rc0 == 0 and rc1 == 0, out0 + "\n----\n" + out1
    assert f"master {hosts.ips[0]}:29619, this is node rank 0" in out0 and "2 worker(s) on 2 node(s)" in out0
    assert "rank 0 of 2 sum 3.0" in out0
    assert "rank 1 of 2 sum 3.0" in (tmp_path / "log1" / "workerlog.0").read_text()


HANGS_ON_NODE_B = """\
import time
import paddle, paddle.distributed as dist
dist.init_parallel_env()
x = paddle.ones([4])
dist.all_reduce(x)
if dist.get_rank() == 1:
    time.sleep(60)
dist.all_reduce(x)
"""


def test_a_hang_across_nodes_is_diagnosed(hosts, tmp_path):
    (tmp_path / "hang.py").write_text(HANGS_ON_NODE_B)
    common = ["--ips", ",".join(hosts.ips), "--nproc_per_node", "1", "--hang_timeout", "3", "hang.py"]
    procs = [hosts.launch(k, ["--log_dir", f"log{k}"] + common, tmp_path) for k in (0, 1)]
    (rc0, out0, _), (rc1, out1, _) = _finish(procs)
    assert rc0 != 0 and rc1 != 0, out0 + "\n----\n" + out1
    for out in (out0, out1):
        assert "rank 0 waits in all_reduce #2 [4] float32 (hang.py:8)" in out
        assert "rank 1 has not issued #2" in out and "(hang.py:7): time.sleep(60)" in out
    assert (tmp_path / "log1" / "hangstack.1").exists()  # the stack stays on the node that ran the rank


def test_the_ssh_route_stays(hosts, tmp_path):
    """--remote_start ssh: only the first node runs a launcher and Open MPI reaches the others over ssh (here an
    ssh that always fails, so the job fails at once with ssh's own words in the summary)."""
    (tmp_path / "ok.py").write_text("print('not reached')\n")
    [(rc, out, took)] = _finish([hosts.launch(0, ["--ips", ",".join(hosts.ips), "--remote_start", "ssh", "ok.py"],
                                              tmp_path)])
    assert rc != 0 and took < 30, out
    assert "ABORT!!! the job of 2 trainers failed before any trainer reported" in out
    assert "mpirun said:" in out and "ssh: this test forbids ssh" in out.split("mpirun said:")[-1], out


def _progress(path):
    return [line.split() for line in path.read_text().splitlines()] if path.exists() else []


def test_elastic_job_loses_a_node_and_finishes_alone(hosts, tmp_path):
    """--nnodes 1:2: both nodes start one world of 2; node B is killed mid-run; node A restarts alone (world 1,
    ranks renumbered) from the last checkpoint and finishes."""
    master = f"{hosts.ips[0]}:29621"
    common = ["--master", master, "--nnodes", "1:2", "--nproc_per_node", "1", "--max_restart", "2",
              "--elastic_timeout", "3", "--join_timeout", "60"]
    script = [str(SCRIPTS / "job_elastic.py"), str(tmp_path), "16"]
    procs = [hosts.launch(k, common + ["--log_dir", f"log{k}"] + script, tmp_path) for k in (0, 1)]
    try:
        deadline = time.monotonic() + 90
        while not [r for r in _progress(tmp_path / "progress.1") if int(r[3]) >= 3]:
            assert time.monotonic() < deadline and procs[0].poll() is None, "the 2-node world never got going"
            time.sleep(0.2)
        procs[1].kill()  # node B's launcher dies, and its daemon and worker with it
        procs[1].wait(timeout=30)
        [(rc, out, _)] = _finish([procs[0]], timeout=120)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert rc == 0, out
    assert "2 worker(s) on 2 node(s)" in out and "1 worker(s) on 1 node(s)" in out
    assert "LAUNCH INFO restarting the job (1/2) with 1 node(s)" in out
    finished = [line for line in out.splitlines() if line.startswith("finished:")]
    assert len(finished) == 1 and "world=1 trainers=1 restart=1" in finished[0], out
    start = int(finished[0].split(" start=")[1].split()[0])
    two = [r for r in _progress(tmp_path / "progress.0") if r[0] == "0"]
    assert two and all(r[1] == "2" for r in two) and 3 <= start <= int(two[-1][3]) + 1
    # the total is the checkpoint's (sums of 1 + 2 while two ranks ran) plus 1 per step alone
    assert float(finished[0].split("total=")[1]) == 3.0 * start + (16 - start)


def test_elastic_job_grows_when_a_node_joins(hosts, tmp_path):
    """--nnodes 1:2: node A starts alone after --elastic_timeout; node B joining later restarts the job with
    the larger world, resuming from the checkpoint, and both finish in it."""
    master = f"{hosts.ips[0]}:29622"
    common = ["--master", master, "--nnodes", "1:2", "--nproc_per_node", "1", "--max_restart", "2",
              "--elastic_timeout", "2", "--join_timeout", "60"]
    script = [str(SCRIPTS / "job_elastic.py"), str(tmp_path), "12", "4"]  # alone, it waits at step 4
    procs = [hosts.launch(0, common + ["--log_dir", "log0"] + script, tmp_path)]
    try:
        deadline = time.monotonic() + 90
        while not [r for r in _progress(tmp_path / "progress.0") if int(r[3]) >= 2]:
            assert time.monotonic() < deadline and procs[0].poll() is None, "node A never started alone"
            time.sleep(0.2)
        procs.append(hosts.launch(1, common + ["--log_dir", "log1"] + script, tmp_path))
        (rc0, out0, _), (rc1, out1, _) = _finish(procs, timeout=150)
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
    assert rc0 == 0 and rc1 == 0, out0 + "\n----\n" + out1
    assert "1 worker(s) on 1 node(s)" in out0 and "2 worker(s) on 2 node(s)" in out0
    assert "joined the elastic job: stopping it to restart with 2 node(s)" in out0
    finished = [line for line in out0.splitlines() if line.startswith("finished:")]
    assert len(finished) == 1 and "world=2 trainers=2 restart=1" in finished[0], out0
    alone = [r for r in _progress(tmp_path / "progress.0") if r[0] == "0"]
    assert alone and all(r[1] == "1" for r in alone)
    assert [r[1] for r in _progress(tmp_path / "progress.1")] and \
        all(r[1] == "2" and r[0] == "1" for r in _progress(tmp_path / "progress.1"))
