"""python -m paddle.distributed.launch: Paddle's CLI, per-rank environment, failure summary, multi-node.

The launched tests start 2 real processes under mpirun (skipped without mpi4py/Open MPI).
"""
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from purepaddle.distributed.launch import args as launch_args
from purepaddle.distributed.launch import job, plan, report
from purepaddle.distributed.launch.supervisor import log_path, worker_env

SCRIPTS = Path(__file__).resolve().parent


def launch_here(argv, cwd, monkeypatch, capsys):
    """Run the launcher in this process (saves importing purepaddle again): (exit code, stdout, stderr).
    Its tests take no_launcher_env: the launcher must not see the per-rank variables of an outer job."""
    from purepaddle.distributed.launch.main import launch
    monkeypatch.chdir(cwd)
    code = launch(argv)
    out, err = capsys.readouterr()
    return code, out, err


# -- the command line ---------------------------------------------------------------------------------
@pytest.mark.parametrize("flag, hint", [
    (["--cluster_node_ips", "10.0.0.1"], "use --ips"),
    (["--selected_gpus", "0,1"], "use --gpus"),
    (["--node_ip", "10.0.0.1"], "--ips"),
    (["--use_paddlecloud"], "PADDLE_* environment"),
    (["--started_port=6170"], "use --start_port"),
    (["--print_config", "True"], "launch.log"),
])
def test_removed_flags_fail_like_argparse_with_a_hint(flag, hint, capsys):
    with pytest.raises(SystemExit) as e:
        launch_args.parse(flag + ["train.py", "--lr", "0.1"], environ={})
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error: unrecognized arguments: " + " ".join(flag) in err
    assert hint in err


def test_flags_after_the_script_belong_to_it():
    a = launch_args.parse(["--nproc_per_node", "2", "train.py", "--selected_gpus", "3", "--log_level=x"], environ={})
    assert a.nproc_per_node == 2 and a.training_script == "train.py"
    assert a.training_script_args == ["--selected_gpus", "3", "--log_level=x"]


def test_defaults_and_aliases_follow_paddle():
    a = launch_args.parse(["--gpus", "0,1", "t.py"], environ={})
    assert (a.devices, a.log_dir, a.nnodes, a.job_id, a.max_restart, a.start_port) == ("0,1", "log", "1", "default",
                                                                                        3, 6070)
    b = launch_args.parse(["t.py"], environ={"PADDLE_NNODES": "2", "PADDLE_LOG_DIR": "/x"}, echo=lambda m: None)
    assert (b.nnodes, b.log_dir) == ("2", "/x")


def test_removed_flag_through_the_paddle_alias(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "purepaddle", "-m", "paddle.distributed.launch", "--selected_gpus",
                           "0", "t.py"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "unrecognized arguments: --selected_gpus 0" in proc.stderr and "--gpus" in proc.stderr


# -- the plan and each rank's environment -------------------------------------------------------------
def _plan(argv, environ=None, nodes=None):
    a = launch_args.parse(argv + ["train.py", "x"], environ={})
    nodes = nodes or [{"host": "127.0.0.1", "log_dir": "/logs"}]
    return plan.build_plan(a, nodes, "127.0.0.1:7000", "127.0.0.1:7000", environ or {}, "py", "runner.py")


def test_worker_env_is_paddles():
    p = _plan(["--nproc_per_node", "2"], nodes=[{"host": "10.0.0.1", "log_dir": "/a"},
                                                {"host": "10.0.0.2", "log_dir": "/b"}])
    env = worker_env(p, 3)
    assert env["PADDLE_TRAINER_ID"] == "3" and env["PADDLE_TRAINERS_NUM"] == "4"
    assert env["PADDLE_RANK_IN_NODE"] == env["PADDLE_LOCAL_RANK"] == "1"
    assert env["PADDLE_LOCAL_SIZE"] == "2" and env["PADDLE_NNODES"] == "2"
    assert env["PADDLE_CURRENT_ENDPOINT"] == env["PADDLE_TRAINER_ENDPOINTS"].split(",")[3]
    assert env["PADDLE_CURRENT_ENDPOINT"].startswith("10.0.0.2:")
    assert env["PADDLE_MASTER"] == "127.0.0.1:7000" and env["PADDLE_LOG_DIR"] == "/b"
    assert "FLAGS_selected_gpus" not in env
    assert log_path(p, 3) == "/b/workerlog.1"


def test_ips_endpoints_use_start_port():
    p = _plan(["--ips", "10.0.0.1,10.0.0.2", "--nproc_per_node", "2", "--start_port", "6100"],
              nodes=[{"host": "10.0.0.1", "log_dir": "/l"}, {"host": "10.0.0.2", "log_dir": "/l"}])
    assert p["endpoints"] == ["10.0.0.1:6100", "10.0.0.1:6101", "10.0.0.2:6100", "10.0.0.2:6101"]


def test_devices_are_relative_to_cuda_visible_devices():
    p = _plan(["--devices", "5,7"], environ={"CUDA_VISIBLE_DEVICES": "3,5,7"})
    assert p["nproc"] == 2 and [worker_env(p, k)["FLAGS_selected_gpus"] for k in (0, 1)] == ["1", "2"]
    assert worker_env(_plan(["--devices", "5,7"]), 1)["FLAGS_selected_gpus"] == "7"
    one = _plan(["--devices", "0,1", "--nproc_per_node", "1"])
    assert worker_env(one, 0)["FLAGS_selected_gpus"] == "0,1"
    with pytest.raises(plan.LaunchError, match=r"Can't find your gpus 4 in CUDA_VISIBLE_DEVICES\[3,5\]"):
        _plan(["--devices", "4"], environ={"CUDA_VISIBLE_DEVICES": "3,5"})
    with pytest.raises(plan.LaunchError, match="does not match the 2 devices"):
        _plan(["--devices", "0,1", "--nproc_per_node", "3"])


def test_mpirun_command_local_and_remote():
    local = job.mpirun_command("mpirun", _plan(["--nproc_per_node", "2"]))
    assert local[local.index("-np") + 1] == "2" and "--host" not in local
    assert ("--allow-run-as-root" in local) == (os.geteuid() == 0)
    assert "-x" in local and local[-1].endswith("supervisor.py")
    remote = job.mpirun_command("mpirun", _plan(["--nproc_per_node", "2"], nodes=[
        {"host": "10.9.9.1", "log_dir": "/l"}, {"host": "10.9.9.2", "log_dir": "/l"}]))
    assert remote[remote.index("--host") + 1] == "10.9.9.1:2,10.9.9.2:2"
    assert remote[remote.index("-np") + 1] == "4" and remote[remote.index("--map-by") + 1] == "slot"


def test_signal_decoding():
    assert "killed, often the out-of-memory killer" in report.describe_exit(-9)
    assert report.describe_exit(3) == "exited with code 3"
    assert "SIGSEGV" in report.describe_exit(-11)
    assert (report.exit_status(3), report.exit_status(-9)) == (3, 137)


def test_the_summary_blames_the_first_rank_to_exit_not_the_first_heard():
    # a server next to the launcher that only lost its peer (Open MPI aborts it with exit 14 once the peer's
    # connection closes) is heard before the worker on another node whose script raised; the worker is the cause
    heard = [{"rank": 1, "returncode": 14, "error": "", "exited": 10.2, "time": 10.25},
             {"rank": 3, "returncode": 14, "error": "", "exited": 10.3, "time": 10.31},
             {"rank": 2, "returncode": 1, "error": "RuntimeError: this worker died", "exited": 10.1, "time": 10.4}]
    root, others = report.root_cause(heard)
    assert root["rank"] == 2 and [r["rank"] for r in others] == [1, 3]
    # as seen under load: the server's supervisor noticed its abort 2 ms before the dying worker's noticed its exit
    heard = [{"rank": 1, "returncode": 14, "error": "", "exited": 10.0998},
             {"rank": 2, "returncode": 1, "error": "RuntimeError: this worker died", "exited": 10.1018},
             {"rank": 3, "returncode": 14, "error": "", "exited": 10.1568}]
    root, others = report.root_cause(heard)
    assert root["rank"] == 2 and [r["rank"] for r in others] == [1, 3]
    # a rank killed by the OOM killer comes before the peer whose collective then raised, even heard later
    root, others = report.root_cause([{"rank": 1, "returncode": 1, "error": "MPI.Exception", "exited": 3.0},
                                      {"rank": 0, "returncode": -9, "error": "", "exited": 3.01}])
    assert root["rank"] == 0 and [r["rank"] for r in others] == [1]
    # a failure long after the first exit is a consequence, whatever its kind
    root, _ = report.root_cause([{"rank": 0, "returncode": 3, "error": "", "exited": 1.0},
                                 {"rank": 1, "returncode": 1, "error": "ValueError: late", "exited": 9.0}])
    assert root["rank"] == 0


# -- launched: failures stop everything, one summary --------------------------------------------------
@pytest.mark.usefixtures("mpi")
@pytest.mark.parametrize("mode, code, cause", [
    ("raise", 1, "error: ValueError: bad batch at step 7: labels out of range"),
    ("kill", 137, "killed by signal 9 (SIGKILL): killed, often the out-of-memory killer"),
    ("exit", 3, "exited with code 3"),
])
def test_a_failing_rank_stops_the_job_with_one_summary(tmp_path, mode, code, cause, monkeypatch, capsys,
                                                        no_launcher_env):
    rc, out, err = launch_here(["--nproc_per_node", "2", str(SCRIPTS / "job_fail.py"), str(tmp_path), mode], tmp_path,
                               monkeypatch, capsys)
    assert rc == code, err
    assert err.count("ABORT!!!") == 1
    assert "Out of all 2 trainers, the trainer process with rank=[1] was aborted." in err
    assert f"rank 1 (local rank 1 on host {socket.gethostname()}" in err and cause in err
    log1 = tmp_path / "log" / "workerlog.1"
    assert f"last lines of {log1}:" in err and "rank 1 passed the barrier" in err
    assert f"the other ranks were stopped (their logs: {tmp_path / 'log' / 'workerlog.0'})" in err
    if mode == "raise":
        assert 'raise ValueError("bad batch at step 7: labels out of range")' in err  # the traceback tail
    assert "rank 0 passed the barrier" in out  # rank 0 echoed to the console
    launch_log = (tmp_path / "log" / "default.launch.log").read_text()
    stopped = float(re.search(r"the job stopped ([\d.]+)s after rank 1 failed", launch_log).group(1))
    assert stopped < 2.0, launch_log
    pid = int((tmp_path / "blocked.pid").read_text())
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # rank 0, blocked in all_reduce, is gone
    assert "rank 0 was not stopped" not in (tmp_path / "log" / "workerlog.0").read_text()


@pytest.mark.usefixtures("mpi")
def test_missing_script_is_reported(tmp_path, monkeypatch, capsys, no_launcher_env):
    rc, _, err = launch_here(["--nproc_per_node", "2", "nope.py"], tmp_path, monkeypatch, capsys)
    assert rc == 2 and err.count("ABORT!!!") == 1
    assert "can't open file" in err


@pytest.mark.usefixtures("mpi")
def test_two_nodes_simulated_on_loopback(tmp_path, monkeypatch, capsys, no_launcher_env, launcher_free_env):
    """Paddle's multi-node recipe, the same command on each "node": both on 127.0.0.1 here."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    common = ["--nnodes", "2", "--master", f"127.0.0.1:{port}", "--nproc_per_node", "1"]
    script = [str(SCRIPTS / "job_env.py"), str(tmp_path)]
    master = subprocess.Popen([sys.executable, "-m", "purepaddle.distributed.launch"] + common + ["--log_dir", "n0"]
                              + script, cwd=tmp_path, env=launcher_free_env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        rc, _, err = launch_here(common + ["--log_dir", "n1"] + script, tmp_path, monkeypatch, capsys)  # node 1
        out, master_err = master.communicate(timeout=90)
    finally:
        master.kill()
    assert master.returncode == 0 and rc == 0, master_err + err
    # whichever launcher binds the master port first leads (here: usually this one, it starts faster)
    lead, follower = (err, master_err) if "2 worker(s) on 2 node(s)" in err else (master_err, err)
    assert "2 worker(s) on 2 node(s)" in lead and "this is node 1 of 2" in follower
    dirs = ["n1", "n0"] if lead is err else ["n0", "n1"]  # node 0 is the leader's
    envs = [json.loads((tmp_path / f"env.{r}.json").read_text()) for r in (0, 1)]
    assert [e["sum"] for e in envs] == [3.0, 3.0]
    for r, rec in enumerate(envs):
        env = rec["env"]
        assert env["PADDLE_TRAINER_ID"] == str(r) and env["PADDLE_TRAINERS_NUM"] == "2"
        assert env["PADDLE_NNODES"] == "2" and env["PADDLE_LOCAL_RANK"] == "0" and env["PADDLE_LOCAL_SIZE"] == "1"
        assert env["PADDLE_MASTER"] == f"127.0.0.1:{port}"
        assert env["PADDLE_LOG_DIR"] == str(tmp_path / dirs[r])
        assert (tmp_path / dirs[r] / "workerlog.0").exists()


@pytest.mark.usefixtures("mpi")
def test_elastic_level_restarts_a_failed_job(tmp_path, monkeypatch, capsys, no_launcher_env):
    argv = ["--nproc_per_node", "2", "--elastic_level", "1", "--max_restart", "2", "--log_overwrite", "false",
            str(SCRIPTS / "job_flaky.py"), str(tmp_path)]
    rc, out, err = launch_here(argv, tmp_path, monkeypatch, capsys)
    assert rc == 0, err
    assert err.count("ABORT!!!") == 1 and "rank 1 (local rank 1" in err and "exited with code 5" in err
    assert "restarting the job (1/2)" in err
    log1 = (tmp_path / "log" / "workerlog.1").read_text()
    assert "rank 1 attempt 1" in log1 and "rank 1 attempt 2+" in log1  # appended, not overwritten


def test_scratch_dir_and_the_scripts_tmpdir(tmp_path):
    import shutil

    from purepaddle.distributed.launch.supervisor import script_env
    again = None
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    scratch = job.scratch_dir(os.environ)
    base = os.path.dirname(scratch)
    stale = os.path.join(base, f"{job.SCRATCH_PREFIX}{dead.pid}-stale")
    os.makedirs(os.path.join(stale, "ompi.1"))
    try:
        again = job.scratch_dir(os.environ)  # removes the directory of a launcher that is gone
        assert not os.path.exists(stale) and os.path.basename(again).startswith(f"{job.SCRATCH_PREFIX}{os.getpid()}-")
        assert os.path.isdir(scratch)  # this process's own stays
    finally:
        for d in (scratch, again or scratch, stale):
            shutil.rmtree(d, ignore_errors=True)
    p = dict(_plan(["--nproc_per_node", "2"]), scratch=scratch, tmpdir="/home/me/tmp")
    assert script_env(p, 0, {"TMPDIR": scratch})["TMPDIR"] == "/home/me/tmp"  # the user's, not Open MPI's
    assert "TMPDIR" not in script_env(dict(p, tmpdir=None), 0, {"TMPDIR": scratch})
    assert script_env(p, 0, {"TMPDIR": "/remote"})["TMPDIR"] == "/remote"  # another host's own
    assert "btl_sm_backing_directory" in job.mpirun_command("mpirun", p)


# -- Paddle 3.3.1's flags, --log_level, envlog.N --------------------------------------------------------------
PADDLE_HELP = Path(__file__).resolve().parents[1] / "fixtures" / "launch" / "paddle_launch_help.txt"


def test_every_flag_of_paddles_launcher_is_accepted():
    """tests/fixtures/launch/paddle_launch_help.txt is real Paddle 3.3.1's --help (write_paddle_help.sh)."""
    text = PADDLE_HELP.read_text()
    flags = sorted(set(re.findall(r"\[(--[a-z_]+) [A-Z_]+\]", text)))
    assert len(flags) >= 25 and "--log_level" in flags and "--auto_tuner_json" in flags
    ours = launch_args.build_parser()._option_string_actions
    assert [f for f in flags if f not in ours] == []
    for f in flags:  # each takes its value as Paddle's does
        value = "1" if ours[f].type in (int, float, launch_args.strtobool) else "x"
        if f == "--log_level":
            value = "DEBUG"
        launch_args.parse([f, value, "train.py"], environ={})


def test_log_level(tmp_path, monkeypatch, capsys, no_launcher_env):
    (tmp_path / "ok.py").write_text("print('hello from rank 0')\n")
    rc, out, err = launch_here(["--log_level", "ERROR", "ok.py"], tmp_path, monkeypatch, capsys)
    assert rc == 0 and "LAUNCH INFO" not in err and "hello from rank 0" in out
    rc, out, err = launch_here(["--log_level", "debug", "--legacy", "true", "ok.py"], tmp_path, monkeypatch, capsys)
    assert rc == 0 and "mpirun command:" in err and "configuration:" in err
    assert "LAUNCH WARNING --legacy=True has no effect on purepaddle" in err
    rc, _, err = launch_here(["--log_level", "LOUD", "ok.py"], tmp_path, monkeypatch, capsys)
    assert rc == 1 and "--log_level must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL" in err
    assert launch_args.parse(["x.py"], environ={"PADDLE_LOG_LEVEL": "ERROR"}, echo=lambda m: None).log_level == "ERROR"
    log = (tmp_path / "log" / "default.launch.log").read_text()
    assert "mpirun command:" in log  # the launcher log gets everything, whatever the console shows


@pytest.mark.usefixtures("mpi")
def test_envlog_is_the_workers_environment(tmp_path, monkeypatch, capsys, no_launcher_env):
    (tmp_path / "ok.py").write_text("import os\nprint(os.environ['PADDLE_TRAINER_ID'])\n")
    rc, _, err = launch_here(["--nproc_per_node", "2", "ok.py"], tmp_path, monkeypatch, capsys)
    assert rc == 0, err
    for r in (0, 1):
        lines = (tmp_path / "log" / f"envlog.{r}").read_text().splitlines()
        keys = [line.split("=", 1)[0] for line in lines]
        assert keys == sorted(keys) and f"PADDLE_TRAINER_ID={r}" in lines and "PADDLE_TRAINERS_NUM=2" in lines
        assert (tmp_path / "log" / f"workerlog.{r}").read_text().strip() == str(r)


def test_mpirun_reaches_other_nodes_through_the_launch_agent(tmp_path):
    nodes = [{"host": "10.9.9.1", "log_dir": "/l"}, {"host": "10.9.9.2", "log_dir": "/l", "join": 0}]
    p = dict(_plan(["--nproc_per_node", "2"], nodes=nodes), scratch=str(tmp_path))
    agent = job.write_agent(p)
    cmd = job.mpirun_command("mpirun", p, agent=agent)
    assert cmd[cmd.index("plm_ssh_agent") + 1] == agent and cmd[cmd.index("plm_ssh_no_tree_spawn") + 1] == "1"
    text = Path(agent).read_text()
    assert text.startswith("#!/bin/sh\nexec ") and "agent.py" in text and p["report"] in text
    assert os.access(agent, os.X_OK)
    assert "plm_ssh_agent" not in job.mpirun_command("mpirun", p)  # --remote_start=ssh: Open MPI's own ssh


def test_launch_agent_takes_ssh_style_arguments():
    from purepaddle.distributed.launch.agent import split_ssh_args
    assert split_ssh_args(["10.0.0.2", "PATH=/x;export", "PATH;/bin/prted", "--x"]) == \
        ("10.0.0.2", "PATH=/x;export PATH;/bin/prted --x")
    assert split_ssh_args(["-x", "node2", "prted"]) == ("node2", "prted")


def test_spawn_for_a_host_without_a_launcher_is_refused():
    """The agent asks for a host no launcher joined from: it fails at once with a message naming the host."""
    from purepaddle.distributed.launch import agent, rendezvous
    server = rendezvous.ControlServer(0, "127.0.0.1")
    try:
        assert agent.main([f"127.0.0.1:{server.port}", "10.9.9.7", "prted"]) == 255
    finally:
        server.close()


def test_this_machines_addresses_are_local():
    assert plan.is_local("127.0.0.1") and plan.is_local(socket.gethostname())
    assert not plan.is_local("192.0.2.1")  # TEST-NET-1: never one of ours


def test_messages_arriving_together_are_read_one_by_one():
    """The master may send "started" and "spawn" (or "kill" and "result") close enough to share one recv."""
    from purepaddle.distributed.launch import rendezvous
    a, b = socket.socketpair()
    with a, b:
        a.sendall(b'{"kind": "started"}\n{"kind": "spawn", "id": 1, "cmd": "true"}\n{"kind": "res')
        lines = rendezvous._Lines(b)
        assert lines.read(5)["kind"] == "started" and lines.read(5)["id"] == 1
        a.sendall(b'ult", "code": 0}\n')
        a.shutdown(socket.SHUT_WR)
        assert lines.read(5) == {"kind": "result", "code": 0} and lines.read(5) is None


def test_elastic_nnodes_range_is_checked(tmp_path, monkeypatch, capsys, no_launcher_env):
    (tmp_path / "ok.py").write_text("print('not reached')\n")
    for argv, message in ((["--nnodes", "2:1"], "--nnodes=2:1: the counts must be at least 1 and MIN <= MAX"),
                          (["--nnodes", "a:b"], "--nnodes must be a number of nodes or an elastic range MIN:MAX"),
                          (["--nnodes", "1:2", "--ips", "10.9.9.1,10.9.9.2"], "(elastic) takes --master=ip:port")):
        rc, _, err = launch_here(argv + ["ok.py"], tmp_path, monkeypatch, capsys)
        assert rc == 1 and message in err, err


def test_elastic_range_of_one_node_runs_alone(tmp_path, monkeypatch, capsys, no_launcher_env, mpi):
    (tmp_path / "ok.py").write_text("import os\nprint('world', os.environ['PADDLE_TRAINERS_NUM'])\n")
    rc, out, err = launch_here(["--nnodes", "1:1", "ok.py"], tmp_path, monkeypatch, capsys)
    assert rc == 0 and "world 1" in out, err
