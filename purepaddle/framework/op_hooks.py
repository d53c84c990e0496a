"""The diagnostic op hooks (NaN/Inf check, operator stats, profiler, memory tracking) and where an op runs.

The hooks are the listeners of the `op_ran` hook point (`_core/op.OP_RAN`, in the registry of
`_core/hooks.py`): every op calls each as `hook(op, inputs, outputs)` after its forward: eager ops in
`dispatch.apply`, static ops in the Executor's slow path, optimizer updates in `step()`. With no hook
installed `OP_RAN.active` is None and the hot path pays one attribute test.
"""
import os
import sys
import weakref

from .._core.mode import STATE
from .._core.op import OP_RAN

_PKG_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
_OP_ROLE_BACKWARD = 0x0001
_OP_ROLE_OPTIMIZE = 0x0002
_STATIC_RUNNER = "_execute_hooked"   # the Executor's hooked loop: its frame holds the running OpDesc
_SOURCES = weakref.WeakKeyDictionary()  # grad node -> the user line that created it (while recorded)


# eager Paddle reports its dygraph API names; static programs keep the legacy op types
EAGER_NAMES = {"elementwise_add": "add", "elementwise_sub": "subtract", "elementwise_mul": "multiply",
                "elementwise_div": "divide", "elementwise_max": "maximum", "elementwise_min": "minimum",
                "reduce_sum": "sum", "reduce_mean": "mean", "reduce_max": "max", "reduce_min": "min",
                "reduce_prod": "prod", "matmul_v2": "matmul", "fill_constant": "full", "uniform_random": "uniform",
                "gaussian_random": "gaussian", "lookup_table_v2": "embedding", "top_k_v2": "topk",
                "softmax_with_cross_entropy": "cross_entropy_with_softmax"}


def eager_name(op_type):
    """The name eager Paddle reports for an op type (its dygraph API name: `matmul`, `add`, `sum`)."""
    return EAGER_NAMES.get(op_type, op_type)


def unwrap(op):
    """The Op behind what a hook received (the Executor runs optimizer updates through a wrapper)."""
    return op if hasattr(op, "type") else getattr(op, "op", op)


def install(hook):
    """Add `hook(op, inputs, outputs)` to the hooks every op calls; a second install is a no-op.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from purepaddle.framework import op_hooks
            >>> seen = []
            >>> def hook(op, ins, outs):
            ...     seen.append(op.type)
            >>> op_hooks.install(hook)
            >>> _ = paddle.ones([2]) * 3
            >>> op_hooks.remove(hook)
            >>> 'scale' in seen
            True
    """
    OP_RAN.install(hook)


def remove(hook):
    """Remove a hook added by install(); with none left, ops go back to the hook-free fast path."""
    OP_RAN.remove(hook)


def installed(hook):
    """Whether `hook` is installed."""
    return OP_RAN.installed(hook)


def static_desc():
    """The OpDesc the static Executor is running right now (None outside a hooked static run)."""
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == _STATIC_RUNNER and "step" in f.f_locals:
            step = f.f_locals["step"]
            return step[5] if isinstance(step, (tuple, list)) and len(step) > 5 else None
        f = f.f_back
    return None


def phase_of(op, desc=None):
    """('forward' | 'backward' | 'optimizer', the grad node whose backward runs or None) for a running op."""
    if getattr(op, "param_slot", None) is not None and hasattr(op, "update"):
        return "optimizer", None
    if desc is not None:
        role = int(desc._fw.get("op_role", 0)) if hasattr(desc, "_fw") else 0
        if role & _OP_ROLE_OPTIMIZE:
            return "optimizer", None
        if role & _OP_ROLE_BACKWARD:
            return "backward", None
        return "forward", None
    phase = STATE.phase
    if phase == "backward":
        return "backward", STATE.phase_op
    if phase == "optimizer":
        return "optimizer", None
    return "forward", None


def user_site(depth=1):
    """'file:line in func: code' of the innermost frame outside purepaddle (the user's call), or ''."""
    f = sys._getframe(depth)
    while f is not None and f.f_code.co_filename.startswith(_PKG_DIR):
        f = f.f_back
    if f is None:
        return ""
    code = f.f_code
    text = _line_text(code.co_filename, f.f_lineno)
    site = f"{code.co_filename}:{f.f_lineno} in {code.co_name}"
    return f"{site}: {text}" if text else site


def _line_text(filename, lineno):
    """The source text of a line (empty when the file is not on disk)."""
    import linecache
    return linecache.getline(filename, lineno).strip()


def remember_site(op):
    """Keep the user line that created a recorded op (its backward may fail long after the forward)."""
    if getattr(op, "next", None) is not None:
        try:
            _SOURCES[op] = user_site(2)
        except TypeError:  # an op class without weakref support
            pass


def site_of(op):
    """The user line remember_site() kept for a grad node, or ''."""
    try:
        return _SOURCES.get(op, "")
    except TypeError:
        return ""


__all__ = ["install", "remove", "installed", "unwrap", "phase_of", "user_site", "static_desc"]
