"""Parameter-server jobs on two hosts (the network namespaces of test_multinode.py): Paddle's form, the same
--servers/--workers lists on every host, each host's launcher starting the roles of its own address; one MPI job
across both, its daemon on the second host started by that host's launcher (no ssh)."""
import json
import subprocess
import sys

import numpy as np
import pytest

from tests.checkout import ROOT
from tests.distributed.test_multinode import _finish, hosts  # noqa: F401  (the two-host fixture)

JOB = ROOT / "tests" / "distributed" / "job_ps.py"


def _ps_argv(hosts, k, out, *script_args, form="lists"):
    if form == "lists":  # Paddle's form: the same lists on every host
        servers = ",".join(f"{ip}:29631" for ip in hosts.ips)
        workers = ",".join(f"{ip}:29632" for ip in hosts.ips)
        roles = ["--servers", servers, "--workers", workers]
    else:  # --master/--nnodes: each node starts --server_num servers and --worker_num workers
        roles = ["--master", f"{hosts.ips[0]}:29633", "--nnodes", "2", "--server_num", "1", "--worker_num", "1"]
    return roles + ["--log_dir", f"log{k}", "--join_timeout", "60", str(JOB), str(out), *script_args]


@pytest.mark.parametrize("form", ["lists", "master"])
def test_a_server_and_a_worker_per_host_train_as_one_machine(hosts, tmp_path, form):  # noqa: F811
    out = tmp_path / "two"
    out.mkdir()
    procs = [hosts.launch(k, _ps_argv(hosts, k, out, "sync", "sgd", "6", form=form), tmp_path) for k in (0, 1)]
    (rc0, out0, _), (rc1, out1, _) = _finish(procs, timeout=150)
    assert rc0 == 0 and rc1 == 0, out0 + "\n----\n" + out1
    assert "2 server(s) and 2 worker(s) on 2 node(s)" in out0 and "ssh" not in out0 + out1
    # each host logged its own roles under Paddle's names, with its own address in POD_IP
    for k in (0, 1):
        env = (tmp_path / f"log{k}" / "envlog.server.0").read_text().splitlines()
        assert f"POD_IP={hosts.ips[k]}" in env and "TRAINING_ROLE=PSERVER" in env
        env = (tmp_path / f"log{k}" / "envlog.0").read_text().splitlines()
        assert f"PADDLE_TRAINER_ID={k}" in env and "TRAINING_ROLE=TRAINER" in env
    # the one-machine job (2 servers, 2 workers) gives the same parameters
    one = tmp_path / "one"
    one.mkdir()
    env = {k: v for k, v in hosts.launch_env().items()}
    proc = subprocess.run([sys.executable, "-m", "purepaddle.distributed.launch", "--server_num", "2", "--worker_num",
                           "2", "--log_dir", str(one / "log"), str(JOB), str(one), "sync", "sgd", "6"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr
    a, b = (json.loads((d / "ps.json").read_text()) for d in (out, one))
    for name in a["params"]:
        np.testing.assert_allclose(np.array(a["params"][name]), np.array(b["params"][name]), rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(np.array(a["rows"]), np.array(b["rows"]), rtol=1e-6, atol=1e-7)


def test_a_worker_dying_on_the_second_host_stops_the_job_naming_it(hosts, tmp_path):  # noqa: F811
    out = tmp_path / "die"
    out.mkdir()
    procs = [hosts.launch(k, _ps_argv(hosts, k, out, "sync", "sgd", "6"), tmp_path, PS_DIE="worker1")
             for k in (0, 1)]
    (rc0, out0, t0), (rc1, out1, t1) = _finish(procs, timeout=150)
    assert rc0 != 0 and rc1 != 0, out0 + "\n----\n" + out1
    for text in (out0, out1):
        assert "the worker process with rank=[1] was aborted" in text, text
        assert f"worker 1 (MPI rank 2 on host {hosts.names[1]}" in text
        assert "RuntimeError: this worker died" in text
    assert f"last lines of {tmp_path / 'log1' / 'workerlog.0'}" in out0
    assert abs(t1 - t0) < 10
