"""What purepaddle's tensors hold in memory, found on demand (no cost until asked), and the out-of-memory report."""
import gc

import numpy as np

from .tensor import Parameter, Tensor


def root_array(a):
    """The ndarray that owns a's memory (views walk up to their base)."""
    while isinstance(getattr(a, "base", None), np.ndarray):
        a = a.base
    return a


def live_tensors():
    """Every live purepaddle Tensor (and Parameter) in the process."""
    return [o for o in gc.get_objects() if isinstance(o, Tensor)]


def holdings(tensors=None):
    """{'total', 'parameters', 'gradients', 'other', 'count', 'largest': [(bytes, shape, dtype, name)]}.

    Each buffer counts once, however many tensors view it.
    """
    tensors = live_tensors() if tensors is None else tensors
    seen = {}
    grads = set()
    for t in tensors:
        g = getattr(t, "_grad", None)
        if g is not None and isinstance(getattr(g, "_data", None), np.ndarray):
            grads.add(id(root_array(g._data)))
    for t in tensors:
        a = getattr(t, "_data", None)
        if not isinstance(a, np.ndarray):
            continue
        r = root_array(a)
        key = id(r)
        kind = "parameters" if isinstance(t, Parameter) else ("gradients" if key in grads else "other")
        if key not in seen or kind == "parameters":
            seen[key] = (int(r.nbytes), kind, t)
    out = {"total": 0, "parameters": 0, "gradients": 0, "other": 0, "count": len(seen)}
    for nbytes, kind, _ in seen.values():
        out["total"] += nbytes
        out[kind] += nbytes
    big = sorted(seen.values(), key=lambda v: -v[0])[:5]
    out["largest"] = [(n, list(t._data.shape), t._data.dtype.name, t._name or "") for n, _, t in big]
    return out


def _mb(n):
    """Bytes as MB (GB from 1 GiB)."""
    return f"{n / 2**30:.2f} GB" if n >= 2**30 else f"{n / 2**20:.2f} MB"


def oom_report(err):
    """Extra lines for a MemoryError raised inside an op: bytes asked for, what purepaddle holds, remedies."""
    lines = []
    asked = getattr(err, "_total_size", None)
    shape = getattr(err, "shape", None)
    dtype = getattr(err, "dtype", None)
    if asked is not None:
        lines.append(f"the kernel asked for {_mb(asked)} ({asked} bytes)" +
                     (f" for an array of shape {list(shape)} and dtype {dtype}" if shape is not None else ""))
    h = holdings()
    lines.append(f"purepaddle tensors hold {_mb(h['total'])} in {h['count']} buffers: parameters "
                 f"{_mb(h['parameters'])}, gradients {_mb(h['gradients'])}, activations and other tensors "
                 f"{_mb(h['other'])}")
    if h["largest"]:
        lines.append("largest: " + "; ".join(f"{_mb(n)} shape={s} dtype={d}" + (f" name={nm}" if nm else "")
                                             for n, s, d, nm in h["largest"]))
    lines.append("remedies: use a smaller batch_size; recompute activations in backward "
                 "(paddle.distributed.fleet.utils.recompute) instead of keeping them; sort variable-length "
                 "samples by length so batches carry less padding, and cap very long sequences; run evaluation "
                 "under paddle.no_grad() (model.eval() alone still records the graph); free tensors you keep "
                 "across steps (del them, or keep loss.item() instead of loss)")
    return "".join(f"\n  [purepaddle] {line}" for line in lines)
