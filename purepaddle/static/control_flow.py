"""Control-flow and print ops of the legacy ProgramDesc IR: conditional_block, while, select_input,
select_output, print (and the grad ops of the first two).

An op holding a `sub_block` attribute is run by the Executor through a runner (RUNNERS), which
executes the sub-block's compiled steps on the same name -> array environment. Forward sub-blocks
write straight into that environment (their results, and the temporaries their gradient needs,
stay visible to the ops after them); gradient sub-blocks run on a copy and hand back only their
`@GRAD` outputs. `while` keeps one snapshot of the loop body's values per iteration when a
`while_grad` reads its StepScopes, and `while_grad` walks the snapshots backwards.
append_backward builds the gradient blocks through GRAD_MAKERS.
"""
import weakref

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.op import Op, TensorMeta, register
from . import builder as _b
from .program import Block
from .variable import Variable

__all__ = ["RUNNERS", "GRAD_MAKERS", "OP_IO", "op_io", "block_io", "EMPTY_VAR_NAME"]

EMPTY_VAR_NAME = "@EMPTY@"  # Paddle's name for "no variable" in a grad op's output list


# -- the ops ----------------------------------------------------------------------------------
_PRINT_COUNTS = weakref.WeakKeyDictionary()  # OpDesc -> times run (first_n counts per op, across runs)


@register("print")
class Print(Op):
    """Out = In, printing In (name, message, lod, place, shape, layout, dtype, data) to stdout.

    The attrs follow Paddle's print op; `is_forward` False marks the op printing a gradient in
    backward, and `print_phase` ('FORWARD', 'BACKWARD', 'BOTH') picks which of the two print.
    """

    inputs, outputs = ("In",), ("Out",)
    var_name = None
    desc = None

    def bind(self, op):
        """Executor hook: remember the input's name and the OpDesc (first_n counts per op)."""
        self.var_name = op.input("In")[0]
        self.desc = op

    def forward(self, xp, x):
        a = self.attrs
        phase = str(a.get("print_phase", "BOTH")).upper()
        forward = a.get("is_forward", True)
        if phase == "BOTH" or (phase == "FORWARD") == bool(forward):
            first_n = a.get("first_n", -1)
            key = self.desc if self.desc is not None else self
            n = _PRINT_COUNTS.get(key, 0) + 1
            _PRINT_COUNTS[key] = n
            if first_n <= 0 or n <= first_n:
                _print_tensor(self.var_name, x, a)
        return x

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return apply(Print, out_grad, **dict(self.attrs, is_forward=False))


def _print_tensor(name, x, a):
    """Write one tensor in Paddle's print-op format (values as float32 with six decimals)."""
    import sys
    lines = []
    if a.get("print_tensor_name", True):
        lines.append(f"Variable: {name}")
    if a.get("message"):
        lines.append(f"  - message: {a['message']}")
    if a.get("print_tensor_lod", True):
        lines.append("  - lod: {}")
    lines.append("  - place: Place(cpu)")
    if a.get("print_tensor_shape", True):
        lines.append(f"  - shape: {list(x.shape)}")
    if a.get("print_tensor_layout", True):
        lines.append("  - layout: NCHW")
    if a.get("print_tensor_type", True):
        lines.append(f"  - dtype: {_dt.from_numpy(x.dtype).name}")
    n = a.get("summarize", 20)
    flat = np.asarray(x).reshape(-1)
    if n >= 0:
        flat = flat[:n]
    values = flat.astype(np.float32).tolist() if flat.dtype.kind != "c" else flat.real.astype(np.float32).tolist()
    lines.append("  - data: [" + " ".join("%f" % v for v in values) + "]")
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()


@register("select_input")
class SelectInput(Op):
    """Out = X[Mask]: the output of the branch a cond took (the untaken one was never computed)."""

    inputs, outputs = ("X", "Mask"), ("Out",)
    duplicable = ("X",)
    saves = ("Mask",)

    def forward(self, xp, xs, mask):
        return xs[int(mask.reshape(-1)[0])]

    def infer_meta(self, xs, mask):
        a, b = xs[0].shape, xs[-1].shape
        shape = [p if p == q else -1 for p, q in zip(a, b)] if len(a) == len(b) else b
        return TensorMeta(shape, xs[-1].dtype)

    def backward(self, out_grad):
        (mask,) = self.saved
        return list(apply(SelectOutput, out_grad, mask)[0]), None


@register("select_output")
class SelectOutput(Op):
    """Out[Mask] = X: routes a gradient into the branch a cond took (the other output stays unset)."""

    inputs, outputs = ("X", "Mask"), ("Out",)
    duplicable = ("Out",)
    differentiable = False

    def forward(self, xp, x, mask):
        k = int(mask.reshape(-1)[0])
        return ([x if i == k else xp.zeros_like(x) for i in range(2)],)

    def infer_meta(self, x, mask):
        return ([TensorMeta(x.shape, x.dtype), TensorMeta(x.shape, x.dtype)],)


class _BlockOp(Op):
    """An op whose work is a sub-block: the Executor runs it through RUNNERS, never `forward`."""

    def forward(self, xp, *arrays):
        raise RuntimeError(f"op {self.type} runs a sub-block: only the static Executor can run it")

    def infer_meta(self, *metas):  # its output variables are declared by whoever builds it
        return tuple([] for _ in self.outputs)


@register("conditional_block")
class ConditionalBlock(_BlockOp):
    """Run sub_block when Cond holds (is_scalar_condition: its single value; else: all non-empty)."""

    inputs, outputs = ("Cond", "Input"), ("Out", "Scope")
    duplicable = ("Cond", "Input", "Out", "Scope")


@register("conditional_block_grad")
class ConditionalBlockGrad(_BlockOp):
    """Input@GRAD from the gradient sub_block when Cond held, zeros otherwise."""

    inputs, outputs = ("Cond", "Input", "Out", "Out@GRAD", "Scope"), ("Input@GRAD",)
    duplicable = inputs + outputs
    differentiable = False


@register("while")
class While(_BlockOp):
    """Run sub_block while Condition holds; the loop variables (Out) are updated in place."""

    inputs, outputs = ("X", "Condition"), ("Out", "StepScopes")
    duplicable = ("X", "Condition", "Out", "StepScopes")


@register("while_grad")
class WhileGrad(_BlockOp):
    """X@GRAD: the gradient sub_block run once per recorded iteration, last iteration first."""

    inputs, outputs = ("X", "Out", "Out@GRAD", "StepScopes"), ("X@GRAD",)
    duplicable = inputs + outputs
    differentiable = False


# -- what a (sub-)block reads and writes -------------------------------------------------------
def _sub(op):
    b = op.attrs.get("sub_block")
    return b if hasattr(b, "ops") else None


def op_io(op):
    """(names read, names written) by op, a control-flow op's sub-block included.

    Gradient ops read their sub-block's values from their own inputs (and, for while_grad,
    from the recorded iterations), so only their declared slots count. Op types listed in
    OP_IO (sub-block ops defined elsewhere, such as pylayer) answer for themselves.
    """
    custom = OP_IO.get(op.type)
    if custom is not None:
        return custom(op)
    reads = [n for names in op.inputs.values() for n in names]
    writes = [n for names in op.outputs.values() for n in names]
    sub = _sub(op)
    if sub is not None and op.type != "while_grad":
        ext, inner = block_io(sub)
        reads = reads + [n for n in ext if n not in reads]
        if op.type != "conditional_block_grad":
            writes = writes + [n for n in inner if n not in writes]
    return reads, [n for n in writes if n != EMPTY_VAR_NAME]


# op type -> io(op) -> (reads, writes), for sub-block ops whose blocks are not a `sub_block` attr
OP_IO = {}


def block_io(block):
    """(names read before written, in first-read order; set of names written) of a block's ops."""
    ext, seen, written = [], set(), set()
    for op in block.ops:
        reads, writes = op_io(op)
        for n in reads:
            if n not in written and n not in seen:
                seen.add(n)
                ext.append(n)
        written.update(writes)
    return ext, written


# -- running sub-blocks ----------------------------------------------------------------------
def _truth(a):
    """A scalar condition's value (Paddle requires a single element)."""
    if a.size != 1:
        raise ValueError(f"(InvalidArgument) The numel of the condition must be 1, but received its shape "
                         f"{list(a.shape)}")
    return bool(a.reshape(-1)[0])


def _runner_call(run, steps, env):
    try:
        run(steps, env)
    except Exception as e:
        try:  # already explained by the inner executor: the outer one passes it through
            e.paddle_kernel = True
        except AttributeError:
            pass
        raise


class _CondRunner:
    """conditional_block: the sub-block's steps on the caller's environment when Cond holds."""

    def __init__(self, op, compile_block, run):
        self.cond = op.input("Cond")
        self.scalar = op.attrs.get("is_scalar_condition", False)
        self.steps = compile_block(_sub(op))
        self.run = run

    def __call__(self, env):
        if self.scalar:
            ok = _truth(env[self.cond[0]])
        else:
            ok = all(env[c].size != 0 for c in self.cond)
        if ok:
            _runner_call(self.run, self.steps, env)


class _CondGradRunner:
    """conditional_block_grad: the gradient block on a copy of the environment; Input@GRAD out."""

    def __init__(self, op, compile_block, run):
        self.cond = op.input("Cond")
        self.scalar = op.attrs.get("is_scalar_condition", False)
        self.pairs = [(i, g) for i, g in zip(op.input("Input"), op.output("Input@GRAD")) if g != EMPTY_VAR_NAME]
        self.steps = compile_block(_sub(op))
        self.run = run

    def __call__(self, env):
        if self.scalar:
            ok = _truth(env[self.cond[0]])
        else:
            ok = all(env[c].size != 0 for c in self.cond)
        local = None
        if ok:
            local = dict(env)
            _runner_call(self.run, self.steps, local)
        for name, out in self.pairs:
            g = local.get(name + "@GRAD") if local is not None else None
            env[out] = g if g is not None else np.zeros_like(env[name])


class _WhileRunner:
    """while: the body's steps until Condition is false; one snapshot per iteration when recorded."""

    def __init__(self, op, compile_block, run):
        sub = _sub(op)
        self.cond = op.input("Condition")[0]
        self.steps = compile_block(sub)
        self.run = run
        self.scopes = op.output("StepScopes")[0] if op.output("StepScopes") else None
        ext, writes = block_io(sub)
        self.ext, self.writes = tuple(ext), tuple(n for n in writes if n not in set(ext))
        # record only when a while_grad of this block will read the iterations back (in any block: the
        # while_grad of a loop inside a branch sits in that branch's gradient block)
        self.record = (not op.attrs.get("is_test", False) and self.scopes is not None
                       and any(self.scopes in o.input_arg_names for b in op.block.program.blocks for o in b.ops))

    def __call__(self, env):
        snaps = [] if self.record else None
        steps, run = self.steps, self.run
        while _truth(env[self.cond]):
            if snaps is not None:
                snap = {n: env[n] for n in self.ext if n in env}
            _runner_call(run, steps, env)
            if snaps is not None:
                for n in self.writes:
                    if n in env:
                        snap[n] = env[n]
                snaps.append(snap)
        if snaps is not None:
            env[self.scopes] = snaps


class _WhileGradRunner:
    """while_grad: the gradient block once per recorded iteration, last first.

    Loop variables (Out) carry their gradient from one iteration to the one before; the other
    inputs of the body (constants, parameters) sum theirs over all iterations.
    """

    def __init__(self, op, compile_block, run):
        sub = _sub(op)
        fwd = sub.program.blocks[sub.forward_block_idx]
        _, fwd_writes = block_io(fwd)
        _, grad_writes = block_io(sub)
        self.steps = compile_block(sub)
        self.run = run
        self.scopes = op.input("StepScopes")[0]
        self.loop = list(zip(op.input("Out"), op.input("Out@GRAD")))
        loop_names = set(op.input("Out"))
        # per loop var: 1 the block recomputes its gradient, 0 the body overwrites it (no gradient
        # reaches the value before), None it passes through unchanged
        self.carry = {v: (1 if v + "@GRAD" in grad_writes else 0 if v in fwd_writes else None) for v in loop_names}
        self.outs = [(x, g, x in loop_names) for x, g in zip(op.input("X"), op.output("X@GRAD"))
                     if g != EMPTY_VAR_NAME]
        self.summed = [x for x, _, loop in self.outs if not loop and x + "@GRAD" in grad_writes]

    def __call__(self, env):
        snaps = env.get(self.scopes) or []
        carried = {v: env.get(g) for v, g in self.loop}
        acc = {}
        for snap in reversed(snaps):
            local = dict(env)
            local.update(snap)
            for v, _ in self.loop:
                g = carried[v]
                local[v + "@GRAD"] = g if g is not None else np.zeros_like(snap.get(v, env[v]))
            _runner_call(self.run, self.steps, local)
            for v, _ in self.loop:
                how = self.carry[v]
                if how == 1:
                    carried[v] = local[v + "@GRAD"]
                elif how == 0:
                    carried[v] = None
            for x in self.summed:
                g = local.get(x + "@GRAD")
                if g is not None:
                    acc[x] = g if x not in acc else acc[x] + g
        for x, out, loop in self.outs:
            g = carried.get(x) if loop else acc.get(x)
            env[out] = g if g is not None else np.zeros_like(env[x])


class _SelectInputRunner:
    """select_input: reads only the chosen branch's output."""

    def __init__(self, op, compile_block, run):
        self.xs, self.mask, self.out = op.input("X"), op.input("Mask")[0], op.output("Out")[0]

    def __call__(self, env):
        env[self.out] = env[self.xs[int(env[self.mask].reshape(-1)[0])]]


class _SelectOutputRunner:
    """select_output: writes only the chosen branch's gradient."""

    def __init__(self, op, compile_block, run):
        self.x, self.mask, self.outs = op.input("X")[0], op.input("Mask")[0], op.output("Out")

    def __call__(self, env):
        env[self.outs[int(env[self.mask].reshape(-1)[0])]] = env[self.x]


# op type -> runner factory(op, compile_block(block) -> steps, run(steps, env))
RUNNERS = {"conditional_block": _CondRunner, "conditional_block_grad": _CondGradRunner, "while": _WhileRunner,
           "while_grad": _WhileGradRunner, "select_input": _SelectInputRunner,
           "select_output": _SelectOutputRunner}


# -- gradient blocks ---------------------------------------------------------------------------
def _grad_block(builder, fwd):
    """A new block for the gradient of sub-block `fwd` (a sibling of it), linked both ways."""
    program = fwd.program
    b = Block(program, len(program.blocks), fwd.parent_idx)
    program.blocks.append(b)
    program._version += 1
    b.forward_block_idx = fwd.idx
    fwd.backward_block_idx = b.idx
    return b


def _temp_outputs(builder, names):
    """Fresh gradient variables in the builder's block shaped like the forward vars `names`."""
    out = []
    tmp = _b._out_names(builder.program, len(names), "grad")
    for n, t in zip(names, tmp):
        fwd = builder.find(n)
        out.append(Variable(builder.block, name=t, shape=fwd.shape, dtype=fwd.dtype, stop_gradient=False))
    return out


def _cond_grad(builder, op):
    """conditional_block: a gradient block for the branch plus a conditional_block_grad op."""
    pairs = [(n, builder.total(n)) for n in op.output("Out")]
    pairs = [(n, g) for n, g in pairs if g is not None]
    builder.retire(op)
    wanted = [n for n in op.input("Input") if builder.needs(n)]
    if not pairs or not wanted:
        return
    fwd = _sub(op)
    gblock = _grad_block(builder, fwd)
    inner = builder.nested(fwd, gblock)
    inner.run([(builder.find(n), g) for n, g in pairs], loss_role=False)
    names = [n for n in wanted if inner.final.get(n) is not None]
    if not names:
        return
    start = len(builder.block.ops)
    outs = _temp_outputs(builder, names)
    _b.append_simple(builder.block, "conditional_block_grad",
                     {"Cond": op.input("Cond"), "Input": names, "Out": [n for n, _ in pairs],
                      "Out@GRAD": [g.name for _, g in pairs], "Scope": op.output("Scope")},
                     {"Input@GRAD": [v.name for v in outs]},
                     {"sub_block": gblock, "is_scalar_condition": op.attrs.get("is_scalar_condition", False)})
    claimed = set()
    for n, v in zip(names, outs):
        builder._contribute(n, v, start, claimed)


def _while_grad(builder, op):
    """while: a gradient block for one iteration plus a while_grad op over the recorded iterations."""
    fwd = _sub(op)
    _, fwd_writes = block_io(fwd)
    xs = op.input("X")
    loop = [v for v in op.output("Out") if v in fwd_writes and v in xs and builder.needs(v)]
    outer = {v: builder.total(v) for v in loop}
    builder.retire(op)
    wanted = [x for x in xs if builder.needs(x)]
    if not wanted or all(g is None for g in outer.values()):
        return
    for v in loop:
        if outer[v] is None:
            outer[v] = builder._zeros_like(v)
    gblock = _grad_block(builder, fwd)
    inner = builder.nested(fwd, gblock)
    seeds = []
    for v in loop:
        var = builder.find(v)
        seeds.append((var, Variable(gblock, name=v + "@GRAD", shape=var.shape, dtype=var.dtype,
                                    stop_gradient=False)))
    inner.run(seeds, loss_role=False)
    names = [x for x in wanted if x in loop or inner.final.get(x) is not None]
    if not names:
        return
    start = len(builder.block.ops)
    outs = dict(zip(names, _temp_outputs(builder, names)))
    og = [outer[v].name for v in loop]
    _b.append_simple(builder.block, "while_grad",
                     {"X": xs, "Out": loop, "Out@GRAD": og, "StepScopes": op.output("StepScopes")},
                     {"X@GRAD": [outs[x].name if x in outs else EMPTY_VAR_NAME for x in xs]},
                     {"sub_block": gblock, "is_test": op.attrs.get("is_test", False), "original_output_grad": og})
    claimed = set()
    for x in names:
        builder._contribute(x, outs[x], start, claimed)


# op type -> grad maker(builder, forward op): appends the gradient of a control-flow op
GRAD_MAKERS = {"conditional_block": _cond_grad, "while": _while_grad}
