"""The hang watchdog: a worker thread reports a stall to the launcher, which prints one diagnosis for all ranks.

Worker side (`start`, standard library only: runner.py loads this file by path before the script
imports paddle): a daemon thread samples the collectives ledger (purepaddle/distributed/ledger.py)
a few times per timeout. When this rank's ledger has not moved for `timeout` seconds, it sends the
launcher its entry and the main thread's Python stack (read with sys._current_frames: MPI calls
release the GIL), and writes the stack to {log_dir}/hangstack.N; if the ledger moves again later it says so.
Launcher side (`Stalls`, used by job.py): once a rank that waits in a collective has reported and
the other ranks had a moment to report too, `diagnosis` names who waits where and who did not come.
"""
import json
import os
import socket
import sys
import sysconfig
import threading
import time
import traceback

HANG_VAR = "PUREPADDLE_HANG_TIMEOUT"
REPORT_VAR = "PUREPADDLE_REPORT"
RANK_VAR = "PUREPADDLE_HANG_RANK"
LEDGER_MODULE = "purepaddle.distributed.ledger"
_PACKAGE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep
_LIBRARY = tuple(p + os.sep for p in {sysconfig.get_paths()[k] for k in ("stdlib", "purelib", "platlib")}) + (
    _PACKAGE, "<")


# -- worker side ------------------------------------------------------------------------------------
def _entry():
    """This process's ledger entry as a dict (seq 0 when it has issued no collective)."""
    mod = sys.modules.get(LEDGER_MODULE)
    if mod is None:
        return {"seq": 0, "completed": 0, "op": None, "shape": None, "dtype": None, "file": None, "line": 0,
                "waiting": False}
    return mod.LEDGER.snapshot()


def _stack(thread_id):
    """The thread's Python stack, outermost first, as [file, line, function, source] lists."""
    frame = sys._current_frames().get(thread_id)
    if frame is None:
        return []
    return [[f.filename, f.lineno, f.name, (f.line or "").strip()] for f in traceback.extract_stack(frame)]


def _send(address, msg, timeout=5.0):
    """One JSON line to the launcher's control server (through its failure-report channel)."""
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout) as s:
            s.sendall((json.dumps({"kind": "fail", "stall": True, **msg}) + "\n").encode())
            s.shutdown(socket.SHUT_WR)
            s.recv(16)
    except OSError:
        pass


def _watch(timeout, address, rank, main_id, log_dir):
    """The watchdog loop: report when the ledger stands still for `timeout` seconds, and when it moves again."""
    poll = min(1.0, max(0.05, timeout / 4))
    last, since, sent = None, time.monotonic(), False
    while True:
        time.sleep(poll)
        entry = _entry()
        key = (entry["seq"], entry["completed"])
        now = time.monotonic()
        if key != last:
            if sent:
                _send(address, {"rank": rank, "resumed": True})
            last, since, sent = key, now, False
            continue
        if sent or now - since < timeout:
            continue
        sent = True
        stack = _stack(main_id)
        _send(address, {"rank": rank, "entry": entry, "stack": stack, "idle": round(now - since, 1),
                        "host": socket.gethostname(), "pid": os.getpid()})
        lines = "".join(f'  File "{f}", line {n}, in {fn}\n' + (f"    {src}\n" if src else "")
                        for f, n, fn, src in stack)
        _write(stack_path(log_dir, rank), f"purepaddle hang watchdog: rank {rank} made no collective progress "
                                          f"for {now - since:.1f}s ({describe_entry(entry)}); main thread:\n{lines}")


def stack_path(log_dir, rank):
    """Where rank's stack goes when it stalls: {log_dir}/hangstack.{rank}."""
    return os.path.join(log_dir, f"hangstack.{rank}")


def _write(path, text):
    """Write a file atomically (temp file + os.replace); a failure is ignored (the report went out)."""
    try:
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
    except OSError:
        pass


def start(environ=None):
    """Start the watchdog thread when the launcher asked for one (PUREPADDLE_HANG_TIMEOUT > 0); True if started."""
    environ = os.environ if environ is None else environ
    try:
        timeout = float(environ.get(HANG_VAR) or 0)
    except ValueError:
        return False
    address = environ.get(REPORT_VAR)
    if timeout <= 0 or not address:
        return False
    # the MPI rank (a parameter-server job's servers all have PADDLE_TRAINER_ID 0)
    rank = int(environ.get(RANK_VAR) or environ.get("PADDLE_TRAINER_ID", "0"))
    log_dir = environ.get("PADDLE_LOG_DIR") or "."
    threading.Thread(target=_watch, args=(timeout, address, rank, threading.main_thread().ident, log_dir),
                     name="purepaddle-hang-watchdog", daemon=True).start()
    return True


# -- launcher side ----------------------------------------------------------------------------------
def _short(path):
    """A path as the user wrote it if it is under the current directory, else its base name."""
    if not path:
        return "?"
    rel = os.path.relpath(path) if os.path.isabs(path) else path
    return rel if not rel.startswith("..") else os.path.basename(path)


def describe_entry(entry):
    """'all_reduce #12 [4] float32 (train.py:21)' or 'no collective yet'."""
    if not entry.get("seq"):
        return "no collective yet"
    shape = f" {entry['shape']} {entry['dtype']}" if entry.get("shape") is not None else ""
    return f"{entry['op']} #{entry['seq']}{shape} ({_short(entry['file'])}:{entry['line']})"


def describe_stack(stack):
    """Where a main thread is: the innermost frame, and the innermost frame of the user's code if different."""
    if not stack:
        return "(no Python stack)"
    file, line, func, src = stack[-1]
    where = f"{func} ({_short(file)}:{line})" + (f": {src}" if src else "")
    user = [f for f in stack if not f[0].startswith(_LIBRARY)]
    if user and user[-1] is not stack[-1]:
        ufile, uline, _, usrc = user[-1]
        where += f", called from {_short(ufile)}:{uline}" + (f": {usrc}" if usrc else "")
    return where


class Stalls:
    """The launcher's view of the stall reports of one job."""

    def __init__(self, world, settle=1.0, label=None):
        self.world, self.settle = world, settle
        self.label = label  # rank -> how the diagnosis names it ('worker 1 (MPI rank 2)'); None: 'rank N'
        self.by_rank = {}
        self.ready_at = None

    def add(self, msg):
        """Take one report ({"resumed": True} withdraws that rank's earlier one)."""
        rank = msg["rank"]
        if msg.get("resumed"):
            self.by_rank.pop(rank, None)
            if not any(m["entry"]["waiting"] for m in self.by_rank.values()):
                self.ready_at = None
            return
        self.by_rank[rank] = msg
        if msg["entry"]["waiting"] and self.ready_at is None:
            self.ready_at = time.time() + self.settle  # time for the other stuck ranks' reports to arrive

    def due(self):
        """Whether a diagnosis should be printed now."""
        if self.ready_at is None:
            return False
        return len(self.by_rank) == self.world or time.time() >= self.ready_at

    def diagnosis(self, timeout, stacks=()):
        """The one message naming the waiting ranks, their collective, and where every other rank is."""
        waiting, groups, others = {}, [], []
        for rank in sorted(self.by_rank):
            msg = self.by_rank[rank]
            if msg["entry"]["waiting"]:
                key = describe_entry(msg["entry"])
                if key not in waiting:
                    waiting[key] = []
                    groups.append((key, msg["entry"]))
                waiting[key].append(rank)
        first = groups[0][1]
        lines = [f"HANG!!! no rank made progress for {timeout:g}s while ranks waited in a collective "
                 "(--hang_timeout / PADDLE_HANG_TIMEOUT):"]
        for key, entry in groups:
            ranks = waiting[key]
            lines.append(f"  {self._names(ranks)} wait{'s' if len(ranks) == 1 else ''} in {key}")
        for rank in range(self.world):
            msg = self.by_rank.get(rank)
            if msg is None:
                others.append(f"  {self._names([rank])} sent no report: it made collective progress in the last {timeout:g}s, "
                              "finished its script, or cannot reach the launcher")
            elif msg["entry"].get("op") == "ps_serve":  # a parameter server: its count is of requests answered
                others.append(f"  {self._names([rank])} has answered {msg['entry']['seq']} request(s): it is in "
                              f"{describe_stack(msg['stack'])}")
            elif not msg["entry"]["waiting"]:
                e = msg["entry"]
                last = f"its last was {describe_entry(e)}" if e["seq"] else "it has issued no collective"
                behind = e["seq"] < first["seq"]
                issued = f"has not issued #{first['seq']} ({last})" if behind else f"is past it ({last})"
                others.append(f"  {self._names([rank])} {issued}: it is in {describe_stack(msg['stack'])}")
        lines.extend(others)
        if stacks:
            lines.append(f"  each rank's full Python stack: {', '.join(stacks[:4])}"
                         + (f" and {len(stacks) - 4} more" if len(stacks) > 4 else ""))
        return "\n".join(lines)


    def _names(self, ranks):
        return _ranks(ranks) if self.label is None else ", ".join(self.label(r) for r in ranks)


def _ranks(ranks):
    """'rank 3', 'ranks 0-2', 'ranks 0, 2, 5'."""
    if len(ranks) == 1:
        return f"rank {ranks[0]}"
    if ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"ranks {ranks[0]}-{ranks[-1]}"
    return "ranks " + ", ".join(map(str, ranks))
