"""Collective ops under Paddle's op types (all_reduce, broadcast, ...): static programs carry them.

Each op names its group by `ring_id`. `forward` never writes its input (the static executor's
contract), so it copies and then runs the group's in-place kernel; the eager public functions
(communication.py) run the same kernel straight on the tensor's buffer. The legacy 2.x types
(c_allreduce_sum, c_broadcast, c_allgather, ...) are registered too, so older programs load and run.
"""
import numpy as np

from .._core.op import Op, TensorMeta, register
from . import group as _group
from .process_group import AVG, MAX, MIN, PROD, SUM


def _pg(op):
    """The ProcessGroup of the op's ring_id."""
    g = _group.by_ring_id(op.attrs.get("ring_id", 0))
    if g.process_group is None:
        raise RuntimeError(f"op '{op.type}': this process is not a member of the group with ring_id "
                           f"{op.attrs.get('ring_id', 0)} (ranks {g.ranks})")
    return g.process_group


def _same(x):
    return TensorMeta(list(x.shape), x.dtype)


def _scaled_first(x, factor):
    """Meta with the first dim multiplied (factor>0) or divided (factor<0); -1 stays unknown."""
    shape = list(x.shape) or [1]
    if shape[0] >= 0:
        shape[0] = shape[0] * factor if factor > 0 else shape[0] // -factor
    return TensorMeta(shape, x.dtype)


class _InPlaceCollective(Op):
    """A collective whose output has the input's shape: forward = copy + in-place kernel."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        out = np.array(x, copy=True, order="C")
        self.run(out)
        return out

    def infer_meta(self, x):
        return _same(x)

    def run(self, a):
        raise NotImplementedError


@register("all_reduce")
class AllReduce(_InPlaceCollective):
    """out = reduce_type (0 SUM, 1 MAX, 2 MIN, 3 PROD, 4 AVG) of x over the group's ranks."""

    def run(self, a):
        _pg(self).all_reduce(a, int(self.attrs.get("reduce_type", SUM)))


@register("broadcast")
class Broadcast(_InPlaceCollective):
    """out = x of the group rank `root`."""

    def run(self, a):
        _pg(self).broadcast(a, int(self.attrs.get("root", 0)))


@register("reduce")
class Reduce(_InPlaceCollective):
    """At group rank `root_id`: reduce_type of x over the ranks; elsewhere x unchanged."""

    def run(self, a):
        _pg(self).reduce(a, int(self.attrs.get("root_id", 0)), int(self.attrs.get("reduce_type", SUM)))


@register("barrier")
class Barrier(_InPlaceCollective):
    """Waits for every rank of the group; out = x."""

    inputs, outputs = ("X",), ("Out",)

    def run(self, a):
        _pg(self).barrier()


@register("all_gather")
class AllGather(Op):
    """out = the ranks' x concatenated along axis 0 (0-d inputs stack into shape [nranks])."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        pg = _pg(self)
        x = np.ascontiguousarray(x)
        out = np.empty((pg.size,) + x.shape, x.dtype)
        pg.all_gather(x, out)
        return out.reshape((pg.size * x.shape[0],) + x.shape[1:]) if x.ndim else out

    def infer_meta(self, x):
        return _scaled_first(x, int(self.attrs.get("nranks", 1)))


@register("reduce_scatter")
class ReduceScatter(Op):
    """out = this rank's 1/nranks block (axis 0) of the SUM of x over the ranks."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        pg = _pg(self)
        x = np.ascontiguousarray(x)
        if x.shape[0] % pg.size:
            raise ValueError(f"reduce_scatter: the first dimension {x.shape[0]} must divide evenly among "
                             f"{pg.size} ranks")
        out = np.empty((x.shape[0] // pg.size,) + x.shape[1:], x.dtype)
        pg.reduce_scatter(x, out, int(self.attrs.get("reduce_type", SUM)))
        return out

    def infer_meta(self, x):
        return _scaled_first(x, -int(self.attrs.get("nranks", 1)))


@register("all_to_all")
class AllToAll(Op):
    """Block k (axis 0) of x goes to rank k; out's block k came from rank k."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        pg = _pg(self)
        x = np.ascontiguousarray(x)
        if x.shape[0] % pg.size:
            raise ValueError(f"alltoall: the first dimension {x.shape[0]} must divide evenly among {pg.size} ranks")
        out = np.empty_like(x)
        pg.all_to_all(x.reshape((pg.size, -1)), out.reshape((pg.size, -1)))
        return out

    def infer_meta(self, x):
        return _same(x)


@register("c_scatter")
class Scatter(Op):
    """out = block `rank` (axis 0) of root's X."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        pg = _pg(self)
        x = np.ascontiguousarray(x)
        out = np.empty((x.shape[0] // pg.size,) + x.shape[1:], x.dtype)
        pg.scatter(x, out, int(self.attrs.get("root", 0)))
        return out

    def infer_meta(self, x):
        return _scaled_first(x, -int(self.attrs.get("nranks", 1)))


# -- the 2.x op types (X/Out slots; the reduction is in the type name) -----------------------------
def _legacy_all_reduce(op_type, reduce_type):
    @register(op_type)
    class LegacyAllReduce(AllReduce):
        __doc__ = f"{op_type}: all_reduce with reduce_type {reduce_type} (the 2.x op type)."
        inputs, outputs = ("X",), ("Out",)

        def run(self, a):
            _pg(self).all_reduce(a, reduce_type)

    LegacyAllReduce.__name__ = LegacyAllReduce.__qualname__ = "".join(p.title() for p in op_type.split("_"))
    return LegacyAllReduce


def _legacy_reduce(op_type, reduce_type):
    @register(op_type)
    class LegacyReduce(Reduce):
        __doc__ = f"{op_type}: reduce with reduce_type {reduce_type} at root_id (the 2.x op type)."
        inputs, outputs = ("X",), ("Out",)

        def run(self, a):
            _pg(self).reduce(a, int(self.attrs.get("root_id", 0)), reduce_type)

    LegacyReduce.__name__ = LegacyReduce.__qualname__ = "".join(p.title() for p in op_type.split("_"))
    return LegacyReduce


LEGACY_ALL_REDUCE = {name: _legacy_all_reduce(f"c_allreduce_{name}", code)
                     for name, code in (("sum", SUM), ("max", MAX), ("min", MIN), ("prod", PROD), ("avg", AVG))}
LEGACY_REDUCE = {name: _legacy_reduce(f"c_reduce_{name}", code)
                 for name, code in (("sum", SUM), ("max", MAX), ("min", MIN), ("prod", PROD))}


@register("c_broadcast")
class LegacyBroadcast(Broadcast):
    """c_broadcast: broadcast from `root` (the 2.x op type)."""

    inputs, outputs = ("X",), ("Out",)


@register("c_allgather")
class LegacyAllGather(AllGather):
    """c_allgather: all_gather (the 2.x op type)."""

    inputs, outputs = ("X",), ("Out",)


@register("c_reducescatter")
class LegacyReduceScatter(ReduceScatter):
    """c_reducescatter: reduce_scatter with SUM (the 2.x op type)."""

    inputs, outputs = ("X",), ("Out",)
