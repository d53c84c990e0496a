"""fleet.save_inference_model of a parameter-server program: one inference model with the tables inside.

The worker program pulls its sparse rows from the servers (`distributed_lookup_table`); an inference
model must run without them. Each lookup becomes standard ops over two saved variables of the table:
`<table>.ids`, the touched ids ascending (and one id past any real one), and `<table>`, their rows
(and one row of zeros). An id's row is found by two `searchsorted`s (an id is present when the left
and right positions differ); an id no worker ever touched reads the zero row, as Paddle's PS inference
does for a feature the table does not hold. So paddle.static.load_inference_model, the inference
Predictor and real Paddle load it, and only touched rows are saved (the table is never made dense).
The dense parameters are the servers' values (geo workers may hold newer local ones in between).
"""
import os

import numpy as np

__all__ = ["save_inference_model"]

_PAST = np.iinfo(np.int64).max  # the sentinel id after every real one (ids are non-negative)


def _splice_lookup(block, idx, op, keys, values):
    """Replace the distributed_lookup_table op at `idx` by the searchsorted lookup over `keys`/`values`."""
    from ...nn.functional import embedding
    from ...tensor.creation.fill import full_like
    from ...tensor.manipulation.shape import squeeze
    from ...tensor.search.bucket import searchsorted
    from ...tensor.search.select import where
    a = op.attrs
    ids = block.var(op.inputs["Ids"][0])
    out = block.var(op.outputs["Out"][0])
    start = len(block.ops)
    flat = squeeze(ids, axis=-1) if a.get("v1", True) else ids
    left = searchsorted(keys, flat)
    right = searchsorted(keys, flat, right=True)
    missing = full_like(left, values.shape[0] - 1)
    pos = where(right > left, left, missing)
    block.append_op(type="assign", inputs={"X": [embedding(pos, values)]}, outputs={"Out": [out]})
    new = block.ops[start:]
    del block.ops[start:]
    block.ops[idx:idx + 1] = new
    return len(new)


def _rewrite(program, rows):
    """The inference clone of the worker `program`: lookups over saved rows {table: (ids, values)}; the arrays
    the new variables hold."""
    from ...static.program import program_guard
    clone = program.clone()
    block = clone.global_block()
    arrays = {}
    with program_guard(clone):
        idx = 0
        while idx < len(block.ops):
            op = block.ops[idx]
            if op.type != "distributed_lookup_table":
                idx += 1
                continue
            t = op.attrs["table_name"]
            ids, values = rows[t]
            pad = int(op.attrs.get("padding_idx", -1))
            if pad >= 0:  # the padding id reads zeros: it is left out of the saved ids
                keep = ids != pad
                ids, values = ids[keep], values[keep]
            if t not in arrays:
                dim = values.shape[1] if values.ndim == 2 else int(op.attrs["dim"])
                arrays[f"{t}.ids"] = np.concatenate([ids, [_PAST]]).astype(np.int64)
                arrays[t] = np.concatenate([values.reshape(-1, dim), np.zeros((1, dim), values.dtype)])
                for name in (f"{t}.ids", t):
                    block.vars.pop(name, None)
                    block.create_var(name=name, shape=list(arrays[name].shape), dtype=str(arrays[name].dtype),
                                     persistable=True)
            idx += _splice_lookup(block, idx, op, block.var(f"{t}.ids"), block.var(t))
    clone._version += 1
    return clone, arrays


def save_inference_model(fleet_, executor, dirname, feeded_var_names, target_vars, main_program=None,
                         export_for_deployment=True, mode=0):
    """Worker 0 writes `dirname/__model__` (the inference program, its lookups rewritten over the saved rows) and
    one tensor file per variable (the servers' dense parameters, each table's touched ids and rows); the other
    workers write nothing."""
    from ..fleet.saving import save_inference_model as save_dir
    from ...static.scope import Scope, global_scope, scope_guard
    from .runtime import STATE
    if STATE.worker is None:
        raise RuntimeError("fleet.save_inference_model: call fleet.init_worker() first (worker 0 saves the model "
                           "with the servers' parameters and tables)")
    plan = fleet_._ps_plan
    program = plan["program"] if main_program is None else main_program
    if fleet_.worker_index() != 0:
        return None
    client = STATE.worker.client
    tables = sorted({op.attrs["table_name"] for op in program.global_block().ops
                     if op.type == "distributed_lookup_table"})
    rows = {t: _gather(client.call("dump", [t]), t) for t in tables}
    clone, arrays = _rewrite(program, rows)
    scope, here = Scope(), global_scope()
    for name, var in clone.global_block().vars.items():
        a = here._array(name) if getattr(var, "persistable", False) else None
        if a is not None:
            scope.var(name).get_tensor().set(np.array(a))
    for name, value in list(client.pull_dense().items()) + list(arrays.items()):
        scope.var(name).get_tensor().set(np.array(value))
    with scope_guard(scope):
        save_dir(0, executor, os.fspath(dirname), feeded_var_names, target_vars, clone, export_for_deployment, mode)
    return None


def _gather(replies, table):
    """{server: {table: (ids, values)}} -> (ids ascending, values)."""
    ids = np.concatenate([r[table][0] for r in replies.values()])
    values = np.concatenate([r[table][1] for r in replies.values()])
    order = np.argsort(ids, kind="stable")
    return ids[order], values[order]
