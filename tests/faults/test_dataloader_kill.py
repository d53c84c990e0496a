"""DataLoader kills (issue 13, "Nothing left behind"): a child process iterates a DataLoader with 2 workers and
shared memory, its batches (4 MB, bigger than the workers' arenas) travelling through memory files, with
several in flight; it is SIGKILLed at a random moment mid-epoch. Afterwards no /dev/shm entry of it survives and
its workers are gone within a few seconds, even one busy inside the dataset's __getitem__."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from tests.checkout import child_env
from tests.faults import mode, procs

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="worker processes need fork (Linux)")

CHILD = r"""
import os, sys, time
import numpy as np
from purepaddle.io import DataLoader, Dataset

class Big(Dataset):
    def __len__(self):
        return 10 ** 6
    def __getitem__(self, i):
        if i % 7 == 3:
            time.sleep(0.3)  # some kills find a worker inside user code
        return np.full((256, 1024), i % 1000, dtype=np.float32)

loader = DataLoader(Big(), batch_size=4, num_workers=2, use_shared_memory=True, prefetch_factor=4)
it = iter(loader)
next(it)
print(" ".join(str(w.pid) for w in it._workers), flush=True)
for batch in it:
    time.sleep(0.02)  # a slow consumer: the workers run ahead, batches wait in memory files
"""


def one_kill(rng):
    """One trial: (workers left running, new /dev/shm names) after SIGKILLing the DataLoader's process."""
    before = procs.shm_names()
    env = child_env(PUREPADDLE_DATALOADER_ARENA_MB="1")  # 4 MB batches do not fit: memory files
    p = subprocess.Popen([sys.executable, "-c", CHILD], env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        workers = [int(x) for x in line.split()]
        assert len(workers) == 2, f"the child did not start its workers: {line!r}"
        time.sleep(rng.uniform(0.1, 1.0))
        p.send_signal(signal.SIGKILL)
        p.wait()
        left = procs.wait_gone(workers, 5.0)
        procs.kill_tree(left)
        time.sleep(0.1)
        # other jobs on the machine (a launcher's purepaddle-mpi-<pid>-* scratch) are not this child's
        new = {n for n in procs.shm_names() - before
               if n.startswith("purepaddle") and not n.startswith("purepaddle-mpi-")}
        return left, new
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()


def test_dataloader_kill_leaves_nothing():
    rng = random.Random(13)
    n = mode.trials(2, 30)
    lingering, leaked = 0, 0
    for _ in range(n):
        left, new = one_kill(rng)
        lingering += bool(left)
        leaked += len(new)
        assert not left and not new, f"workers still running: {left}; left in /dev/shm: {sorted(new)}"
    mode.report("dataloader_kill", trials=n, workers_left=lingering, shm_left=leaked)
