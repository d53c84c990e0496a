"""`python -m paddle.distributed.launch`: Paddle's launcher CLI, with the workers run under mpirun.

One launcher (the master: the only node, the first of --ips, or the one holding --master) starts
every rank through mpirun; a launcher started on another node joins the master and waits for the
job's outcome. With --nnodes MIN:MAX (elastic) the master restarts the job on the nodes connected
when one leaves or joins. Each worker gets Paddle's PADDLE_* environment; logs go to {log_dir}/workerlog.N,
rank 0's output is echoed; when a rank fails, all are stopped and one summary names the cause.
"""
import os
import shutil
import socket
import sys
import time

from . import args as _args
from .job import RESIZED, RUNNER, run_job, scratch_dir
from .plan import (LaunchError, build_plan, free_ports, host_of, host_list, is_local, local_addresses, ps_layout,
                   split_hostport, thread_env)
from .supervisor import local_size, world_size
from .remote import DaemonHost
from .slurm import apply_slurm
from .rendezvous import ControlServer, follow


LEVELS = {"DEBUG": 10, "INFO": 20, "WARNING": 30, "WARN": 30, "ERROR": 40, "CRITICAL": 50}


class _Log:
    """The launcher's own log file ({log_dir}/{job_id}.launch.log, everything) plus the console (messages at
    --log_level and above; a message's level is the word after LAUNCH)."""

    def __init__(self, path, overwrite, level="INFO"):
        self.path = path
        self.f = open(path, "w" if overwrite else "a", encoding="utf-8")
        self.level = LEVELS[level]

    def write(self, text):
        self.f.write(text)
        self.f.flush()

    def info(self, text, console=True):
        """A launcher message: to the log, and to stderr unless console=False or below --log_level."""
        self.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")
        words = text.split(None, 2)
        # the failure summary and hang diagnosis (no LAUNCH prefix) count as errors
        level = LEVELS.get(words[1], 20) if len(words) > 1 and words[0] == "LAUNCH" else 40
        if console and level >= self.level:
            print(text, file=sys.stderr, flush=True)

    def debug(self, text):
        """Written to the log; on the console with --log_level=DEBUG."""
        self.write(text if text.endswith("\n") else text + "\n")
        if self.level <= LEVELS["DEBUG"]:
            print(text.rstrip("\n"), file=sys.stderr, flush=True)

    def close(self):
        self.f.close()


def _log_level(args):
    level = str(args.log_level).strip().upper()
    if level not in LEVELS:
        raise LaunchError(f"--log_level must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, but received "
                          f"{args.log_level!r}")
    return level


# Paddle's flags that mean nothing here, with why (a warning when one is given a non-default value)
NO_EFFECT = {
    "legacy": (False, "there is one launcher"),
    "enable_gpu_log": (True, "workers compute on CPU"),
    "auto_parallel_config": (None, "purepaddle has no auto-parallel tuner"),
    "auto_cluster_config": (None, "purepaddle has no auto-parallel tuner"),
    "auto_tuner_json": (None, "purepaddle has no auto-parallel tuner"),
    "gloo_port": (6767, "MPI carries the collectives (no gloo)"),
    "with_gloo": ("1", "MPI carries the collectives (no gloo)"),
}


def _warn_no_effect(args, log):
    for dest, (default, why) in NO_EFFECT.items():
        value = getattr(args, dest, default)
        if value != default and str(value) != str(default):
            log.info(f"LAUNCH WARNING --{dest}={value} has no effect on purepaddle: {why}")


def _console(line):
    sys.stdout.write(line)
    sys.stdout.flush()


def _node_range(args):
    """(MIN, MAX) of --nnodes: N is (N, N); Paddle's elastic MIN:MAX lets the job run with any count between."""
    text = str(args.nnodes).strip()
    lo, sep, hi = text.partition(":")
    try:
        lo = int(lo)
        hi = int(hi) if sep else lo
    except ValueError:
        raise LaunchError(f"--nnodes must be a number of nodes or an elastic range MIN:MAX, but received "
                          f"{args.nnodes!r}") from None
    if lo < 1 or hi < lo:
        raise LaunchError(f"--nnodes={args.nnodes}: the counts must be at least 1 and MIN <= MAX")
    return lo, hi


def _nnodes(args):
    return _node_range(args)[1]


def _check_mode(args):
    """A parameter-server job's layout, None for a collective one: {"workers": [ep], "servers": [ep]}, or
    {"per_node": (workers, servers)} for --master/--nnodes with --worker_num/--server_num (each node starts that many
    of each). Endpoint lists naming other hosts make a job of several nodes (Paddle's form: the same --servers and
    --workers on every host): this sets --ips to their hosts and --master to the first server's endpoint, where the
    launcher of that host listens for the other hosts' launchers."""
    ps_flags = args.servers or args.trainers or args.server_num or args.trainer_num
    if args.run_mode not in (None, "collective", "ps"):
        raise LaunchError(f"--run_mode={args.run_mode} is not supported by purepaddle: collective (data-parallel) "
                          "and ps (parameter-server) jobs run under this launcher")
    if not ps_flags and args.run_mode != "ps":
        return None
    if args.run_mode == "collective":
        raise LaunchError("--run_mode=collective does not take the parameter-server flags --servers/--trainers/"
                          "--server_num/--trainer_num")
    listed = bool(args.servers and args.trainers)
    if not listed and not args.servers and not args.trainers and _nnodes(args) > 1:
        for num, flag in ((args.server_num, "--server_num"), (args.trainer_num, "--trainer_num/--worker_num")):
            if num is not None and num < 1:
                raise LaunchError(f"{flag} must be at least 1, but received {num}")
        return {"per_node": (args.trainer_num or 1, args.server_num or 1)}
    servers = _ps_endpoints(args.servers, args.server_num, "--servers", "--server_num")
    workers = _ps_endpoints(args.trainers, args.trainer_num, "--trainers/--workers", "--trainer_num/--worker_num")
    here = local_addresses()
    hosts = []
    for ep in servers + workers:
        host = split_hostport(ep, "--servers/--trainers")[0]
        if host not in hosts:
            hosts.append(host)
    far = [h for h in hosts if not is_local(h, here)]
    if not far:
        if _nnodes(args) > 1:
            raise LaunchError("--nnodes>1 with --servers/--workers lists of this host only: list the other hosts' "
                              "endpoints, or give --server_num/--worker_num (per node) with --master")
        return {"workers": workers, "servers": servers}
    if not listed:
        raise LaunchError("a parameter-server job on several hosts needs both endpoint lists, --servers and "
                          f"--workers, given identically on every host (other hosts named: {', '.join(far)}); or "
                          "--server_num/--worker_num (per node) with --master and --nnodes")
    loop = [h for h in hosts if h.startswith("127.") or h == "localhost"]
    if loop:
        raise LaunchError(f"endpoint host {loop[0]} means a different machine on every host: name the hosts of a "
                          "parameter-server job of several hosts by addresses they can reach each other at")
    args.ips = ",".join(hosts)
    args.master = servers[0]
    return {"workers": workers, "servers": servers}


def _ps_endpoints(listed, num, list_flag, num_flag):
    """The endpoints of one PS role: --servers-style list, else `num` free local ports (default 1)."""
    if listed:
        eps = [e.strip() for e in listed.split(",") if e.strip()]
        for e in eps:
            split_hostport(e, list_flag)
        if num is not None and num != len(eps):
            raise LaunchError(f"{num_flag}={num} does not match the {len(eps)} endpoints of {list_flag}={listed}")
        return eps
    n = 1 if num is None else num
    if n < 1:
        raise LaunchError(f"{num_flag} must be at least 1, but received {n}")
    return [f"127.0.0.1:{p}" for p in free_ports(n)]


def _roles(args, log):
    """Decide this launcher's role: ('master', server, nodes_fn, master_addr) or ('follow', host, port, me)."""
    log_dir = os.path.abspath(args.log_dir)
    ips = host_list(args.ips, "--ips") if args.ips is not None else []
    if args.host is not None:
        host_of(args.host, "--host (or POD_IP)")
    if args.master is not None:
        split_hostport(args.master, "--master")  # checked even where a single node does not use it
    lo, hi = _node_range(args)
    nnodes = len(ips) if len(ips) > 1 else hi
    if lo != hi and (ips or args.remote_start == "ssh"):
        raise LaunchError(f"--nnodes={args.nnodes} (elastic) takes --master=ip:port with one launcher per node, "
                          "not --ips or --remote_start=ssh (whose node list is fixed)")
    if nnodes <= 1:
        server = ControlServer(0, "127.0.0.1")
        return ("master", server, lambda: [{"host": "127.0.0.1", "log_dir": log_dir}], f"127.0.0.1:{server.port}")
    if len(ips) > 1:
        host, port = split_hostport(args.master, "--master") if args.master else (ips[0], args.start_port)
        if host not in ips:
            raise LaunchError(f"--master={args.master} must be one of --ips={args.ips} (the master runs mpirun)")
    elif not args.master:
        raise LaunchError(f"--nnodes={nnodes} needs --master=ip:port (the address of one node that every node "
                          "can reach), or --ips=ip1,ip2,...")
    else:
        host, port = split_hostport(args.master, "--master")
    here = local_addresses()
    if args.rank == 0 and not ips:  # told it is the master (a pod whose own DNS name is not served yet)
        try:
            server = ControlServer(port)
        except OSError as e:
            raise LaunchError(f"--rank=0 makes this node the master, but port {port} of --master={args.master} "
                              f"cannot be listened on: {e}") from None
    else:
        server = _try_serve(host, port, here) if args.rank in (-1, 0) else None
    if server is None:
        return ("follow", host, port, _this_node(args, ips, here))
    timeout = args.join_timeout if args.join_timeout > 0 else None
    if ips and args.remote_start == "ssh":  # the other nodes run no launcher: mpirun reaches them over ssh
        return ("master", server, lambda: [{"host": ip, "log_dir": log_dir} for ip in ips], f"{host}:{port}")

    if lo != hi:
        return ("master", server, _elastic_nodes(args, server, host, lo, hi, log), f"{host}:{port}")

    def nodes():
        others = [ip for ip in ips if ip != host]
        log.info(f"LAUNCH INFO master at {host}:{port}: waiting for {nnodes - 1} more node(s) to join"
                 + (f" ({', '.join(others)})" if others else ""))
        try:
            joined = server.wait_joins(nnodes - 1, log.info, timeout=timeout, expected=others or None)
        except TimeoutError as e:
            raise LaunchError(str(e)) from None
        if ips:
            strangers = [m["addr"] for m in joined if m["addr"] not in ips]
            if strangers:
                raise LaunchError(f"launcher(s) joined from {', '.join(strangers)}, which --ips={args.ips} does "
                                  "not list (give each node --host=its ip from --ips)")
            joined.sort(key=lambda m: ips.index(m["addr"]))
            first = [{"host": ip, "log_dir": log_dir} for ip in ips if ip == host]
        else:
            if args.sort_ip:
                joined.sort(key=lambda m: _ip_key(m["addr"]))
            joined.sort(key=lambda m: m["rank"] if m.get("rank", -1) >= 0 else nnodes)  # stable: join order
            first = [{"host": _address_of(host), "log_dir": log_dir}]
        rest = [{"host": m["addr"], "log_dir": m["log_dir"], "join": m["join"]} for m in joined]
        if ips:
            order = {ip: i for i, ip in enumerate(ips)}
            return sorted(first + rest, key=lambda n: order[n["host"]])
        return first + rest

    return ("master", server, nodes, f"{host}:{port}")


def _elastic_nodes(args, server, host, lo, hi, log):
    """--nnodes MIN:MAX: a function giving the nodes of each (re)start, as Paddle's elastic launcher gathers its
    peers: every connected launcher once MAX are there, else once MIN are and the count held still for
    --elastic_timeout seconds. The first start waits up to --join_timeout for MIN; a restart (after a node
    left) up to --elastic_timeout, and fewer than MIN nodes then end the job."""
    log_dir = os.path.abspath(args.log_dir)
    starts = []

    def nodes():
        first = not starts
        starts.append(1)
        if first:
            log.info(f"LAUNCH INFO master at {host}:{args.master.rpartition(':')[2]}: elastic job of {lo} to {hi} "
                     f"nodes, waiting up to {args.elastic_timeout}s for more nodes once {lo} are there")
        limit = (args.join_timeout if args.join_timeout > 0 else None) if first else max(args.elastic_timeout, 1) * 2
        try:
            joined = server.gather(lo - 1, hi - 1, args.elastic_timeout, log.info, timeout=limit)
        except TimeoutError as e:
            raise LaunchError(("" if first else "too few nodes left to restart the elastic job: ") + str(e)) from None
        joined = sorted(joined, key=lambda m: m["rank"] if m.get("rank", -1) >= 0 else hi)  # stable: join order
        return [{"host": _address_of(host), "log_dir": log_dir}] + [
            {"host": m["addr"], "log_dir": m["log_dir"], "join": m["join"]} for m in joined]

    nodes.range = (lo, hi)
    return nodes


def _address_of(host):
    """A DNS name as its address (mpirun and the other nodes' workers reach the master by it; a name such as a
    pod's may resolve only once the pod is up, which it is by now); the name itself when it does not resolve."""
    try:
        return socket.gethostbyname(host)
    except OSError:
        return host


def _ip_key(addr):
    parts = addr.split(".")
    return [int(p) for p in parts] if len(parts) == 4 and all(p.isdigit() for p in parts) else [1 << 9, addr]


def _this_node(args, ips, here):
    """This node's address as the master should name it: --host, else its entry of --ips, else '' (the master
    takes the address the connection comes from)."""
    if args.host:
        return args.host
    for ip in ips:
        if is_local(ip, here):
            return ip
    if ips:
        raise LaunchError(f"none of --ips={args.ips} is an address of this node: give --host=this node's ip")
    return ""


def _try_serve(host, port, here):
    """The control server when `host` is this machine and the port is free; None means: another node leads."""
    if not is_local(host, here):
        return None
    try:
        return ControlServer(port)
    except OSError:
        return None  # another launcher on this machine holds the master port: this one follows


def _follow(args, host, port, me, log):
    info = {"host": me, "log_dir": os.path.abspath(args.log_dir), "rank": args.rank}
    log.info(f"LAUNCH INFO joining the master launcher at {host}:{port}")
    env = dict(os.environ)
    scratch = scratch_dir(env)  # Open MPI's session directory on this node, removed at the end
    env["TMPDIR"] = scratch
    daemons = DaemonHost(lambda text: log.info(text, console=False), env)
    try:
        code, text = follow(host, port, info, log.info, on_message=daemons.handle,
                            timeout=args.join_timeout if args.join_timeout > 0 else None)
    finally:
        daemons.close()
        shutil.rmtree(scratch, ignore_errors=True)
    if text:
        log.info(text)
    return code


def _master(args, server, nodes_fn, master, log, ps=None):
    elastic = getattr(nodes_fn, "range", None)  # (MIN, MAX) of an elastic job: its nodes may change
    nodes = nodes_fn()
    plan = _plan(args, server, nodes, master, log, ps)
    restarts, lost_seen = 0, 0
    while True:
        plan["restart"] = restarts
        interrupt = _joined_more(server, len(nodes), elastic) if elastic else None
        code, text = run_job(plan, server, log.debug, _console, os.environ, interrupt)
        lost, lost_seen = server.lost[lost_seen:], len(server.lost)
        if code != 0 and code != RESIZED and lost:  # mpirun only says it lost a daemon: name the node whose launcher left
            text += (f"\n  the launcher of node(s) {', '.join(m['addr'] for m in lost)} went away during the "
                     "job (the node, its pod or its launcher died; see that node's launcher log)")
        # an elastic job restarts on any failure (Paddle's elastic controller); a fixed one with --elastic_level 1
        if code == 0 or (args.elastic_level < 1 and not elastic) or restarts >= args.max_restart:
            break
        restarts += 1
        log.info(text)
        if elastic:
            try:
                nodes = nodes_fn()
            except LaunchError as e:
                text = f"LAUNCH ERROR {e}"
                code = code if code not in (0, RESIZED) else 1
                break
            plan = _plan(args, server, nodes, master, log, ps)
        log.info(f"LAUNCH INFO restarting the job ({restarts}/{args.max_restart})"
                 + (f" with {len(nodes)} node(s)" if elastic else ""))
    if code == RESIZED:
        code = 1
    if text:
        log.info(text)
    log.write(f"exit code {code}\n")
    server.tell_nodes({"kind": "result", "code": code, "summary": text})
    return code


def _joined_more(server, count, elastic):
    """While an elastic job runs: a message when more nodes are connected than run it (up to MAX)."""
    def check():
        alive = server.members()
        if len(alive) + 1 > count and count < elastic[1]:
            return (f"LAUNCH INFO node(s) {', '.join(m['addr'] for m in alive[count - 1:])} joined the elastic job: "
                    f"stopping it to restart with {min(len(alive) + 1, elastic[1])} node(s)")
        return None
    return check


def _plan(args, server, nodes, master, log, ps):
    """The plan of one start on `nodes`; tells the other nodes' launchers their node rank."""
    plan = build_plan(args, nodes, master, f"{_report_host(nodes)}:{server.port}", os.environ,
                      sys.executable, RUNNER)
    if ps is not None:  # each node's workers, then its servers (ps_layout); worker 0 echoes
        if "per_node" in ps:
            w, s = ps["per_node"]
            ps = {"workers": [f"{n['host']}:{p}" for n in nodes for p in free_ports(w)],
                  "servers": [f"{n['host']}:{p}" for n in nodes for p in free_ports(s)]}
        plan["ps"] = ps_layout(ps["workers"], ps["servers"], nodes)
        plan["endpoints"] = ps["workers"] + ps["servers"]
        plan["nproc"] = max(local_size(plan, r) for r in range(world_size(plan)))
        plan["threads"] = thread_env(plan["nproc"], os.environ)
    world = world_size(plan)
    if args.hang_timeout < 0:
        raise LaunchError(f"--hang_timeout must be >= 0 seconds (0: off), but received {args.hang_timeout}")
    plan["hang_timeout"] = args.hang_timeout
    plan["remote_start"] = args.remote_start
    log.debug(f"configuration: {vars(args)}\nendpoints: {plan['endpoints']}\nnodes: {nodes}\n")
    what = (f"{plan['ps']['servers']} server(s) and {plan['ps']['workers']} worker(s)" if ps is not None
            else f"{world} worker(s)")
    log.info(f"LAUNCH INFO job {args.job_id}: {what} on {len(nodes)} node(s), logs in {nodes[0]['log_dir']}")
    for k, node in enumerate(nodes):
        if "join" in node:
            server.tell(node["join"], {"kind": "started", "node_rank": k, "nnodes": len(nodes),
                                       "log_dir": node["log_dir"]})
    return plan


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
        ps = _check_mode(args)
        os.makedirs(args.log_dir, exist_ok=True)
        level = _log_level(args)
        log = _Log(os.path.join(os.path.abspath(args.log_dir), f"{args.job_id}.launch.log"), args.log_overwrite,
                   level)
        _warn_no_effect(args, log)
        apply_slurm(args, os.environ, log.info)
        role = _roles(args, log)
        if role[0] == "follow":
            return _follow(args, role[1], role[2], role[3], log)
        _, server, nodes_fn, master = role
        try:
            return _master(args, server, nodes_fn, master, log, ps)
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
