"""Running one docstring example in-process, isolated, the way Paddle's doc CI runs it.

The example gets a fresh `__main__` namespace, an empty temporary working directory, `paddle`
aliased to purepaddle and the doc CI preamble (cpu, float32, dynamic mode). It starts from fresh
name counters, default programs and scope, as in a new process, and every piece of global state
an example can change (mode, grad switch, default dtype and device, flags, print options, random
streams, environment, cwd) is put back afterwards, so examples cannot leak into other tests.
"""
import ast
import builtins
import contextlib
import copy
import importlib
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
# process-wide registries that public functions fill (add_safe_globals, jit.ignore_module, new_group, v2 layer
# names, operator stats, async_save, trace_grad_flow): empty while an example runs, as in a new process
REGISTRIES = (("purepaddle.framework.pickle_safe", "_USER"), ("purepaddle.jit.api", "_IGNORED_MODULES"),
              ("purepaddle.distributed.group", "_GROUPS"), ("purepaddle.v2.layer", "_COUNTERS"),
              ("purepaddle.amp.debugging", "_STATS"), ("purepaddle.framework.io", "_ASYNC_QUEUE"),
              ("purepaddle.autograd.flow", "_ACTIVE"))


class ExampleFailed(AssertionError):
    pass


class ExampleSkipped(Exception):
    pass


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
def isolated(workdir):
    """Fresh per-process state for one example, and every global it may touch restored afterwards."""
    import purepaddle as paddle
    from purepaddle._core import printing
    from purepaddle._core.mode import STATE
    from purepaddle.amp.auto_cast import AMPGlobalState, amp_global_state
    from purepaddle.framework import flags
    from purepaddle.static import name, program

    state = {slot: getattr(STATE, slot) for slot in STATE.__slots__}
    dtype, device = paddle.get_default_dtype(), paddle.device.get_device()
    flag_values, print_options = dict(flags.VALUES), dict(printing._options)
    gen_state, np_print = paddle.get_rng_state(), np.get_printoptions()
    np_state, py_state = np.random.get_state(), random.getstate()
    environ, cwd, argv, main = dict(os.environ), os.getcwd(), list(sys.argv), sys.modules.get("__main__")
    namescope = name._current[0]
    amp_state = amp_global_state()
    amp_saved = dict(vars(amp_state))
    registries = [getattr(importlib.import_module(m), name) for m, name in REGISTRIES]
    registry_saved = [copy.copy(r) for r in registries]
    for registry in registries:
        registry.clear()
    # what a new process starts with
    STATE.static, STATE.grad_enabled, STATE.program_stack = False, True, []
    STATE.hooks = STATE.saved_hooks = STATE.phase = STATE.phase_op = STATE.amp = None
    old_main = program.switch_main_program(paddle.static.Program())
    old_startup = program.switch_startup_program(paddle.static.Program())
    program._DEFAULT[1]._is_start_up_program_ = True
    name._current[0] = name._Scope()
    vars(amp_state).update(vars(AMPGlobalState()))  # GradScaler reads what the last auto_cast left there
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = module
    os.chdir(workdir)
    try:
        with contextlib.ExitStack() as stack:
            stack.enter_context(warnings.catch_warnings())
            stack.enter_context(np.errstate())
            stack.enter_context(paddle.utils.unique_name.guard())
            stack.enter_context(paddle.static.scope_guard(paddle.static.Scope()))
            yield module.__dict__
    finally:
        os.chdir(cwd)
        sys.argv[:] = argv
        if main is not None:
            sys.modules["__main__"] = main
        os.environ.clear()
        os.environ.update(environ)
        for slot, value in state.items():
            setattr(STATE, slot, value)
        program._DEFAULT[:] = [old_main, old_startup]
        name._current[0] = namescope
        vars(amp_state).clear()
        vars(amp_state).update(amp_saved)
        for registry, saved in zip(registries, registry_saved):
            registry.clear()
            if isinstance(registry, list):
                registry.extend(saved)
            else:
                registry.update(saved)
        paddle.set_default_dtype(dtype)
        paddle.device.set_device(device)
        for key, value in flag_values.items():
            if flags.VALUES.get(key) != value:
                flags.set_value(key, value)
        printing._options.clear()
        printing._options.update(print_options)
        paddle.set_rng_state(gen_state)
        np.set_printoptions(**np_print)
        np.random.set_state(np_state)
        random.setstate(py_state)


_NO_VALUE = object()


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
