"""One rank's supervisor, started by mpirun: runs the training script as a child, logs it, reports how it ended.

It imports the standard library only (it starts in a few milliseconds and stays out of the
script's way). It reads the job plan from PUREPADDLE_LAUNCH, gives the child Paddle's PADDLE_*
environment for its rank, writes the child's stdout and stderr to `{log_dir}/workerlog.N` (rank 0
also echoes them to mpirun, hence to the launcher's console), and when the child fails sends the
launcher one report (rank, host, exit code or signal, the exception's last line, the log's tail)
before exiting non-zero, which makes mpirun stop every other rank.
"""
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

PLAN_VAR = "PUREPADDLE_LAUNCH"
ERROR_FILE_VAR = "PUREPADDLE_ERROR_FILE"
PS_WORKER_RANKS, PS_SERVER_RANKS = "PUREPADDLE_PS_WORKER_RANKS", "PUREPADDLE_PS_SERVER_RANKS"
TAIL_LINES = 20


def mpi_rank(environ):
    """This process's rank in the MPI job (Open MPI / PMIx variables)."""
    for key in ("OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"):
        if environ.get(key, "") != "":
            return int(environ[key])
    raise RuntimeError("purepaddle supervisor: no MPI rank in the environment (it is started by mpirun)")


def worker_env(plan, rank):
    """Paddle's per-worker environment for global `rank` (PADDLE_TRAINER_ID, ..., FLAGS_selected_gpus)."""
    nproc = local_size(plan, rank)
    nnodes = len(plan["nodes"])
    local = local_rank(plan, rank)
    node = plan["nodes"][node_of(plan, rank)]
    world = world_size(plan)
    env = {
        "PADDLE_TRAINER_ID": str(rank),
        "PADDLE_TRAINERS_NUM": str(world),
        "PADDLE_TRAINER_ENDPOINTS": ",".join(plan["endpoints"]),
        "PADDLE_CURRENT_ENDPOINT": plan["endpoints"][rank],
        "PADDLE_RANK_IN_NODE": str(local),
        "PADDLE_LOCAL_RANK": str(local),
        "PADDLE_LOCAL_SIZE": str(nproc),
        "PADDLE_GLOBAL_RANK": str(rank),
        "PADDLE_GLOBAL_SIZE": str(world),
        "PADDLE_NNODES": str(nnodes),
        "PADDLE_MASTER": plan["master"],
        "PADDLE_LOG_DIR": node["log_dir"],
        "PADDLE_JOB_ID": plan["job_id"],
        "PADDLE_AUTO_CLUSTER": "0",
        "PADDLE_DISTRI_BACKEND": "mpi",
        # purepaddle's own: how many times --elastic_level 1 restarted the job (0 on the first run), so a script
        # knows to resume from its last checkpoint (docs/distributed.md, "Restarts and resuming")
        "PADDLE_RESTART_COUNT": str(plan.get("restart", 0)),
        "PYTHONUNBUFFERED": "1",  # Paddle runs `python -u`: output reaches the log as it is printed
    }
    if plan.get("ps"):
        env.update(ps_env(plan, rank))
    devices = plan.get("devices")
    if devices:
        env[plan["device_key"]] = ",".join(devices) if nproc == 1 else devices[local]
    for key, value in (plan.get("threads") or {}).items():
        env[key] = value
    if plan.get("hang_timeout"):  # the worker's hang watchdog (watchdog.py) reports to the launcher
        env["PUREPADDLE_HANG_TIMEOUT"] = str(plan["hang_timeout"])
        env["PUREPADDLE_REPORT"] = plan["report"]
        env["PUREPADDLE_HANG_RANK"] = str(rank)
    return env


def world_size(plan):
    """The job's number of MPI ranks."""
    if plan.get("ps"):
        return len(plan["ps"]["ranks"])
    return plan["nproc"] * len(plan["nodes"])


def node_of(plan, rank):
    """The index into plan["nodes"] of the node MPI rank `rank` runs on (ranks fill the nodes in order; a
    parameter-server job's nodes may hold different numbers of ranks)."""
    if plan.get("ps"):
        return plan["ps"]["ranks"][rank][2]
    return rank // plan["nproc"]


def local_rank(plan, rank):
    """`rank`'s position among the ranks of its node."""
    if plan.get("ps"):
        return sum(1 for r in plan["ps"]["ranks"][:rank] if r[2] == node_of(plan, rank))
    return rank % plan["nproc"]


def local_size(plan, rank):
    """How many ranks run on `rank`'s node."""
    if plan.get("ps"):
        return sum(1 for r in plan["ps"]["ranks"] if r[2] == node_of(plan, rank))
    return plan["nproc"]


def ps_role(plan, rank):
    """('worker', i) or ('server', j) for MPI rank `rank` of a parameter-server job (plan["ps"]["ranks"]: per MPI
    rank [role, index, node]; the ranks fill the nodes in order, each node's workers before its servers)."""
    role, i, _ = plan["ps"]["ranks"][rank]
    return role, i


def ps_ranks(plan, role):
    """The MPI ranks of `role` ('worker' or 'server'), by role index."""
    found = sorted((i, r) for r, (name, i, _) in enumerate(plan["ps"]["ranks"]) if name == role)
    return [r for _, r in found]


def rank_label(plan, rank):
    """How the launcher's messages name MPI rank `rank`: 'rank 3', or 'server 1 (MPI rank 3)' in a
    parameter-server job."""
    if plan.get("ps"):
        role, i = ps_role(plan, rank)
        return f"{role} {i} (MPI rank {rank})"
    return f"rank {rank}"


def first_worker(plan):
    """The MPI rank whose output the launcher echoes: rank 0, or worker 0 of a parameter-server job."""
    return ps_ranks(plan, "worker")[0] if plan.get("ps") else 0


def ps_env(plan, rank):
    """Paddle's parameter-server variables for MPI rank `rank` (TRAINING_ROLE, PADDLE_PSERVERS_IP_PORT_LIST, ...),
    and purepaddle's PUREPADDLE_PS_WORKER_RANKS / PUREPADDLE_PS_SERVER_RANKS: which MPI ranks the roles are."""
    workers, servers = plan["ps"]["worker_endpoints"], plan["ps"]["server_endpoints"]
    w = len(workers)
    role, i = ps_role(plan, rank)
    me = (workers if role == "worker" else servers)[i]
    host, _, port = me.rpartition(":")
    env = {"TRAINING_ROLE": "TRAINER" if role == "worker" else "PSERVER",
           "PADDLE_ROLE": "TRAINER" if role == "worker" else "PSERVER",
           "PADDLE_PSERVERS_IP_PORT_LIST": ",".join(servers),
           "PADDLE_TRAINER_ENDPOINTS": ",".join(workers),
           "PADDLE_TRAINERS_NUM": str(w),
           "PADDLE_PORT": port, "POD_IP": host, "PADDLE_CURRENT_ENDPOINT": me,
           "PADDLE_TRAINER_ID": str(i) if role == "worker" else "0",
           # the generic rank/size variables count the workers only (servers are no trainers)
           "PADDLE_GLOBAL_RANK": str(i), "PADDLE_GLOBAL_SIZE": str(w),
           PS_WORKER_RANKS: ",".join(map(str, ps_ranks(plan, "worker"))),
           PS_SERVER_RANKS: ",".join(map(str, ps_ranks(plan, "server")))}
    if role == "server":
        env["PADDLE_PSERVER_ID"] = str(i)
    return env


def log_path(plan, rank):
    """`{log_dir}/workerlog.{local_rank}` (the global rank when several nodes share one host and log dir);
    a parameter-server job's roles write `workerlog.{i}` / `serverlog.{j}` numbered on their node, as Paddle."""
    node = plan["nodes"][node_of(plan, rank)]
    if plan.get("ps"):
        role, i = ps_role(plan, rank)
        here = node_of(plan, rank)
        n = sum(1 for name, k, at in plan["ps"]["ranks"] if name == role and at == here and k < i)
        return os.path.join(node["log_dir"], f"{role}log.{n}")
    nproc = plan["nproc"]
    n = rank if plan.get("log_names") == "global" else rank % nproc
    return os.path.join(node["log_dir"], f"workerlog.{n}")


def write_envlog(path, env, overwrite):
    """Paddle's `envlog.N` beside `workerlog.N`: the environment the worker got, one sorted KEY=VALUE a line."""
    with open(path, "w" if overwrite else "a", encoding="utf-8", errors="replace") as f:
        f.writelines(f"{k}={v}\n" for k, v in sorted(env.items()))


def tail(path, n=TAIL_LINES):
    """The last n lines of a text file ('' when it cannot be read)."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            size = f.tell()
            f.seek(max(0, size - 64 * 1024))
            data = f.read()
    except OSError:
        return ""
    lines = data.decode("utf-8", "replace").splitlines()
    return "\n".join(lines[-n:])


def send_report(address, report, timeout=5.0):
    """One JSON line to the launcher's report server; False when it cannot be reached."""
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as s:
            s.sendall((json.dumps({"kind": "fail", **report}) + "\n").encode())
            s.shutdown(socket.SHUT_WR)
            s.recv(16)  # wait for the launcher to take it, so it has the report before mpirun tears down
        return True
    except OSError:
        return False


def _lifetime():
    """purepaddle/_core/lifetime.py, loaded by path (importing purepaddle would cost the start-up time)."""
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "_core", "lifetime.py")
    spec = importlib.util.spec_from_file_location("_purepaddle_lifetime", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def script_env(plan, rank, environ):
    """The training script's environment: ours with Paddle's PADDLE_* for `rank`, and the user's own TMPDIR
    (ours points at the job's scratch directory)."""
    env = dict(environ)
    env.pop(PLAN_VAR, None)
    env.update(worker_env(plan, rank))
    if plan.get("scratch") and environ.get("TMPDIR") == plan["scratch"]:  # (another host has its own TMPDIR)
        if plan.get("tmpdir") is None:
            env.pop("TMPDIR", None)
        else:
            env["TMPDIR"] = plan["tmpdir"]
    return env


class _Tee(threading.Thread):
    """Copies the child's output to its log file (and, for rank 0, to our stdout: the console)."""

    def __init__(self, pipe, log, echo):
        super().__init__(daemon=True)
        self.pipe, self.log, self.echo = pipe, log, echo

    def run(self):
        out = sys.stdout.buffer if self.echo else None
        fd = self.pipe.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.log.write(chunk)
            self.log.flush()
            if out is not None:
                try:
                    out.write(chunk)
                    out.flush()
                except (OSError, ValueError):
                    out = None


def main():
    """Run the script for this rank; exit with its status (after reporting a failure)."""
    lifetime = _lifetime()
    lifetime.die_with_parent(signal.SIGTERM, os.getppid())  # mpirun's daemon gone: stop the script (see `stop`)
    plan = json.loads(os.environ[PLAN_VAR])
    rank = mpi_rank(os.environ)
    env = script_env(plan, rank, os.environ)
    path = log_path(plan, rank)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fd, err_file = tempfile.mkstemp(prefix=f"purepaddle-rank{rank}-", suffix=".err")
    os.close(fd)
    env[ERROR_FILE_VAR] = err_file
    server = os.path.basename(path).startswith("serverlog")  # a PS server's envlog must not clash with a worker's
    write_envlog(os.path.join(os.path.dirname(path), ("envlog.server." if server else "envlog.") + path.rsplit(".", 1)[1]), env,
                 plan.get("log_overwrite"))
    cmd = [plan["python"], "-u", plan["runner"], plan["script"]] + list(plan["args"])
    stopping = []

    with open(path, "wb" if plan.get("log_overwrite") else "ab") as log:
        me = os.getpid()
        child = subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, cwd=plan.get("cwd"),
                                 preexec_fn=lambda: lifetime.die_with_parent(signal.SIGKILL, me))

        def stop(signum, frame):
            # mpirun tears the job down: stop the script at once (it may be blocked in a collective)
            stopping.append(signum)
            try:
                child.send_signal(signal.SIGTERM)
                time.sleep(0.2)
                child.kill()
            except OSError:
                pass

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        tee = _Tee(child.stdout, log, echo=(rank == first_worker(plan)))
        tee.start()
        code = child.wait()
        exited = time.time()  # before draining the log: the launcher orders failures by this (report.root_cause)
        tee.join(timeout=2.0)
    try:
        with open(err_file, encoding="utf-8", errors="replace") as f:
            error = f.read().strip()
        os.unlink(err_file)
    except OSError:
        error = ""
    if code == 0:
        return 0
    if stopping:
        return 128 + stopping[0]
    report = {"rank": rank, "local_rank": local_rank(plan, rank), "host": socket.gethostname(),
              "node": node_of(plan, rank), "node_addr": plan["nodes"][node_of(plan, rank)]["host"],
              "nnodes": len(plan["nodes"]),
              "pid": child.pid, "returncode": code, "error": error, "log": os.path.abspath(path),
              "tail": tail(path), "time": time.time(), "exited": exited}
    if plan.get("ps"):
        report["role"], report["role_rank"] = ps_role(plan, rank)
    if not send_report(plan["report"], report):
        sys.stderr.write(f"purepaddle: rank {rank} failed (return code {code}); see {path}\n")
    return code if code > 0 else 128 - code


if __name__ == "__main__":
    sys.exit(main())
