"""DistributedStrategy's gradient merge and LocalSGD written into a static program by
fleet.distributed_optimizer(...).minimize, with the schedules of the dygraph meta-optimizers
(meta_optimizers.py).

- gradient merge (k_steps, avg): each run adds every gradient into a persistable `<param>@GRAD@MERGED`
  var and counts the run in `gradient_merge_step`; on every k-th run a conditional block all-reduces
  (averages over ranks) the merged gradients, divides them by k_steps when avg, runs the optimizer's
  update ops on them and zeroes them. Runs in between leave the parameters alone, as Paddle's static
  gradient merge does.
- LocalSGD (k_steps, begin_step): gradients are not all-reduced; after the update a conditional block
  averages the parameters over the ranks on every step up to begin_step, then every k_steps steps
  (counted in `local_sgd_step`).
"""
from ...static.program import default_main_program
from ...static.input import create_global_var
from ...static.nn.control_flow import cond
from ...tensor.creation import assign, zeros_like
from ...tensor.logic import equal, less_equal, logical_or
from ...tensor.math import increment
from ..communication import ReduceOp, all_reduce

__all__ = ["average_grads", "gradient_merge", "local_sgd"]


def average_grads(params_grads):
    """One all_reduce (AVG) per gradient, appended to the current block."""
    for _, g in params_grads:
        if g is not None:
            all_reduce(g, op=ReduceOp.AVG)


def _counter(name):
    """A persistable int64 [1] counter (0 at start), incremented once per run of the program."""
    step = create_global_var([1], 0, "int64", persistable=True, name=name)
    increment(step, 1)
    return step


def _every(step, k, begin=0):
    """bool [1]: step <= begin or (step - begin) % k == 0."""
    zero = zeros_like(step)
    due = equal((step - begin) % k, zero)
    if begin > 0:
        due = logical_or(due, less_equal(step, zero + begin))
    return due


def _into_current_block(build):
    """Run build() (which appends ops to the program's global block, as optimizers do) and move the ops it
    appended into the current block (a conditional block's)."""
    program = default_main_program()
    gblock, block = program.global_block(), program.current_block()
    start = len(gblock.ops)
    out = build()
    if block is not gblock:
        moved = gblock.ops[start:]
        del gblock.ops[start:]
        for op in moved:
            op.block = block
            block.ops.append(op)
        program._version += 1
    return out


def gradient_merge(opt, params_grads, k_steps, avg):
    """The merged-gradient vars, the step counter and the conditional update; returns the update ops."""
    step = _counter("gradient_merge_step")
    merged = []
    for p, g in params_grads:
        if g is None:
            continue
        m = create_global_var(list(p.shape), 0.0, g.dtype, persistable=True, name=f"{p.name}@GRAD@MERGED")
        assign(m + g, output=m)
        merged.append((p, m))
    ops = []

    def update():
        average_grads(merged)
        if avg:
            for _, m in merged:
                assign(m * (1.0 / k_steps), output=m)
        ops.extend(_into_current_block(lambda: opt.apply_gradients(merged)))
        for _, m in merged:
            assign(zeros_like(m), output=m)

    cond(_every(step, k_steps), update)
    return ops


def local_sgd(params_grads, k_steps, begin_step):
    """Average the parameters over the ranks when LocalSGD's schedule says so (after the update)."""
    step = _counter("local_sgd_step")
    params = [p for p, g in params_grads if g is not None]

    def average():
        for p in params:
            all_reduce(p, op=ReduceOp.AVG)

    cond(_every(step, k_steps, begin_step), average)
