"""Saved PS state: each server writes its dense parameters as Paddle tensor files (`dirname/<name>`, what
paddle.static.load and fleet.save_persistables use) and each sparse table's rows as
`dirname/<table>.shard<j>.npz` (ids and values); init_server(dirname) reads them back."""
import glob
import os

import numpy as np

__all__ = ["save_shard", "load_dense", "load_table"]


def save_shard(dirname, index, dense, tables):
    from ...static.files import write_file_atomic
    from ...static.tensor_record import tensor_record
    os.makedirs(dirname, exist_ok=True)
    for name, arr in dense.items():
        write_file_atomic(os.path.join(dirname, name), tensor_record(arr))
    for name, table in tables.items():
        ids, values = table.items()
        tmp = os.path.join(dirname, f".{name}.shard{index}.tmp.npz")
        np.savez(tmp, ids=ids, values=values)
        os.replace(tmp, os.path.join(dirname, f"{name}.shard{index}.npz"))


def load_dense(dirname, name):
    """The saved value of dense parameter `name` (None when the directory has no file for it)."""
    path = os.path.join(dirname, name)
    if not os.path.isfile(path):
        return None
    from ...static.tensor_record import read_tensor_record
    with open(path, "rb") as f:
        return read_tensor_record(f.read())


def load_table(dirname, name):
    """(ids, values) of table `name` over every saved shard (any number of servers saved them)."""
    ids, values = [], []
    for path in sorted(glob.glob(os.path.join(glob.escape(dirname), f"{glob.escape(name)}.shard*.npz"))):
        with np.load(path) as z:
            ids.append(z["ids"])
            values.append(z["values"])
    if not ids:
        return None
    return np.concatenate(ids), np.concatenate(values)
