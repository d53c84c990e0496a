"""Splitting a static program for parameter-server training (what fleet's PS minimize does).

The worker program keeps the forward and the backward; each sparse lookup (sparse_embedding, or an
embedding with is_sparse/is_distributed) becomes `distributed_lookup_table`, which pulls its rows from
the servers, and the table leaves both programs (it is never materialised on a worker). One
`ps_send_recv` op at the end pushes the dense gradients and the lookups' row gradients and writes
back the servers' new parameters. Geo mode keeps the optimizer's ops on the worker and the op sends
deltas every k steps. The server part is the plan: which server owns which dense parameter, the
tables' row initializers and the optimizer's rule, all derived identically on every process.
"""
import numpy as np

__all__ = ["split_program", "ps_mode"]

LOOKUPS = ("lookup_table", "lookup_table_v2")
INITIALIZERS = ("uniform_random", "gaussian_random", "truncated_gaussian_random", "fill_constant")


def ps_mode(strategy):
    """'sync', 'async' or 'geo' from DistributedStrategy.a_sync / a_sync_configs['k_steps'] (Paddle's rule)."""
    if not strategy.a_sync:
        return "sync"
    return "geo" if int(strategy.a_sync_configs.get("k_steps", -1)) > 0 else "async"


def _entry(attr):
    """The lookup's `entry` attribute ('none', 'count_filter_entry:N', 'probability_entry:P', ...) as a rule."""
    if not attr or attr == "none":
        return None
    kind, _, arg = str(attr).partition(":")
    if kind == "count_filter_entry":
        return ("count_filter", int(float(arg)))
    if kind == "probability_entry":
        return ("probability", float(arg))
    return None  # show_click_entry: every id gets a row (show/click are statistics, not a filter)


def _take_initializer(startup, name):
    """Remove the startup op that initializes `name` (and the variable); its (type, attrs)."""
    block = startup.global_block()
    found = ("uniform_random", {"min": -1.0, "max": 1.0})
    for i, op in enumerate(list(block.ops)):
        if name in [n for names in op.outputs.values() for n in names]:
            if op.type in INITIALIZERS:
                found = (op.type, dict(op.attrs))
            block._remove_op(i)
            break
    block.vars.pop(name, None)
    return found


def as_distributed_lookup(block, idx, table):
    """Replace the lookup_table(_v2) op block.ops[idx] by a distributed_lookup_table that pulls the rows of its
    table ({"dim", "dtype"} of the plan) from the servers; what the training split and DistributedInfer do."""
    op = block.ops[idx]
    attrs = {"table_name": op.inputs["W"][0], "dim": table["dim"], "padding_idx": int(op.attrs.get("padding_idx", -1)),
             "v1": op.type == "lookup_table", "dtype": table["dtype"]}
    block.ops[idx] = block._make_op("distributed_lookup_table", {"Ids": [op.inputs["Ids"][0]]},
                                    {"Out": [op.outputs["Out"][0]]}, attrs)


def split_program(loss, optimizer, strategy, startup, n_servers):
    """Rewrite loss's program into the worker part; the plan {mode, k_steps, dense, tables, owner, rule}."""
    from ...static.backward import gradients
    from ...static.program import program_guard
    from .server import make_rule
    mode = ps_mode(strategy)
    program = loss.block.program
    block = program.global_block()
    tables, lookups = {}, []
    for idx, op in enumerate(list(block.ops)):
        if op.type not in LOOKUPS or not (op.attrs.get("is_distributed") or op.attrs.get("is_sparse")):
            continue
        w, ids, out = op.inputs["W"][0], op.inputs["Ids"][0], op.outputs["Out"][0]
        wv = block.vars[w]
        pad = int(op.attrs.get("padding_idx", -1))
        if w not in tables:
            kind, attrs = _take_initializer(startup, w)
            tables[w] = {"dim": int(wv.shape[1]), "rows": int(wv.shape[0]), "dtype": str(np.dtype(wv.dtype.np_dtype)),
                         "init": (kind, attrs), "entry": _entry(op.attrs.get("entry")),
                         "table_class": op.attrs.get("table_class", "MemorySparseTable")}
        as_distributed_lookup(block, idx, tables[w])
        block.vars[out].stop_gradient = False  # its gradient is the rows' gradient the servers take
        lookups.append((ids, block.vars[out], w, pad, op.type == "lookup_table"))
    for w in tables:
        block.vars.pop(w, None)
    if len({v1 for *_, v1 in lookups}) > 1:
        raise NotImplementedError("parameter-server programs mixing lookup_table and lookup_table_v2 lookups are "
                                  "not supported by purepaddle")
    params = [p for p in block.all_parameters() if p.name not in tables and getattr(p, "trainable", True)]
    targets = params + [out for _, out, *_ in lookups]
    grads = gradients([loss], targets) if len(targets) > 1 else gradients([loss], targets) or [None]
    dense = [(p, g) for p, g in zip(params, grads[:len(params)]) if g is not None]
    rows = [(lk, g) for lk, g in zip(lookups, grads[len(params):]) if g is not None]
    program._version += 1
    with program_guard(program, startup):
        if mode == "geo":
            optimizer.apply_gradients(dense)
        block.append_op("ps_send_recv",
                        inputs={"Param": [p for p, _ in dense], "Grad": [g for _, g in dense],
                                "Ids": [lk[0] for lk, _ in rows], "RowGrad": [g for _, g in rows]},
                        outputs={"ParamOut": [p for p, _ in dense]},
                        attrs={"param_names": [p.name for p, _ in dense], "table_names": [lk[2] for lk, _ in rows],
                               "padding_idx": [lk[3] for lk, _ in rows],
                               "v1": bool(rows[0][0][4]) if rows else True})
    owner = _owners([(p.name, int(np.prod(p.shape))) for p, _ in dense], n_servers)
    k = int(strategy.a_sync_configs.get("k_steps", -1))
    return {"mode": mode, "k_steps": k if k > 0 else 1, "dense": [p.name for p, _ in dense], "tables": tables,
            "owner": owner, "rule": make_rule(optimizer), "program": program, "startup": startup,
            "params_grads": dense, "scheduler": _scheduler(optimizer)}


def _scheduler(optimizer):
    """The optimizer's LRScheduler (the worker sends its value with each push; the servers apply it), or None."""
    from ...optimizer.lr import LRScheduler
    lr = getattr(optimizer, "_learning_rate", None)
    return lr if isinstance(lr, LRScheduler) else None


def _owners(sizes, n_servers):
    """Dense parameters to servers, largest first onto the least loaded (deterministic: ties by name)."""
    load = [0] * max(1, n_servers)
    owner = {}
    for name, size in sorted(sizes, key=lambda x: (-x[1], x[0])):
        s = min(range(len(load)), key=lambda j: (load[j], j))
        owner[name] = s
        load[s] += size
    return owner
