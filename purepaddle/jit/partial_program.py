"""Running a traced Program eagerly: the `run_program` op (forward by the Executor) and its grad op.

A PartialProgram holds a forward Program whose inputs are data vars and whose parameters are
persistable vars. Calling it is one eager op, `run_program(X, Params) -> Out`:

- forward: the Executor's planner compiles the Program once; each call runs it in a private
  Scope whose parameter vars are bound to the eager tensors' arrays (no copies). Persistables
  the program writes (BatchNorm's running statistics) are copied back into the eager tensors.
- training (why a static backward program): for the set of inputs and parameters that need a
  gradient, `paddle.static.gradients` appends the grad ops to a clone of the program, with the
  output gradients as fed vars, and the ops are split into a forward and a backward part, as
  Paddle's run_program op splits them. The forward part runs keeping its environment (what the
  backward reads of it, control-flow snapshots included), which the op holds until backward;
  its backward is the `run_program_grad` op, which runs the backward part on that environment
  plus the output gradients. Each op's one `backward` rule thus gives eager, static and
  to_static gradients alike: a to_static model trains exactly as its eager twin, and control
  flow (cond / while_loop) differentiates through the static grad ops built for it.
"""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.mode import STATE
from .._core.op import Op, register
from .._core.tensor import Tensor
from ..static import executor as _executor
from ..static.backward import gradients
from ..static.program import Block
from ..static.scope import Scope

__all__ = ["PartialProgram", "run"]


class _TrainParts:
    """Forward/backward Programs for one choice of which inputs and parameters need gradients."""

    __slots__ = ("forward", "backward", "keep", "out_grads", "grad_names", "grad_slots", "whole", "grad_program")


class _Compiled:
    """A Program compiled once by the Executor's planner and run on an environment held here.

    Executor.run fetches only what it is asked for and frees the rest; a forward whose values
    the backward reads (including those a control-flow op leaves unset, such as an untaken
    branch's outputs) keeps its whole environment instead, as Paddle's run_program keeps its scope.
    With `n_ops`, only the first n_ops ops run: the forward part of a program that also holds its
    grad ops (so that, e.g., a `while` op sees the `while_grad` that reads its iterations back).
    """

    def __init__(self, program, available, fetch_names, gc, n_ops=None):
        block = program.global_block()
        self.program = program
        plan = _executor._compile(program, tuple(n for n in available if n in block.vars), tuple(fetch_names), gc)
        self.steps, self.loads = plan.steps, plan.loads
        if n_ops is not None:
            head = set(id(op) for op in block.ops[:n_ops])
            self.steps = plan.steps[:n_ops]
            self.loads = {n: op for n, op in plan.loads.items() if op is not None and id(op) in head}

    def run(self, env, scope):
        """Run on env (name -> array; persistables missing from it come from scope); returns env."""
        for name, op in self.loads.items():
            if name not in env:
                a = scope._array(name)
                if a is None:
                    if _executor._runner_read(op):
                        continue
                    raise _executor._uninitialized(op, name, self.program)
                env[name] = a
        _executor._execute(self.steps, env)
        return env


class PartialProgram:
    """A forward Program run as one eager op, with gradients by a static backward Program.

    Args:
        program (Program): the forward program (inputs are data vars, parameters persistable vars).
        input_names (list[str]): the data vars, in the order the op's X inputs come.
        param_names (list[str]): the persistable vars, in the order the op's Params inputs come.
        output_names (list[str]): the vars fetched as the op's outputs.
    """

    def __init__(self, program, input_names, param_names, output_names):
        self.program = program
        self.input_names = list(input_names)
        self.param_names = list(param_names)
        self.output_names = list(output_names)
        block = program.global_block()
        self.float_outputs = [i for i, n in enumerate(self.output_names) if _is_float(block.var(n))]
        written = _writes(block.ops)
        # persistables the forward writes in place (running statistics): copied back after each run
        self.writes = [i for i, n in enumerate(self.param_names) if n in written]
        self.scope = Scope()
        self._infer = None
        self._train = {}

    # -- running ---------------------------------------------------------------------------
    def _bind(self, params):
        """Point the private scope's parameter vars at the eager arrays (no copies)."""
        scope = self.scope
        for n, a in zip(self.param_names, params):
            scope._set_array(n, a)

    def run_forward(self, xs, params, need):
        """Run the forward program: (output arrays, state for backward or None)."""
        self._bind(params)
        if need is None:
            if self._infer is None:
                self._infer = _Compiled(self.program, self.input_names, self.output_names, gc=True)
            compiled, parts = self._infer, None
        else:
            parts = self.train_parts(need)
            compiled = parts.forward
        block = compiled.program.global_block()
        env = {None: None}
        for n, x in zip(self.input_names, xs):
            env[n] = _executor._feed_array(x, block.var(n))
        compiled.run(env, self.scope)
        held = set(id(a) for a in params) | set(id(a) for a in xs)
        outs = []
        for n in self.output_names:
            a = env.get(n)
            if a is None:
                raise ValueError(f"(InvalidArgument) The output {n} was not computed by the program.")
            outs.append(a.copy() if a.base is not None or id(a) in held else a)  # never hand out a held array
        for i in self.writes:
            new = env.get(self.param_names[i])
            if new is not None and new is not params[i]:
                np.copyto(params[i], new)  # BatchNorm's MeanOut/VarianceOut, written back as eager BN does
        state = None if parts is None else (need, {n: env[n] for n in parts.keep if n in env}, list(params), list(xs))
        return outs, state

    def run_backward(self, state, out_grads):
        """Run the backward program: gradient arrays for the (input, parameter) slots that need one."""
        need, saved, params, xs = state
        parts = self._train[need]
        self._bind(params)
        env = {None: None}
        env.update(saved)
        env.update(zip(parts.out_grads, out_grads))
        parts.backward.run(env, self.scope)
        values = list(xs) + list(params)
        # a gradient the program leaves unset (it flows through no taken branch) is zero
        return [env[n] if env.get(n) is not None else np.zeros_like(values[k])
                for n, k in zip(parts.grad_names, parts.grad_slots)]

    def grad_program(self, need):
        """The backward for `need` as a PartialProgram of its own: (inputs, output gradients; parameters)
        -> the gradients, the forward recomputed inside. Run as a run_program op, it is differentiable
        in turn: what double backward (paddle.grad with create_graph=True) goes through."""
        parts = self.train_parts(need)
        if parts.grad_program is None:
            grad = PartialProgram(parts.whole, self.input_names + parts.out_grads, self.param_names,
                                  parts.grad_names)
            grad.writes = []  # its forward is a recomputation: running statistics moved once, at the call
            parts.grad_program = grad
        return parts.grad_program

    # -- building the training programs -----------------------------------------------------
    def train_parts(self, need):
        """The forward/backward split for `need` = (per-input bools, per-parameter bools)."""
        parts = self._train.get(need)
        if parts is None:
            parts = self._train[need] = self._build_train(need)
        return parts

    def _build_train(self, need):
        """Append the grad ops to a clone and split it into forward / backward Programs."""
        need_x, need_p = need
        whole = self.program.clone()
        block = whole.global_block()
        n_fwd = len(block.ops)
        wrt, slots = [], []
        for k, (name, flag) in enumerate(zip(self.input_names + self.param_names, need_x + need_p)):
            v = block.var(name)
            if flag and _is_float(v):
                v.stop_gradient = False
                wrt.append(v)
                slots.append(k)
            elif k < len(self.input_names):
                v.stop_gradient = True
        targets, tgrads = [], []
        for i in self.float_outputs:
            out = block.var(self.output_names[i])
            g = block.create_var(name=_fresh(block, out.name + "@GRAD"), shape=out.shape, dtype=out.dtype,
                                 stop_gradient=False)
            targets.append(out)
            tgrads.append(g)
        grads = gradients(targets, wrt, tgrads) if wrt and targets else []
        if len(wrt) == 1 and not grads:
            grads = [None]
        parts = _TrainParts()
        parts.whole, parts.grad_program = whole, None
        parts.out_grads = [g.name for g in tgrads]
        parts.grad_names = [g.name for g in grads if g is not None]
        parts.grad_slots = [k for k, g in zip(slots, grads) if g is not None]
        fwd_ops, bwd_ops = block.ops[:n_fwd], block.ops[n_fwd:]
        # what the backward reads of the forward's values (its sub-blocks' reads included)
        parts.keep = _reads(bwd_ops) - set(parts.out_grads)
        available = set(self.input_names) | _writes(fwd_ops)
        parts.forward = _Compiled(whole, self.input_names, self.output_names, gc=False, n_ops=n_fwd)
        parts.backward = _Compiled(_with_ops(whole, bwd_ops), available | set(parts.out_grads), parts.grad_names,
                                   gc=True)
        return parts


def _sub_blocks(op):
    """The Blocks an op runs (control flow: its sub_block attributes)."""
    for v in op.attrs.values():
        if isinstance(v, Block):
            yield v
        elif isinstance(v, (list, tuple)):
            yield from (b for b in v if isinstance(b, Block))


def _reads(ops):
    """Names the ops (and the sub-blocks they run) read."""
    out = set()
    for op in ops:
        out.update(op.input_arg_names)
        for b in _sub_blocks(op):
            out |= _reads(b.ops)
    return out


def _writes(ops):
    """Names the ops (and the sub-blocks they run) write."""
    out = set()
    for op in ops:
        out.update(op.output_arg_names)
        for b in _sub_blocks(op):
            out |= _writes(b.ops)
    return out


def _is_float(v):
    """Whether var v can carry a gradient (floating or complex dtype)."""
    d = v.dtype
    return d.is_floating or d.is_complex


def _fresh(block, name):
    """name, or name_k: the first not used by a var of block."""
    k = 0
    base = name
    while name in block.vars:
        name = f"{base}_{k}"
        k += 1
    return name


def _with_ops(program, ops):
    """A clone of `program` whose global block runs only `ops` (by position)."""
    idx = [op.idx for op in ops]
    p = program.clone()
    blk = p.global_block()
    blk.ops = [blk.ops[i] for i in idx]
    p._version += 1
    return p


# -- the eager op -------------------------------------------------------------------------
@register("run_program")
class RunProgram(Op):
    """Out = the fetched outputs of a PartialProgram run on X (inputs) and Params (its persistables).

    attrs: `program` (the PartialProgram), `need` ((per-X, per-Params) need-grad flags, or None when
    nothing needs a gradient). It only runs eagerly (the program is an object, not a serialisable attr).
    """

    inputs, outputs = ("X", "Params"), ("Out",)
    duplicable = ("X", "Params", "Out")

    def forward(self, xp, xs, params):
        outs, self._state = self.attrs["program"].run_forward(xs, params, self.attrs["need"])
        return (outs,)

    def release(self):
        self._saved = None
        self._state = None

    def backward(self, out_grads):
        state = getattr(self, "_state", None)
        n_x, n_p = len(self.attrs["program"].input_names), len(self.attrs["program"].param_names)
        res = [None] * (n_x + n_p)
        if state is None:
            raise RuntimeError(
                "Trying to run backward through a paddle.jit.to_static call a second time, but its saved "
                "forward values were already freed. Pass retain_graph=True to the first backward().")
        prog = self.attrs["program"]
        parts = prog._train[state[0]]
        if parts.grad_slots:
            gs = [out_grads[i] for i in prog.float_outputs]
            if STATE.grad_enabled:  # create_graph: the gradients get a graph of their own
                xs, params = self._input_tensors(state, n_x)
                grads = run(prog.grad_program(state[0]), xs + gs, params)
            else:
                grads = apply(RunProgramGrad, gs, program=prog, state=state)[0]
            for k, g in zip(parts.grad_slots, grads):
                res[k] = g
        return res[:n_x], res[n_x:]

    def _input_tensors(self, state, n_x):
        """The op's inputs as Tensors joined to the graph as they were at the forward (one per edge: the
        leaf itself, or the producing node's output rebuilt on the saved array): what a differentiable
        backward reads, so that second-order gradients flow on to them."""
        arrays = list(state[3]) + list(state[2])
        out = []
        for a, edge in zip(arrays, self.next):
            if edge is None:
                out.append(Tensor(a))
            elif isinstance(edge, Tensor):
                out.append(edge)
            else:
                out.append(Tensor._make(a, False, edge[0], edge[1]))
        return out[:n_x], out[n_x:]


@register("run_program_grad")
class RunProgramGrad(Op):
    """X@GRAD and Params@GRAD (only those that need one) of a run_program, from Out@GRAD."""

    inputs, outputs = ("Out@GRAD",), ("Grads",)
    duplicable = ("Out@GRAD", "Grads")

    def forward(self, xp, out_grads):
        return (self.attrs["program"].run_backward(self.attrs["state"], out_grads),)

    def backward(self, grads):
        # never reached by paddle.grad(create_graph=True): run_program's backward then runs the
        # differentiable grad program instead of this op
        raise NotImplementedError("(Unimplemented) double backward through a run_program_grad op recorded "
                                  "without create_graph")


def run(program, xs, params):
    """Call `program` (a PartialProgram) eagerly on Tensors xs and params; returns the output Tensors."""
    need = None
    # the same test apply() makes to record a grad node, so a recorded node always has its state
    if STATE.grad_enabled and (any(not t.stop_gradient for t in xs) or any(not t.stop_gradient for t in params)):
        need = (tuple(not t.stop_gradient and _dt.from_numpy(t._data.dtype).is_floating for t in xs),
                tuple(not t.stop_gradient and _dt.from_numpy(t._data.dtype).is_floating for t in params))
    return apply(RunProgram, list(xs), list(params), program=program, need=need)[0]
