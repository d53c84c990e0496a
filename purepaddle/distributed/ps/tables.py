"""The servers' tables: sparse tables of rows created on first pull, and the row-wise optimizer rules.

A sparse table holds only the rows some worker touched: `index` maps an id to its row in a growing
array (doubling), so a 100M-id table with 1M touched ids costs the 1M rows (and the optimizer's
per-row state), never the 100M. A new row gets the value the table's initializer would give it,
computed from the id alone (a counter-based hash), so every server, run and restart agrees on it.
"""
import numpy as np

__all__ = ["RowInit", "SparseTable", "RowRule", "row_rule"]

_M1, _M2, _GOLD = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB), np.uint64(0x9E3779B97F4A7C15)


def _uniform01(keys):
    """splitmix64 of uint64 keys -> floats in [0, 1) (53 bits)."""
    with np.errstate(over="ignore"):
        z = keys * _GOLD + _GOLD
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


class RowInit:
    """The value of a new row: the table parameter's startup initializer (uniform_random, gaussian_random,
    truncated_gaussian_random, fill_constant) applied per id; `kind`/`attrs` are that startup op's."""

    def __init__(self, kind="uniform_random", attrs=None, dim=1, dtype="float32"):
        self.kind, self.attrs, self.dim, self.dtype = kind, dict(attrs or {}), int(dim), np.dtype(dtype)
        self.seed = np.uint64(int(self.attrs.get("seed", 0) or 0) & 0xFFFFFFFF)

    def rows(self, ids):
        """[len(ids), dim] initial values of rows `ids` (int64)."""
        ids = np.asarray(ids, dtype=np.int64)
        a = self.attrs
        if self.kind == "fill_constant":
            return np.full((len(ids), self.dim), float(a.get("value", 0.0)), self.dtype)
        keys = (ids.astype(np.uint64)[:, None] * np.uint64(self.dim) + np.arange(self.dim, dtype=np.uint64)
                + (self.seed << np.uint64(40)))
        u = _uniform01(keys * np.uint64(2))
        if self.kind == "uniform_random":
            lo, hi = float(a.get("min", -1.0)), float(a.get("max", 1.0))
            return (lo + (hi - lo) * u).astype(self.dtype)
        v = _uniform01(keys * np.uint64(2) + np.uint64(1))
        z = np.sqrt(-2.0 * np.log1p(-u)) * np.cos(2.0 * np.pi * v)  # Box-Muller
        if self.kind == "truncated_gaussian_random":
            z = np.clip(z, -2.0, 2.0)
        return (float(a.get("mean", 0.0)) + float(a.get("std", 1.0)) * z).astype(self.dtype)


class RowRule:
    """A row-wise (lazy) optimizer rule: only the rows a push names change, with their own state."""

    def __init__(self, kind, lr, beta1=0.9, beta2=0.999, epsilon=1e-8, initial_accumulator=0.0):
        self.kind, self.lr = kind, float(lr)
        self.beta1, self.beta2, self.epsilon = float(beta1), float(beta2), float(epsilon)
        self.initial_accumulator = float(initial_accumulator)

    def init_state(self, n, dim, dtype):
        if self.kind == "sgd":
            return None
        if self.kind == "adagrad":
            return np.full((n, dim), self.initial_accumulator, dtype)
        state = np.zeros((n, 2 * dim + 2), dtype)  # m | v | beta1^t | beta2^t of the row
        state[:, 2 * dim] = self.beta1
        state[:, 2 * dim + 1] = self.beta2
        return state

    def named_state(self, state, shape):
        """The state of one dense parameter of `shape` (a [1, ...] state) as Paddle's static accumulators:
        {suffix: array} with suffixes `moment1_0`, `moment2_0`, `beta1_pow_acc_0`, `beta2_pow_acc_0` (Adam) or
        `moment_0` (Adagrad), saved as `<param>_<suffix>` as a static program's optimizer names them."""
        if state is None:
            return {}
        if self.kind == "adagrad":
            return {"moment_0": state.reshape(shape)}
        d = state.shape[1] // 2 - 1
        return {"moment1_0": state[0, :d].reshape(shape), "moment2_0": state[0, d:2 * d].reshape(shape),
                "beta1_pow_acc_0": state[0, 2 * d:2 * d + 1].copy(), "beta2_pow_acc_0": state[0, 2 * d + 1:].copy()}

    def state_from_named(self, named, size, dtype):
        """The [1, ...] state of a dense parameter of `size` elements from named_state's arrays (a fresh state for
        the parts missing: a directory saved without them starts the optimizer anew)."""
        state = self.init_state(1, size, dtype)
        if state is None:
            return None
        if self.kind == "adagrad":
            if named.get("moment_0") is not None:
                state[0] = np.asarray(named["moment_0"]).ravel()
            return state
        parts = (("moment1_0", slice(0, size)), ("moment2_0", slice(size, 2 * size)),
                 ("beta1_pow_acc_0", slice(2 * size, 2 * size + 1)), ("beta2_pow_acc_0", slice(2 * size + 1, None)))
        for suffix, where in parts:
            if named.get(suffix) is not None:
                state[0, where] = np.asarray(named[suffix]).ravel()
        return state

    def apply(self, rows, state, grads, lr=None):
        """Update rows (and their state) in place with the summed gradients, in the rows' dtype and in the
        order of purepaddle's optimizer kernels (so a row touched every step matches the dense optimizer).
        `lr`: this step's learning rate (a worker's LRScheduler value), else the rule's own."""
        T = rows.dtype.type
        lr = T(self.lr if lr is None else lr)
        if self.kind == "sgd":
            rows -= lr * grads
        elif self.kind == "adagrad":
            state += grads * grads
            tmp = np.sqrt(state)
            tmp += T(self.epsilon)
            tmp = grads / tmp
            tmp *= lr
            rows -= tmp
        else:
            d = rows.shape[1]
            m, v, b1p, b2p = state[:, :d], state[:, d:2 * d], state[:, 2 * d:2 * d + 1], state[:, 2 * d + 1:]
            b1, b2, one = T(self.beta1), T(self.beta2), T(1)
            corr = np.sqrt(one - b2p)
            lr_t = lr * corr / (one - b1p)
            eps_t = T(self.epsilon) * corr
            m *= b1
            m += grads * (one - b1)
            v *= b2
            v += (grads * grads) * (one - b2)
            tmp = np.sqrt(v)
            tmp += eps_t
            tmp = m / tmp
            tmp *= lr_t
            rows -= tmp
            b1p *= b1
            b2p *= b2
        return rows


def row_rule(optimizer):
    """The RowRule of a purepaddle optimizer (SGD, Adam/AdamW, Adagrad); ValueError for others."""
    name = type(optimizer).__name__
    lr = optimizer.get_lr() if hasattr(optimizer, "get_lr") else optimizer._learning_rate
    if name == "SGD":
        return RowRule("sgd", lr)
    if name in ("Adam", "AdamW", "LazyAdam"):
        return RowRule("adam", lr, optimizer._beta1, optimizer._beta2, optimizer._epsilon)
    if name == "Adagrad":
        return RowRule("adagrad", lr, epsilon=optimizer._epsilon,
                       initial_accumulator=getattr(optimizer, "initial_accumulator_value", 0.0))
    raise ValueError(f"parameter-server sparse tables are updated by SGD, Adam or Adagrad, not {name}")


class SparseTable:
    """One server's shard of a sparse table: rows by id, created on first pull."""

    def __init__(self, name, dim, init, rule, dtype="float32", entry=None):
        self.name, self.dim, self.init, self.rule = name, int(dim), init, rule
        self.dtype = np.dtype(dtype)
        self.entry = entry      # None, or (kind, threshold/probability): which ids get a row
        self.index = {}         # id -> row
        self.values = np.zeros((0, self.dim), self.dtype)
        self.state = rule.init_state(0, self.dim, self.dtype) if rule is not None else None
        self.counts = {}        # CountFilterEntry: pulls seen per id without a row yet

    def __len__(self):
        return len(self.index)

    def nbytes(self):
        """Bytes the rows and their optimizer state hold (the arrays' used part)."""
        n = len(self.index)
        per = self.values.itemsize * self.dim + (0 if self.state is None else self.state.itemsize * self.state.shape[1])
        return n * per

    def _grow(self, need, used):
        """Room for `need` rows, keeping the first `used`."""
        cap = len(self.values)
        if need <= cap:
            return
        cap = max(need, 2 * cap, 16)
        values = np.zeros((cap, self.dim), self.dtype)
        values[:used] = self.values[:used]
        self.values = values
        if self.state is not None:
            state = self.rule.init_state(cap, self.dim, self.dtype)
            state[:used] = self.state[:used]
            self.state = state

    def _admit(self, i):
        """Whether id `i` gets a row now (the table's entry rule; always without one)."""
        if self.entry is None:
            return True
        kind, arg = self.entry
        if kind == "count_filter":
            c = self.counts.get(i, 0) + 1
            self.counts[i] = c
            return c >= arg
        if kind == "probability":
            return _uniform01(np.array([i], np.uint64) * np.uint64(3) + np.uint64(7))[0] < arg
        return True

    def rows_of(self, ids, create=True):
        """Row positions of `ids` (-1 for an id the entry rule does not admit yet), creating new rows."""
        pos = np.empty(len(ids), np.int64)
        new = []
        index = self.index
        used = len(index)
        for k, i in enumerate(ids.tolist()):
            r = index.get(i)
            if r is None:
                if not create or not self._admit(i):
                    pos[k] = -1
                    continue
                r = index[i] = len(index)
                new.append((k, i))
            pos[k] = r
        if new:
            self._grow(len(index), used)
            rows = np.array([p for _, p in new], np.int64)
            self.values[pos[[k for k, _ in new]]] = self.init.rows(rows)
            for _, i in new if self.counts else ():
                self.counts.pop(i, None)
        return pos

    def pull(self, ids):
        """[len(ids), dim] values (zeros for ids without a row)."""
        pos = self.rows_of(ids)
        out = np.zeros((len(ids), self.dim), self.dtype)
        ok = pos >= 0
        out[ok] = self.values[pos[ok]]
        return out

    def push(self, ids, grads, lr=None):
        """Apply the rule to the rows of unique `ids` with their summed `grads` (at learning rate `lr`, else the
        rule's)."""
        pos = self.rows_of(ids, create=False)
        ok = pos >= 0
        pos, grads = pos[ok], grads[ok]
        if not len(pos):
            return
        rows = self.values[pos]
        state = None if self.state is None else self.state[pos]
        self.rule.apply(rows, state, grads.astype(self.dtype, copy=False), lr)
        self.values[pos] = rows
        if state is not None:
            self.state[pos] = state

    def add(self, ids, deltas):
        """Geo mode: rows += deltas (rows created first)."""
        pos = self.rows_of(ids)
        ok = pos >= 0
        self.values[pos[ok]] += deltas[ok].astype(self.dtype, copy=False)

    def _order(self):
        ids = np.fromiter(self.index.keys(), np.int64, len(self.index))
        pos = np.fromiter(self.index.values(), np.int64, len(self.index))
        order = np.argsort(ids)
        return ids[order], pos[order]

    def items(self):
        """(ids, values) of every row, ids ascending."""
        ids, pos = self._order()
        return ids, self.values[pos].copy()

    def states(self):
        """The optimizer state of every row in items()' order (None for SGD): Adam's m | v | beta1^t | beta2^t,
        Adagrad's moment."""
        if self.state is None:
            return None
        return self.state[self._order()[1]].copy()

    def load(self, ids, values, states=None):
        """Set rows `ids` to `values`, and their optimizer state to `states` when given (incremental training from
        saved shards; rows without a saved state start the optimizer anew)."""
        entry, self.entry = self.entry, None  # a saved row was admitted when it was made
        try:
            pos = self.rows_of(np.asarray(ids, np.int64))
        finally:
            self.entry = entry
        self.values[pos] = values
        if states is not None and self.state is not None and states.shape[1:] == self.state.shape[1:]:
            self.state[pos] = states
