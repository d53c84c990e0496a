"""Saved PS state: each server writes its dense parameters as Paddle tensor files (`dirname/<name>`, what
paddle.static.load and fleet.save_persistables use), their optimizer accumulators the same way under the names a
static program's optimizer gives them (`<name>_moment1_0`, `<name>_beta1_pow_acc_0`, `<name>_moment_0`, ...), and
each sparse table's rows as `dirname/<table>.shard<j>.npz` (`ids`, `values`, and `state`: the rows' optimizer
state); init_server(dirname) reads them back."""
import glob
import os

import numpy as np

__all__ = ["save_shard", "load_dense", "load_dense_state", "load_table"]


def save_shard(dirname, index, dense, tables, dense_state=None, rule=None):
    """Server `index`'s files: dense parameters and (with `rule`) their optimizer state, and its table shards."""
    from ...static.files import write_file_atomic
    from ...static.tensor_record import tensor_record
    os.makedirs(dirname, exist_ok=True)
    for name, arr in dense.items():
        write_file_atomic(os.path.join(dirname, name), tensor_record(arr))
        if rule is not None and dense_state is not None:
            for suffix, acc in rule.named_state(dense_state.get(name), arr.shape).items():
                write_file_atomic(os.path.join(dirname, f"{name}_{suffix}"), tensor_record(np.ascontiguousarray(acc)))
    for name, table in tables.items():
        ids, values = table.items()
        states = table.states()
        tmp = os.path.join(dirname, f".{name}.shard{index}.tmp.npz")
        np.savez(tmp, ids=ids, values=values, **({} if states is None else {"state": states}))
        os.replace(tmp, os.path.join(dirname, f"{name}.shard{index}.npz"))


def load_dense(dirname, name):
    """The saved value of dense parameter `name` (None when the directory has no file for it)."""
    path = os.path.join(dirname, name)
    if not os.path.isfile(path):
        return None
    from ...static.tensor_record import read_tensor_record
    with open(path, "rb") as f:
        return read_tensor_record(f.read())


def load_dense_state(dirname, name, rule, size, dtype):
    """The saved optimizer state of dense parameter `name` (rule.state_from_named: fresh where none was saved)."""
    suffixes = rule.named_state(rule.init_state(1, size, dtype), (size,)).keys()
    return rule.state_from_named({k: load_dense(dirname, f"{name}_{k}") for k in suffixes}, size, dtype)


def load_table(dirname, name):
    """(ids, values, states) of table `name` over every saved shard (any number of servers saved them); states is
    None when a shard was saved without them."""
    ids, values, states = [], [], []
    for path in sorted(glob.glob(os.path.join(glob.escape(dirname), f"{glob.escape(name)}.shard*.npz"))):
        with np.load(path) as z:
            ids.append(z["ids"])
            values.append(z["values"])
            states.append(z["state"] if "state" in z.files else None)
    if not ids:
        return None
    state = None if any(s is None for s in states) else np.concatenate(states)
    return np.concatenate(ids), np.concatenate(values), state
