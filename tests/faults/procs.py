"""Before/after checks of the fault suites that kill a process tree: which processes live, what /dev/shm holds."""
import os
import time

SHM = "/dev/shm"


def shm_names():
    """The names in /dev/shm now (empty where there is none)."""
    try:
        return set(os.listdir(SHM))
    except OSError:
        return set()


def alive(pid):
    """Whether `pid` is a running process (a zombie, waiting to be reaped, has stopped running)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_gone(pids, timeout):
    """The pids still running after up to `timeout` seconds (an empty list: all gone)."""
    deadline = time.monotonic() + timeout
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def descendants(root):
    """Every process below `root` (from /proc's parent links)."""
    kids = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            kids.setdefault(ppid, []).append(int(name))
    out, todo = [], [root]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def kill_tree(pids):
    """SIGKILL whatever the trial left, so one failed trial does not disturb the next."""
    import signal
    for p in pids:
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def unclaimed(paths):
    """Those of `paths` that no running process has open or mapped: left behind, not merely in use (other jobs
    on the machine create /dev/shm and temp entries of the same kinds meanwhile)."""
    paths = {os.path.realpath(p) for p in paths}
    held = set()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/maps") as f:
                for line in f:
                    parts = line.split(None, 5)
                    if len(parts) == 6:
                        held.add(parts[5].strip().replace(" (deleted)", ""))
            for fd in os.listdir(f"/proc/{name}/fd"):
                try:
                    held.add(os.readlink(f"/proc/{name}/fd/{fd}"))
                except OSError:
                    pass
        except OSError:
            continue
    return sorted(p for p in paths if os.path.lexists(p) and not any(h == p or h.startswith(p + "/") for h in held))
