"""The job plan: nodes, workers per node, endpoints, devices; and which addresses are this machine's."""
import os
import socket

from ..._core import threads
from ..addresses import AddressError, parse_address, parse_addresses
from .supervisor import log_path, worker_env  # noqa: F401  (re-exported: the plan's per-rank view)


class LaunchError(Exception):
    """A launch that cannot start as asked (bad flags, unknown devices): the message says why."""


def local_addresses():
    """Names and IPs that mean this machine."""
    names = {"127.0.0.1", "localhost", "0.0.0.0", "::1", "ip6-localhost"}
    host = socket.gethostname()
    names.update({host, socket.getfqdn()})
    for name in (host, socket.getfqdn()):
        try:
            for info in socket.getaddrinfo(name, None):
                names.add(info[4][0])
        except OSError:
            pass
    ip = outbound_ip()
    if ip:
        names.add(ip)
    return names


def outbound_ip():
    """This machine's address on the default route ('' without one); no packet is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        return ""


def is_local(host, addresses=None):
    """Whether `host` names this machine (127.x counts; so does any address one of its interfaces holds, which a
    socket can bind: in a container or network namespace the hostname and default route may say nothing)."""
    if host.startswith("127."):
        return True
    if host in (addresses if addresses is not None else local_addresses()):
        return True
    return _bindable(host)


def _bindable(host):
    """Whether a socket can bind `host` (resolved), i.e. one of this machine's interfaces holds it."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return False
    for family, kind, proto, _, addr in infos:
        try:
            with socket.socket(family, kind, proto) as s:
                s.bind((addr[0], 0))
            return True
        except OSError:
            continue
    return False


def free_ports(n, host=""):
    """n distinct free TCP ports (bound together, so they differ)."""
    socks, ports = [], []
    try:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((host, 0))
            socks.append(s)
            ports.append(s.getsockname()[1])
    finally:
        for s in socks:
            s.close()
    return ports


def split_hostport(text, flag):
    """'host:port' -> (host, int port); a LaunchError naming the flag otherwise."""
    try:
        return parse_address(text, flag, port="required")
    except AddressError as e:
        raise LaunchError(str(e)) from None


def host_list(text, flag):
    """'ip1,ip2,...' -> [host]; a LaunchError naming the flag for a bad or empty entry."""
    try:
        return [host for host, _ in parse_addresses(text, flag)]
    except AddressError as e:
        raise LaunchError(str(e)) from None


def host_of(text, flag):
    """A host (no port), or a LaunchError naming the flag."""
    try:
        return parse_address(text, flag)[0]
    except AddressError as e:
        raise LaunchError(str(e)) from None


def select_devices(devices, environ):
    """--devices '4,5' -> ids relative to CUDA_VISIBLE_DEVICES (as Paddle), or as given when it is unset."""
    if not devices:
        return []
    wanted = [d.strip() for d in devices.split(",") if d.strip()]
    visible = environ.get("CUDA_VISIBLE_DEVICES", "")
    if visible in ("", "all"):
        return wanted
    visible_list = [v.strip() for v in visible.split(",")]
    for d in wanted:
        if d not in visible_list:
            raise LaunchError(f"Can't find your gpus {d} in CUDA_VISIBLE_DEVICES[{visible}]. --devices/--gpus name "
                              "physical ids that CUDA_VISIBLE_DEVICES must list")
    return [str(visible_list.index(d)) for d in wanted]


def nproc_of(args, devices):
    """Workers per node: --nproc_per_node, else one per device, else 1."""
    if args.nproc_per_node is not None:
        if args.nproc_per_node < 1:
            raise LaunchError(f"--nproc_per_node must be at least 1, but received {args.nproc_per_node}")
        if devices and args.nproc_per_node not in (1, len(devices)):
            raise LaunchError(f"--nproc_per_node={args.nproc_per_node} does not match the {len(devices)} devices "
                              f"of --devices={args.devices}: give one device per worker (or --nproc_per_node=1)")
        return args.nproc_per_node
    return len(devices) if devices else 1


def thread_env(nproc, environ):
    """Math-library threads per worker: the cores this process may use shared out, unless the user chose
    (purepaddle's one thread policy, _core/threads.py; workers would fight over more)."""
    return threads.thread_env(environ, workers=nproc)


def build_plan(args, nodes, master, report, environ, script_python, runner, node_ips=None):
    """The plan every supervisor reads: nodes [{host, log_dir}], endpoints, devices, the script."""
    devices = select_devices(args.devices, environ)
    nproc = nproc_of(args, devices)
    ips = node_ips or [n["host"] for n in nodes]
    if args.ips:
        ports = [args.start_port + i for i in range(nproc)]
        endpoints = [f"{ip}:{p}" for ip in ips for p in ports]
    else:
        endpoints = [f"{ip}:{p}" for ip in ips for p in free_ports(nproc)]
    # several nodes on one host writing one log dir would clash on workerlog.{local_rank}
    seen = [(n["host"] if not is_local(n["host"]) else "local", n["log_dir"]) for n in nodes]
    log_names = "global" if len(set(seen)) < len(seen) else "local"
    return {
        "job_id": args.job_id,
        "python": script_python,
        "runner": runner,
        "script": args.training_script,
        "args": list(args.training_script_args),
        "cwd": os.getcwd(),
        "nproc": nproc,
        "nodes": nodes,
        "endpoints": endpoints,
        "master": master,
        "report": report,
        "devices": devices,
        "device_key": "FLAGS_selected_gpus",
        "log_names": log_names,
        "log_overwrite": bool(args.log_overwrite),
        "threads": thread_env(nproc, environ),
    }


def ps_layout(workers, servers, nodes):
    """A parameter-server job's ranks: plan["ps"] for worker and server endpoints on `nodes`. Each endpoint runs on
    the node whose host it names (all on the one node of a single-node job); the MPI ranks fill the nodes in order,
    each node's workers before its servers, so every node's ranks are contiguous as mpirun places them."""
    hosts = [n["host"] for n in nodes]

    def node_of(ep, flag):
        if len(nodes) == 1:
            return 0
        host = split_hostport(ep, flag)[0]
        if host not in hosts:
            raise LaunchError(f"{flag} endpoint {ep} is on none of the job's nodes ({', '.join(hosts)})")
        return hosts.index(host)

    at = {"worker": [node_of(ep, "--workers") for ep in workers], "server": [node_of(ep, "--servers") for ep in servers]}
    ranks = [[role, i, k] for k in range(len(nodes)) for role in ("worker", "server")
             for i, node in enumerate(at[role]) if node == k]
    return {"workers": len(workers), "servers": len(servers), "worker_endpoints": list(workers),
            "server_endpoints": list(servers), "ranks": ranks}
