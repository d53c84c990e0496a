"""fleet's dygraph meta-optimizers: gradient merge and LocalSGD (DistributedStrategy fields).

Gradient merge (`strategy.gradient_merge`, `gradient_merge_configs = {k_steps, avg}`): gradients of
k_steps consecutive steps accumulate locally (DataParallel does not communicate on the first
k_steps - 1 backwards); the k-th backward all-reduces (averages over ranks) the accumulated sum,
which is divided by k_steps when avg, and only then does the optimizer update. step() and
clear_grad() of the steps in between do nothing, as Paddle's `(step + 1) % k_steps == 0`
condition skips the update and keeps the merged gradients.

LocalSGD (`strategy.localsgd`, `localsgd_configs = {k_steps, begin_step}`): every rank updates its
parameters from its own gradients (no gradient all-reduce at all); the parameters are averaged
over ranks after every update up to step `begin_step`, then every k_steps updates. As in Paddle it
applies to SGD and Momentum with more than one worker.
"""
import warnings

import numpy as np

from ..process_group import AVG

__all__ = ["GradientMerge", "LocalSGD", "plan_meta"]


class GradientMerge:
    """Counts micro-steps: an update every k_steps, gradients divided by k_steps when avg."""

    def __init__(self, k_steps, avg):
        self.k_steps, self.avg = int(k_steps), bool(avg)
        self.count = 0  # micro-steps since the last update

    def next_backward_syncs(self):
        """Whether the next backward ends a merge window (and so must all-reduce)."""
        return (self.count + 1) % self.k_steps == 0

    def advance(self):
        """Count one step; True when this one updates."""
        self.count = (self.count + 1) % self.k_steps
        return self.count == 0

    def scale(self, params):
        """The merged gradients divided by k_steps (avg), in place."""
        if not self.avg:
            return
        inv = 1.0 / self.k_steps
        for p in params:
            g = p._grad
            if g is None:
                continue
            if g.is_selected_rows():
                g.values = g.values * g.values.dtype.type(inv)
                g._dense = None
            else:
                if not g._data.flags.writeable:
                    g._data = g._data.copy()
                np.multiply(g._data, g._data.dtype.type(inv), out=g._data)
            g._version += 1


class LocalSGD:
    """Counts updates and averages parameters over ranks when Paddle's schedule says so."""

    def __init__(self, k_steps, begin_step):
        self.k_steps, self.begin_step = int(k_steps), int(begin_step)
        self.step = 0
        self.last_step = self.begin_step

    def due(self):
        """Count one update; True when the parameters are to be averaged after it."""
        self.step += 1
        if self.step <= self.begin_step:
            return True
        if self.step - self.last_step == self.k_steps:
            self.last_step = self.step
            return True
        return False

    @staticmethod
    def average(params, process_group):
        """Average the parameters over the ranks (one all-reduce per dtype)."""
        by_dtype = {}
        for p in params:
            by_dtype.setdefault(p._data.dtype, []).append(p)
        for dt in sorted(by_dtype, key=str):
            group = by_dtype[dt]
            flat = np.concatenate([np.ascontiguousarray(p._data).reshape(-1) for p in group])
            process_group.all_reduce(flat, AVG)
            offset = 0
            for p in group:
                n = p._data.size
                if not p._data.flags.writeable:
                    p._data = p._data.copy()
                np.copyto(p._data, flat[offset:offset + n].reshape(p._data.shape))
                p._version += 1
                offset += n


def _inner(optimizer):
    while hasattr(optimizer, "inner_opt"):
        optimizer = optimizer.inner_opt
    return optimizer


def plan_meta(strategy, optimizer, world_size):
    """(GradientMerge or None, LocalSGD or None) that this strategy applies to `optimizer` in dygraph.

    Warns when a field is on but does not apply (Paddle silently falls back in those cases).
    """
    gm = ls = None
    if strategy.gradient_merge:
        k = strategy.gradient_merge_configs["k_steps"]
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise ValueError(f"DistributedStrategy.gradient_merge_configs['k_steps'] must be a positive int, but "
                             f"received {k!r}")
        if k > 1:
            gm = GradientMerge(k, strategy.gradient_merge_configs["avg"])
    if strategy.localsgd:
        cfg = strategy.localsgd_configs
        k, begin = cfg["k_steps"], cfg["begin_step"]
        for name, v in (("k_steps", k), ("begin_step", begin)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise ValueError(f"DistributedStrategy.localsgd_configs['{name}'] must be a positive int, but "
                                 f"received {v!r}")
        from ...optimizer import SGD, Momentum
        if gm is not None:
            warnings.warn("DistributedStrategy: localsgd and gradient_merge are both on; purepaddle applies "
                          "gradient_merge and leaves localsgd off")
        elif not isinstance(_inner(optimizer), (SGD, Momentum)):
            warnings.warn(f"DistributedStrategy.localsgd applies to SGD and Momentum only (as in Paddle), not "
                          f"{type(_inner(optimizer)).__name__}; training runs as plain data parallelism")
        elif world_size > 1:
            ls = LocalSGD(k, begin)
    return gm, ls
