"""The one failure summary the launcher prints: which rank, why (exit code or signal, decoded), the log's tail."""
import signal

# What a worker killed by a signal most likely went through, in a user's words.
SIGNAL_CAUSES = {
    signal.SIGKILL: "killed, often the out-of-memory killer (check `dmesg` or the container's memory limit)",
    signal.SIGSEGV: "segmentation fault: a crash in native code (the Python stack is in the log)",
    signal.SIGBUS: "bus error: bad memory access, often a full /dev/shm or a truncated memory-mapped file",
    signal.SIGFPE: "floating-point exception in native code, e.g. an integer division by zero",
    signal.SIGABRT: "aborted by native code (a failed C++ check or assert)",
    signal.SIGTERM: "terminated from outside the job (a scheduler, a timeout or `kill`)",
    signal.SIGINT: "interrupted (Ctrl-C)",
    signal.SIGHUP: "hung up: the terminal or ssh session that started it went away",
    signal.SIGPIPE: "broken pipe: it wrote to a pipe or socket nobody reads",
}


def describe_exit(returncode):
    """'exited with code 3' or 'killed by signal 9 (SIGKILL): killed, often the out-of-memory killer ...'."""
    if returncode >= 0:
        return f"exited with code {returncode}"
    num = -returncode
    try:
        name = signal.Signals(num).name
    except ValueError:
        name = f"signal {num}"
    cause = SIGNAL_CAUSES.get(num)
    text = f"killed by signal {num} ({name})"
    return f"{text}: {cause}" if cause else text


def exit_status(returncode):
    """The launcher's own exit status for a worker's return code (shell convention for signals)."""
    if returncode > 0:
        return returncode
    if returncode < 0:
        return 128 - returncode
    return 1


KNOCK_ON_WINDOW = 2.0  # seconds: a failure this long after the first exit is taken as a consequence of it


def root_cause(reports):
    """The report to blame among the ranks that failed, and the others in the order they exited.

    Reports arrive in the order the launcher hears them, and even the supervisors' exit stamps only say when each
    supervisor noticed its script had gone: a server whose peer died on another node is aborted by Open MPI
    (exit code 14, MPI_ERR_UNKNOWN, nothing raised in the script) within milliseconds of that peer, and under
    load its supervisor can notice first. So among the failures within KNOCK_ON_WINDOW of the earliest exit, a
    rank killed by a signal (the OOM killer, a segfault) comes first, then a rank whose script raised, then one
    that merely exited (MPI's own aborts among them); the earlier exit wins within a class.
    """
    def stamp(r):
        return r.get("exited", r.get("time", 0.0))

    def kind(r):
        code = r.get("returncode", 1)
        return 0 if code < 0 else (1 if r.get("error") else 2)

    first = min(stamp(r) for r in reports)
    root = min(reports, key=lambda r: (stamp(r) > first + KNOCK_ON_WINDOW, kind(r), stamp(r)))
    return root, sorted((r for r in reports if r is not root), key=stamp)


def summary(report, world, others=(), other_logs=()):
    """The failure summary for the first failing rank's report (later failures listed by rank)."""
    rank = report["rank"]
    if report.get("role"):  # a parameter-server job: name the role and its index
        head = (f"ABORT!!! Out of all {world} processes (servers and workers), the {report['role']} process with "
                f"rank=[{report['role_rank']}] was aborted.")
        who = f"{report['role']} {report['role_rank']} (MPI rank {rank} on host {report['host']}"
    else:
        head = f"ABORT!!! Out of all {world} trainers, the trainer process with rank=[{rank}] was aborted."
        who = f"rank {rank} (local rank {report['local_rank']} on host {report['host']}{_node(report)}"
    lines = [head, f"  {who}, pid {report['pid']}) {describe_exit(report['returncode'])}"]
    if report.get("error"):
        lines.append(f"  error: {report['error']}")
    if others:
        lines.append("  also failed after it: " + ", ".join(f"{_who(o)} ({describe_exit(o['returncode'])})" for o in others))
    if other_logs:
        shown = ", ".join(other_logs[:4]) + (f" and {len(other_logs) - 4} more" if len(other_logs) > 4 else "")
        lines.append(f"  the other ranks were stopped (their logs: {shown})")
    lines.append(f"  last lines of {report['log']}:")
    body = report.get("tail", "").rstrip("\n")
    lines.extend("    " + ln for ln in (body.splitlines() if body else ["(the log is empty)"]))
    return "\n".join(lines)


def _who(report):
    """'rank 3', or 'server 1 (MPI rank 3)' for a parameter-server job's process."""
    if report.get("role"):
        return f"{report['role']} {report['role_rank']} (MPI rank {report['rank']})"
    return f"rank {report['rank']}"


def _node(report):
    """', node 1 (10.0.0.2)' for a job of several nodes ('' otherwise)."""
    if report.get("node_addr") is None or report.get("nnodes", 2) < 2 or str(report["node_addr"]).startswith("127."):
        return ""
    return f", node {report['node']} ({report['node_addr']})"


def mpirun_failure(returncode, stderr_tail, world):
    """Summary when mpirun itself failed and no rank reported (a worker never started, a host unreachable)."""
    lines = [f"ABORT!!! the job of {world} trainers failed before any trainer reported: mpirun "
             f"{describe_exit(returncode)}."]
    body = stderr_tail.strip("\n")
    if body:
        lines.append("  mpirun said:")
        lines.extend("    " + ln for ln in body.splitlines()[-20:])
    return "\n".join(lines)
