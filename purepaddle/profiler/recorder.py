"""What the profiler records: host events from ops (an op hook plus timed kernels), layers, backward,
optimizer steps, DataLoader waits and RecordEvent ranges.

Instrumentation is installed only while a Profiler is started (class attributes patched and put back
at stop), so a program that never profiles runs exactly the code it runs without the profiler.
"""
import os
import threading
import time
from enum import Enum

from .._core import autograd as _autograd
from .._core.dispatch import building_program
from .._core.op import OPS
from ..framework import op_hooks
from . import timer as _timer

_now = time.perf_counter_ns
# perf_counter has no epoch: offset it so trace timestamps are wall-clock microseconds
_EPOCH_NS = time.time_ns() - _now()


class TracerEventType(Enum):
    """Kinds of host/device events (Paddle's TracerEventType)."""

    Operator = 0
    Dataloader = 1
    ProfileStep = 2
    CudaRuntime = 3
    Kernel = 4
    Memcpy = 5
    Memset = 6
    UserDefined = 7
    OperatorInner = 8
    Forward = 9
    Backward = 10
    Optimization = 11
    Communication = 12
    PythonOp = 13
    PythonUserDefined = 14
    DygraphKernelLaunch = 15
    StaticKernelLaunch = 16


class HostEvent:
    """One host event: name, type, [start_ns, end_ns], thread, extra args, and the op it belongs to."""

    __slots__ = ("name", "type", "start_ns", "end_ns", "tid", "args", "parent")

    def __init__(self, name, etype, start_ns, end_ns, tid, args=None, parent=None):
        self.name, self.type, self.start_ns, self.end_ns = name, etype, start_ns, end_ns
        self.tid, self.args, self.parent = tid, args, parent

    @property
    def duration_ns(self):
        return self.end_ns - self.start_ns


class _Collector:
    """Global recording state: the events of the current RECORD range, and the installed patches."""

    def __init__(self):
        self.collecting = False
        self.events = []
        self.users = 0           # started Profilers (instrumentation stays while > 0)
        self.patches = []        # (owner, attribute, original or _MISSING)
        self.kernel = None       # (op, start_ns, end_ns) of the last timed kernel
        self.record_shapes = False
        self.layer_depth = 0
        self.node = None         # [node, HostEvent] of the backward node being timed
        self.last_end = 0


C = _Collector()
_MISSING = object()
_COMM_PREFIXES = ("c_", "all_reduce", "allreduce", "broadcast", "all_gather", "reduce_scatter", "alltoall", "send",
                  "recv", "barrier")


def _tid():
    """The OS thread id events are recorded under."""
    return threading.get_native_id()


def add(name, etype, start_ns, end_ns, args=None, parent=None):
    """Record one event if a RECORD range is open."""
    if C.collecting:
        ev = HostEvent(name, etype, start_ns, end_ns, _tid(), args, parent)
        C.events.append(ev)
        return ev
    return None


# -- ops: a hook per op plus timed forward/update methods ----------------------------------------
def _timed(fn):
    """Wrap an op's forward/update to keep its kernel's start and end times."""
    def timed(self, xp, *arrays):
        t0 = _now()
        try:
            return fn(self, xp, *arrays)
        finally:
            C.kernel = (self, t0, _now())
    timed.__wrapped__ = fn
    timed.__name__ = fn.__name__
    return timed


def _patch_kernels():
    """Time every registered op's kernel (put back by stop_collecting)."""
    for cls in set(OPS.values()):
        for name in ("forward", "update"):
            fn = getattr(cls, name, None)
            if fn is None or getattr(fn, "__wrapped__", None) is not None:
                continue
            C.patches.append((cls, name, cls.__dict__.get(name, _MISSING)))
            setattr(cls, name, _timed(fn))


def _shapes(items):
    """Input shapes for record_shapes."""
    out = []
    for t in items:
        if type(t) is list:
            out.append([list(x._data.shape) for x in t if x is not None])
        elif t is not None and hasattr(t, "_data"):
            out.append(list(t._data.shape))
        else:
            out.append(None)
    return out


def _op_hook(op, ins, outs):
    """Turn a finished op into an Operator event with its kernel (and bookkeeping) inside."""
    end = _now()
    op = op_hooks.unwrap(op)
    k = C.kernel
    if k is not None and k[0] is op:
        start, kend = k[1], k[2]
    else:
        start = kend = max(C.last_end, end - 1000)
    C.kernel = None
    desc = op_hooks.static_desc() if building_program() else None
    phase, node = op_hooks.phase_of(op, desc)
    label = op.type if desc is not None else op_hooks.eager_name(op.type)
    args = {"phase": phase}
    if C.record_shapes:
        args["input_shapes"] = _shapes(ins)
        args["input_dtypes"] = [getattr(getattr(t, "_data", None), "dtype", None) and t._data.dtype.name
                                if type(t) is not list else "list" for t in ins]
    if op.type.startswith(_COMM_PREFIXES):
        add(op.type, TracerEventType.Communication, start, end)
    if phase == "backward" and node is not None:  # ops a grad node runs are rows inside `<op>_grad`
        parent = _node_event(node, start, end)
        add(label, TracerEventType.OperatorInner, start, end, args, parent=parent)
    else:
        ev = add(f"{label} dygraph" if desc is None else label, TracerEventType.Operator, start, end, args)
        if ev is not None:
            launch = TracerEventType.DygraphKernelLaunch if desc is None else TracerEventType.StaticKernelLaunch
            add(f"{label} compute", launch, start, kend, parent=ev)
            if end > kend:
                add(f"{label} node_creation" if desc is None else f"{label} fetch_outputs",
                    TracerEventType.OperatorInner, kend, end, parent=ev)
    C.last_end = end


def _node_event(node, start, end):
    """The `<op>_grad` event grouping the ops one grad node's backward runs (Paddle's GradNode rows)."""
    cur = C.node
    if cur is not None and cur[0] is node:
        if cur[1] is not None:
            cur[1].end_ns = end
        return cur[1]
    ev = add(f"{op_hooks.eager_name(node.type)}_grad", TracerEventType.Operator, start, end, {"phase": "backward"})
    C.node = [node, ev]
    return ev


# -- phases: layers, backward, optimizer, DataLoader ------------------------------------------------
def _wrap_layer_call(orig):
    """Layer.__call__ recording the outermost call as a Forward event."""
    def __call__(self, *inputs, **kwargs):
        if C.layer_depth or not C.collecting:
            C.layer_depth += 1
            try:
                return orig(self, *inputs, **kwargs)
            finally:
                C.layer_depth -= 1
        C.layer_depth += 1
        t0 = _now()
        try:
            return orig(self, *inputs, **kwargs)
        finally:
            C.layer_depth -= 1
            add(type(self).__name__, TracerEventType.Forward, t0, _now())
    return __call__


def _wrap_backward(orig):
    """run_backward recorded as a Backward event."""
    def run_backward(*args, **kwargs):
        t0 = _now()
        C.node = None
        try:
            return orig(*args, **kwargs)
        finally:
            C.node = None
            add("Gradient Backward", TracerEventType.Backward, t0, _now())
    return run_backward


def _wrap_step(orig):
    """Optimizer.step recorded as an Optimization event."""
    def step(self, *args, **kwargs):
        t0 = _now()
        try:
            return orig(self, *args, **kwargs)
        finally:
            add("Optimization Step", TracerEventType.Optimization, t0, _now())
    step.__wrapped__ = orig
    return step


def _wrap_next(orig, name):
    """A DataLoader iterator's __next__ timed as a Dataloader event and for reader_cost."""
    def __next__(self):
        bench = _timer.BENCHMARK
        bench.check_loader(self)
        bench.before_reader()
        t0 = _now()
        batch = orig(self)  # StopIteration ends the epoch: not a wait for a batch
        bench.after_reader()
        add(name, TracerEventType.Dataloader, t0, _now())
        return batch
    return __next__


def _set(owner, name, value):
    """Patch owner.name, remembering the original."""
    C.patches.append((owner, name, owner.__dict__.get(name, _MISSING)))
    setattr(owner, name, value)


def _subclasses(cls):
    """cls and all its subclasses."""
    out, stack = [], [cls]
    while stack:
        c = stack.pop()
        out.append(c)
        stack.extend(c.__subclasses__())
    return out


def _patch_phases():
    """Install the phase wrappers (layers, backward, optimizer, DataLoader)."""
    from ..io.dataloader import dataloader_iter as _dl
    from ..nn.layer.layers import Layer
    from ..optimizer.optimizer import Optimizer
    _set(Layer, "__call__", _wrap_layer_call(Layer.__call__))
    _set(_autograd, "run_backward", _wrap_backward(_autograd.run_backward))
    for cls in _subclasses(Optimizer):
        if "step" in cls.__dict__ and getattr(cls.__dict__["step"], "__wrapped__", None) is None:
            _set(cls, "step", _wrap_step(cls.__dict__["step"]))
    for cls, name in ((_dl.SingleProcessIter, "_DataLoaderIterSingleProcess"),
                      (_dl.MultiProcessIter, "_DataLoaderIterMultiProcess")):
        _set(cls, "__next__", _wrap_next(cls.__next__, name))


def _unpatch(upto=0):
    """Put back the patches made after index `upto`."""
    while len(C.patches) > upto:
        owner, name, orig = C.patches.pop()
        if orig is _MISSING:
            try:
                delattr(owner, name)
            except AttributeError:
                pass
        else:
            setattr(owner, name, orig)


# -- lifetime ---------------------------------------------------------------------------------------
_PHASE_MARK = [0]   # patches below this index are the phase wrappers (kept while profilers run)


def acquire():
    """A Profiler started: install the phase wrappers (once for all profilers)."""
    C.users += 1
    if C.users == 1:
        _patch_phases()
        _PHASE_MARK[0] = len(C.patches)


def release():
    """A Profiler stopped: take the wrappers away when none is left."""
    C.users = max(C.users - 1, 0)
    if C.users == 0:
        stop_collecting()
        _unpatch(0)


def start_collecting(record_shapes=False):
    """Open a RECORD range: time every op from now on."""
    if C.collecting:
        return
    C.events = []
    C.record_shapes = record_shapes
    C.collecting = True
    C.last_end = _now()
    _patch_kernels()
    op_hooks.install(_op_hook)


def stop_collecting():
    """Close the RECORD range; returns its events."""
    if not C.collecting:
        return []
    op_hooks.remove(_op_hook)
    _unpatch(_PHASE_MARK[0])
    C.collecting = False
    C.kernel = None
    C.node = None
    events, C.events = C.events, []
    return events


def trace_meta():
    """pid, host name and process CPU time: what the exported trace and the device summary show."""
    return {"pid": os.getpid(), "cpu_time_ns": time.process_time_ns(), "wall_ns": _now(), "epoch_ns": _EPOCH_NS,
            "cpus": os.cpu_count() or 1}
