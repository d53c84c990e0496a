"""The launcher's command line: Paddle's flags, PADDLE_* environment overrides, and the removed 1.x flags."""
import argparse
import os
import sys

# Flags the 2.0 launcher dropped (the FAQ's "launch arguments were renamed"): each names what replaced it.
REMOVED = {
    "--cluster_node_ips": "it was renamed: use --ips (e.g. --ips=192.168.0.16,192.168.0.17)",
    "--selected_gpus": "it was renamed: use --gpus (or --devices), e.g. --gpus=0,1",
    "--node_ip": "it was removed: the launcher finds this node in --ips by itself (or use --host)",
    "--use_paddlecloud": "it was removed: the cluster's PADDLE_* environment variables are read automatically",
    "--started_port": "it was renamed: use --start_port",
    "--print_config": "it was removed: the configuration is written to {log_dir}/{job_id}.launch.log",
}

# PADDLE_* variables that override a flag, as Paddle's launcher reads them (name -> (dest, type)).
ENV_ARGS = {
    "POD_IP": ("host", str),
    "PADDLE_MASTER": ("master", str),
    "PADDLE_DEVICES": ("devices", str),
    "PADDLE_NNODES": ("nnodes", str),
    "PADDLE_RUN_MODE": ("run_mode", str),
    "PADDLE_LOG_OVERWRITE": ("log_overwrite", "bool"),
    "PADDLE_NPROC_PER_NODE": ("nproc_per_node", int),
    "PADDLE_JOB_ID": ("job_id", str),
    "PADDLE_RANK": ("rank", int),
    "PADDLE_LOG_DIR": ("log_dir", str),
    "PADDLE_MAX_RESTART": ("max_restart", int),
    "PADDLE_ELASTIC_LEVEL": ("elastic_level", int),
    "PADDLE_START_PORT": ("start_port", int),
    "PADDLE_IPS": ("ips", str),
    "PADDLE_HANG_TIMEOUT": ("hang_timeout", float),
    "PADDLE_LOG_LEVEL": ("log_level", str),
    "PADDLE_SORT_IP": ("sort_ip", "bool"),
    "PADDLE_ELASTIC_TIMEOUT": ("elastic_timeout", int),
    "PADDLE_SERVER_NUM": ("server_num", int),
    "PADDLE_TRAINER_NUM": ("trainer_num", int),
    "PADDLE_SERVERS_ENDPOINTS": ("servers", str),
    "PADDLE_TRAINERS_ENDPOINTS": ("trainers", str),
    "PADDLE_GLOO_PORT": ("gloo_port", int),
    "PADDLE_WITH_GLOO": ("with_gloo", str),
    "PADDLE_AUTO_PARALLEL_CONFIG": ("auto_parallel_config", str),
    "PADDLE_AUTO_CLUSTER": ("auto_cluster_config", str),
    "PADDLE_JOIN_TIMEOUT": ("join_timeout", float),
    "PADDLE_REMOTE_START": ("remote_start", str),
}

USAGE_EXAMPLES = """examples:
  python -m paddle.distributed.launch --nproc_per_node 2 train.py --lr 0.1
  python -m paddle.distributed.launch --devices 0,1 train.py
  python -m paddle.distributed.launch --ips 192.168.0.16,192.168.0.17 --nproc_per_node 4 train.py
  python -m paddle.distributed.launch --nnodes 2 --master 192.168.0.16:8090 train.py   (on every node)
  python -m paddle.distributed.launch --server_num 2 --worker_num 2 train.py   (parameter server)

Workers run under Open MPI's mpirun (pip install purepaddle[distributed])."""


def strtobool(value):
    """'1/true/yes/on' -> True, '0/false/no/off' -> False (Paddle's launcher spelling of booleans)."""
    v = str(value).strip().lower()
    if v in ("1", "true", "t", "yes", "y", "on"):
        return True
    if v in ("0", "false", "f", "no", "n", "off"):
        return False
    raise argparse.ArgumentTypeError(f"invalid truth value {value!r}")


def build_parser(prog="python -m paddle.distributed.launch"):
    """Paddle's launcher flags: collective jobs, and parameter-server jobs (--server_num/--worker_num)."""
    p = argparse.ArgumentParser(prog=prog, epilog=USAGE_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    base = p.add_argument_group("Base Parameters")
    base.add_argument("--master", type=str, default=None, help="the master/rendezvous server, ip:port")
    base.add_argument("--legacy", type=strtobool, default=False, help="accepted; there is one launcher")
    base.add_argument("--rank", type=int, default=-1, help="the node rank (default: order of joining / --ips)")
    base.add_argument("--log_level", type=str, default="INFO",
                      help="the launcher's console messages: DEBUG (also the configuration and the mpirun command), "
                           "INFO, WARNING or ERROR. Default INFO (the launcher log gets everything)")
    base.add_argument("--log_overwrite", type=strtobool, default=False, help="overwrite existing log files")
    base.add_argument("--sort_ip", type=strtobool, default=False, help="rank the nodes by ip")
    base.add_argument("--enable_gpu_log", type=strtobool, default=True, help="accepted; no effect on CPU")
    base.add_argument("--nnodes", type=str, default="1",
                      help="the number of nodes, or MIN:MAX for an elastic job (nodes may leave and join)")
    base.add_argument("--nproc_per_node", type=int, default=None, help="the number of processes per node")
    base.add_argument("--log_dir", type=str, default="log", help="the directory of the logs. Default ./log")
    base.add_argument("--run_mode", type=str, default=None, help="collective (the only mode on purepaddle)")
    base.add_argument("--job_id", type=str, default="default", help="unique id of the job. Default default")
    base.add_argument("--devices", "--gpus", "--npus", "--xpus", type=str, default=None,
                      help="devices, one worker each, e.g. --gpus=0,1")
    base.add_argument("--host", type=str, default=None, help="this node's ip")
    base.add_argument("--ips", type=str, default=None, help="the nodes' ips, e.g. 10.10.1.1,10.10.1.2")
    base.add_argument("--start_port", type=int, default=6070, help="first port of the endpoints")
    for flag in ("--auto_parallel_config", "--auto_cluster_config", "--auto_tuner_json"):
        base.add_argument(flag, type=str, default=None, help="accepted; no effect (no auto-parallel tuner here)")
    base.add_argument("training_script", type=str, help="the training script, followed by its arguments")
    base.add_argument("training_script_args", nargs=argparse.REMAINDER)
    ps = p.add_argument_group("Parameter-Server Parameters (servers and workers are ranks of one MPI job, on one host or several)")
    ps.add_argument("--servers", type=str, default="", help="the servers' endpoints, ip:port,... (the same list on every host)")
    ps.add_argument("--trainers", "--workers", dest="trainers", type=str, default="",
                    help="the workers' endpoints, ip:port,... (the same list on every host)")
    ps.add_argument("--server_num", type=int, default=None, help="the number of parameter servers")
    ps.add_argument("--trainer_num", "--worker_num", dest="trainer_num", type=int, default=None,
                    help="the number of workers (trainers) of a parameter-server job")
    ps.add_argument("--gloo_port", type=int, default=6767, help="accepted; no effect (MPI carries the collectives)")
    ps.add_argument("--with_gloo", type=str, default="1", help="accepted; no effect (MPI carries the collectives)")
    elastic = p.add_argument_group("Elastic Parameters")
    elastic.add_argument("--max_restart", type=int, default=3,
                         help="restarts of a failed job when --elastic_level >= 1 or --nnodes is a range MIN:MAX. "
                              "Default 3")
    elastic.add_argument("--elastic_level", type=int, default=-1,
                         help="-1/0: a failure ends the job; 1: restart it (up to --max_restart times)")
    elastic.add_argument("--elastic_timeout", type=int, default=30,
                         help="elastic jobs (--nnodes MIN:MAX): seconds the node count must hold still before the "
                              "job (re)starts. Default 30")
    nodes = p.add_argument_group("Several Nodes (purepaddle)")
    nodes.add_argument("--join_timeout", type=float, default=600,
                       help="seconds the master waits for the other nodes' launchers (and they for it) before "
                            "giving up with the missing nodes named. Default 600")
    nodes.add_argument("--remote_start", choices=("launcher", "ssh"), default="launcher",
                       help="how the other nodes' workers start: 'launcher' (each node runs this launcher; no ssh, "
                            "the default) or 'ssh' (only the first node of --ips runs it; Open MPI reaches the others "
                            "over passwordless ssh)")
    debug = p.add_argument_group("Hang Diagnosis (purepaddle)")
    debug.add_argument("--hang_timeout", type=float, default=0,
                       help="when no rank makes collective progress for this many seconds while one waits in a "
                            "collective, print where every rank is and stop the job. Default 0: off")
    return p


def _value_flags(parser):
    """Option strings that take a value (the next argv token is theirs unless written --flag=value)."""
    flags = set()
    for action in parser._actions:
        if action.option_strings and action.nargs != 0:
            flags.update(action.option_strings)
    return flags


def _check_removed(parser, argv):
    """Fail like argparse on a removed flag before the script name, with a hint naming its replacement."""
    takes_value = _value_flags(parser) | set(REMOVED) - {"--use_paddlecloud"}
    i = 0
    while i < len(argv):
        tok = argv[i]
        if not tok.startswith("-") or tok == "--":
            return  # the training script: what follows is its own
        name, eq, _ = tok.partition("=")
        if name in REMOVED:
            shown = tok if eq or name not in takes_value or i + 1 >= len(argv) else f"{tok} {argv[i + 1]}"
            parser.error(f"unrecognized arguments: {shown}\n  {name}: {REMOVED[name]}")
        i += 1 if eq or name not in takes_value else 2


def apply_env(args, environ, echo):
    """PADDLE_* variables override flags, as in Paddle (a line says so for each)."""
    for key, (dest, kind) in ENV_ARGS.items():
        raw = environ.get(key)
        if raw is None or raw == "":
            continue
        try:
            value = strtobool(raw) if kind == "bool" else kind(raw)
        except (ValueError, argparse.ArgumentTypeError):
            raise SystemExit(f"launch: environment variable {key}={raw!r} is not a valid {dest}")
        echo(f"LAUNCH WARNING args {dest} will be overridden by env: {key} value: {raw}")
        setattr(args, dest, value)
    return args


def parse(argv=None, environ=None, echo=None):
    """argv (without the program name) -> argparse.Namespace, after the removed-flag check and env overrides."""
    argv = list(sys.argv[1:] if argv is None else argv)
    environ = os.environ if environ is None else environ
    parser = build_parser("fleetrun") if os.path.basename(sys.argv[0]) == "fleetrun" else build_parser()
    _check_removed(parser, argv)
    args = parser.parse_args(argv)
    if args.training_script_args[:1] == ["--"]:
        args.training_script_args = args.training_script_args[1:]
    return apply_env(args, environ, echo or (lambda msg: print(msg, file=sys.stderr)))
