"""Unique names (`{key}_{n}` counters, one generator per Program) and name scopes."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Iterator


import collections
import contextlib
import threading

__all__ = ["UniqueNameGenerator", "generate", "generate_with_ignorable_key", "switch", "guard", "name_scope"]


class UniqueNameGenerator:
    """Hands out `prefix + key_n` with a counter per key, starting at 0."""

    _lock = threading.Lock()  # threads building layers at once never draw the same name

    def __init__(self, prefix=None):
        self.ids = collections.defaultdict(int)
        self.prefix = prefix or ""

    def __call__(self, key):
        return self.generate(key)

    def generate(self, key):
        """The next unique name for `key`: `key_0`, `key_1`, ..."""
        with self._lock:
            n = self.ids[key]
            self.ids[key] = n + 1
        return f"{self.prefix}{key}_{n}"

    def generate_with_ignorable_key(self, key):
        """Same as generate (the key only matters for readability)."""
        return self.generate(key)

    def clone(self):
        """A generator with a copy of these counters."""
        g = UniqueNameGenerator(self.prefix)
        g.ids = collections.defaultdict(int, self.ids)
        return g


generator = UniqueNameGenerator()  # the process-wide one (dygraph Layer and parameter names)


def generate(key: str) -> str:
    """A unique name `key_n` from the global generator.

    Args:
        key (str): The prefix of the name.

    Returns:
        str: `key` followed by _ and a counter, unique so far.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.utils.unique_name.guard():
            ...     print(paddle.utils.unique_name.generate('fc'))
            fc_0
    """
    return generator(key)


def generate_with_ignorable_key(key):
    """A unique name from the global generator; the key is informational."""
    return generator.generate_with_ignorable_key(key)


def switch(new_generator=None, new_para_name_checker=None):
    """Install a new global generator (a fresh one when None) and return the old one."""
    global generator
    old = generator
    generator = new_generator if new_generator is not None else UniqueNameGenerator()
    return old


@contextlib.contextmanager
def guard(new_generator: str | UniqueNameGenerator | None = None) -> Iterator[None]:
    """Use a fresh (or the given, or a prefixed) global generator inside the block.

    Args:
        new_generator (str|UniqueNameGenerator|None, optional): A fresh generator (or a prefix for one); None
            makes a new empty one. Default: None.

    Returns:
        A context manager; names inside the block come from the new generator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.utils.unique_name.guard('A_'):
            ...     print(paddle.utils.unique_name.generate('fc'))
            A_fc_0
    """
    if isinstance(new_generator, bytes):
        new_generator = new_generator.decode()
    if isinstance(new_generator, str):
        new_generator = UniqueNameGenerator(new_generator)
    old = switch(new_generator)
    try:
        yield
    finally:
        switch(old)


class _Scope:
    """A node of the name-scope tree: children get unique names per parent."""

    __slots__ = ("parent", "name", "kids")

    def __init__(self, parent=None, name=""):
        self.parent, self.name, self.kids = parent, name, {}

    def child(self, prefix):
        n = self.kids.get(prefix, 0)
        self.kids[prefix] = n + 1
        return _Scope(self, prefix if n == 0 else f"{prefix}_{n}")

    def path(self):
        parts, s = [], self
        while s.parent is not None:
            parts.append(s.name)
            s = s.parent
        return "/" + "".join(p + "/" for p in reversed(parts))


_ROOT = _Scope()
_current = [_ROOT]


def current_namescope():
    """The op_namescope attribute value for ops appended now ('/' outside any scope)."""
    return _current[0].path()


@contextlib.contextmanager
def name_scope(prefix=None):
    """Group the ops appended inside under `prefix` (their op_namescope attribute).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> with paddle.static.name_scope("s1"):
            ...     x = paddle.static.data('x', [2])
            ...     y = x * 2
            >>> paddle.static.default_main_program().global_block().ops[-1].attr('op_namescope')
            '/s1/'
            >>> paddle.disable_static()
    """
    if not prefix:
        yield
        return
    prev = _current[0]
    _current[0] = prev.child(str(prefix))
    try:
        yield
    finally:
        _current[0] = prev
