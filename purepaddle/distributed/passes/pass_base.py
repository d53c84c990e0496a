"""The pass framework of paddle.distributed.passes: PassBase and its registry, PassContext (what was applied),
PassManager (applies a list of passes, first dropping and ordering them by their conflict rules) and new_pass.

A pass rewrites static programs. The rules that decide whether pass B may run after pass A: B's own
_check_conflict(A), plus the common rules - a pass never runs twice, fusion passes come last and in the fixed
order of _FUSION_ORDER.
"""
from __future__ import annotations

from typing import Any

__all__ = ["PassBase", "PassContext", "PassManager", "PassType", "new_pass", "register_pass"]


class PassContext:
    """What a sequence of pass applications shares: the passes applied so far and free-form attributes.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.passes import PassContext
            >>> ctx = PassContext()
            >>> ctx.set_attr("note", 1)
            >>> ctx.get_attr("note"), ctx.passes
            (1, [])
    """

    def __init__(self) -> None:
        self._applied_passes = []
        self._attrs = {}

    def set_attr(self, key: str, value: Any) -> None:
        """Set attribute `key`."""
        self._attrs[key] = value

    def get_attr(self, key: str, default: Any = None) -> Any:
        """Attribute `key`, or `default`."""
        return self._attrs.get(key, default)

    @property
    def passes(self) -> list:
        """The passes applied so far, in order."""
        return self._applied_passes

    def _add_pass(self, pass_obj) -> None:
        self._applied_passes.append(pass_obj)

    def _pop_pass(self) -> None:
        del self._applied_passes[-1]


class PassType:
    """The kinds of pass; the conflict rules treat FUSION_OPT passes specially."""
    UNKNOWN = 0
    COMM_OPT = 1
    CALC_OPT = 2
    PARALLEL_OPT = 3
    FUSION_OPT = 4


# fusion passes run after every other kind, in this order
_FUSION_ORDER = ["fuse_resunit", "fuse_relu_depthwise_conv", "fuse_bn_add_act", "fuse_bn_act", "fused_attention",
                 "fused_feedforward", "fuse_gemm_epilogue", "fuse_adamw", "fuse_optimizer"]


def _common_rules_allow(before, after) -> bool:
    """Whether `after` may run once `before` has: not the same pass twice; fusion passes last, in _FUSION_ORDER."""
    if type(before) is type(after):
        return False
    b_fuse, a_fuse = before._type() == PassType.FUSION_OPT, after._type() == PassType.FUSION_OPT
    if b_fuse and not a_fuse:
        return False
    if b_fuse and a_fuse:
        for p in (before, after):  # Paddle refuses to order two fusion passes it has no place for
            assert p.name in _FUSION_ORDER, f"Pass {p.name} is not in _PASS_PROCESS_ORDER_LIST"
        return _FUSION_ORDER.index(before.name) < _FUSION_ORDER.index(after.name)
    return True


class PassBase:
    """A program pass: set_attr/get_attr hold its options; apply runs it on lists of (main, startup) programs.

    Subclasses registered with register_pass(name) define _check_self (are the options usable),
    _check_conflict(other) (may this pass run after `other`) and _apply_single_impl(main, startup, context).
    """

    _REGISTERED_PASSES: dict = {}
    name = None

    def __init__(self) -> None:
        self._attrs = {}

    def set_attr(self, key: str, value: Any) -> PassBase:
        """Set option `key`; returns the pass."""
        self._attrs[key] = value
        return self

    def get_attr(self, key: str, default: Any = None) -> Any:
        """Option `key`, or `default`."""
        return self._attrs.get(key, default)

    def _check_self(self) -> bool:
        return True

    def _check_conflict(self, other_pass) -> bool:
        return True

    def _type(self) -> int:
        return PassType.UNKNOWN

    def _may_follow(self, other_pass) -> bool:
        return self._check_conflict(other_pass) and _common_rules_allow(other_pass, self)

    def apply(self, main_programs: list, startup_programs: list, context: PassContext | None = None) -> PassContext:
        """Run the pass on each main program (with its startup program) unless its options or the passes already
        in `context` rule it out; returns the context, with this pass added when it ran."""
        context = PassContext() if context is None else context
        if not self._check_self() or not all(self._may_follow(p) for p in context.passes):
            return context
        assert isinstance(main_programs, list) and isinstance(startup_programs, list)
        assert len(main_programs) == len(startup_programs)
        for main, startup in zip(main_programs, startup_programs):
            self._apply_single_impl(main, startup, context)
        context._add_pass(self)
        return context

    def _apply_single_impl(self, main_program, startup_program, context) -> None:
        raise NotImplementedError(f"pass {self.name} defines no _apply_single_impl")


def register_pass(name: str):
    """Class decorator: register a PassBase subclass under `name` (new_pass(name) then builds it)."""
    def impl(cls):
        assert issubclass(cls, PassBase)
        PassBase._REGISTERED_PASSES[name] = cls
        cls.name = name
        return cls
    return impl


def new_pass(name: str, pass_attrs: dict[str, Any] = {}) -> PassBase:
    """Build the registered pass `name` with the options `pass_attrs`.

    Args:
        name (str): The pass name, for instance "fuse_all_reduce" or "fuse_elewise_add_act".
        pass_attrs (dict, optional): Options set with set_attr. Default: {}.

    Returns:
        PassBase: the pass.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.passes import new_pass
            >>> p = new_pass("fuse_all_reduce", {"max_memory_size": 1024 * 1024})
            >>> p.name, p.get_attr("max_memory_size")
            ('fuse_all_reduce', 1048576)
    """
    from .unsupported import why_unavailable
    why = why_unavailable(name)
    if why is not None:
        raise NotImplementedError(f"new_pass: Paddle's pass {name!r} is not available in purepaddle: it {why}")
    cls = PassBase._REGISTERED_PASSES.get(name)
    assert cls is not None, f"Pass {name} is not registered"
    obj = cls()
    for k, v in pass_attrs.items():
        obj.set_attr(k, v)
    return obj


def _longest_chain(passes) -> list:
    """The longest sequence of distinct passes in which each may follow the one before (ties: the first found,
    trying passes in the given order)."""
    best = []

    def extend(chain, rest):
        nonlocal best
        if len(chain) > len(best):
            best = list(chain)
        for i, p in enumerate(rest):
            if not chain or p._may_follow(chain[-1]):
                extend(chain + [p], rest[:i] + rest[i + 1:])

    extend([], list(passes))
    return best


class PassManager:
    """Apply several passes in turn, sharing one PassContext.

    With auto_solve_conflict (the default) the passes are first filtered (their options usable, compatible with
    the passes already in the context) and ordered as the longest sequence the conflict rules allow.

    Args:
        passes (list[PassBase]): The passes.
        context (PassContext|None, optional): The shared context; None makes a new one. Default: None.
        auto_solve_conflict (bool, optional): Filter and order the passes as above. Default: True.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.passes import PassManager, new_pass
            >>> pm = PassManager([new_pass("fuse_optimizer"), new_pass("fuse_all_reduce", {"max_memory_size": 1 << 25}),
            ...                   new_pass("fuse_bn_act")])
            >>> pm.names
            ['fuse_all_reduce', 'fuse_bn_act', 'fuse_optimizer']
    """

    def __init__(self, passes: list, context: PassContext | None = None, auto_solve_conflict: bool = True) -> None:
        self._context = PassContext() if context is None else context
        if auto_solve_conflict:
            usable = [p for p in passes if p._check_self()
                      and all(p._may_follow(done) for done in self._context.passes)]
            self._passes = _longest_chain(usable)
        else:
            self._passes = list(passes)

    def apply(self, main_programs: list, startup_programs: list) -> PassContext:
        """Apply the passes in order to every (main, startup) program pair; returns the context."""
        for p in self._passes:
            self._context = p.apply(main_programs, startup_programs, self._context)
        return self._context

    @property
    def context(self) -> PassContext:
        return self._context

    @property
    def names(self) -> list[str]:
        return [p.name for p in self._passes]

    @property
    def passes(self) -> tuple:
        return tuple(self._passes)
