"""What the profiler records: host events from ops (an op_ran listener; the kernel's own span comes from
`_core.op.KERNEL_SPAN`), layers, backward, optimizer steps, DataLoader waits and RecordEvent ranges.

Everything goes through declared hook points (`_core/hooks.py`): layer_call, backward_run, optimizer_step
and next_batch while a Profiler is started, op_ran while it records. They are removed at stop, so a program
that never profiles runs exactly the code it runs without the profiler.
"""
import os
import threading
import time
from enum import Enum

from .._core.autograd import BACKWARD_RUN
from .._core.dispatch import building_program
from .._core.op import KERNEL_SPAN
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
    """Global recording state: the events of the current RECORD range, and the installed hooks."""

    def __init__(self):
        self.collecting = False
        self.events = []
        self.users = 0           # started Profilers (instrumentation stays while > 0)
        self.handles = []        # the phase hooks installed (removed when the last Profiler stops)
        self.record_shapes = False
        self.layer_depth = 0
        self.node = None         # [node, HostEvent] of the backward node being timed
        self.last_end = 0


C = _Collector()
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


# -- ops: an op_ran listener; the kernel's span from KERNEL_SPAN -----------------------------------
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
    k = KERNEL_SPAN
    if k.op is op and k.end_ns >= C.last_end:  # the kernel this op just ran (not one of an earlier run)
        start, kend = k.start_ns, k.end_ns
    else:
        start = kend = max(C.last_end, end - 1000)
    op = op_hooks.unwrap(op)
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
def _layer_call(layer, call, inputs, kwargs):
    """layer_call hook: the outermost Layer call recorded as a Forward event."""
    if C.layer_depth or not C.collecting:
        C.layer_depth += 1
        try:
            return call(layer, *inputs, **kwargs)
        finally:
            C.layer_depth -= 1
    C.layer_depth += 1
    t0 = _now()
    try:
        return call(layer, *inputs, **kwargs)
    finally:
        C.layer_depth -= 1
        add(type(layer).__name__, TracerEventType.Forward, t0, _now())


def _backward_run(run, args, kwargs):
    """backward_run hook: the walk recorded as a Backward event."""
    t0 = _now()
    C.node = None
    try:
        return run(*args, **kwargs)
    finally:
        C.node = None
        add("Gradient Backward", TracerEventType.Backward, t0, _now())


def _optimizer_step(optimizer, step, args, kwargs):
    """optimizer_step hook: the step recorded as an Optimization event."""
    t0 = _now()
    try:
        return step(optimizer, *args, **kwargs)
    finally:
        add("Optimization Step", TracerEventType.Optimization, t0, _now())


def _next_batch(iterator, next_batch, name):
    """next_batch hook: a DataLoader batch timed as a Dataloader event and for reader_cost."""
    bench = _timer.BENCHMARK
    bench.check_loader(iterator)
    bench.before_reader()
    t0 = _now()
    batch = next_batch()  # StopIteration ends the epoch: not a wait for a batch
    bench.after_reader()
    add(name, TracerEventType.Dataloader, t0, _now())
    return batch


def _install_phases():
    """Install the phase hooks (layers, backward, optimizer, DataLoader)."""
    from ..io.dataloader.dataloader_iter import NEXT_BATCH
    from ..nn.layer.layers import LAYER_CALL
    from ..optimizer.optimizer import OPTIMIZER_STEP
    C.handles = [LAYER_CALL.install(_layer_call), BACKWARD_RUN.install(_backward_run),
                 OPTIMIZER_STEP.install(_optimizer_step), NEXT_BATCH.install(_next_batch)]


# -- lifetime ---------------------------------------------------------------------------------------
def acquire():
    """A Profiler started: install the phase hooks (once for all profilers)."""
    C.users += 1
    if C.users == 1:
        _install_phases()


def release():
    """A Profiler stopped: take the hooks away when none is left."""
    C.users = max(C.users - 1, 0)
    if C.users == 0:
        stop_collecting()
        while C.handles:
            C.handles.pop().remove()


def start_collecting(record_shapes=False):
    """Open a RECORD range: time every op from now on."""
    if C.collecting:
        return
    C.events = []
    C.record_shapes = record_shapes
    C.collecting = True
    C.last_end = _now()
    op_hooks.install(_op_hook)


def stop_collecting():
    """Close the RECORD range; returns its events."""
    if not C.collecting:
        return []
    op_hooks.remove(_op_hook)
    C.collecting = False
    C.node = None
    events, C.events = C.events, []
    return events


def trace_meta():
    """pid, host name and process CPU time: what the exported trace and the device summary show."""
    return {"pid": os.getpid(), "cpu_time_ns": time.process_time_ns(), "wall_ns": _now(), "epoch_ns": _EPOCH_NS,
            "cpus": os.cpu_count() or 1}
