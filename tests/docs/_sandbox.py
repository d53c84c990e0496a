"""Running one docstring example in-process, isolated, the way Paddle's doc CI runs it.

The example gets a fresh `__main__` namespace, an empty temporary working directory, `paddle`
aliased to purepaddle and the doc CI preamble (cpu, float32, dynamic mode). It starts from fresh
name counters, default programs and scope, AMP state and registries, as in a new process, and every
piece of global state an example can change (mode, grad switch, default dtype and device, flags,
print options, random streams, environment, cwd, the `paddle` alias) is put back afterwards, so
examples cannot leak into each other or into other tests.
"""
import ast
import builtins
import contextlib
import copy
import importlib.util
import io
import os
import random
import sys
import traceback
import types
import warnings

import numpy as np

from ._want import expected_exception, output_matches

PREAMBLE = ("import paddle", "paddle.device.set_device('cpu')", "paddle.set_default_dtype('float32')",
            "paddle.disable_static()")
KNOWN = {"SKIP", "REQUIRES", "ELLIPSIS", "NORMALIZE_WHITESPACE", "IGNORE_WANT"}
CAPABILITIES = {"cpu"}  # what `+REQUIRES(env:X)` may ask for here
# Process-wide state that public functions change, as (module, name): registries (dict, list, set) they
# fill, and objects (or classes) whose fields they set. While an example runs each is as a new process has
# it (empty; the fields of a new instance; a class as it is), afterwards it is given back (or, when the
# example imported its module, left as new). The hook points are put back apart (device.max_memory_allocated
# installs an op_ran listener). Safe
# globals, ignored modules, groups, v2 layer names, operator stats, async saves, grad-flow tracers; the
# last auto_cast's dtype, the tensor checker's config, the memory tracker, the profiler's benchmark timer,
# the collective ledger, fleet, LazyGuard, the static name helper, jit's log levels.
REGISTRIES = (("purepaddle._core.pickle_safe", "_USER"),
              ("purepaddle.jit.api", "_IGNORED_MODULES"), ("purepaddle.distributed.group", "_GROUPS"),
              ("purepaddle.v2.layer", "_COUNTERS"), ("purepaddle.amp.debugging", "_STATS"),
              ("purepaddle.framework.io", "_ASYNC_QUEUE"), ("purepaddle.autograd.flow", "_ACTIVE"))
OBJECTS = (("purepaddle.amp.auto_cast", "_amp_global_state"), ("purepaddle.framework.nan_inf", "CONFIG"),
           ("purepaddle.device.memory", "T"), ("purepaddle.profiler.timer", "BENCHMARK"),
           ("purepaddle.distributed.ledger", "LEDGER"), ("purepaddle.distributed.fleet", "fleet"),
           ("purepaddle.nn.initializer.lazy_init", "_HELPER"), ("purepaddle.static.builder", "CTX"),
           ("purepaddle.jit.trace_log", "_Levels"))


class ExampleFailed(AssertionError):
    pass


class ExampleSkipped(Exception):
    pass


_NO_VALUE = object()   # a step that is no bare expression
_NO_CHANGE = object()  # _kept: leave the value as it is inside


def _lookup(module_name, attr):
    try:
        return getattr(sys.modules[module_name], attr)
    except AttributeError:
        raise AttributeError(f"{module_name}.{attr} is gone: update REGISTRIES/OBJECTS in {__file__}") from None


def _fields(obj):
    if isinstance(obj, type):  # a class holding settings in class attributes
        return {n: v for n, v in vars(obj).items() if not n.startswith("__") and not callable(v)}
    names = (list(getattr(type(obj), "_FIELDS", ()))  # an object naming its fields (STATE: properties)
             or [n for c in type(obj).__mro__ for n in getattr(c, "__slots__", ())] or list(vars(obj)))
    return {n: getattr(obj, n) for n in names if hasattr(obj, n)}


def _new_fields(obj):
    """The fields `obj` has in a new process."""
    return _fields(obj) if isinstance(obj, type) else _fields(type(obj)())


def _set_fields(obj, fields):
    for n, value in fields.items():
        setattr(obj, n, value)


@contextlib.contextmanager
def fresh_process_state():
    """REGISTRIES and OBJECTS as a new process has them inside; given back afterwards."""
    saved = {}
    for module_name, attr in REGISTRIES + OBJECTS:
        if module_name in sys.modules:
            thing = _lookup(module_name, attr)
            if (module_name, attr) in REGISTRIES:
                saved[module_name, attr] = copy.copy(thing)
                thing.clear()
            else:
                saved[module_name, attr] = _fields(thing)
                _set_fields(thing, _new_fields(thing))
    try:
        yield
    finally:
        for module_name, attr in REGISTRIES + OBJECTS:
            if module_name not in sys.modules:
                continue
            thing = _lookup(module_name, attr)
            if (module_name, attr) in REGISTRIES:
                thing.clear()
                old = saved.get((module_name, attr), ())
                if isinstance(thing, list):
                    thing.extend(old)
                else:
                    thing.update(old)
            else:
                _set_fields(thing, saved.get((module_name, attr)) or _new_fields(thing))


def _paddle_modules():
    return [n for n in sys.modules if n == "paddle" or n.startswith("paddle.")]


@contextlib.contextmanager
def paddle_alias():
    """`import paddle` gives purepaddle inside; afterwards the alias is gone again (finder and modules)."""
    import purepaddle
    from purepaddle import _alias

    before = set(_paddle_modules())
    had_finder = _alias._FINDER in sys.meta_path
    purepaddle.install_as_paddle()
    try:
        yield
    finally:
        if not had_finder and _alias._FINDER in sys.meta_path:
            sys.meta_path.remove(_alias._FINDER)
        for name in set(_paddle_modules()) - before:
            del sys.modules[name]


@contextlib.contextmanager
def _flags_kept():
    """Flags changed inside are set back (through set_value, so their watchers undo what they did)."""
    from purepaddle.framework import flags

    before = dict(flags.VALUES)
    try:
        yield
    finally:
        for key, value in before.items():
            if flags.VALUES.get(key) != value:
                flags.set_value(key, value)


@contextlib.contextmanager
def _kept(get, put, fresh=_NO_CHANGE):
    """`get()` is given back through `put` afterwards; inside, `put(fresh)` first unless fresh is _NO_CHANGE."""
    before = get()
    if fresh is not _NO_CHANGE:
        put(fresh)
    try:
        yield
    finally:
        put(before)


# hook points the package itself fills at import (the tensor maker, the backward engine, the static builders,
# the program and pickle codecs, the flag reader)
_FILLED_AT_IMPORT = ("tensor_make", "backward_engine", "static_builder", "const_builder", "program_codec",
                     "flag_reader", "pickle_codec")


def _hook_points():
    from purepaddle._core import hooks
    return {p.name: (p.active, list(p._stack)) for p in hooks.declared().values()}


def _put_hook_points(saved):
    from purepaddle._core import hooks
    for p in hooks.declared().values():
        p.active, p._stack[:] = saved[p.name][0], saved[p.name][1]


def _fresh_hook_points():
    saved = _hook_points()
    return {name: (value if name in _FILLED_AT_IMPORT else None, stack if name in _FILLED_AT_IMPORT else [])
            for name, (value, stack) in saved.items()}


@contextlib.contextmanager
def isolated(workdir):
    """Fresh per-process state for one example, and every global it may touch restored afterwards."""
    import purepaddle as paddle
    from purepaddle._core import printing
    from purepaddle._core.mode import STATE
    from purepaddle.static import name, program

    def state_put(fields):
        _set_fields(STATE, fields)

    def main_put(mod):
        if mod is not None:
            sys.modules["__main__"] = mod

    def options_put(options):
        printing._options.clear()
        printing._options.update(options)

    def environ_put(env):
        os.environ.clear()
        os.environ.update(env)

    def programs_put(pair):
        program._DEFAULT[:] = pair

    fresh_programs = [paddle.static.Program(), paddle.static.Program()]
    fresh_programs[1]._is_start_up_program_ = True
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = builtins
    # what a new process starts with: dynamic mode, grad on, no hooks, no AMP, no program_guard
    fresh_state = dict(_fields(STATE), static=False, grad_enabled=True, program_stack=[], phase=None, phase_op=None)
    with contextlib.ExitStack() as stack:  # entered in order, left in reverse
        enter = stack.enter_context
        enter(_kept(os.getcwd, os.chdir, workdir))
        enter(_kept(lambda: list(sys.argv), lambda argv: sys.argv.__setitem__(slice(None), argv)))
        enter(_kept(lambda: dict(os.environ), environ_put))
        enter(_kept(lambda: sys.modules.get("__main__"), main_put, module))
        enter(_kept(lambda: _fields(STATE), state_put, fresh_state))
        # every declared hook point as it was (an example may leave a listener or an auto_cast installed);
        # the points a fresh process has idle start idle
        enter(_kept(_hook_points, _put_hook_points, _fresh_hook_points()))
        enter(_kept(lambda: list(program._DEFAULT), programs_put, fresh_programs))
        enter(_kept(lambda: name._current[0], lambda scope: name._current.__setitem__(0, scope), name._Scope()))
        enter(_kept(paddle.get_default_dtype, paddle.set_default_dtype))
        enter(_kept(paddle.device.get_device, paddle.device.set_device))
        enter(_kept(lambda: dict(printing._options), options_put))
        enter(_kept(paddle.get_rng_state, paddle.set_rng_state))
        enter(_kept(np.random.get_state, np.random.set_state))
        enter(_kept(random.getstate, random.setstate))
        enter(_kept(np.get_printoptions, lambda options: np.set_printoptions(**options)))
        enter(np.errstate())
        enter(warnings.catch_warnings())
        enter(fresh_process_state())
        enter(paddle.utils.unique_name.guard())
        enter(paddle.static.scope_guard(paddle.static.Scope()))
        enter(_flags_kept())  # first to be undone: flag watchers act on the example's state
        yield module.__dict__


def _run_source(source, ns, filename, single):
    """Run one step; the value of a final bare expression is returned (for comparison with the want)."""
    tree = ast.parse(source, filename)
    if single and len(tree.body) == 1 and not isinstance(tree.body[0], ast.Expr):
        exec(compile(source + "\n", filename, "single"), ns)  # REPL mode: inner bare expressions print
        return _NO_VALUE
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body.pop()
        exec(compile(tree, filename, "exec"), ns)
        return eval(compile(ast.Expression(last.value), filename, "eval"), ns)
    exec(compile(tree, filename, "exec"), ns)
    return _NO_VALUE


def _requirement_met(need):
    """`env:GPU` (a capability of this machine) or `module:google.protobuf` (an importable module)."""
    if need.startswith("env:"):
        return need[4:].lower() in CAPABILITIES
    if need.startswith("module:"):
        return importlib.util.find_spec(need[7:]) is not None
    raise ExampleFailed(f"unknown requirement {need!r} in +REQUIRES (use env:NAME or module:NAME)")


def _skip_reason(directive):
    """Why a SKIP/REQUIRES directive skips here; None when it does not."""
    if directive.name == "SKIP":
        reason = directive.args.strip().strip("'\"").strip()
        if not reason:
            raise ExampleFailed('"+SKIP" without a reason: write # doctest: +SKIP("why it cannot run here")')
        return reason
    needs = [a.strip() for a in directive.args.split(",") if a.strip()]
    unmet = [a for a in needs if not _requirement_met(a)]
    return f"requires {', '.join(unmet)}" if unmet else None


def run_example(example, workdir):
    """Run every step of `example`; raise ExampleFailed (with the details) or ExampleSkipped."""
    if example.error:
        raise ExampleFailed(f"cannot read the example: {example.error}")
    for d in (d for s in example.steps for d in s.directives):
        if d.name not in KNOWN:
            raise ExampleFailed(f"unknown doctest directive +{d.name}")
    with paddle_alias(), isolated(workdir) as ns:
        for stmt in PREAMBLE:
            exec(stmt, ns)
        block_skip, ran, skipped, earlier = None, 0, [], []
        for step in example.steps:
            if step.block_directive:
                for d in step.directives:
                    if d.name in ("SKIP", "REQUIRES"):
                        block_skip = _skip_reason(d) if d.enable else None
                continue
            reason = block_skip
            for d in step.directives:
                if d.name in ("SKIP", "REQUIRES") and d.enable:
                    reason = _skip_reason(d) or reason
            if reason:
                skipped.append(reason)
                continue
            ran += 1
            _run_step(example, step, ns, earlier)
        with contextlib.redirect_stdout(io.StringIO()):
            ns.clear()  # objects that print when released (a profiling predictor) do it here
        if skipped:  # what ran passed, but the example is not wholly checked: say so
            raise ExampleSkipped(f"{len(skipped)} of {len(skipped) + ran} statements skipped: "
                                 + "; ".join(dict.fromkeys(skipped)))


def _run_step(example, step, ns, earlier):
    where = f"{example.path}:{step.line}"
    want = step.want
    expected = expected_exception(want)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            value = _run_source(step.source, ns, f"<{where}>", step.single and want is not None)
    except Exception as exc:
        names = {c.__name__ for c in type(exc).__mro__}
        if expected is not None and (not expected or expected in names):
            return
        tb = exc.__traceback__
        while tb is not None and not tb.tb_frame.f_code.co_filename.startswith("<"):
            tb = tb.tb_next  # drop the runner's own frames
        tb = "".join(traceback.format_exception(type(exc), exc, tb))
        raise ExampleFailed(f"{where}: {type(exc).__name__} raised by\n{step.source}\n\n{tb}") from None
    got = out.getvalue()
    if want is None:
        earlier.append(got)
        return
    if expected is not None:
        raise ExampleFailed(f"{where}: expected {expected or 'an exception'}, none raised by\n{step.source}")
    ignore = any(d.name == "IGNORE_WANT" and d.enable for d in step.directives)
    shown = [("".join(earlier[len(earlier) - k:]) + got) for k in range(len(earlier) + 1)]
    earlier.clear()
    if ignore or any(text and output_matches(text, want) for text in shown):
        return
    if value is not _NO_VALUE and value is not None:
        text = repr(value)
        if output_matches(text, want):
            return
        got = got or text
    raise ExampleFailed(f"{where}: output differs for\n{step.source}\n--- want\n{want}\n--- got\n{got}")
