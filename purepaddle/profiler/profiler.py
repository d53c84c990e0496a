"""paddle.profiler.Profiler: scheduled recording of host events, Chrome traces and summary tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Iterable, Sequence
    from typing import Any

import datetime
import json
import os
import socket
import time
import warnings
from contextlib import ContextDecorator
from enum import Enum

from . import recorder as _rec
from . import timer as _timer
from .recorder import TracerEventType
from .statistic import SortedKeys, Statistic, SummaryView, build_table


class ProfilerState(Enum):
    """A step's profiling state: CLOSED (off), READY (warming up), RECORD, RECORD_AND_RETURN (last recorded)."""

    CLOSED = 0
    READY = 1
    RECORD = 2
    RECORD_AND_RETURN = 3


class ProfilerTarget(Enum):
    """Devices to profile; purepaddle records the host (CPU)."""

    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM_DEVICE = 3


def make_scheduler(*, closed, ready, record, repeat=0, skip_first=0):
    """A scheduler: step -> ProfilerState, cycling closed -> ready -> record (repeat times; 0 = forever).

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> sched = profiler.make_scheduler(closed=1, ready=1, record=2, repeat=1)
            >>> [sched(i).name for i in range(5)]
            ['CLOSED', 'READY', 'RECORD', 'RECORD_AND_RETURN', 'CLOSED']
    """
    if not (closed >= 0 and ready >= 0 and record > 0 and repeat >= 0 and skip_first >= 0):
        raise AssertionError(f"Invalid profiler scheduler arguments: closed={closed}, ready={ready}, record={record}, "
                             f"repeat={repeat}, skip_first={skip_first} (record must be > 0, the others >= 0)")
    if ready == 0:
        warnings.warn("Profiler will record data after enabling profiler immediately, some data collected at the "
                      "beginning of profiling may be 'noisy' because of overhead.")
    period = closed + ready + record

    def schedule(step):
        if step < 0:
            raise AssertionError(f"profiler step must be >= 0, but received {step}")
        if step < skip_first:
            return ProfilerState.CLOSED
        step -= skip_first
        if repeat > 0 and step // period >= repeat:
            return ProfilerState.CLOSED
        m = step % period
        if m < closed:
            return ProfilerState.CLOSED
        if m < closed + ready:
            return ProfilerState.READY
        return ProfilerState.RECORD if m < period - 1 else ProfilerState.RECORD_AND_RETURN

    return schedule


def _always_record(step):
    """The default scheduler: every step is recorded."""
    return ProfilerState.RECORD


def export_chrome_tracing(dir_name: str, worker_name: str | None = None) -> Callable[[Any], None]:
    """An on_trace_ready callback writing each recorded range to `dir_name` as a Chrome trace (JSON).

    Args:
        dir_name (str): The directory the trace files go to.
        worker_name (str|None, optional): The prefix of the file names; None uses host name and process id.
            Default: None.

    Returns:
        A function for Profiler's on_trace_ready that writes a Chrome trace (JSON).

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> on_ready = profiler.export_chrome_tracing('./profiler_log')
    """
    try:
        os.makedirs(dir_name, exist_ok=True)
    except OSError as e:
        raise RuntimeError(f"Can not create directory '{dir_name}' for saving profiling results.") from e

    def handle(prof):
        name = worker_name or f"host_{socket.gethostname()}pid_{os.getpid()}"
        stamp = datetime.datetime.now().strftime("%Y_%m_%d_%H_%M_%S_%f")
        prof.export(os.path.join(dir_name, f"{name}_time_{stamp}.paddle_trace.json"), "json")

    return handle


def export_protobuf(dir_name, worker_name=None):
    """Paddle's protobuf trace format is not available in purepaddle; use export_chrome_tracing."""
    raise NotImplementedError("paddle.profiler.export_protobuf: purepaddle writes Chrome traces only; use "
                              "paddle.profiler.export_chrome_tracing(dir_name) as on_trace_ready")


class RecordEvent(ContextDecorator):
    """Time a user-defined range (shown in the UserDefined summary and the trace).

    Examples:
        .. code-block:: python

            >>> import paddle.profiler as profiler
            >>> with profiler.RecordEvent("load_batch"):
            ...     pass
    """

    def __init__(self, name, event_type=TracerEventType.PythonUserDefined):
        self.name = name
        self.event_type = event_type
        self._start = None

    def __enter__(self):
        self.begin()
        return self

    def __exit__(self, *exc):
        self.end()
        return False

    def begin(self):
        """Start the range."""
        self._start = time.perf_counter_ns()

    def end(self):
        """End the range and record it (when a profiler is recording)."""
        if self._start is not None:
            _rec.add(self.name, self.event_type, self._start, time.perf_counter_ns())
            self._start = None


class ProfilerResult:
    """The events of one recorded range: summary data and the Chrome trace."""

    def __init__(self, events, meta):
        self.events = events
        self.meta = meta

    def get_data(self):
        """The recorded HostEvents."""
        return self.events

    def get_extra_info(self):
        """Process and system CPU utilisation, as Paddle's trace holds them."""
        return {"Process Cpu Utilization": f"{self.meta.get('process_util', 0.0):f}",
                "System Cpu Utilization": f"{self.meta.get('system_util', 0.0):f}"}

    def chrome_trace(self):
        """The trace as a dict in the Chrome trace-event format (Perfetto / chrome://tracing open it)."""
        pid = self.meta.get("pid", os.getpid())
        epoch = self.meta.get("epoch_ns", 0)
        base = min((e.start_ns for e in self.events), default=0)
        out = [{"name": "process_name", "ph": "M", "pid": pid, "tid": 0, "args": {"name": f"Process {pid}"}}]
        for tid in sorted({e.tid for e in self.events}):
            out.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": f"{tid}(Python)",
                        "args": {"name": f"thread {tid}"}})
        for e in sorted(self.events, key=lambda e: (e.start_ns, -e.end_ns)):
            dur_us = e.duration_ns / 1e3
            args = {"start_time": f"{(e.start_ns - base) / 1e3:.3f} us", "end_time": f"{(e.end_ns - base) / 1e3:.3f} us"}
            if e.args:
                args.update({k: v for k, v in e.args.items() if v is not None})
            out.append({"name": f"{e.name}[{dur_us:.3f} us]", "pid": pid, "tid": f"{e.tid}(Python)",
                        "ts": (e.start_ns + epoch) / 1e3, "dur": dur_us, "ph": "X", "cat": e.type.name,
                        "cname": "thread_state_runnable", "args": args})
        return {"displayTimeUnit": "ms", "schemaVersion": "1.0.2", "span_index": "0", "traceEvents": out,
                "ExtraInfo": dict(self.get_extra_info(), **{str(pid): "MainThread"})}

    def save(self, path, format="json"):  # noqa: A002
        """Write the trace to `path` (atomically)."""
        if format != "json":
            raise ValueError(f"Profiler.export: format must be 'json' in purepaddle (Chrome trace), but received "
                             f"{format!r}")
        d = os.path.dirname(os.path.abspath(path))
        os.makedirs(d, exist_ok=True)
        tmp = f"{path}.tmp{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(self.chrome_trace(), f)
        os.replace(tmp, path)


def load_profiler_result(filename):
    """Load a Chrome trace written by Profiler.export back into a ProfilerResult (summary tables work on it)."""
    with open(filename, encoding="utf-8") as f:
        data = json.load(f)
    events = []
    for ev in data.get("traceEvents", ()):
        if ev.get("ph") != "X":
            continue
        start = int(round(ev["ts"] * 1e3))
        name = ev["name"].rsplit("[", 1)[0]
        tid = str(ev.get("tid", "0")).split("(")[0]
        etype = TracerEventType[ev.get("cat", "UserDefined")]
        events.append(_rec.HostEvent(name, etype, start, start + int(round(ev["dur"] * 1e3)), tid))
    return ProfilerResult(events, {"pid": data.get("ExtraInfo", {}).get("pid", 0), "epoch_ns": 0})


def _system_busy():
    """(busy, total) jiffies of all CPUs from /proc/stat, or None."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            vals = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0)
    return sum(vals) - idle, sum(vals)


class Profiler:
    """Profile a training or inference loop: per-op host time, the step split into data loading, forward,
    backward and optimizer, a Chrome trace, and reader_cost / batch_cost / ips (timer_only).

    Args:
        targets (list|None): ProfilerTarget devices (the CPU is what purepaddle records).
        scheduler (callable|tuple|None): step -> ProfilerState, or (start_batch, end_batch) to record
            [start, end); None records every step.
        on_trace_ready (callable|None): called with the profiler when a recorded range ends; default
            export_chrome_tracing('./profiler_log/').
        record_shapes (bool): keep each op's input shapes and dtypes in the trace.
        profile_memory (bool): track purepaddle's tensor memory and add a Memory Summary.
        timer_only (bool): only time steps (reader_cost, batch_cost, ips); no events.
        emit_nvtx (bool): accepted for compatibility (NVTX ranges are CUDA's).
        custom_device_types (Sequence[str]): accepted for compatibility (custom devices).
        with_flops (bool): accepted and kept, as Paddle's option to count FLOPs.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.profiler as profiler
            >>> prof = profiler.Profiler(scheduler=(1, 3), on_trace_ready=lambda p: None)
            >>> prof.start()
            >>> for i in range(4):
            ...     y = paddle.ones([4]) * 2
            ...     prof.step()
            >>> prof.stop()
            >>> prof.summary(views=profiler.SummaryView.ModelView)  # prints the Model Summary table
    """

    def __init__(self, *, targets: Iterable[ProfilerTarget] | None = None,
                 scheduler: Callable[[int], Any] | tuple[int, int] | None = None,
                 on_trace_ready: Callable[..., Any] | None = None, record_shapes: bool = False,
                 profile_memory: bool = False, timer_only: bool = False, emit_nvtx: bool = False,
                 custom_device_types: Sequence[str] = (), with_flops: bool = False) -> None:
        supported = {ProfilerTarget.CPU}
        if targets:
            self.targets = set()
            for t in targets:
                if t in supported:
                    self.targets.add(t)
                else:
                    warnings.warn(f"Profiling {t} is not supported in current context.")
        else:
            self.targets = supported
        if callable(scheduler):
            self.scheduler = scheduler
        elif isinstance(scheduler, (tuple, list)):
            if len(scheduler) != 2 or not scheduler[1] > scheduler[0]:
                raise AssertionError(f"Profiler scheduler as a range must be (start_batch, end_batch) with end > "
                                     f"start, but received {scheduler}")
            start, end = max(scheduler[0], 0), scheduler[1]
            if start >= 1:
                self.scheduler = make_scheduler(closed=max(start - 1, 0), ready=1, record=end - start, repeat=1)
            else:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    self.scheduler = make_scheduler(closed=0, ready=0, record=end - start, repeat=1)
        elif scheduler is None:
            self.scheduler = _always_record
        else:
            raise TypeError(f"Profiler: scheduler must be a callable, a (start, end) tuple or None, but received "
                            f"{type(scheduler).__name__}")
        self.on_trace_ready = export_chrome_tracing("./profiler_log/") if on_trace_ready is None else on_trace_ready
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.timer_only = timer_only
        self.with_flops = with_flops
        self.step_num = 0
        self.previous_state = ProfilerState.CLOSED
        self.current_state = self.scheduler(self.step_num)
        self.profiler_result = None
        self._step_event = None
        self._started = False
        self._meta0 = None
        self._mem_started = False

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    # -- recording ----------------------------------------------------------------------------------
    def _begin_record(self):
        """Open a RECORD range (and reset the memory peak when profiling memory)."""
        _rec.start_collecting(self.record_shapes)
        self._meta0 = (time.process_time_ns(), time.perf_counter_ns(), _system_busy())
        if self.profile_memory:
            from ..device import memory as _mem
            self._mem_started = not _mem.T.on  # stop the tracker again at the end if we started it
            _mem.reset_peak()

    def _end_record(self):
        """Close the RECORD range into profiler_result, with utilisation and memory."""
        events = _rec.stop_collecting()
        meta = _rec.trace_meta()
        if self._meta0 is not None:
            cpu0, wall0, sys0 = self._meta0
            wall = max(time.perf_counter_ns() - wall0, 1)
            meta["process_util"] = (time.process_time_ns() - cpu0) / wall
            sys1 = _system_busy()
            if sys0 and sys1 and sys1[1] > sys0[1]:
                meta["system_util"] = (sys1[0] - sys0[0]) / (sys1[1] - sys0[1])
        if self.profile_memory:
            from ..device import memory as _mem
            meta["memory"] = {"peak": _mem.max_allocated(), "current": _mem.allocated()}
            if self._mem_started:
                _mem.stop_tracking()
        self.profiler_result = ProfilerResult(events, meta)

    def _open_step(self):
        """Start this step's ProfileStep event."""
        self._step_event = RecordEvent(f"ProfileStep#{self.step_num}", TracerEventType.ProfileStep)
        self._step_event.begin()

    def _close_step(self):
        """End this step's ProfileStep event."""
        if self._step_event is not None:
            self._step_event.end()
            self._step_event = None

    def start(self):
        """Start profiling at step 0 (enter the scheduler's first state)."""
        _timer.BENCHMARK.begin()
        _rec.acquire()
        self._started = True
        if self.timer_only:
            return
        if self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
            self._begin_record()
        self._open_step()

    def stop(self):
        """Stop profiling; a range still recording is returned to on_trace_ready."""
        _timer.BENCHMARK.end()
        if not self._started:
            return
        self._started = False
        try:
            if self.timer_only:
                return
            self._close_step()
            if self.current_state is ProfilerState.READY:
                warnings.warn("Improper Profiler state transform: READY->CLOSED, profiler will start and stop "
                              "without saving data")
            if self.current_state in (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN):
                self._end_record()
                if self.on_trace_ready:
                    self.on_trace_ready(self)
        finally:
            _rec.release()

    def step(self, num_samples=None):
        """Mark the end of a step (num_samples: the batch size, for ips) and move the scheduler on."""
        _timer.BENCHMARK.step(num_samples)
        if self.timer_only:
            return
        self._close_step()
        self.previous_state = self.current_state
        self.step_num += 1
        self.current_state = self.scheduler(self.step_num)
        self._transition(self.previous_state, self.current_state)
        self._open_step()

    def _transition(self, prev, cur):
        """Act on a scheduler state change between two steps (Paddle's transitions)."""
        recording = (ProfilerState.RECORD, ProfilerState.RECORD_AND_RETURN)
        if prev is ProfilerState.RECORD_AND_RETURN:
            self._end_record()
            if cur in recording:
                self._begin_record()
            if self.on_trace_ready:
                self.on_trace_ready(self)
            return
        if prev is ProfilerState.RECORD and cur in (ProfilerState.CLOSED, ProfilerState.READY):
            warnings.warn(f"Improper schedule: RECORD->{cur.name}, profiler will not saving data")
            _rec.stop_collecting()
            return
        if prev is ProfilerState.READY and cur is ProfilerState.CLOSED:
            warnings.warn("Improper schedule: READY->CLOSED, profiler will start and stop without saving data")
            return
        if prev not in recording and cur in recording:
            self._begin_record()

    def step_info(self, unit=None):
        """' reader_cost: .. s batch_cost: .. s ips: .. samples/s' averaged since the last call.

        Examples:
            .. code-block:: python

                >>> import paddle.profiler as profiler
                >>> p = profiler.Profiler(timer_only=True)
                >>> p.start()
                >>> for i in range(3):
                ...     p.step(num_samples=8)
                >>> 'batch_cost' in p.step_info()
                True
                >>> p.stop()
        """
        return _timer.BENCHMARK.step_info("samples" if unit is None else unit)

    def export(self, path="", format="json"):  # noqa: A002
        """Write the last recorded range to `path` as a Chrome trace (format 'json')."""
        if self.profiler_result is not None:
            self.profiler_result.save(path, format)

    def summary(self, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False, time_unit="ms", views=None):
        """Print the summary tables of the last recorded range (all views by default).

        Args:
            sorted_by (SortedKeys): how operator rows are sorted.
            op_detail (bool): show each operator's inner rows (its kernel and bookkeeping).
            thread_sep (bool): accepted; purepaddle runs ops on one thread.
            time_unit (str): 's', 'ms', 'us' or 'ns'.
            views (SummaryView|list|None): the tables to print.
        """
        print(self.summary_text(sorted_by, op_detail, thread_sep, time_unit, views))

    def summary_text(self, sorted_by=SortedKeys.CPUTotal, op_detail=True, thread_sep=False, time_unit="ms",
                     views=None):
        """The text summary() prints ('' when nothing was recorded)."""
        if time_unit not in ("s", "ms", "us", "ns"):
            raise ValueError(f"Profiler.summary: time_unit must be one of 's', 'ms', 'us', 'ns', but received "
                             f"{time_unit!r}")
        if isinstance(views, SummaryView):
            views = [views]
        if self.profiler_result is None:
            return ""
        stat = Statistic(self.profiler_result.events, self.profiler_result.meta)
        return build_table(stat, sorted_by, op_detail, thread_sep, time_unit, views)

    def statistic(self):
        """The aggregated data of the last recorded range (per-phase items, per-op items), or None."""
        if self.profiler_result is None:
            return None
        return Statistic(self.profiler_result.events, self.profiler_result.meta)
