"""Global mode state: dynamic vs static, grad recording on/off, the phase diagnostics read.

What higher floors plug in (the static builder, auto_cast, op listeners, ...) is not here: those are the
declared hook points of `_core/hooks.py`.
"""
import functools


class _State:
    """One object read by the hot path; attribute reads on it are cheap."""

    __slots__ = ("static", "grad_enabled", "program_stack", "phase", "phase_op")

    def __init__(self):
        self.static = False         # building a Program instead of running eagerly
        self.grad_enabled = True    # record grad nodes in eager mode
        self.program_stack = []     # (main, startup) pairs pushed by program_guard
        self.phase = None           # None (forward / user code), "backward" or "optimizer": read by diagnostics
        self.phase_op = None        # the grad node whose backward runs (kept only while op_ran listeners exist)


STATE = _State()


def in_dynamic_mode():
    """True when ops run eagerly (the default), False while building static Programs."""
    return not STATE.static


def set_static(static):
    """Switch the mode for a while and return the previous one (True: static) for the caller to
    restore: append_backward, jit tracing, dygraph.guard and memory estimation build or run in a
    fixed mode whatever mode their caller is in."""
    prev = STATE.static
    STATE.static = bool(static)
    return prev


def enable_static():
    """Switch to static-graph mode: ops append to the current Program."""
    STATE.static = True


def disable_static(place=None):
    """Switch back to dynamic (eager) mode."""
    STATE.static = False


def is_grad_enabled():
    """Whether eager ops record gradients."""
    return STATE.grad_enabled


class set_grad_enabled:
    """Turn gradient recording on or off; usable as a call, a context manager or a decorator."""

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

    def __init__(self, func=None):
        self._func = func
        if func is not None:
            functools.update_wrapper(self, func)

    def __enter__(self):
        self._prev = STATE.grad_enabled
        STATE.grad_enabled = self._mode
        return self

    def __exit__(self, *exc):
        STATE.grad_enabled = self._prev
        return False

    def __call__(self, *args, **kwargs):
        if self._func is None:  # used as @no_grad() — wrap the function given now
            func = args[0]
            return type(self)(func)
        prev = STATE.grad_enabled
        STATE.grad_enabled = self._mode
        try:
            return self._func(*args, **kwargs)
        finally:
            STATE.grad_enabled = prev

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)


class no_grad(_GradSwitch):
    """Record no graph inside: outputs have stop_gradient=True.

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
