"""A non-master node's launcher running what the master's mpirun asks of it (Open MPI's daemon, prted).

Open MPI starts its daemon on another host through a launch agent, normally ssh. Here the agent is
agent.py, which asks the master's launcher, which asks the launcher that joined from that host (this
module) to run the command locally; the daemon then connects back to mpirun over TCP as it would after
ssh, and starts this node's ranks. Nothing but the launchers' own connection is needed: no ssh, no keys.
"""
import os
import signal
import subprocess
import threading

from ..._core.lifetime import die_with_parent


class DaemonHost:
    """Runs the master's spawn requests here; each command's output goes to `echo` (the launcher log)."""

    def __init__(self, echo, env):
        self.echo, self.env = echo, env
        self.procs = {}
        self._lock = threading.Lock()

    def handle(self, msg, send):
        """A message from the master: {"kind": "spawn", "id", "cmd"} or {"kind": "kill", "id"}."""
        if msg.get("kind") == "spawn":
            self._spawn(msg["id"], msg["cmd"], send)
        elif msg.get("kind") == "kill":
            with self._lock:
                proc = self.procs.get(msg["id"])
            if proc is not None:
                _killpg(proc, signal.SIGTERM)

    def _spawn(self, spawn_id, cmd, send):
        self.echo(f"LAUNCH INFO starting for the master's mpirun: {cmd[:200]}{'...' if len(cmd) > 200 else ''}")
        me = os.getpid()
        try:
            # as ssh would: the command line runs in a shell; the daemon dies with this launcher
            proc = subprocess.Popen(["/bin/sh", "-c", cmd], env=self.env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                                    preexec_fn=lambda: die_with_parent(signal.SIGTERM, me))
        except OSError as e:
            self.echo(f"LAUNCH ERROR could not start the daemon: {e}")
            send({"kind": "exited", "id": spawn_id, "code": 255})
            return
        with self._lock:
            self.procs[spawn_id] = proc

        def watch():
            for raw in iter(proc.stdout.readline, b""):
                self.echo("[prted] " + raw.decode("utf-8", "replace").rstrip("\n"))
            code = proc.wait()
            with self._lock:
                self.procs.pop(spawn_id, None)
            send({"kind": "exited", "id": spawn_id, "code": code if code >= 0 else 128 - code})

        threading.Thread(target=watch, daemon=True).start()

    def close(self):
        """Stop whatever is still running (the job is over)."""
        with self._lock:
            procs = list(self.procs.values())
        for proc in procs:
            _killpg(proc, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=2.0)
            except subprocess.TimeoutExpired:
                _killpg(proc, signal.SIGKILL)


def _killpg(proc, signum):
    try:
        os.killpg(proc.pid, signum)
    except (ProcessLookupError, PermissionError):
        pass
