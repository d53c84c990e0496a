"""PIR control flow (`pd_op.if`, `pd_op.while`, `cf.yield`) <-> the legacy sub-block ops of
static/control_flow.py (`conditional_block` + `select_input`, `while`), in both directions.

Reading (PIR -> legacy), in the form `paddle.static.nn.cond` / `while_loop` build, so the executor, the
inference passes and append_backward treat a loaded program like one built here:

- `pd_op.if(cond) {true region} {false region}`: each region becomes a sub-block run by a `conditional_block`
  (the false one under `logical_not(cond)`), whose `cf.yield` operands are assigned to variables of the
  enclosing block; one `select_input(X=[false, true], Mask=cast(cond, int32))` per result picks the taken one.
- `pd_op.while(cond, inits...) {body(args...)}`: the loop variables are copies of the inits (the legacy while
  updates them in place, where PIR's operands keep their values); the body's block arguments are those
  variables, and its `cf.yield(cond', values...)` assigns the next values (through temporaries where one loop
  variable takes another's value) and the next condition; the while op's results are the loop variables.

Writing (legacy -> PIR), under FLAGS_enable_pir_api, as Paddle's own legacy -> PIR translator does: a
`conditional_block` becomes a `pd_op.if` whose results are the enclosing variables its sub-block writes, its
false region yielding their values before the op (zero placeholders, unknown dims as 1, for variables only the
branch defines: the select_input after it never picks them); `select_input` becomes `pd_op.select_input(mask,
x0, x1)`; a `while` becomes a `pd_op.while` whose loop-carried values are the enclosing variables its body
writes (the condition aside), the body's block arguments, its `cf.yield` giving the next condition and values.
Real Paddle 3.3.1's predictor and jit.load run what this writes (tests/static/test_pir_control_flow.py).
"""
from ..._core import dtype as _dt
from ..control_flow import block_io, op_io
from ..program import Block
from ..variable import Variable, VarType
from .codec import PirBlock, PirRegion
from .dtypes import name_of_dtype
from .op_table import register_reader, register_writer

__all__ = []


# -- reading: PIR -> legacy -------------------------------------------------------------------------------------
def _new_block(r, parent):
    program = r.program
    b = Block(program, len(program.blocks), parent.idx)
    program.blocks.append(b)
    program._version += 1
    return b


def _temp(r, block, like, legacy_type, dtype=None, shape=None, stop_gradient=False, like_block=None):
    """A fresh variable of `block` shaped like variable `like` of `like_block` (or as given)."""
    name = r.fresh_name(legacy_type)
    v = (like_block or block)._find_var_recursive(like) if like is not None else None
    if shape is None:
        shape = None if v is None else v._shape
    if dtype is None:
        dtype = None if v is None else v._dtype
    Variable(block, name=name, shape=shape, dtype=dtype, stop_gradient=stop_gradient)
    return name


def _region(r, pir_block, sub, what):
    """Translate one region's block into legacy block `sub`; the names its `cf.yield` yields.

    Constants of the enclosing blocks that the region is the first to use are made inside `sub`: they are
    forgotten afterwards, so the enclosing block makes its own when it uses them (the region may never run).
    """
    outer_consts = {vid for vid in r.consts if vid not in r.names}
    saved = getattr(r, "_cf_yield", None)
    r._cf_yield = None
    r.translate_block(pir_block, sub)
    yielded, r._cf_yield = r._cf_yield, saved
    for vid in outer_consts:
        r.names.pop(vid, None)
    if yielded is None:
        raise ValueError(f"{r.where}: a region of {what} has no cf.yield")
    return yielded


def _resolvable(block, names):
    out, seen = [], set()
    for n in names:
        if n not in seen and block._find_var_recursive(n) is not None:
            seen.add(n)
            out.append(n)
    return out


def _writes(block):
    return [n for op in block.ops for n in op_io(op)[1]]


def _scope_var(r, block):
    name = r.fresh_name("_generated_var")
    Variable(block, name=name, type=VarType.STEP_SCOPES)
    return name


@register_reader("cf.yield")
def _read_yield(r, op):
    r._cf_yield = [r.var(v) for v in op.operands]


def _branch(r, pir_block, parent, cond, outs_like):
    """One branch of an if: its sub-block, the enclosing variables it assigns its yields to, the op."""
    sub = _new_block(r, parent)
    yielded = _region(r, pir_block, sub, "pd_op.if")
    if len(yielded) != len(outs_like):
        raise ValueError(f"{r.where}: a pd_op.if region yields {len(yielded)} values for {len(outs_like)} results")
    outs = []
    for y, (vid, t) in zip(yielded, outs_like):
        o = _temp(r, parent, y, "cond", like_block=sub)
        r.append("assign", {"X": [y]}, {"Out": [o]}, {}, block=sub)
        outs.append(o)
    ext, _ = block_io(sub)
    r.append("conditional_block", {"Cond": [cond], "Input": _resolvable(parent, ext)},
             {"Out": _resolvable(parent, _writes(sub)), "Scope": [_scope_var(r, parent)]},
             {"sub_block": sub, "is_scalar_condition": True}, block=parent)
    return outs


@register_reader("pd_op.if")
def _read_if(r, op):
    if len(op.regions) != 2:
        raise ValueError(f"{r.where}: pd_op.if has {len(op.regions)} regions; a PIR if has two")
    parent = r.block
    cond = r.var(op.operands[0])
    true_outs = _branch(r, op.regions[0].blocks[0], parent, cond, op.results)
    not_cond = _temp(r, parent, None, "logical_not", _dt.bool_, [1], True)
    r.append("logical_not", {"X": [cond]}, {"Out": [not_cond]}, {}, block=parent)
    false_outs = _branch(r, op.regions[1].blocks[0], parent, not_cond, op.results)
    if not op.results:
        return
    mask = _temp(r, parent, None, "cast", _dt.int32, [1], True)
    r.append("cast", {"X": [cond]}, {"Out": [mask]}, {"in_dtype": _dt.bool_.proto, "out_dtype": _dt.int32.proto},
             block=parent)
    stops = op.attr("stop_gradient") if "stop_gradient" in op.result_attrs else None
    for k, ((vid, t), f, tr) in enumerate(zip(op.results, false_outs, true_outs)):
        sg = bool(stops[k]) if stops and k < len(stops) else False
        name = r.define(vid, t, legacy_type="select_input", stop_gradient=sg)
        r.append("select_input", {"X": [f, tr], "Mask": [mask]}, {"Out": [name]}, {}, block=parent)


@register_reader("pd_op.while")
def _read_while(r, op):
    parent = r.block
    body = op.regions[0].blocks[0]
    inits = [r.var(v) for v in op.operands[1:]]
    if not (len(inits) == len(op.results) == len(body.args)):
        raise ValueError(f"{r.where}: pd_op.while has {len(inits)} loop values, {len(op.results)} results and "
                         f"{len(body.args)} block arguments; they must agree")
    loop = []
    for (vid, t), init in zip(op.results, inits):
        name = r.define(vid, t, legacy_type="while")
        r.append("assign", {"X": [init]}, {"Out": [name]}, {}, block=parent)
        loop.append(name)
    cond = _temp(r, parent, None, "while_cond", _dt.bool_, [1], True)
    r.append("assign", {"X": [r.var(op.operands[0])]}, {"Out": [cond]}, {}, block=parent)
    sub = _new_block(r, parent)
    for (aid, _), name in zip(body.args, loop):
        r.names[aid] = name
    yielded = _region(r, body, sub, "pd_op.while")
    if len(yielded) != len(loop) + 1:
        raise ValueError(f"{r.where}: the body of pd_op.while yields {len(yielded)} values for a condition and "
                         f"{len(loop)} loop values")
    targets = [cond] + loop
    # a yield that reads a loop variable another yield overwrites takes its value first (a parallel assignment)
    taken = {n for n in targets}
    sources = []
    for y, dst in zip(yielded, targets):
        if y in taken and y != dst:
            tmp = _temp(r, sub, y, "while_tmp")
            r.append("assign", {"X": [y]}, {"Out": [tmp]}, {}, block=sub)
            y = tmp
        sources.append(y)
    for y, dst in zip(sources, targets):
        if y != dst:
            r.append("assign", {"X": [y]}, {"Out": [dst]}, {}, block=sub)
    ext, _ = block_io(sub)
    outs = _resolvable(parent, _writes(sub))
    xs = _resolvable(parent, [n for n in ext + outs if n != cond])
    r.append("while", {"X": xs, "Condition": [cond]}, {"Out": outs, "StepScopes": [_scope_var(r, parent)]},
             {"sub_block": sub, "is_test": False}, block=parent)


@register_reader("pd_op.select_input")
def _read_select_input(r, op):
    """select_input(mask, x0, x1, ...): the form Paddle's legacy -> PIR translator (and our writer) give cond."""
    (vid, t), = op.results
    name = r.define(vid, t, legacy_type="select_input")
    r.append("select_input", {"X": [r.var(v) for v in op.operands[1:]], "Mask": [r.var(op.operands[0])]},
             {"Out": [name]}, {})


# -- writing: legacy -> PIR -------------------------------------------------------------------------------------
def _sub_block(w, op):
    sub = op.attrs.get("sub_block")
    if not hasattr(sub, "ops"):
        raise ValueError(f"{w.where}: the '{op.type}' op has no sub_block")
    return sub


def _placeholder(w, name):
    """A zero value standing for `name` where a branch or a loop start has none (as Paddle's own translator
    fills an untaken branch: shape with unknown dims as 1; the select_input that reads it never picks it)."""
    t = w.type_of(name)
    return w.full([d if d >= 0 else 1 for d in t.dims], 0.0, name_of_dtype(_dtype_of(w, name)))


def _dtype_of(w, name):
    return w.block._find_var_recursive(name)._dtype


def _region_ops(w, sub, body, arg_names=(), arg_types=()):
    """Write `body()` (ops of legacy block `sub` and a cf.yield) as a region block: (args, ops).

    The legacy names bound inside the region (SSA values of the region) are forgotten afterwards; the block
    arguments bind `arg_names` for its ops.
    """
    saved_ops, saved_block, saved_ids = w.ops, w.block, dict(w.ids)
    w.ops, w.block = [], sub
    args = []
    for n, t in zip(arg_names, arg_types):
        aid = _arg_id(w)
        args.append((aid, t))
        w.ids[n] = aid
    try:
        body()
        return PirBlock(args, w.ops)
    finally:
        w.ops, w.block, w.ids = saved_ops, saved_block, saved_ids


def _arg_id(w):
    """A fresh id for a block argument: negative, as Paddle numbers them."""
    n = getattr(w, "_next_arg", -1)
    w._next_arg = n - 1
    return n


def _write_ops(w, block):
    for o in block.ops:
        w.write_op(o)


@register_writer("conditional_block")
def _write_conditional_block(w, op):
    """pd_op.if(cond): true region = the sub-block, yielding the enclosing variables it writes; false region =
    their values before the op (or zero placeholders for variables only the branch defines)."""
    if not op.attrs.get("is_scalar_condition", False):
        raise ValueError(f"{w.where}: a conditional_block on the non-emptiness of its inputs "
                         "(is_scalar_condition=False) has no PIR form in purepaddle")
    sub = _sub_block(w, op)
    cond = op.input("Cond")[0]
    written = set(_writes(sub))
    outs = [n for n in op.output("Out") if n in written]
    types = [w.type_of(n) for n in outs]

    def true_body():
        _write_ops(w, sub)
        w.emit("cf.yield", [w.value(n) for n in outs], [])

    def false_body():
        w.emit("cf.yield", [w.ids[n] if n in w.ids else _placeholder(w, n) for n in outs], [])

    true_block = _region_ops(w, sub, true_body)
    false_block = _region_ops(w, w.block, false_body)
    ids = w.emit("pd_op.if", [w.value(cond)], types, stop_gradient=False)
    w.ops[-1].regions = [PirRegion([true_block]), PirRegion([false_block])]
    for n, vid in zip(outs, ids):
        w.bind(n, vid)


@register_writer("select_input")
def _write_select_input(w, op):
    out = op.output("Out")[0]
    ids = w.emit("pd_op.select_input", [w.value(op.input("Mask")[0])] + [w.value(n) for n in op.input("X")],
                 [w.type_of(out)], stop_gradient=False)
    w.bind(out, ids[0])


@register_writer("while")
def _write_while(w, op):
    """pd_op.while(cond, values...): the loop-carried values are the enclosing variables the body writes (the
    condition aside), the body's block arguments; its cf.yield gives the next condition and values."""
    sub = _sub_block(w, op)
    cond = op.input("Condition")[0]
    written = set(_writes(sub))
    carried = [n for n in op.output("Out") if n != cond and n in written]
    inits = [w.ids[n] if n in w.ids else _placeholder(w, n) for n in carried]
    types = [w.type_of(n) for n in carried]

    def body():
        _write_ops(w, sub)
        w.emit("cf.yield", [w.value(cond)] + [w.value(n) for n in carried], [])

    body_block = _region_ops(w, sub, body, carried, types)
    ids = w.emit("pd_op.while", [w.value(cond)] + inits, types, stop_gradient=False)
    w.ops[-1].regions = [PirRegion([body_block])]
    for n, vid in zip(carried, ids):
        w.bind(n, vid)
