"""Helper processes that end with the process that started them (standard library only).

Linux's `prctl(PR_SET_PDEATHSIG)` makes the kernel signal a child when its parent dies, even by
SIGKILL, where no cleanup code of the parent can run. The signal is tied to the *thread* that
forked the child, so callers ask for it only when that thread is the main thread (which lives as
long as the process). The supervisor of `distributed/launch` loads this file by path: it starts
without importing purepaddle.
"""
import os
import signal
import sys

__all__ = []

_PR_SET_PDEATHSIG = 1


def die_with_parent(signum=signal.SIGKILL, parent_pid=None):
    """In a child: have the kernel send `signum` when the parent dies; exit now if it already has.

    `parent_pid` is the parent's pid as the parent saw it before forking: a parent that died before
    the request was made is noticed by comparing it with getppid(). False where Linux's prctl is
    unavailable (the caller's other means of noticing its parent's death remain).
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, int(signum), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if parent_pid is not None and os.getppid() != parent_pid:
        os._exit(1)  # the parent died before the request: no signal will come
    return True
