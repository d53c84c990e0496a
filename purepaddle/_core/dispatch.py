"""apply(op, *inputs, **attrs): the ONE place that branches on mode (DESIGN §3).

Code elsewhere asks the meaning-named queries at the end of this module (known_value,
differentiable_backward, building_program) instead of reading the mode.
"""
import weakref

import numpy as np

from . import dtype as _dt
from . import hooks
from .mode import LOCAL, set_grad_enabled
from .op import OP_RAN, _restructure, timed_kernel
from .place import CPU
from .tensor import Tensor

_ndarray = np.ndarray
_make = Tensor._make
_new = object.__new__

BUILDER = hooks.declare(
    "static_builder", "static mode: builder(op_cls, inputs, attrs) appends the op to the current block and returns "
    "its output Variable(s); dispatch.apply / apply_inplace call it; static/builder.py installs it, jit tracing "
    "and utils.memory swap in a capturing one")
CONST_BUILDER = hooks.declare(
    "const_builder", "static mode: const_builder(ndarray) returns a Variable holding the constant (an assign_value "
    "op); dispatch.constant calls it; static/builder.py installs it")
AMP = hooks.declare(
    "amp", "eager auto_cast: amp(op_cls, inputs, attrs) casts the inputs and returns the op's outputs (it runs "
    "apply again with itself swapped out); dispatch.apply calls it; amp.auto_cast and amp.lowp install it; per "
    "thread (auto_cast in one thread never casts another thread's ops)", per_thread=True)


def apply(op_cls, *inputs, **attrs):
    """Run op_cls on inputs (Tensors, None, or lists for duplicable slots).

    Eager: forward on arrays, record a grad node when some input needs grad.
    Static: hand over to the builder that appends an OpDesc to the current block.

    This is the hot path of every eager call (docs/architecture.md "The eager hot path"): the
    helpers it would call (_make, _edge, Op.__init__) are inlined for ops whose class allows it.
    """
    st = LOCAL.state  # this thread's mode; the per-thread `amp` point's value is st.amp
    if st.static:
        return BUILDER.active(op_cls, inputs, attrs)
    if st.amp is not None:  # auto_cast: the amp floor casts the inputs, then calls apply again with amp off
        return st.amp(op_cls, inputs, attrs)
    if OP_RAN.active is not None:  # diagnostics (nan/inf check, profiler): the observed path
        return _apply_observed(op_cls, inputs, attrs)
    if not op_cls._plain:  # duplicable or multi-output slots, float32 attrs or an own __init__
        op = op_cls(attrs)
        if op_cls.duplicable:
            return _apply_general(op, op_cls, inputs)
    else:  # Op.__init__ inlined: the graph fields (_saved, ...) are set only if the op is recorded
        op = _new(op_cls)
        op.attrs = attrs
    # unrolled for the usual one and two inputs: a comprehension is a frame of its own, and a call with
    # *arrays costs half as much again as the NumPy kernel of a small add
    n = len(inputs)
    try:
        if n == 2:
            a0 = inputs[0]._data
            a1 = inputs[1]._data
        elif n == 1:
            a0 = inputs[0]._data
        else:
            arrays = [t._data for t in inputs]
    except AttributeError:  # an optional input is None
        arrays = [None if t is None else t._data for t in inputs]
        n = -1
    try:
        if n == 2:
            out = op.forward(np, a0, a1)
        elif n == 1:
            out = op.forward(np, a0)
        else:
            out = op.forward(np, *arrays)
    except _KERNEL_ERRORS as e:
        if getattr(e, "paddle_kernel", False):  # already worded as Paddle words it
            raise
        raise explain(op, inputs, e) from e
    record = False
    if op_cls.differentiable and st.grad_enabled:
        for x in inputs:
            if x is not None and not x.stop_gradient:
                record = True
                break
    if op_cls._multi:
        return _wrap_multi(op, op_cls, inputs, out, record)
    if type(out) is not _ndarray:
        out = _to_array(out)
    t = _new(Tensor)  # Tensor._make inlined
    t._data = out
    t._grad = t._name = t._hooks = None
    t.persistable = False
    t._version = t._idx = 0
    t._place = CPU
    if not record:
        t.stop_gradient = True
        t._node = None
        return t
    t.stop_gradient = False
    t._node = op
    if op_cls._plain:
        op._saved = op._out_hooks = op._retain = None
    edges = []
    for x in inputs:  # inlined _edge: this runs for every recorded op
        if x is None or x.stop_gradient:
            edges.append(None)
        else:
            n = x._node
            edges.append(x if n is None else (n, x._idx))
    op.next = tuple(edges)
    if op_cls._save_plan:
        op.save(inputs, (t,))
    return t


def _apply_observed(op_cls, inputs, attrs):
    """apply() while op_ran listeners are installed: the same steps (through the helpers apply inlines),
    with the kernel's span kept in KERNEL_SPAN and every listener told after the op."""
    op = op_cls(attrs)
    if op_cls.duplicable:
        return _apply_general(op, op_cls, inputs)
    try:
        out = timed_kernel(op, op.forward, np, *[None if t is None else t._data for t in inputs])
    except _KERNEL_ERRORS as e:
        if getattr(e, "paddle_kernel", False):
            raise
        raise explain(op, inputs, e) from e
    record = LOCAL.state.grad_enabled and op_cls.differentiable and _needs_grad(inputs)
    if op_cls._multi:
        return _wrap_multi(op, op_cls, inputs, out, record)
    if type(out) is not _ndarray:
        out = _to_array(out)
    if record:
        t = _make(out, False, op, 0)
        op.next = _edges(inputs, False)
        if op_cls._save_plan:
            op.save(inputs, (t,))
    else:
        t = _make(out)
    for hook in OP_RAN.active or ():
        hook(op, inputs, (t,))
    return t


def _to_array(out):
    """A kernel's non-ndarray result (numpy scalar from a full reduction, Python number) -> ndarray."""
    return out[...] if isinstance(out, np.generic) else np.asarray(out)  # [...] is 3x cheaper


_KERNEL_ERRORS = (ValueError, TypeError, IndexError, FloatingPointError, ZeroDivisionError, MemoryError,
                  np.linalg.LinAlgError, AttributeError)


def _apply_general(op, op_cls, inputs):
    """apply() for ops with duplicable (list) slots."""
    arrays = [None if t is None else ([x._data for x in t] if type(t) is list else t._data) for t in inputs]
    try:
        out = op.forward(np, *arrays) if OP_RAN.active is None else timed_kernel(op, op.forward, np, *arrays)
    except _KERNEL_ERRORS as e:
        if getattr(e, "paddle_kernel", False):
            raise
        raise explain(op, inputs, e) from e
    record = LOCAL.state.grad_enabled and op_cls.differentiable and _needs_grad(inputs)
    if not op_cls._multi:
        out = (out,)
    return _wrap_multi(op, op_cls, inputs, out, record, single=not op_cls._multi)


def constant(array):
    """A constant operand from an ndarray: a Tensor eagerly, an assign_value op in static mode."""
    if LOCAL.state.static:
        return CONST_BUILDER.active(array)
    return _make(array)


def _wrap_multi(op, op_cls, inputs, out, record, single=False):
    """Wrap a multi-output (or duplicable-output) result, flat-indexing outputs for grads."""
    if not op_cls.duplicable:  # fixed slots: one array per output slot (topk, kthvalue, ...)
        flat, struct = out, None
    else:
        flat, struct = [], []
        for o in out:
            if isinstance(o, list):
                struct.append(len(o))
                flat.extend(o)
            else:
                struct.append(None)
                flat.append(o)
    outs = []
    for i, a in enumerate(flat):
        if type(a) is not _ndarray:
            a = _to_array(a)
        if record:  # every output of a recorded op joins the graph, integer ones too (Paddle's eager rule)
            outs.append(_make(a, False, op, i))
        else:
            outs.append(_make(a))
    if record:
        op.next = _edges(inputs, op_cls.duplicable)
        op._out_struct = struct
        op._n_out = len(outs)
        op._out_meta = [(t._data.shape, t._data.dtype) for t in outs]
        if op_cls._save_plan:
            op.save(inputs, outs)
    listeners = OP_RAN.active
    if listeners is not None:
        for hook in listeners:
            hook(op, inputs, outs)
    if struct is None:
        return tuple(outs)
    res = _restructure(outs, struct)
    return res[0] if single else res


def _needs_grad(inputs):
    """Whether some input (or list member) wants a gradient."""
    for t in inputs:
        if t is None:
            continue
        if type(t) is list:
            for x in t:
                if not x.stop_gradient:
                    return True
        elif not t.stop_gradient:
            return True
    return False


def _edge(t):
    """The grad edge to input t: None, the leaf itself, or (producer node, output index)."""
    if t is None or t.stop_gradient:
        return None
    node = t._node
    return t if node is None else (node, t._idx)


def _edges(inputs, duplicable):
    """One edge per input tensor (flattened for duplicable slots)."""
    if not duplicable:
        return tuple([_edge(t) for t in inputs])
    edges = []
    for t in inputs:
        if type(t) is list:
            edges.extend(_edge(x) for x in t)
        else:
            edges.append(_edge(t))
    return tuple(edges)


def apply_inplace(op_cls, target, *inputs, target_slot=0, **attrs):
    """Run op_cls(target, *inputs) and write the result into `target` (x.add_(y), relu_).

    target_slot: the position of target among the op's inputs when it is not the first
    (where_(condition, x, y) writes into x, its second input).
    """
    def ordered(t):
        return inputs[:target_slot] + (t,) + inputs[target_slot:]
    st = LOCAL.state
    if st.static:
        out = BUILDER.active(op_cls, ordered(target), attrs)
        return _static_inplace(target, out)
    needs = st.grad_enabled and (not target.stop_gradient or _needs_grad(inputs))
    if needs and target._node is None and not target.stop_gradient:
        raise ValueError(
            f"(InvalidArgument) Leaf Var ({target.name}) that doesn't stop gradient can't use inplace strategy.")
    if not needs:
        with set_grad_enabled(False):
            out = apply(op_cls, *ordered(target), **attrs)
        a = out._data
        if a.shape == target._data.shape and a.dtype == target._data.dtype and target._data.flags.writeable:
            np.copyto(target._data, a)  # views of target see the change, as in Paddle
        else:
            target._data = a
        target._version += 1
        return target
    # Recording: the op sees a snapshot of the old value, so its saved input stays intact;
    # `target` then takes over the output's data and place in the graph.
    old = _make(target._data, target.stop_gradient, target._node, target._idx, target._place)
    old._version = target._version
    out = apply(op_cls, *ordered(old), **attrs)
    target._data = out._data
    target._node = out._node
    target._idx = out._idx
    target.stop_gradient = out.stop_gradient
    target._version += 1
    if out._node is not None:
        # outputs saved for backward are checked through a weakref to the output tensor;
        # point it at target so a later in-place change of target is caught
        _retarget_saved(out._node, out, target)
    return target


def _retarget_saved(node, out, target):
    """Point saved-output version checks of `out` at the in-place target that took its place."""
    s = node._saved
    if not s:
        return
    for k, (obj, ref, version, idx) in enumerate(s):
        if idx >= 0 and ref is not None and ref() is out:
            s[k] = (obj, weakref.ref(target), target._version, idx)


def _static_inplace(target, out):
    """Static mode: the program reads the new variable from now on under the target's handle."""
    target._rebind_static(out)
    return target


def explain(op, inputs, err):
    """Turn an error from deep inside a kernel into one naming the op, its inputs and the cause."""
    better = op.explain_error(inputs)
    if better is not None:
        return better
    def desc(t):
        if t is None:
            return "None"
        if type(t) is list:
            return "[" + ", ".join(desc(x) for x in t) + "]"
        return f"Tensor(shape={list(t._data.shape)}, dtype={_dt.from_numpy(t._data.dtype).name})"

    return kernel_error(op, ", ".join(f"{slot}={desc(t)}" for slot, t in zip(op.inputs, inputs)), err)


def kernel_error(op, inputs_text, err):
    """The exception to raise for `err` from op's kernel, given a description of its inputs."""
    attrs = ", ".join(f"{k}={v!r}" for k, v in op.attrs.items())
    msg = (f"(InvalidArgument) op '{op.type}' failed on inputs {inputs_text}" + (f" with attrs {attrs}" if attrs else "")
           + f": {err}")
    if isinstance(err, MemoryError):
        from .memstat import oom_report  # only on the error path: what is held and what to do about it
        return MemoryError("(ResourceExhausted) Out of memory: " + msg[len("(InvalidArgument) "):] + oom_report(err))
    cls = type(err) if isinstance(err, (ValueError, TypeError, IndexError)) else RuntimeError
    if cls.__module__.startswith("numpy"):  # numpy's AxisError & co: raise the Python type Paddle raises
        cls = ValueError if issubclass(cls, ValueError) else next(
            (b for b in cls.__mro__ if b.__module__ == "builtins"), RuntimeError)
    try:
        return cls(msg)
    except Exception:
        return RuntimeError(msg)


# -- the queries the rest of the code asks instead of reading the mode -------------------------------

def known_value(x):
    """x's ndarray when its value exists now (ops run eagerly), None while a Program is built.

    Why: checks and shortcuts on values (`x.size != 1`, a data-dependent size, writing a result
    back into a buffer) can only run when there is a value; in a Program the executor has it later.
    Written `v = known_value(x); if v is not None and ...`, such code reads the same in both modes
    and builds the same ops either way.
    """
    if LOCAL.state.static:
        return None
    return x._data


def differentiable_backward():
    """True while an eager backward records a graph (create_graph=True): a backward rule must then
    compose differentiable ops so its result can be differentiated again.

    Why: otherwise (plain eager backward, or append_backward building a Program) the rule emits
    Paddle's fused `*_grad` op, which is what Paddle's programs contain.
    """
    st = LOCAL.state
    return st.grad_enabled and not st.static


def building_program():
    """True while calls append ops to a Program instead of running them.

    Why: some things exist only in a Program: variables and parameters declared in its blocks (and
    startup program), names drawn from its name generator, op outputs wired to an existing variable
    by name, Python callbacks appended as ops. Code creating those asks this; it must never pick
    different ops for the same call (ops, tensor and nn build the same ops in both modes).
    """
    return LOCAL.state.static
