"""The predictor's forward-only runner: block 0 compiled into bound kernel calls over numbered slots.

No grad bookkeeping, no scope lookups: each step is (forward method, input slots, output slot),
parameters sit in the slot template, and a run copies the template, writes the inputs and calls
the steps in order. The kernels are the registered ops' forward methods (OPS).
"""
import time

import numpy as np

from .._core.dispatch import _KERNEL_ERRORS, _to_array, kernel_error
from .._core.op import OP_RAN, OPS
from .._core.tensor import Tensor
from ..static import control_flow as _cf
from ..static import executor as _executor

__all__ = ["Plan", "compile_plan"]

_ndarray = np.ndarray


class Plan:
    """A compiled program: steps, the slot template (parameters filled in), and where inputs/outputs live."""

    __slots__ = ("steps", "template", "slot", "feed_slots", "fetch_slots", "ops", "types", "names")

    def run(self, vals):
        """Run every step on vals (the slot list, inputs written); kernel errors name the op."""
        step = None
        try:
            for step in self.steps:
                if step[0]:
                    out = step[1](np, *[vals[i] for i in step[2]])
                    vals[step[3]] = out if type(out) is _ndarray else _to_array(out)
                else:
                    _run_general(step, vals)
                if step[4]:
                    for i in step[4]:
                        vals[i] = None
        except _KERNEL_ERRORS as e:
            if getattr(e, "paddle_kernel", False):
                raise
            raise self._explain(step, vals, e) from e

    def run_observed(self, vals, profile=None, hooks=(), input_hooks=()):
        """run() with per-step timing into `profile`; hook(op_type, var_name, Tensor) on each op's inputs
        (input_hooks, before it runs) and outputs (hooks, after)."""
        pc = time.perf_counter
        step = None
        try:
            for k, step in enumerate(self.steps):
                if input_hooks:
                    _call_hooks(input_hooks, self.types[k], _flat(step[2]), vals, self.names)
                t0 = pc()
                if step[0]:
                    args = [vals[i] for i in step[2]]
                    t1 = pc()
                    out = step[1](np, *args)
                    t2 = pc()
                    vals[step[3]] = out if type(out) is _ndarray else _to_array(out)
                else:
                    args = _gather(step, vals)
                    t1 = pc()
                    out = step[1](np, *args)
                    t2 = pc()
                    _store(step, out, vals)
                outs = [step[3]] if step[0] else _flat(s for _, s in step[3])
                if hooks:
                    _call_hooks(hooks, self.types[k], outs, vals, self.names)
                if OP_RAN.active is not None:  # diagnostics (FLAGS_check_nan_inf, tracers) see every op
                    _call_diagnostics(step, args, outs, vals)
                if step[4]:
                    for i in step[4]:
                        vals[i] = None
                if profile is not None:
                    profile.add(k, pc() - t0, t2 - t1)
        except _KERNEL_ERRORS as e:
            if getattr(e, "paddle_kernel", False):
                raise
            raise self._explain(step, vals, e) from e

    def _explain(self, step, vals, err):
        op = self.ops[self.steps.index(step)]

        def desc(n):
            a = vals[self.slot[n]] if n in self.slot else None
            if a is None:
                return f"{n}(None)"
            return f"{n}(shape={list(np.shape(a))}, dtype={np.asarray(a).dtype})"

        parts = ", ".join(f"{s}=[{', '.join(desc(n) for n in ns)}]" for s, ns in op.inputs.items())
        return kernel_error(op, parts, err)


def _gather(step, vals):
    return [[vals[j] for j in i] if type(i) is list else vals[i] for i in step[2]]


def _store(step, out, vals):
    if not step[5]:
        out = (out,)
    for (is_dup, slots), val in zip(step[3], out):
        if is_dup:
            for i, a in zip(slots, list(val) if val is not None else []):
                vals[i] = a if type(a) is _ndarray else _to_array(a)
        elif slots:
            vals[slots[0]] = val if type(val) is _ndarray or val is None else _to_array(val)


def _run_general(step, vals):
    _store(step, step[1](np, *_gather(step, vals)), vals)


def _flat(slots):
    """Slot numbers of a step's inputs/outputs, duplicable lists flattened, the None slot left out."""
    out = []
    for i in slots:
        out.extend(i if type(i) is list else [i])
    return [i for i in out if i]


def _call_diagnostics(step, args, outs, vals):
    """The op_ran listeners: hook(op, inputs, outputs) with Tensors, as the executor calls them."""
    make = Tensor._make
    ins = [None if a is None else ([make(x) for x in a] if type(a) is list else make(a)) for a in args]
    res = [make(vals[i]) for i in outs if vals[i] is not None]
    for hook in OP_RAN.active or ():
        hook(step[1].__self__, ins, res)


def _call_hooks(hooks, op_type, slots, vals, names):
    for i in slots:
        if vals[i] is not None:
            t = Tensor._make(vals[i])
            for h in hooks:
                h(op_type, names[i], t)


class _SubBlockStep:
    """A control-flow op (conditional_block, while) as one step: its reads in, its writes out.

    The static Executor's runner runs the sub-block on a name -> array map built from the slots it reads;
    the variables of block 0 it writes go back to their slots (a branch not taken leaves its results None,
    and the select_input after it reads the taken branch's).
    """

    def __init__(self, op, block):
        reads, writes = _cf.op_io(op)
        self.reads = [n for n in reads if block._find_var_recursive(n) is not None]
        self.writes = [n for n in writes if n in block.vars]
        self.run = _cf.RUNNERS[op.type](op, _executor._compile_block, _executor._execute)
        self.type, self.attrs = op.type, dict(op.attrs)  # what diagnostics (op_ran listeners) read of an op

    def forward(self, xp, *arrays):
        env = {None: None}
        for n, a in zip(self.reads, arrays):
            if a is not None:
                env[n] = a
        self.run(env)
        return tuple(env.get(n) for n in self.writes)


def compile_plan(block, params, feeds, fetches, free_dead=False):
    """Compile block 0 of an inference program into a Plan.

    `params` (name -> array) become constants in the slot template; `feeds` are the input names,
    `fetches` the output names. With free_dead, intermediates are dropped after their last use.
    """
    slot = {}
    names = [None]  # slot 0 holds None: an absent optional input

    def slot_of(name):
        i = slot.get(name)
        if i is None:
            i = slot[name] = len(names)
            names.append(name)
        return i

    for n in feeds:
        slot_of(n)
    for n in params:
        slot_of(n)
    available = set(feeds) | set(params)
    steps, ops, types, last = [], [], [], {}
    for k, op in enumerate(block.ops):
        if op.type in _cf.RUNNERS and op.type != "select_input":  # a sub-block op: runs on a name -> array map
            step_fn = _SubBlockStep(op, block)
            for n in step_fn.reads:
                if n not in available:
                    raise ValueError(f"(InvalidArgument) The input {n} of op {op.type} (in its sub-block) is "
                                     "neither a model input, a parameter, nor computed by an earlier op.")
                last[n] = k
            available.update(step_fn.writes)
            for n in step_fn.writes:
                last[n] = k
            steps.append([False, step_fn.forward, [slot_of(n) for n in step_fn.reads],
                          [(False, [slot_of(n)]) for n in step_fn.writes], (), True])
            ops.append(op)
            types.append(op.type)
            continue
        cls = OPS.get(op.type)
        if cls is None:
            raise NotImplementedError(f"(Unimplemented) Operator ({op.type}) is not registered in purepaddle, so "
                                      "this inference model can not be run.")
        inst = cls(dict(op.attrs))
        if hasattr(inst, "bind"):  # ops that read their OpDesc (a legacy elementwise axis, ...)
            inst.bind(op)
        ins = []
        for s in cls.inputs:
            ns = op.inputs.get(s, [])
            for n in ns:
                if n not in available:
                    raise ValueError(f"(InvalidArgument) The input {n} of op {op.type} (slot {s}) is neither a "
                                     "model input, a parameter, nor computed by an earlier op.")
                last[n] = k
            if s in cls.duplicable:
                ins.append([slot_of(n) for n in ns])
            else:
                ins.append(slot_of(ns[0]) if ns else 0)
        outs = []
        for s in cls.outputs:
            ns = op.outputs.get(s, [])
            available.update(ns)
            for n in ns:
                last[n] = k
            outs.append((s in cls.duplicable, [slot_of(n) for n in ns]))
        simple = not cls._multi and not cls.duplicable
        if simple:
            steps.append([True, inst.forward, tuple(ins), outs[0][1][0] if outs and outs[0][1] else 0, ()])
        else:
            steps.append([False, inst.forward, ins, outs, (), cls._multi])
        ops.append(op)
        types.append(op.type)
    missing = [n for n in fetches if n not in available]
    if missing:
        raise ValueError(f"(InvalidArgument) The model's outputs {missing} are not computed by its program.")
    for n in fetches:
        slot_of(n)
    if free_dead:
        keep = set(fetches) | set(params) | set(feeds)
        frees = {}
        for n, k in last.items():
            if n not in keep:
                frees.setdefault(k, []).append(slot[n])
        for k, idx in frees.items():
            steps[k][4] = tuple(idx)
    plan = Plan()
    plan.steps = [tuple(s) for s in steps]
    plan.template = [None] * len(names)
    for n, a in params.items():
        plan.template[slot[n]] = a
    plan.slot = slot
    plan.feed_slots = [slot[n] for n in feeds]
    plan.fetch_slots = [slot[n] for n in fetches]
    plan.ops, plan.types, plan.names = ops, types, names
    return plan
