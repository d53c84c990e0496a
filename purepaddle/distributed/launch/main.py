"""`python -m paddle.distributed.launch`: Paddle's launcher CLI, with the workers run under mpirun.

One launcher (the master: the only node, the first of --ips, or the one holding --master) starts
every rank through mpirun; a launcher started on another node joins the master and waits for the
job's outcome. Each worker gets Paddle's PADDLE_* environment; logs go to {log_dir}/workerlog.N,
rank 0's output is echoed; when a rank fails, all are stopped and one summary names the cause.
"""
import os
import sys
import time

from . import args as _args
from .job import RUNNER, run_job
from .plan import LaunchError, build_plan, host_of, host_list, is_local, local_addresses, split_hostport
from .rendezvous import ControlServer, follow


class _Log:
    """The launcher's own log file ({log_dir}/{job_id}.launch.log) plus console echo."""

    def __init__(self, path, overwrite):
        self.path = path
        self.f = open(path, "w" if overwrite else "a", encoding="utf-8")

    def write(self, text):
        self.f.write(text)
        self.f.flush()

    def info(self, text, console=True):
        """A launcher message: to the log, and to stderr unless console=False."""
        self.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")
        if console:
            print(text, file=sys.stderr, flush=True)

    def close(self):
        self.f.close()


def _console(line):
    sys.stdout.write(line)
    sys.stdout.flush()


def _nnodes(args):
    try:
        return int(args.nnodes)
    except ValueError:
        raise LaunchError(f"--nnodes must be a number of nodes, but received {args.nnodes!r} (elastic ranges "
                          "such as 2:4 are not supported by purepaddle)")


def _check_mode(args):
    if args.run_mode not in (None, "collective"):
        raise LaunchError(f"--run_mode={args.run_mode} is not supported by purepaddle yet: only collective "
                          "(data-parallel) jobs run under this launcher")
    if args.servers or args.trainers or args.server_num or args.trainer_num:
        raise LaunchError("parameter-server jobs (--servers/--trainers/--server_num/--trainer_num) are not "
                          "supported by purepaddle's launcher yet")


def _roles(args, log):
    """Decide this launcher's role: ('master', server, nodes_fn, master_addr) or ('follow', host, port)."""
    log_dir = os.path.abspath(args.log_dir)
    ips = host_list(args.ips, "--ips") if args.ips is not None else []
    if args.host is not None:
        host_of(args.host, "--host (or POD_IP)")
    if args.master is not None:
        split_hostport(args.master, "--master")  # checked even where a single node does not use it
    nnodes = len(ips) if len(ips) > 1 else _nnodes(args)
    here = local_addresses()
    if len(ips) > 1:
        host, port = split_hostport(args.master, "--master") if args.master else (ips[0], args.start_port)
        server = _try_serve(host, port, here) if args.rank in (-1, 0) else None
        if server is None:
            return ("follow", host, port)
        return ("master", server, lambda: [{"host": ip, "log_dir": log_dir} for ip in ips], f"{host}:{port}")
    if nnodes > 1:
        if not args.master:
            raise LaunchError(f"--nnodes={nnodes} needs --master=ip:port (the address of one node that every node "
                              "can reach), or --ips=ip1,ip2,...")
        host, port = split_hostport(args.master, "--master")
        server = _try_serve(host, port, here) if args.rank in (-1, 0) else None
        if server is None:
            return ("follow", host, port)

        def nodes():
            log.info(f"LAUNCH INFO master at {host}:{port}: waiting for {nnodes - 1} more node(s) to join")
            joined = server.wait_joins(nnodes - 1, log.info)
            joined.sort(key=lambda m: m["rank"] if m.get("rank", -1) >= 0 else nnodes)  # stable: join order
            return [{"host": host, "log_dir": log_dir}] + [
                {"host": m.get("host") or m["peer"], "log_dir": m["log_dir"], "join": m["join"]} for m in joined]

        return ("master", server, nodes, f"{host}:{port}")
    server = ControlServer(0, "127.0.0.1")
    return ("master", server, lambda: [{"host": "127.0.0.1", "log_dir": log_dir}], f"127.0.0.1:{server.port}")


def _try_serve(host, port, here):
    """The control server when `host` is this machine and the port is free; None means: another node leads."""
    if not is_local(host, here):
        return None
    try:
        return ControlServer(port)
    except OSError:
        return None  # another launcher on this machine holds the master port: this one follows


def _follow(args, host, port, log):
    info = {"host": args.host or "", "log_dir": os.path.abspath(args.log_dir), "rank": args.rank}
    log.info(f"LAUNCH INFO joining the master launcher at {host}:{port}")
    code, text = follow(host, port, info, log.info)
    if text:
        log.info(text)
    return code


def _master(args, server, nodes_fn, master, log):
    nodes = nodes_fn()
    plan = build_plan(args, nodes, master, f"{_report_host(nodes)}:{server.port}", os.environ,
                      sys.executable, RUNNER)
    world = plan["nproc"] * len(nodes)
    if args.hang_timeout < 0:
        raise LaunchError(f"--hang_timeout must be >= 0 seconds (0: off), but received {args.hang_timeout}")
    plan["hang_timeout"] = args.hang_timeout
    log.write(f"configuration: {vars(args)}\nendpoints: {plan['endpoints']}\nnodes: {nodes}\n")
    log.info(f"LAUNCH INFO job {args.job_id}: {world} worker(s) on {len(nodes)} node(s), logs in "
             f"{nodes[0]['log_dir']}")
    for k, node in enumerate(nodes):
        if "join" in node:
            server.tell(node["join"], {"kind": "started", "node_rank": k, "nnodes": len(nodes),
                                       "log_dir": node["log_dir"]})
    restarts = 0
    while True:
        code, text = run_job(plan, server, log.write, _console, os.environ)
        if code == 0 or args.elastic_level < 1 or restarts >= args.max_restart:
            break
        restarts += 1
        log.info(text)
        log.info(f"LAUNCH INFO restarting the job ({restarts}/{args.max_restart})")
    if text:
        log.info(text)
    log.write(f"exit code {code}\n")
    server.tell_nodes({"kind": "result", "code": code, "summary": text})
    return code


def _report_host(nodes):
    """The address supervisors reach the master's control server at."""
    if all(is_local(n["host"]) for n in nodes):
        return "127.0.0.1"
    return nodes[0]["host"]


def launch(argv=None):
    """Entry point of `python -m paddle.distributed.launch` and `fleetrun`; returns the exit code."""
    args = _args.parse(argv)
    log = None
    try:
        _check_mode(args)
        os.makedirs(args.log_dir, exist_ok=True)
        log = _Log(os.path.join(os.path.abspath(args.log_dir), f"{args.job_id}.launch.log"), args.log_overwrite)
        role = _roles(args, log)
        if role[0] == "follow":
            return _follow(args, role[1], role[2], log)
        _, server, nodes_fn, master = role
        try:
            return _master(args, server, nodes_fn, master, log)
        finally:
            server.close()
    except LaunchError as e:
        print(f"LAUNCH ERROR {e}", file=sys.stderr)
        if log is not None:
            log.write(f"LAUNCH ERROR {e}\n")
        return 1
    finally:
        if log is not None:
            log.close()


def main():
    sys.exit(launch())
