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
