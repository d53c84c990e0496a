"""DataParallel's gradient reducer: fused buckets all-reduced (averaged) while backward runs.

Each trainable parameter's `.grad` is a view into its bucket's flat buffer, so the engine
accumulates gradients straight into the buffers. After each forward the reducer walks the new
graph and counts, per parameter, the gradient pieces backward will deliver (one per use). A
tensor hook sees each piece; on the last one it folds that piece into the buffer itself, so the
parameter's gradient is complete there and then, and once every parameter of a bucket is complete
the bucket is all-reduced. Buckets go out in a fixed order, the same on every rank, as MPI needs.
Parameters the forward did not use are known at once: an error names them (or, with
find_unused_parameters=True, they join the all-reduce with the gradient they have).
"""
import weakref

import numpy as np

from .._core.tensor import Tensor
from .process_group import AVG

MB = 1 << 20


class Bucket:
    """Parameters whose gradients share one flat buffer and one all-reduce."""

    def __init__(self, params, dtype):
        self.params = params
        sizes = [int(np.prod(p._data.shape, dtype=np.int64)) for p in params]
        self.buffer = np.zeros(sum(sizes), dtype)
        self.views, offset = [], 0
        for p, n in zip(params, sizes):
            self.views.append(self.buffer[offset:offset + n].reshape(p._data.shape))
            offset += n
        self.grads = [Tensor._make(v, False) for v in self.views]  # the parameters' .grad tensors
        self.remaining = 0


def assign_buckets(params, comm_buffer_size, last_comm_buffer_size):
    """Parameters in backward order (reversed), cut into buckets: the first holds up to
    last_comm_buffer_size MB (it is ready earliest), the others comm_buffer_size MB; one dtype each."""
    buckets, open_ = [], {}
    limit_first = max(1, int(last_comm_buffer_size * MB))
    limit = max(1, int(comm_buffer_size * MB))
    for p in reversed(params):
        dt = p._data.dtype
        cur = open_.get(dt)
        if cur is None:
            cur = open_[dt] = {"params": [], "bytes": 0, "limit": limit_first if not buckets and not open_ else limit}
        cur["params"].append(p)
        cur["bytes"] += p._data.nbytes
        if cur["bytes"] >= cur["limit"]:
            buckets.append(Bucket(cur["params"], dt))
            del open_[dt]
    for dt, cur in open_.items():
        buckets.append(Bucket(cur["params"], dt))
    return buckets


def _tensors(obj, out):
    """Every Tensor inside nested lists/tuples/dicts."""
    if isinstance(obj, Tensor):
        out.append(obj)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            _tensors(x, out)
    elif isinstance(obj, dict):
        for x in obj.values():
            _tensors(x, out)
    return out


def count_uses(outputs, wanted):
    """{id(param): number of grad edges reaching it} in the graph behind `outputs`."""
    counts = {}
    seen = set()
    stack = []
    for t in _tensors(outputs, []):
        node = t._node
        if node is None:
            if id(t) in wanted and not t.stop_gradient:
                counts[id(t)] = counts.get(id(t), 0) + 1
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append(node)
    while stack:
        for e in stack.pop().next:
            if e is None:
                continue
            if type(e) is tuple:
                child = e[0]
                if id(child) not in seen:
                    seen.add(id(child))
                    stack.append(child)
            elif id(e) in wanted:
                counts[id(e)] = counts.get(id(e), 0) + 1
    return counts


class Reducer:
    """Hooks on every trainable parameter; all-reduces complete buckets over `process_group` (AVG)."""

    def __init__(self, params, names, process_group, comm_buffer_size, last_comm_buffer_size,
                 find_unused_parameters):
        self.pg = process_group
        self.find_unused = find_unused_parameters
        self.params = params
        self.names = {id(p): n for p, n in zip(params, names)}
        self.buckets = assign_buckets(params, comm_buffer_size, last_comm_buffer_size)
        self.where = {}  # id(param) -> (bucket index, slot)
        for b, bucket in enumerate(self.buckets):
            for k, p in enumerate(bucket.params):
                self.where[id(p)] = (b, k)
                self._adopt(bucket, k)
        self.pending = None  # id(param) -> gradient pieces still to come in this backward
        self.next_bucket = 0
        self.started = False
        self.step = 0
        for p in params:  # a parameter feeds one reducer: wrapping the layers again retires the old one
            old = getattr(p, "_dp_reducer", None)
            old = old() if old is not None else None
            if old is not None and old is not self:
                old.remove()
            p._dp_reducer = weakref.ref(self)
        self.handles = [p.register_hook(self._hook_for(p)) for p in params]

    # -- before backward -----------------------------------------------------------------
    def _adopt(self, bucket, k):
        """Make the parameter's .grad the bucket view again (keeping any gradient it holds)."""
        p, grad = bucket.params[k], bucket.grads[k]
        cur = p._grad
        if cur is grad:
            return
        if cur is None:
            bucket.views[k].fill(0)
        else:
            np.copyto(bucket.views[k], cur._data.reshape(bucket.views[k].shape), casting="unsafe")
        p._grad = grad
        p._owns_grad = True

    def prepare(self, outputs):
        """After a forward: count the gradient pieces each parameter will receive in backward."""
        if self.pending is not None and self.started:
            self._incomplete_error()
        self.step += 1
        counts = count_uses(outputs, self.where)
        unused = [p for p in self.params if id(p) not in counts]
        if unused and not self.find_unused:
            raise RuntimeError(
                f"DataParallel: {len(unused)} trainable parameter(s) were not used in the forward of step "
                f"{self.step}, so they would get no gradient and every rank would wait for them forever: "
                f"{self._list(unused)}. Pass find_unused_parameters=True to paddle.DataParallel if some "
                "parameters are legitimately unused, or set stop_gradient=True on the frozen ones.")
        for b, bucket in enumerate(self.buckets):
            for k, p in enumerate(bucket.params):
                self._adopt(bucket, k)
            bucket.remaining = sum(1 for p in bucket.params if id(p) in counts)
        self.pending = counts
        self.next_bucket = 0
        self.started = False

    def _list(self, params, limit=10):
        names = [f"{self.names[id(p)]} (shape {list(p._data.shape)})" for p in params[:limit]]
        more = f" and {len(params) - limit} more" if len(params) > limit else ""
        return ", ".join(names) + more

    def _incomplete_error(self):
        missing = [p for p in self.params if self.pending.get(id(p), 0) > 0]
        self.pending = None
        raise RuntimeError(
            f"DataParallel: the backward of step {self.step} did not produce gradients for {len(missing)} "
            f"parameter(s) used in its forward: {self._list(missing)}. Their gradients were never all-reduced, "
            "so the ranks now disagree. This happens when a forward output is left out of the loss, or backward "
            "stops early; every output of the DataParallel model must reach the loss (find_unused_parameters="
            "True only covers parameters the forward does not use).")

    # -- during backward ------------------------------------------------------------------
    def _hook_for(self, p):
        key = id(p)
        b, k = self.where[key]
        bucket = self.buckets[b]

        def hook(g):
            pending = self.pending
            if pending is None:
                return None  # no_sync, or not prepared: the engine accumulates locally
            left = pending.get(key, 0)
            if left <= 0:
                return None
            self.started = True
            pending[key] = left - 1
            if left > 1:
                return None
            # the last piece: fold it in ourselves so the gradient is complete now
            self._adopt(bucket, k)
            view = bucket.views[k]
            np.add(view, g._data.reshape(view.shape), out=view, casting="unsafe")
            bucket.remaining -= 1
            if bucket.remaining == 0:
                self._launch()
            return Tensor._make(np.broadcast_to(np.zeros((), view.dtype), view.shape))

        return hook

    def _launch(self):
        """All-reduce (average) every complete bucket, in bucket order."""
        buckets = self.buckets
        while self.next_bucket < len(buckets) and buckets[self.next_bucket].remaining == 0:
            self.pg.all_reduce(buckets[self.next_bucket].buffer, AVG)
            self.next_bucket += 1
        if self.next_bucket == len(buckets):
            self.pending = None  # the step is complete

    def remove(self):
        """Unregister the hooks (the gradients stay where they are)."""
        for h in self.handles:
            h.remove()
        self.handles = []
        self.pending = None
