"""The legacy `pylayer` op (paddle.static.nn.static_pylayer) and its `pylayer_grad`.

`pylayer` runs its forward block (attr `blocks[0]`) on the caller's environment, like a
conditional_block whose condition always holds. Its gradient is the user's backward block
(`blocks[1]`), not the derivative of the forward block: the block reads each output's gradient
as `{out}@GRAD` and leaves each input's gradient in `{in}@GRAD`. append_backward appends a
`pylayer_grad` op that runs it on a copy of the environment and hands back Input@GRAD.
"""
import numpy as np

from .._core.op import register
from . import builder as _b
from .control_flow import (EMPTY_VAR_NAME, GRAD_MAKERS, OP_IO, RUNNERS, _BlockOp, _runner_call, _temp_outputs,
                           block_io)

__all__ = ["PyLayer", "PyLayerGrad"]


@register("pylayer")
class PyLayer(_BlockOp):
    """Run blocks[0] (the forward block); Out are the variables it assigns in the enclosing block."""

    inputs, outputs = ("Input",), ("Out", "Scope")
    duplicable = ("Input", "Out", "Scope")


@register("pylayer_grad")
class PyLayerGrad(_BlockOp):
    """Input@GRAD from blocks[0] (the user's backward block) given Out@GRAD."""

    inputs, outputs = ("Input", "Out", "Out@GRAD", "Scope"), ("Input@GRAD",)
    duplicable = inputs + outputs
    differentiable = False


def _blocks(op):
    return [b for b in (op.attrs.get("blocks") or []) if hasattr(b, "ops")]


def _seed_names(op):
    return {n + "@GRAD" for n in op.input("Out")}


def _forward_io(op):
    """pylayer reads its inputs and what the forward block reads; it writes Out and the block's values."""
    reads = list(op.input("Input"))
    writes = list(op.output("Out")) + list(op.output("Scope"))
    blocks = _blocks(op)
    if blocks:
        ext, inner = block_io(blocks[0])
        reads += [n for n in ext if n not in reads]
        writes += [n for n in inner if n not in writes]
    return reads, writes


def _grad_io(op):
    """pylayer_grad reads its slots and what the backward block reads from outside (less the
    `{out}@GRAD` names it binds itself); it writes only Input@GRAD."""
    reads = [n for names in op.inputs.values() for n in names]
    blocks = _blocks(op)
    if blocks:
        seeds = _seed_names(op)
        ext, _ = block_io(blocks[0])
        reads += [n for n in ext if n not in reads and n not in seeds]
    return reads, [n for n in op.output("Input@GRAD") if n != EMPTY_VAR_NAME]


class _ForwardRunner:
    """pylayer: the forward block's steps on the caller's environment."""

    def __init__(self, op, compile_block, run):
        blocks = _blocks(op)
        self.steps = compile_block(blocks[0]) if blocks else []
        self.run = run

    def __call__(self, env):
        _runner_call(self.run, self.steps, env)


class _GradRunner:
    """pylayer_grad: the backward block on a copy of the environment with `{out}@GRAD` bound."""

    def __init__(self, op, compile_block, run):
        blocks = _blocks(op)
        self.block = blocks[0]
        self.steps = compile_block(self.block)
        self.run = run
        self.seeds = list(zip(op.input("Out"), op.input("Out@GRAD")))
        _, written = block_io(self.block)
        self.pairs = [(x, g, x + "@GRAD" in written) for x, g in zip(op.input("Input"), op.output("Input@GRAD"))
                      if g != EMPTY_VAR_NAME]

    def __call__(self, env):
        local = dict(env)
        for out, g in self.seeds:
            local[out + "@GRAD"] = env[g] if g in env else np.zeros_like(env[out])
        _runner_call(self.run, self.steps, local)
        for x, g, made in self.pairs:
            env[g] = local[x + "@GRAD"] if made else np.zeros_like(env[x])


def _pylayer_grad(builder, op):
    """append_backward: a pylayer_grad op running the op's backward block (none: no gradient flows)."""
    blocks = _blocks(op)
    outs = op.output("Out")
    grads = {n: builder.total(n) for n in outs}
    builder.retire(op)
    wanted = [n for n in op.input("Input") if builder.needs(n)]
    if len(blocks) < 2 or not wanted or all(g is None for g in grads.values()):
        return
    for n in outs:
        if grads[n] is None:  # the backward function gets a gradient for every output
            grads[n] = builder._zeros_like(n)
    _, written = block_io(blocks[1])
    names = [n for n in wanted if n + "@GRAD" in written]
    if not names:
        return
    start = len(builder.block.ops)
    made = dict(zip(names, _temp_outputs(builder, names)))
    ins = op.input("Input")
    _b.append_simple(builder.block, "pylayer_grad",
                     {"Input": ins, "Out": outs, "Out@GRAD": [grads[n].name for n in outs],
                      "Scope": op.output("Scope")},
                     {"Input@GRAD": [made[n].name if n in made else EMPTY_VAR_NAME for n in ins]},
                     {"blocks": [blocks[1]]})
    claimed = set()
    for n in names:
        builder._contribute(n, made[n], start, claimed)


OP_IO.update({"pylayer": _forward_io, "pylayer_grad": _grad_io})
RUNNERS.update({"pylayer": _ForwardRunner, "pylayer_grad": _GradRunner})
GRAD_MAKERS["pylayer"] = _pylayer_grad
