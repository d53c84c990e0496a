"""Sparse parameter updates (`paddle.attr.Param(sparse_update=True)`): a batch reads and updates only the
rows its ids name, and the optimizer keeps state only for rows that have ever been touched.

While training, each shard's forward reads a sparse_update parameter through a RowView: `take(ids)` hands
out a fresh leaf Tensor holding just the rows named (so backward produces a [rows, width] gradient, never
a dense one). The trainer merges the rows' gradients of all shards and RowOptimizer applies the 2.x
optimizer's own rule (the same `_apply_optimize` the dense parameters go through: clipping, regularization,
the update op) to a Parameter made of those rows, with their saved accumulator rows swapped in and out.
Rows never touched are never updated (v2's lazy sparse update, as Paddle's SelectedRows lazy_mode)."""
import numpy as np

from .._core.tensor import Parameter, Tensor

__all__ = ["RowView", "RowOptimizer", "RowState", "take_rows", "merge_rows"]


def take_rows(entry, ids):
    """(table, local ids) for a layer reading rows `ids` (an int64 array; None for the whole parameter) of
    `entry`: a Parameter gives itself and `ids`; a RowView gives a Tensor of just those rows and ids into it."""
    if isinstance(entry, RowView):
        return entry.take(ids)
    return entry, ids


class RowView:
    """One shard's reads of a sparse_update parameter during one training step."""

    def __init__(self, param):
        self.param, self.taken = param, []

    def take(self, ids):
        """A leaf Tensor of the rows `ids` names (unique, sorted) and `ids` renumbered into it."""
        if ids is None:
            rows, local = np.arange(self.param.shape[0], dtype=np.int64), None
        else:
            rows, local = np.unique(np.asarray(ids, dtype=np.int64), return_inverse=True)
            local = local.astype(np.int64).reshape(-1)
        sub = Tensor._make(self.param._data[rows].copy(), stop_gradient=False)
        self.taken.append((rows, sub))
        return sub, local


def merge_rows(pairs, width, dtype):
    """Sum row gradients [(rows, grad [len(rows), width]), ...] into (unique sorted rows, summed grads)."""
    if not pairs:
        return np.zeros(0, np.int64), np.zeros((0, width), dtype)
    rows = np.concatenate([r for r, _ in pairs])
    grads = np.concatenate([g for _, g in pairs])
    uniq, inv = np.unique(rows, return_inverse=True)
    out = np.zeros((uniq.size, width), dtype=dtype)
    np.add.at(out, inv.reshape(-1), grads)
    return uniq, out


class RowState:
    """The optimizer state of one sparse_update parameter, kept for its touched rows only: per accumulator
    a table with one row per touched parameter row (`slots` maps a parameter row to its table row), and
    the accumulators that are not row-shaped (Adam's beta powers) whole."""

    def __init__(self):
        self.slots, self.tables, self.whole = {}, {}, {}

    @property
    def touched(self):
        """How many parameter rows have optimizer state."""
        return len(self.slots)

    @property
    def nbytes(self):
        """Bytes the state holds (the tables' used rows and the whole accumulators)."""
        n = self.touched
        return sum(t[:n].nbytes for t in self.tables.values()) + sum(a.nbytes for a in self.whole.values())

    def load(self, accs, rows):
        """Write the saved state of `rows` into the fresh accumulators `accs` {name: Tensor} (rows never
        touched keep the rule's initial value)."""
        known = np.array([r in self.slots for r in rows.tolist()], dtype=bool)
        idx = np.array([self.slots[r] for r in rows[known].tolist()], dtype=np.int64)
        for name, t in accs.items():
            if name in self.tables:
                t._data[known] = self.tables[name][idx]
            elif name in self.whole:
                t._data[...] = self.whole[name]

    def save(self, accs, rows, row_shaped):
        """Keep the updated accumulators: the row-shaped ones by row, the others whole."""
        for r in rows.tolist():
            if r not in self.slots:
                self.slots[r] = len(self.slots)
        idx = np.array([self.slots[r] for r in rows.tolist()], dtype=np.int64)
        n = len(self.slots)
        for name, t in accs.items():
            if name not in row_shaped:
                self.whole[name] = t._data.copy()
                continue
            table = self.tables.get(name)
            if table is None or table.shape[0] < n:
                grown = np.zeros((max(n, 2 * (0 if table is None else table.shape[0])),) + t._data.shape[1:],
                                 dtype=t._data.dtype)
                if table is not None:
                    grown[:table.shape[0]] = table
                table = self.tables[name] = grown
            table[idx] = t._data


class RowOptimizer:
    """Applies a 2.x optimizer's rule to the touched rows of sparse_update parameters (see the module doc)."""

    def __init__(self, optimizer):
        self.optimizer, self.states = optimizer, {}

    def step(self, param, rows, grad):
        """Update rows `rows` of the Parameter `param` with their summed gradient `grad` [len(rows), width]."""
        if rows.size == 0:
            return
        opt = self.optimizer
        sub = Parameter(param._data[rows].copy(), name=param.name, trainable=True,
                        optimize_attr=param.optimize_attr, regularizer=param.regularizer)
        threshold = getattr(param, "gradient_clipping_threshold", None)
        if threshold is not None:
            sub.gradient_clipping_threshold = threshold
        sub._grad = Tensor._make(np.ascontiguousarray(grad, dtype=param._data.dtype))
        names_before = len(opt._opti_name_list)
        for accs in opt._accumulators.values():  # the previous step's row set is gone: make this one's
            accs.pop(param.name, None)
        opt._already_create_accumulator.discard(param.name)
        opt._create_accumulators(None, [sub])
        mine = {name: accs[param.name] for name, accs in opt._accumulators.items() if param.name in accs}
        row_shaped = {name for name, t in mine.items() if tuple(t.shape) == tuple(sub.shape)}
        state = self.states.setdefault(param.name, RowState())
        state.load(mine, rows)
        opt._apply_optimize(None, None, [(sub, sub._grad)])
        state.save(mine, rows, row_shaped)
        del opt._opti_name_list[names_before:]  # the per-step accumulators are not the optimizer's own
        if not param._data.flags.writeable:
            param._data = param._data.copy()
        param._data[rows] = sub._data
        param._version += 1
