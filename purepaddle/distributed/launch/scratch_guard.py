"""Removes a job's scratch directory once the launcher and mpirun are both gone, however the launcher ended.

Started by the launcher with the read end of a pipe whose write end only the launcher holds:
`python scratch_guard.py <fd> <mpirun pid> <directory>`. The read returns when the launcher closes
the pipe or dies (even by SIGKILL, when no code of its own runs); mpirun, which dies with the
launcher (PR_SET_PDEATHSIG), may still be stopping the ranks: the guard waits for it, then removes
Open MPI's session files and the ranks' shared-memory segments. Standard library only.
"""
import os
import shutil
import sys
import time

WAIT_S = 120  # mpirun stops its ranks in a second or two; a stuck one is not waited for forever


def _running(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def main(fd, pid, scratch):
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass
    deadline = time.monotonic() + WAIT_S
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    for _ in range(3):  # a file created while the tree is removed makes one more pass necessary
        if not os.path.lexists(scratch):
            break
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]))
