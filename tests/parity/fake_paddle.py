"""A 'paddle' for the harness's own tests: purepaddle plus functions that kill or stall the worker process, so
the tests can check that a crash or hang is recorded for that case and the worker restarts for the rest."""
import os
import signal
import time

import purepaddle


def crash(x):
    """Die by SIGSEGV, as a native kernel would."""
    os.kill(os.getpid(), signal.SIGSEGV)


def exit_now(x):
    """Leave the process without an answer."""
    os._exit(0)


def hang(x):
    """Never answer (within any sane timeout)."""
    time.sleep(3600)


def __getattr__(name):
    return getattr(purepaddle, name)
