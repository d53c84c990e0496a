"""A parameter server: its shard of the dense parameters and sparse tables, serving the workers over MPI.

The workers are the MPI ranks the launcher names (role.py `_layout`). The server
loop probes for the next request from any worker, receives it and answers it; in sync mode the
pushes of one step are held until every live worker has pushed, then averaged and applied once,
and only then answered, so the workers' next pulls see the step's update (one process on the
whole batch). Async applies each push as it comes; geo adds the workers' deltas.
"""
import numpy as np

from .tables import RowRule
from .wire import REPLY, REQUEST, any_source, status

__all__ = ["Server"]


class Server:
    """Server `index`, for the workers at MPI ranks `workers` (by worker index); mode 'sync', 'async' or 'geo'."""

    def __init__(self, comm, workers, index, mode, dense, rule, tables):
        self.comm, self.n_workers, self.index, self.mode = comm, len(workers), index, mode
        self.order = {r: i for i, r in enumerate(workers)}  # MPI rank -> worker index: sync sums in this order
        self.dense = dense            # name -> array: this server's dense parameters
        self.rule = rule              # the RowRule of the dense parameters
        self.dense_state = {n: rule.init_state(1, a.size, a.dtype) for n, a in dense.items()}
        self.tables = tables          # name -> SparseTable: this server's shard of each sparse table
        self.pending = {}             # sync mode: worker -> its push of this step
        self.live = set(workers)
        self.waiting = set()          # workers waiting in barrier_worker

    def serve(self):
        """Answer requests until every worker has sent stop."""
        from ..ledger import served
        st = status()
        while self.live:
            self.comm.Probe(source=any_source(), tag=REQUEST, status=st)
            worker = st.Get_source()
            kind, body = self.comm.recv(source=worker, tag=REQUEST)
            getattr(self, "_" + kind)(worker, body)
            served()  # the hang watchdog sees the server move (and takes a fresh stack if it stops)

    def _reply(self, worker, body):
        self.comm.send(body, dest=worker, tag=REPLY)

    def _pull_dense(self, worker, names):
        self._reply(worker, {n: self.dense[n] for n in (names or self.dense)})

    def _pull_sparse(self, worker, req):
        self._reply(worker, {t: self.tables[t].pull(ids) for t, ids in req.items()})

    def _push(self, worker, req):
        if self.mode != "sync":
            self._apply([req], 1.0)
            self._reply(worker, self._dense_values(req))
            return
        self.pending[worker] = req
        self._flush()

    def _flush(self):
        """Sync mode: apply the step once every live worker has pushed, then answer them all."""
        if not self.pending or len(self.pending) < len(self.live):
            return
        ranks = sorted(self.pending, key=self.order.get)
        reqs = [self.pending[w] for w in ranks]
        self._apply(reqs, 1.0 / len(reqs))
        for w in ranks:
            self._reply(w, self._dense_values(self.pending[w]))
        self.pending = {}

    def _dense_values(self, req):
        return {n: self.dense[n] for n in req.get("dense", ())}

    def _apply(self, reqs, scale):
        """Average (sync) the dense gradients and sum the sparse ones per id, then one update each."""
        names = [n for n in reqs[0].get("dense", {})]
        lr = reqs[0].get("lr")  # the workers' LRScheduler value for this step (one value in sync mode)
        for n in names:
            g = sum(r["dense"][n].astype(np.float64) for r in reqs) * scale
            p = self.dense[n]
            flat = p.reshape(1, -1)
            self.rule.apply(flat, self.dense_state[n], g.reshape(1, -1).astype(p.dtype), lr)
        for t in {t for r in reqs for t in r.get("sparse", {})}:
            ids = np.concatenate([r["sparse"][t][0] for r in reqs if t in r.get("sparse", {})])
            grads = np.concatenate([r["sparse"][t][1] for r in reqs if t in r.get("sparse", {})])
            uniq, inv = np.unique(ids, return_inverse=True)
            total = np.zeros((len(uniq), grads.shape[1]), np.float64)
            np.add.at(total, inv, grads)
            self.tables[t].push(uniq, (total * scale).astype(self.tables[t].dtype), lr)

    def _geo(self, worker, req):
        """Geo mode: the worker's deltas since its last exchange, added to the tables."""
        for n, d in req.get("dense", {}).items():
            self.dense[n] += d.astype(self.dense[n].dtype)
        for t, (ids, deltas) in req.get("sparse", {}).items():
            self.tables[t].add(ids, deltas)
        self._reply(worker, {"dense": self._dense_values(req),
                             "sparse": {t: self.tables[t].pull(ids) for t, (ids, _) in req.get("sparse", {}).items()}})

    def _barrier(self, worker, _):
        self.waiting.add(worker)
        self._release()

    def _release(self):
        """Answer the barrier once every live worker waits in it."""
        if self.waiting and len(self.waiting) >= len(self.live):
            for w in sorted(self.waiting):
                self._reply(w, None)
            self.waiting = set()

    def _save(self, worker, dirname):
        """Write this server's shard: its dense parameters and `{table}.shard{j}.npz` per sparse table."""
        from .shards import save_shard
        save_shard(dirname, self.index, self.dense, self.tables, self.dense_state, self.rule)
        self._reply(worker, None)

    def _dump(self, worker, names):
        """Every row of tables `names` this server holds: {table: (ids, values)} (save_inference_model)."""
        self._reply(worker, {t: self.tables[t].items() for t in names})

    def _stop(self, worker, _):
        self.live.discard(worker)
        self._reply(worker, None)
        self._flush()  # a stopped worker no longer holds the step back (nor the barrier)
        self._release()


def make_rule(optimizer):
    """The dense RowRule of the worker's optimizer (same rules as the sparse rows)."""
    from .tables import row_rule
    return row_rule(optimizer) if optimizer is not None else RowRule("sgd", 0.0)

