"""This process's PS state: its role's client or server, the mode, and geo mode's local copies.

fleet's init_worker / init_server fill it; the PS ops (ops.py) read it while a program runs.
"""
import numpy as np

__all__ = ["STATE", "WorkerState"]


class WorkerState:
    """A worker's connection and mode; geo mode also keeps local rows and the values last exchanged."""

    def __init__(self, client, mode, k_steps, tables, rule):
        self.client, self.mode, self.k_steps = client, mode, max(1, int(k_steps))
        self.tables = tables      # name -> {"dim", "dtype"}
        self.rule = rule          # geo: the RowRule of the local sparse rows
        self.step = 0
        self.base = {}            # geo: dense name -> value at the last exchange
        self.local = {}           # geo: table -> SparseTable of the rows touched since the last exchange
        self.local_base = {}      # geo: table -> {id: row at pull}
        self.scheduler = None     # the optimizer's LRScheduler: its value goes with each push

    def lr(self):
        """The learning rate of this step for the servers: the scheduler's current value (None without one), as
        the executor would feed a static program's learning-rate variable."""
        return None if self.scheduler is None else float(self.scheduler())

    def lookup(self, table, ids):
        info = self.tables[table]
        if self.mode != "geo":
            return self.client.pull_sparse(table, ids, info["dim"], info["dtype"])
        from .tables import RowInit, SparseTable
        local = self.local.get(table)
        if local is None:
            local = self.local[table] = SparseTable(table, info["dim"], RowInit(), self.rule, info["dtype"])
            self.local_base[table] = {}
        flat = np.asarray(ids, np.int64).ravel()
        missing = np.array(sorted({i for i in flat.tolist() if i not in local.index}), np.int64)
        if len(missing):
            rows = self.client.pull_sparse(table, missing, info["dim"], info["dtype"])
            local.load(missing, rows)
            base = self.local_base[table]
            for i, r in zip(missing.tolist(), rows):
                base[i] = r.copy()
        return local.pull(flat)


class _State:
    def __init__(self):
        self.worker = None   # WorkerState on a worker after fleet.init_worker
        self.server = None   # Server on a server after fleet.init_server


STATE = _State()
