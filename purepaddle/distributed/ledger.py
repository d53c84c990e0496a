"""The per-rank ledger of collectives: the last one issued and the last one completed (when a hang watchdog runs).

Each collective of a process group takes the next sequence number and records its op, the shape
and dtype of its array and the user's call site (the first frame outside purepaddle). That is a few
attribute writes per call, no I/O: the launcher's hang watchdog (launch/watchdog.py) reads it from
another thread when the job stalls. A collective that runs another one inside it (a widened or
segmented all_reduce) counts once. Asynchronous calls (sync=False) count as completed once posted.
"""
import os
from sys import _getframe

# frames under this directory are purepaddle's own; the call site is the first frame outside it
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


class Ledger:
    """Last issued / last completed collective of this process (seq 0: none yet).

    Examples:
        .. code-block:: python

            >>> from purepaddle.distributed.ledger import LEDGER
            >>> LEDGER.issued >= LEDGER.completed
            True
    """

    __slots__ = ("issued", "completed", "op", "shape", "dtype", "file", "line")

    def __init__(self):
        self.issued = self.completed = 0
        self.op = self.shape = self.dtype = self.file = None
        self.line = 0

    def waiting(self):
        """Whether a collective has been issued and has not completed."""
        return self.issued != self.completed

    def snapshot(self):
        """The entry as a plain dict (strings and ints), for the watchdog's report."""
        return {"seq": self.issued, "completed": self.completed, "op": self.op,
                "shape": None if self.shape is None else list(self.shape),
                "dtype": None if self.dtype is None else str(self.dtype),
                "file": self.file, "line": self.line, "waiting": self.waiting()}


LEDGER = Ledger()


def _site(f):
    """(file, line) of the first frame outside purepaddle from `f` up (the user's call site)."""
    while f is not None and f.f_code.co_filename.startswith(_PACKAGE):
        f = f.f_back
    return (f.f_code.co_filename, f.f_lineno) if f is not None else (None, 0)


def recorded(op):
    """Decorator for a ProcessGroup method: the call is entered in LEDGER (args[0] is its array, if any)."""
    def wrap(method):
        def run(self, *args, **kwargs):
            led = LEDGER
            if led.issued != led.completed:  # nested inside a recorded call: one entry
                return method(self, *args, **kwargs)
            a = args[0] if args else None
            led.op, led.shape, led.dtype = op, getattr(a, "shape", None), getattr(a, "dtype", None)
            led.file, led.line = _site(_getframe(1))
            led.issued += 1
            try:
                return method(self, *args, **kwargs)
            finally:
                led.completed = led.issued
        run.__name__, run.__doc__, run.__wrapped__ = method.__name__, method.__doc__, method
        return run
    return wrap


def served():
    """A parameter server answered a request: one completed `ps_serve` entry (a server waits for requests, which
    is no collective a hang could be blamed on, so its entries never wait)."""
    led = LEDGER
    led.op, led.shape, led.dtype, led.file, led.line = "ps_serve", None, None, None, 0
    led.issued += 1
    led.completed = led.issued


_RECORDED = ("reduce", "reduce_scatter", "broadcast", "all_gather", "gather", "scatter", "all_to_all",
             "all_to_all_v", "barrier", "send", "recv", "all_gather_object", "broadcast_object", "scatter_object")
_RECORDING = {}  # process-group class -> its recording subclass


def recording(cls):
    """The mpi_group_class hook: a subclass of the process-group class cls whose blocking calls enter LEDGER."""
    sub = _RECORDING.get(cls)
    if sub is None:
        body = {name: recorded(name)(getattr(cls, name)) for name in _RECORDED}
        body["all_reduce"] = recorded_all_reduce(cls.all_reduce)
        body["__doc__"] = cls.__doc__
        body["__module__"] = cls.__module__
        sub = _RECORDING[cls] = type(cls.__name__, (cls,), body)
    return sub


def recorded_all_reduce(method):
    """`recorded("all_reduce")` for all_reduce(self, a, op, sync=True), flattened: it runs on every gradient
    bucket and every user all_reduce, so each step counts (about 0.5 us per call)."""
    def all_reduce(self, a, op, sync=True):
        led = LEDGER
        if led.issued != led.completed:  # a widened or segmented all_reduce inside one: one entry
            return method(self, a, op, sync)
        led.op, led.shape, led.dtype = "all_reduce", a.shape, a.dtype
        f = _getframe(2)  # the public function called this method, so this is usually the user's frame
        if f.f_code.co_filename.startswith(_PACKAGE):
            led.file, led.line = _site(f)
        else:
            led.file, led.line = f.f_code.co_filename, f.f_lineno
        led.issued += 1
        try:
            return method(self, a, op, sync)
        finally:
            led.completed = led.issued
    all_reduce.__doc__, all_reduce.__wrapped__ = method.__doc__, method
    return all_reduce
