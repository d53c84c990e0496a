"""Mode state: dynamic vs static, grad recording on/off, the phase diagnostics read; per thread, as in Paddle.

What higher floors plug in (the static builder, auto_cast, op listeners, ...) is not here: those are the
declared hook points of `_core/hooks.py`.

Each thread has its own grad mode (on in a new thread), phase and static flag, as Paddle's tracer and torch
keep them: `no_grad` in one thread never stops another from recording, and a backward in one thread does not
switch grad off for the others. A new thread starts in the mode most recently set by any thread (Paddle's
`global_var` does the same: `enable_static()` before starting threads puts them in static mode). The
program_guard stack is process-wide, as Paddle's default programs are.

Where they live: each thread's fields are one plain `ThreadState` (`LOCAL.state`), so the per-op hot path
pays one thread-local read (`st = LOCAL.state`) and then plain attribute reads. `STATE` is the one
process-wide handle the rest of the code reads and writes (`STATE.grad_enabled = False`): its per-thread
fields forward to the calling thread's `ThreadState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable
    from purepaddle._core._typing import PlaceLike
    from typing import Any

import functools
import threading

_get_ident = threading.get_ident
_LAST_STATIC = [False]  # the mode a new thread starts in: the one most recently set by any thread


class ThreadState:
    """The engine's fields of one thread, and the values of the per-thread hook points (`hooks.ThreadPoint`
    keeps its value here under the point's name; `add_field` gives it its class-level default)."""

    def __init__(self):
        self.static = _LAST_STATIC[0]  # building a Program instead of running eagerly
        self.grad_enabled = True    # record grad nodes in eager mode
        self.phase = None           # None (forward / user code), "backward" or "optimizer": read by diagnostics
        self.phase_op = None        # the grad node whose backward runs (kept only while op_ran listeners exist)
        self.stacks = {}            # per-thread hook point name -> what its nested installs covered


def add_field(name, default):
    """Declare one more per-thread field (a per-thread hook point's value), `default` in every thread."""
    if hasattr(ThreadState, name) or name in ("static", "grad_enabled", "phase", "phase_op", "stacks"):
        raise ValueError(f"per-thread field {name!r} exists already")
    setattr(ThreadState, name, default)


class _Local(threading.local):
    def __init__(self):  # runs once in each thread, on its first access
        self.state = ThreadState()


LOCAL = _Local()


def _per_thread(name, doc, on_set=None):
    """A STATE field forwarding to the calling thread's ThreadState."""
    def get(self):
        return getattr(LOCAL.state, name)

    def put(self, value):
        setattr(LOCAL.state, name, value)
        if on_set is not None:
            on_set(value)

    return property(get, put, doc=doc)


def _remember_static(value):
    _LAST_STATIC[0] = value


class _State:
    """The process-wide handle on the mode: per-thread fields forward to the caller's ThreadState."""

    _FIELDS = ("static", "grad_enabled", "phase", "phase_op", "program_stack")

    static = _per_thread("static", "building a Program in this thread", _remember_static)
    grad_enabled = _per_thread("grad_enabled", "eager ops record grad nodes in this thread")
    phase = _per_thread("phase", 'None, "backward" or "optimizer": where this thread runs ops (diagnostics)')
    phase_op = _per_thread("phase_op", "the grad node whose backward this thread runs (op_ran listeners)")

    def __init__(self):
        self.program_stack = []  # (main, startup) pairs pushed by program_guard: process-wide


STATE = _State()


class ThreadStacks:
    """What a reusable context manager must put back on exit, kept per thread: one `no_grad()` or
    `auto_cast()` object entered by several threads at once (a decorator, a module-level guard) gives each
    thread back its own previous state, whatever order the threads leave in."""

    __slots__ = ("_stacks",)

    def __init__(self):
        self._stacks = {}  # thread id -> list (dict operations are atomic under the GIL)

    def push(self, value):
        self._stacks.setdefault(_get_ident(), []).append(value)

    def pop(self):
        ident = _get_ident()
        stack = self._stacks[ident]
        value = stack.pop()
        if not stack:
            del self._stacks[ident]
        return value


def in_dynamic_mode() -> bool:
    """True when ops run eagerly (the default), False while building static Programs.

    Returns:
        bool: True in dynamic (eager) mode, False in static-graph mode.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.in_dynamic_mode()
            True
            >>> paddle.enable_static()
            >>> paddle.in_dynamic_mode()
            False
            >>> paddle.disable_static()
    """
    return not LOCAL.state.static


def set_static(static):
    """Switch the mode for a while and return the previous one (True: static) for the caller to
    restore: append_backward, jit tracing, dygraph.guard and memory estimation build or run in a
    fixed mode whatever mode their caller is in."""
    prev = STATE.static
    STATE.static = bool(static)
    return prev


def enable_static() -> None:
    """Switch to static-graph mode: ops append to the current Program.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data('x', [None, 3])
            >>> x.shape
            (-1, 3)
            >>> paddle.disable_static()
    """
    STATE.static = True


def disable_static(place: PlaceLike | None = None) -> None:
    """Switch back to dynamic (eager) mode.

    Args:
        place (PlaceLike|None, optional): The place dynamic mode runs on; None means the current device.
            Default: None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> paddle.disable_static()
            >>> paddle.in_dynamic_mode()
            True
    """
    STATE.static = False


def is_grad_enabled():
    """Whether eager ops record gradients (in the calling thread)."""
    return LOCAL.state.grad_enabled


class set_grad_enabled:
    """Turn gradient recording on or off in the calling thread; usable as a call, a context manager or a
    decorator."""

    def __init__(self, mode):
        self.prev = STATE.grad_enabled
        self.mode = bool(mode)
        STATE.grad_enabled = self.mode

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        STATE.grad_enabled = self.prev
        return False


class _GradSwitch:
    """Base of no_grad / enable_grad: context manager and decorator."""

    _mode = False

    def __init__(self, func: Callable[..., Any] | None = None) -> None:
        self._func = func
        self._prev = ThreadStacks()
        if func is not None:
            functools.update_wrapper(self, func)

    def __enter__(self):
        st = LOCAL.state
        self._prev.push(st.grad_enabled)
        st.grad_enabled = self._mode
        return self

    def __exit__(self, *exc):
        LOCAL.state.grad_enabled = self._prev.pop()
        return False

    def __call__(self, *args, **kwargs):
        if self._func is None:  # used as @no_grad() — wrap the function given now
            func = args[0]
            return type(self)(func)
        st = LOCAL.state
        prev = st.grad_enabled
        st.grad_enabled = self._mode
        try:
            return self._func(*args, **kwargs)
        finally:
            st.grad_enabled = prev

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)


class no_grad(_GradSwitch):
    """Record no graph inside: outputs have stop_gradient=True.

    Args:
        func (Callable[..., Any]|None, optional): A function to decorate (no gradients while it runs); None
            when used as a context manager. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 1.0], stop_gradient=False)
            >>> with paddle.no_grad():
            ...     y = x * 2
            >>> y.stop_gradient
            True
    """

    _mode = False


class enable_grad(_GradSwitch):
    """Record gradients inside, even within no_grad."""

    _mode = True
