"""The registry of hooks: every place where a lower floor calls code that a higher floor supplies.

A hook point is declared once, by the module that calls it (`POINT = hooks.declare(name, doc)`), with
a one-line doc saying who calls it, with what, and what it must return. Higher floors install into it
through the point (`hooks.get(name)` or the declaring module's constant); nothing else wires floors
together, and no module assigns onto another module's functions or classes. docs/architecture.md lists
every point ("Registry of hooks"); tests/test_floors.py checks that the list and the code agree.

The caller reads `point.active`, one attribute test: None while nothing is installed.

- A "slot" holds one value at a time (a callable, or a (pack, unpack) pair). `install(value)` returns
  a handle whose `remove()` puts back what was there, so nested installs stack (a jit trace inside a
  memory trace). `swap(value)` returns the previous value, for a scoped hand-over on a hot path that
  is put back by a second swap (auto_cast running the op it cast plainly).
- "listeners" hold any number of callables, called in install order: `active` is a tuple (a fresh one
  on every change, so a listener may install or remove others while they are being called), None when
  empty. `install(fn)` returns a handle (a second install of the same fn is a no-op); `remove(fn)`.

A point is process-wide (what one thread installs, every thread sees: the static builder, FLAGS-driven
listeners, the profiler) or, declared with `per_thread=True`, holds a value per thread, idle in a new one
(a `ThreadPoint`): the state a user scopes with a `with` block around their own ops (auto_cast,
saved_tensors_hooks), which must neither reach ops that other threads run meanwhile nor be undone by their
exits (torch keeps both per thread; Paddle keeps its AMP level per thread).

Examples:
    .. code-block:: python

        >>> from purepaddle._core import hooks
        >>> 'amp' in hooks.declared()
        True
        >>> hooks.get('amp').active is None
        True
"""
import sys

from .mode import LOCAL, add_field

_POINTS = {}  # name -> Point, in declaration order


class _Rules:
    """What installing into a point means (shared by process-wide and per-thread points)."""

    __slots__ = ()

    def install(self, value):
        """Install value (a slot's new value, or one more listener); returns a handle with remove()."""
        if self.kind == "slot":
            self._stack.append(self.active)
            self.active = value
        elif value not in (self.active or ()):
            self.active = (self.active or ()) + (value,)
        return _Handle(self, value)

    def remove(self, value):
        """Take value out: a slot gets back what the matching install covered; a listener stops."""
        if self.kind == "slot":
            if self.active is value and self._stack:
                self.active = self._stack.pop()
                return
            for k in range(len(self._stack) - 1, 0, -1):  # removed out of order: the install above it
                if self._stack[k] is value:                  # now covers what this one covered
                    del self._stack[k]
                    return
            return
        rest = tuple(f for f in (self.active or ()) if f != value)  # == : a bound method made anew matches
        self.active = rest or None

    def swap(self, value):
        """Slot only: set value and return the previous one (put it back with another swap)."""
        prev, self.active = self.active, value
        return prev

    def installed(self, value):
        """Whether value is the slot's value or one of the listeners."""
        return value is self.active if self.kind == "slot" else value in (self.active or ())

    def __repr__(self):
        scope = ", per thread" if self.per_thread else ""
        return f"<hook {self.name!r} ({self.kind}{scope}) declared in {self.module}>"


class Point(_Rules):
    """One declared extension point: its name, doc, declaring module, kind, and what is installed."""

    __slots__ = ("active", "name", "doc", "module", "kind", "_stack")
    per_thread = False

    def __init__(self, name, doc, module, kind):
        self.active = None
        self.name, self.doc, self.module, self.kind = name, doc, module, kind
        self._stack = []  # slot: the values that nested installs covered (outermost first)


class ThreadPoint(_Rules):
    """A point holding its value per thread, idle in a new thread. The value lives in the thread's
    `mode.ThreadState` under the point's name, so a hot path that has the thread's state at hand already
    reads it as a plain attribute (`LOCAL.state.amp`); `active` gives the calling thread's value."""

    __slots__ = ("name", "doc", "module", "kind")
    per_thread = True

    def __init__(self, name, doc, module, kind):
        self.name, self.doc, self.module, self.kind = name, doc, module, kind
        add_field(name, None)

    @property
    def active(self):
        return getattr(LOCAL.state, self.name)

    @active.setter
    def active(self, value):
        setattr(LOCAL.state, self.name, value)

    def swap(self, value):
        """Slot only: set this thread's value and return its previous one (one thread-local read: auto_cast
        swaps around every op it casts)."""
        st = LOCAL.state
        prev = getattr(st, self.name)
        setattr(st, self.name, value)
        return prev

    @property
    def _stack(self):
        """The values that this thread's nested installs covered (outermost first)."""
        stacks = LOCAL.state.stacks
        stack = stacks.get(self.name)
        if stack is None:
            stack = stacks[self.name] = []
        return stack


class _Handle:
    """What install() returns: remove() undoes it; also a context manager."""

    __slots__ = ("point", "value")

    def __init__(self, point, value):
        self.point, self.value = point, value

    def remove(self):
        self.point.remove(self.value)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
        return False


def declare(name, doc, kind="slot", per_thread=False):
    """Declare the hook point `name` (once, in the module that calls it); returns its Point (a ThreadPoint
    when `per_thread`: installs made in one thread are seen by that thread only)."""
    if kind not in ("slot", "listeners"):
        raise ValueError(f"hook kind must be 'slot' or 'listeners', got {kind!r}")
    if name in _POINTS:
        raise ValueError(f"hook point {name!r} is already declared in {_POINTS[name].module}")
    cls = ThreadPoint if per_thread else Point
    point = _POINTS[name] = cls(name, doc, sys._getframe(1).f_globals.get("__name__", "?"), kind)
    return point


def get(name):
    """The declared point `name` (its declaring module must have been imported)."""
    try:
        return _POINTS[name]
    except KeyError:
        raise KeyError(f"no hook point {name!r} is declared (declared: {', '.join(_POINTS)})") from None


def declared():
    """{name: Point} of every point declared so far, in declaration order."""
    return dict(_POINTS)
