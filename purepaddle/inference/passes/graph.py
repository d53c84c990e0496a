"""Graph: block 0 of an inference Program plus its constants, with the queries and edits IR passes share."""
import numpy as np

from ..._core import dtype as _dt

__all__ = ["Graph", "PASSES", "ir_pass"]

PASSES = {}  # pass name -> function(graph) -> number of rewrites


def ir_pass(name):
    """Register an IR pass under Paddle's pass name."""
    def deco(fn):
        PASSES[name] = fn
        return fn
    return deco


class Graph:
    """The Program being optimised (a private copy), its parameters and its feed/fetch names.

    `params` maps persistable names to arrays; passes never write into those arrays, they add
    new ones (folded weights) under new names, so parameters shared with the caller stay intact.
    """

    def __init__(self, program, params, feeds, fetches):
        self.program = program
        self.block = program.global_block()
        self.params = params
        self.feeds = list(feeds)
        self.fetches = list(fetches)
        self._uses = None
        # vars read inside sub-blocks (control flow) are pinned: passes leave their producers alone
        self.pinned = set(self.fetches) | set(self.feeds)
        for b in program.blocks[1:]:
            for op in b.ops:
                for names in op.inputs.values():
                    self.pinned.update(names)

    @property
    def ops(self):
        """The block's op list (edited in place by the passes)."""
        return self.block.ops

    def uses(self, name):
        """The block-0 ops reading `name`."""
        if self._uses is None:
            uses = {}
            for op in self.block.ops:
                for names in op.inputs.values():
                    for n in names:
                        lst = uses.setdefault(n, [])
                        if not lst or lst[-1] is not op:
                            lst.append(op)
            self._uses = uses
        return self._uses.get(name, ())

    def only_use(self, name, op):
        """True when `op` is the one reader of `name` and nothing else needs it (not fetched or pinned)."""
        u = self.uses(name)
        return len(u) == 1 and u[0] is op and name not in self.pinned

    def only_reader(self, name):
        """The single op reading `name` when it may be fused away, else None."""
        u = self.uses(name)
        return u[0] if len(u) == 1 and name not in self.pinned else None

    def is_param(self, name):
        """Whether `name` is a parameter (a constant the passes may read)."""
        return name in self.params

    def param(self, name):
        """The array of parameter `name` (None when it is not one)."""
        return self.params.get(name)

    def rank(self, name):
        """The number of dims of var `name` (None when unknown)."""
        if name in self.params:
            return self.params[name].ndim
        v = self.block.vars.get(name)
        return None if v is None or v._shape is None else len(v._shape)

    def changed(self):
        """Call after editing ops: drops cached use lists and bumps the program version."""
        self._uses = None
        self.program._version += 1

    def remove(self, ops):
        """Remove the given ops from the block."""
        dead = set(id(o) for o in ops)
        self.block.ops[:] = [o for o in self.block.ops if id(o) not in dead]
        self.changed()

    def new_param(self, hint, array):
        """Store `array` as a new persistable var named after `hint`; returns the name."""
        name, k = f"{hint}@fold", 0
        while name in self.block.vars or name in self.params:
            k += 1
            name = f"{hint}@fold_{k}"
        self.block.create_var(name=name, shape=list(array.shape), dtype=_dt.from_numpy(array.dtype),
                              persistable=True)
        self.params[name] = array
        return name

    def new_var(self, hint, like):
        """A new temporary var named after `hint`, with the dtype (and unknown shape) of var `like`."""
        name, k = hint, 0
        while name in self.block.vars:
            k += 1
            name = f"{hint}_{k}"
        ref = self.block.vars.get(like)
        self.block.create_var(name=name, dtype=None if ref is None else ref._dtype)
        return name

    def make_param(self, name, array):
        """Turn var `name` into a parameter holding `array` (constant folding)."""
        v = self.block.vars.get(name)
        if v is None:
            v = self.block.create_var(name=name, shape=list(array.shape), dtype=_dt.from_numpy(array.dtype))
        v._persistable = True
        v._shape = list(array.shape)
        self.params[name] = array

    def insert(self, before, type, inputs, outputs, attrs):
        """Insert a new op in front of op `before`."""
        idx = next(i for i, o in enumerate(self.block.ops) if o is before)
        op = self.block._insert_op(idx, type=type, inputs=inputs, outputs=outputs, attrs=attrs)
        self.changed()
        return op

    def replace_output(self, op, old, new):
        """Make `op` write `new` instead of `old`."""
        for names in op.outputs.values():
            for i, n in enumerate(names):
                if n == old:
                    names[i] = new
        self.changed()

    def alias(self, op, src, dst):
        """Drop `op`, whose output `dst` equals its input `src`: readers of dst read src instead.

        When dst must keep its name (fetched, pinned) the producer of src writes dst directly
        if src has no other use; otherwise the op stays (as it is). Returns True when removed."""
        if dst in self.pinned:
            prod = self.producer(src)
            if prod is None or src in self.pinned or self.uses(src) != [op] or src in self.params:
                return False
            self.replace_output(prod, src, dst)
            self.remove([op])
            return True
        for reader in self.uses(dst):
            for names in reader.inputs.values():
                for i, n in enumerate(names):
                    if n == dst:
                        names[i] = src
        self.remove([op])
        return True

    def producer(self, name):
        """The last block-0 op writing `name` (None for feeds and parameters)."""
        found = None
        for op in self.block.ops:
            for names in op.outputs.values():
                if name in names:
                    found = op
        return found

    def prune_params(self):
        """Forget parameters no op reads and nobody fetches (folded away)."""
        used = set(self.pinned)
        for b in self.program.blocks:
            for op in b.ops:
                for names in op.inputs.values():
                    used.update(names)
        for n in [n for n in self.params if n not in used]:
            del self.params[n]


def in1(op, slot):
    """The single var name in input slot `slot` (None when empty)."""
    names = op.inputs.get(slot) or ()
    return names[0] if len(names) == 1 else None


def out1(op, slot):
    """The single var name in output slot `slot` (None when empty)."""
    names = op.outputs.get(slot) or ()
    return names[0] if len(names) == 1 else None


def channel_vector(y, axis, out_rank, ch_axis):
    """The per-channel vector a broadcast add of `y` (at `axis`) contributes along ch_axis, or None.

    Paddle's elementwise axis: -1 aligns y's trailing dims with the output's; axis=k puts y's
    first dim at output dim k."""
    if y is None:
        return None
    start = out_rank - y.ndim if axis in (-1, None) else axis
    if start < 0 or start + y.ndim > out_rank:
        return None
    full = [1] * out_rank
    full[start:start + y.ndim] = y.shape
    if any(d != 1 for i, d in enumerate(full) if i != ch_axis):
        return None
    return np.asarray(y).reshape(-1) if full[ch_axis] > 1 or y.size == 1 else None
