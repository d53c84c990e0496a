"""The worker's side of the PS: requests to the servers (dense shards by name, sparse ids by id % S)."""
import numpy as np

from ..ledger import recorded
from .wire import REPLY, REQUEST

__all__ = ["Client"]


class Client:
    """Talks to the servers at MPI ranks `servers` (server j at servers[j])."""

    def __init__(self, comm, servers, dense_owner):
        self.comm, self.servers, self.n = comm, list(servers), len(servers)
        self.dense_owner = dense_owner  # parameter name -> server index

    @recorded("ps_request")  # a worker waiting for a server's answer is what --hang_timeout diagnoses
    def _ask(self, requests):
        """Send {server: (kind, body)} and gather {server: reply}."""
        for s, req in requests.items():
            self.comm.send(req, dest=self.servers[s], tag=REQUEST)
        return {s: self.comm.recv(source=self.servers[s], tag=REPLY) for s in requests}

    def _by_server(self, ids):
        """Unique ids, the inverse map, and {server: positions into the unique ids}."""
        uniq, inv = np.unique(np.asarray(ids, np.int64).ravel(), return_inverse=True)
        owner = uniq % self.n
        return uniq, inv, {s: np.nonzero(owner == s)[0] for s in range(self.n) if (owner == s).any()}

    def pull_dense(self):
        out = {}
        for part in self._ask({s: ("pull_dense", None) for s in range(self.n)}).values():
            out.update(part)
        return out

    def pull_sparse(self, table, ids, dim, dtype):
        """Rows of `ids` (any shape) as [ids.size, dim]."""
        uniq, inv, parts = self._by_server(ids)
        rows = np.zeros((len(uniq), dim), dtype)
        replies = self._ask({s: ("pull_sparse", {table: uniq[pos]}) for s, pos in parts.items()})
        for s, pos in parts.items():
            rows[pos] = replies[s][table]
        return rows[inv]

    def _sparse_parts(self, sparse):
        """{table: (ids, rows)} -> {server: {table: (unique ids, summed rows)}}."""
        out = {}
        for t, (ids, rows) in sparse.items():
            uniq, inv, parts = self._by_server(ids)
            total = np.zeros((len(uniq), rows.shape[-1]), np.float64)
            np.add.at(total, inv, rows.reshape(len(inv), -1))
            total = total.astype(rows.dtype)
            for s, pos in parts.items():
                out.setdefault(s, {})[t] = (uniq[pos], total[pos])
        return out

    def push(self, dense, sparse, kind="push", lr=None):
        """Send gradients (kind 'push') or deltas ('geo'); returns the servers' new dense values (and, for geo,
        {table: (ids, rows)} of the pushed rows). `lr`: the learning rate the servers apply this step (the
        worker's LRScheduler value; None: the optimizer's fixed rate)."""
        reqs = {s: {"dense": {}, "sparse": {}} for s in range(self.n)}
        if lr is not None:
            for r in reqs.values():
                r["lr"] = lr
        for name, g in dense.items():
            reqs[self.dense_owner[name]]["dense"][name] = g
        for s, part in self._sparse_parts(sparse).items():
            reqs[s]["sparse"] = part
        reqs = {s: r for s, r in reqs.items() if r["dense"] or r["sparse"] or kind == "push"}
        replies = self._ask({s: (kind, r) for s, r in reqs.items()})
        values, rows = {}, {}
        for s, rep in replies.items():
            if kind == "geo":
                values.update(rep["dense"])
                for t, r in rep["sparse"].items():
                    rows.setdefault(t, []).append((reqs[s]["sparse"][t][0], r))
            else:
                values.update(rep)
        return (values, rows) if kind == "geo" else values

    def call(self, kind, body=None):
        """A request every server answers (barrier, save, stop)."""
        return self._ask({s: (kind, body) for s in range(self.n)})
