"""The PS ops a worker program carries: distributed_lookup_table (rows pulled from the servers) and
ps_send_recv (gradients pushed, parameters pulled back; in geo mode, deltas every k steps)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.op import Op, TensorMeta, register
from .runtime import STATE


def _worker(op):
    w = STATE.worker
    if w is None:
        raise RuntimeError(f"op '{op.type}': this program was split for parameter-server training; run it on a "
                           "worker after fleet.init_worker()")
    return w


@register("distributed_lookup_table")
class DistributedLookupTable(Op):
    """Out = rows of table `table_name` for Ids, pulled from the servers (Ids [..., 1] when `v1`)."""

    inputs, outputs = ("Ids",), ("Out",)
    differentiable = False

    def forward(self, xp, ids):
        a = self.attrs
        if a.get("v1", True):
            ids = ids.reshape(ids.shape[:-1])
        rows = _worker(self).lookup(a["table_name"], ids)
        pad = a.get("padding_idx", -1)
        if pad is not None and pad >= 0:
            rows[np.asarray(ids).ravel() == pad] = 0
        return rows.reshape(tuple(ids.shape) + (rows.shape[-1],))

    def infer_meta(self, ids):
        shape = list(ids.shape[:-1]) if self.attrs.get("v1", True) else list(ids.shape)
        return TensorMeta(shape + [int(self.attrs["dim"])], _dt.convert_dtype(self.attrs.get("dtype", "float32")))


@register("ps_send_recv")
class SendRecv(Op):
    """Push the step's dense gradients and sparse row gradients; ParamOut = the servers' new parameters.
    Geo mode: the local optimizer already updated Param; every k_steps the deltas go to the servers."""

    inputs, outputs = ("Param", "Grad", "Ids", "RowGrad"), ("ParamOut",)
    duplicable = ("Param", "Grad", "Ids", "RowGrad", "ParamOut")
    differentiable = False

    def forward(self, xp, params, grads, ids, row_grads):
        a = self.attrs
        w = _worker(self)
        names, tables, pads = a["param_names"], a["table_names"], a["padding_idx"]
        sparse = {}
        for t, i, g, pad in zip(tables, ids, row_grads, pads):
            i = np.asarray(i, np.int64)
            if a.get("v1", True):
                i = i.reshape(i.shape[:-1])
            i = i.ravel()
            g = np.asarray(g).reshape(len(i), -1)
            if pad >= 0:
                keep = i != pad
                i, g = i[keep], g[keep]
            prev = sparse.get(t)
            sparse[t] = (i, g) if prev is None else (np.concatenate([prev[0], i]), np.concatenate([prev[1], g]))
        if w.mode == "geo":
            return self._geo(w, names, params, sparse)
        new = w.client.push(dict(zip(names, grads)), sparse, lr=w.lr())
        return ([np.asarray(new[n], p.dtype).reshape(p.shape).copy() for n, p in zip(names, params)],)

    def _geo(self, w, names, params, sparse):
        for t, (i, g) in sparse.items():  # the local rows take their own step
            uniq, inv = np.unique(i, return_inverse=True)
            total = np.zeros((len(uniq), g.shape[1]), np.float64)
            np.add.at(total, inv, g)
            w.local[t].push(uniq, total.astype(w.local[t].dtype), w.lr())
        for n, p in zip(names, params):
            w.base.setdefault(n, p.copy())
        w.step += 1
        if w.step % w.k_steps:
            return ([p.copy() for p in params],)
        scale = 1.0 / w.n_workers
        dense = {n: (p - w.base[n]) * p.dtype.type(scale) for n, p in zip(names, params)}
        deltas = {}
        for t, local in w.local.items():
            ids, rows = local.items()
            base = w.local_base[t]
            deltas[t] = (ids, (rows - np.stack([base[i] for i in ids.tolist()])) * scale) if len(ids) else (ids, rows)
        values, _ = w.client.push(dense, {t: d for t, d in deltas.items() if len(d[0])}, kind="geo")
        w.local, w.local_base = {}, {}
        out = []
        for n, p in zip(names, params):
            v = np.asarray(values[n], p.dtype).reshape(p.shape).copy()
            w.base[n] = v.copy()
            out.append(v)
        return (out,)

    def infer_meta(self, params, grads, ids, row_grads):
        return ([TensorMeta(list(p.shape), p.dtype) for p in params],)
