"""Recompute (activation checkpointing) for static programs: which forward ops append_backward runs again.

append_backward(loss, checkpoints=[...]) (what paddle.incubate.optimizer.RecomputeOptimizer and fleet's
`strategy.recompute` call) cuts the forward ops into segments at the checkpoints, as Paddle's backward does:
one segment per consecutive checkpoint pair (from the first op reading the first checkpoint to the op
writing the second) and, before the first, one from the program's start. The ops after the last segment
(up to the loss) keep their activations. Inside a segment only the checkpoints, persistable vars, the
program's inputs and the values read after the segment are held; every other var of the segment is named
`<var>.subprog_<k>` in the backward section (k counts the segments from the loss backwards, Paddle's
names), where the segment's forward ops run again (op_role backward) right before its gradient ops, which
read the recomputed values. A re-run op writes only renamed vars (a persistable output such as batch norm's
running mean gets a scratch name), so running it again changes no state. Ops that draw random numbers keep
their outputs (Paddle pins dropout's seed so that its re-run draws the same mask; holding the mask is the
same value). Values and gradients are those of the plain program.
"""
from __future__ import annotations

__all__ = ["Segment", "plan_segments"]


class Segment:
    """Forward ops [start, end) of a block recomputed in backward; `renames` maps held-out vars to new names."""

    __slots__ = ("start", "end", "renames", "suffix")

    def __init__(self, start, end, renames, suffix):
        self.start, self.end, self.renames, self.suffix = start, end, renames, suffix

    def __repr__(self):
        return f"Segment({self.start}, {self.end}, {len(self.renames)} vars)"


def _draws(op):
    """Whether the op draws random numbers at run time (its outputs are held, never recomputed)."""
    return "seed" in op.attrs or "Seed" in op.inputs


def _names(checkpoints):
    out = []
    for c in checkpoints:
        name = c if isinstance(c, str) else getattr(c, "name", None)
        if not isinstance(name, str):
            raise TypeError(f"checkpoints should be a list of Variable or a list of str, but received {c!r}")
        if name not in out:
            out.append(name)
    return out


def plan_segments(block, end, checkpoints):
    """The recompute segments of block.ops[:end] (the forward ops up to the loss) for these checkpoints.

    Args:
        block (Block): the forward block.
        end (int): how many of its ops are forward ops reaching the loss.
        checkpoints (list[Variable|str]): the checkpoint vars.

    Returns:
        list[Segment]: in forward order; empty when the checkpoints cut nothing.
    """
    ops = block.ops[:end]
    writers, readers = {}, {}
    for i, op in enumerate(ops):
        for n in op.output_arg_names:
            writers.setdefault(n, []).append(i)
        for n in op.input_arg_names:
            readers.setdefault(n, []).append(i)
    names = [n for n in _names(checkpoints) if n in writers]  # program inputs cut nothing
    names.sort(key=lambda n: writers[n][-1])
    bounds = []
    if len(names) == 1:
        last = writers[names[0]][-1]
        if last > 0:
            bounds.append((0, last + 1))
    else:
        prev_end = 0
        for a, b in zip(names, names[1:]):
            first = min((i for i in readers.get(a, ()) if i > writers[a][-1]), default=None)
            last = writers[b][-1]
            if first is None or first > last:
                continue  # b does not depend on a through ops in between: no segment (as Paddle skips it)
            start = max(first, prev_end)
            bounds.append((start, last + 1))
            prev_end = last + 1
        if bounds and bounds[0][0] != 0:
            bounds.insert(0, (0, bounds[0][0]))
    for op in (op for s, e in bounds for op in ops[s:e]):
        if "sub_block" in op.attrs:
            raise NotImplementedError(f"Recompute don't support ops with sub_block (the {op.type} op); put a "
                                      "checkpoint after it so that it runs outside the recomputed segments")
    held = set(names)
    held.update(n for n in readers if n not in writers)  # the program's inputs and parameters
    for s, e in bounds:
        for i in range(s, e):
            op = ops[i]
            if _draws(op):
                held.update(op.output_arg_names)
            for n in op.output_arg_names:
                if any(j >= e or j < s for j in readers.get(n, ())):
                    held.add(n)  # read outside the segment: kept, as Paddle keeps vars crossing segments
    segments = []
    for k, (s, e) in enumerate(reversed(bounds)):
        suffix = f".subprog_{k}"
        renames = {}
        for op in ops[s:e]:
            for n in op.input_arg_names + op.output_arg_names:
                v = block._find_var_recursive(n)
                if n in held or n in renames or v is None or v.persistable:
                    continue
                renames[n] = n + suffix
        segments.append(Segment(s, e, renames, suffix))
    segments.reverse()
    return segments
