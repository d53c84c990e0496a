"""The launcher under Slurm: one launcher per node (`srun --ntasks-per-node=1 python -m paddle.distributed.launch
...` in an sbatch script) finds the job's nodes, its node rank and the master from Slurm's variables.

The master is the first host of the step's node list (SLURM_STEP_NODELIST, else SLURM_JOB_NODELIST), at
--start_port; node k of the list is node rank k (SLURM_NODEID). Flags the user gave win.
"""
import re

from .plan import LaunchError


def expand_hostlist(text):
    """Slurm's compressed host list -> the host names, in order.

    'node[01-03,7],login1' -> ['node01', 'node02', 'node03', 'node7', 'login1']; several bracket groups in one
    name multiply ('r[1-2]n[1-2]' -> r1n1, r1n2, r2n1, r2n2); a range keeps its zero padding.
    """
    hosts = []
    for item in _split_top(text.strip()):
        if item:
            hosts.extend(_expand_one(item, text))
    return hosts


def _split_top(text):
    """Split at the commas that are not inside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise LaunchError(f"Slurm host list {text!r}: unbalanced ']'")
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    if depth != 0:
        raise LaunchError(f"Slurm host list {text!r}: unbalanced '['")
    parts.append(cur)
    return parts


def _expand_one(item, whole):
    m = re.search(r"\[([^\]]*)\]", item)
    if m is None:
        return [item]
    head, tail = item[:m.start()], item[m.end():]
    out = []
    for piece in m.group(1).split(","):
        lo, sep, hi = piece.strip().partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise LaunchError(f"Slurm host list {whole!r}: {piece!r} is not a number or a range a-b")
        width = len(lo) if lo.startswith("0") or (sep and len(lo) == len(hi)) else 0
        first, last = int(lo), int(hi) if sep else int(lo)
        if last < first:
            raise LaunchError(f"Slurm host list {whole!r}: the range {piece!r} runs backwards")
        for n in range(first, last + 1):
            out.extend(_expand_one(f"{head}{n:0{width}d}{tail}", whole))
    return out


def _int(environ, *names):
    for name in names:
        raw = environ.get(name, "").strip()
        if raw:
            try:
                return int(raw.split("(")[0])  # SLURM_TASKS_PER_NODE style '2(x3)' reads as its first count
            except ValueError:
                return None
    return None


def apply_slurm(args, environ, echo):
    """Fill --master, --nnodes and --rank from Slurm's variables when this launcher runs as a Slurm task of a
    job of several nodes and the user did not give them (nor --ips). Returns whether it did."""
    nodelist = environ.get("SLURM_STEP_NODELIST") or environ.get("SLURM_JOB_NODELIST") or ""
    if not nodelist or environ.get("SLURM_PROCID", "") == "" or args.ips or args.master:
        return False
    hosts = expand_hostlist(nodelist)
    tasks = _int(environ, "SLURM_STEP_NUM_TASKS", "SLURM_NTASKS")
    if len(hosts) < 2:
        return False
    if tasks is not None and tasks != len(hosts):
        raise LaunchError(f"Slurm started {tasks} launcher task(s) on {len(hosts)} node(s) ({nodelist}): run one "
                          "launcher per node, `srun --ntasks-per-node=1 python -m paddle.distributed.launch "
                          "--nproc_per_node K train.py` (the launcher starts the K workers of its node)")
    node = _int(environ, "SLURM_NODEID")
    args.master = f"{hosts[0]}:{args.start_port}"
    if str(args.nnodes) == "1":
        args.nnodes = str(len(hosts))
    if args.rank == -1 and node is not None:
        args.rank = node
    echo(f"LAUNCH INFO Slurm job of {len(hosts)} nodes ({nodelist}): master {args.master}, this is node rank "
         f"{args.rank}")
    return True
