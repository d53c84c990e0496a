"""Program <-> ProgramDesc message: the legacy-IR `.pdmodel` content, field for field as Paddle writes it.

Writing follows what paddlepaddle 3.3.1 puts on the wire: vars sorted by name (names given in
`tail` last, as `feed`/`fetch` in an inference model), op inputs/outputs/attrs sorted by name,
`version = 3003001` and Paddle's op version map. Attribute types come from the value, corrected
by Paddle's declared types (`attr_types`); attributes read from a file keep their type when the
program is written again. Reading maps every attribute to a plain Python value (sub-blocks to
Block objects), so a Paddle-written model runs on purepaddle's ops.
"""
import weakref

import numpy as np

from .._core import dtype as _dt
from .attr_types import declared_type
from .framework_proto import AttrType, ScalarType, messages
from .program import FRAMEWORK_ATTRS, Block, Operator, Parameter, Program, Variable, VarType
from .proto_text import PROGRAM_VERSION

__all__ = ["program_to_desc", "desc_to_program", "OP_VERSIONS"]


class _VarNotes:
    """Per-variable notes kept by identity (a Variable's `==` builds an op, so no WeakKeyDictionary)."""

    def __init__(self):
        self._notes = {}

    def set(self, var, note):
        key = id(var)
        self._notes[key] = (weakref.ref(var, lambda _, k=key: self._notes.pop(k, None)), note)

    def get(self, var, default=frozenset()):
        entry = self._notes.get(id(var))
        return entry[1] if entry is not None and entry[0]() is var else default


# what a file said beyond the Program's fields, so writing it back gives the same message:
# the attribute types of ops (Operator -> {name: AttrType}) and the optional VarDesc fields a
# var left unset (Paddle omits legacy_lod_level or persistable on some vars)
_READ_TYPES = weakref.WeakKeyDictionary()
_UNSET_FIELDS = _VarNotes()

# paddlepaddle 3.3.1's registered op versions (ProgramDesc.op_version_map): bumped when an op's
# attributes or semantics changed, and checked by Paddle's inference passes
OP_VERSIONS = {
    "affine_grid": 1, "allclose": 2, "argsort": 1, "assign_value": 1, "auc": 1, "clip": 1, "coalesce_tensor": 2,
    "collect_fpn_proposals": 1, "conv2d": 1, "conv2d_transpose": 2, "conv3d": 1, "conv3d_transpose": 1,
    "cumprod": 1, "cumsum": 1, "depthwise_conv2d": 1, "depthwise_conv2d_transpose": 1, "dequantize": 1,
    "distribute_fpn_proposals": 2, "elementwise_add": 1, "elementwise_div": 1, "elementwise_mul": 1,
    "elementwise_pow": 1, "elementwise_sub": 1, "equal": 1, "fake_channel_wise_quantize_abs_max": 1,
    "fill_constant": 2, "flip": 1, "gather": 1, "generate_proposals": 2, "generate_proposals_v2": 1,
    "global_gather": 1, "global_scatter": 1, "greater_equal": 1, "greater_than": 1, "grid_sampler": 1,
    "hard_shrink": 1, "histogram": 1, "instance_norm": 1, "kldiv_loss": 1, "lamb": 1, "leaky_relu": 1,
    "less_equal": 1, "less_than": 1, "linspace": 1, "lookup_table": 1, "lookup_table_v2": 1, "lstsq": 1,
    "matmul": 1, "matrix_nms": 1, "max_pool2d_with_index": 1, "max_pool3d_with_index": 1, "momentum": 1,
    "moving_average_abs_max_scale": 2, "not_equal": 1, "p_norm": 1, "partial_allgather": 1, "pixel_shuffle": 1,
    "print": 1, "quantize": 2, "requantize": 1, "roi_align": 3, "roi_pool": 2, "roll": 2, "round": 1, "seed": 1,
    "set_value": 4, "softplus": 1, "thresholded_relu": 1, "trace": 1, "truncated_gaussian_random": 1,
    "unique_consecutive": 1, "weight_dequantize": 1, "weight_only_linear": 1, "weight_quantize": 1,
    "yolo_box": 1,
}

_LIST_TYPES = {AttrType.INTS, AttrType.FLOATS, AttrType.STRINGS, AttrType.BOOLEANS, AttrType.BLOCKS,
               AttrType.LONGS, AttrType.FLOAT64S, AttrType.VARS, AttrType.SCALARS}
_TENSOR_KINDS = (7, 8, 13)  # DENSE_TENSOR, SELECTED_ROWS, DENSE_TENSOR_ARRAY: vars with a TensorDesc
_VAR_TYPES = {int(getattr(VarType, n)): getattr(VarType, n) for n in dir(VarType)
              if isinstance(getattr(VarType, n), VarType)}
_ASSIGN_VALUE_LISTS = ("bool_values", "int32_values", "int64_values", "fp32_values", "fp64_values")


# -- attributes ------------------------------------------------------------------------------------
def _is_int(x):
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _is_real(x):
    return isinstance(x, (int, float, np.integer, np.floating)) and not isinstance(x, (bool, np.bool_))


def _guess_type(v):
    """The AttrType a plain Python value is written as when nothing declares it."""
    if isinstance(v, (bool, np.bool_)):
        return AttrType.BOOLEAN
    if isinstance(v, _dt.DType):
        return AttrType.INT
    if _is_int(v):
        return AttrType.INT if -2 ** 31 <= v < 2 ** 31 else AttrType.LONG
    if isinstance(v, (float, np.floating)):
        return AttrType.FLOAT
    if isinstance(v, str):
        return AttrType.STRING
    if isinstance(v, Block):
        return AttrType.BLOCK
    if isinstance(v, np.ndarray):
        v = v.tolist()
    if isinstance(v, (list, tuple)):
        if all(isinstance(x, Block) for x in v) and v:
            return AttrType.BLOCKS
        if all(isinstance(x, (bool, np.bool_)) for x in v) and v:
            return AttrType.BOOLEANS
        if all(_is_int(x) or isinstance(x, _dt.DType) for x in v):
            return AttrType.INTS if all(-2 ** 31 <= int(x) < 2 ** 31 for x in v) else AttrType.LONGS
        if all(_is_real(x) for x in v):
            return AttrType.FLOATS
        if all(isinstance(x, str) for x in v):
            return AttrType.STRINGS
    raise TypeError(f"an op attribute value of type {type(v).__name__} ({v!r}) can not be written to a "
                    "ProgramDesc")


def _fits(t, v):
    """Whether value v can be written as AttrType t (a declared type that the value contradicts is ignored)."""
    is_list = isinstance(v, (list, tuple, np.ndarray))
    if (t in _LIST_TYPES) != is_list:
        return False
    items = list(v) if is_list else [v]
    if t in (AttrType.INT, AttrType.LONG, AttrType.INTS, AttrType.LONGS):
        return all(_is_int(x) or isinstance(x, _dt.DType) for x in items)
    if t in (AttrType.FLOAT, AttrType.FLOATS, AttrType.FLOAT64, AttrType.FLOAT64S):
        return all(_is_real(x) for x in items)
    if t in (AttrType.STRING, AttrType.STRINGS, AttrType.VAR, AttrType.VARS):
        return all(isinstance(x, (str, Variable)) for x in items)
    if t in (AttrType.BOOLEAN, AttrType.BOOLEANS):
        return all(isinstance(x, (bool, np.bool_)) for x in items)
    if t in (AttrType.BLOCK, AttrType.BLOCKS):
        return all(isinstance(x, (Block, int)) for x in items)
    return True  # SCALAR(S): any number


def _scalar(msg, x):
    if isinstance(x, (bool, np.bool_)):
        msg.type, msg.b = ScalarType.BOOLEAN, bool(x)
    elif _is_int(x):
        msg.type, msg.i = ScalarType.LONG, int(x)
    elif isinstance(x, (complex, np.complexfloating)):
        msg.type = ScalarType.COMPLEX128
        msg.c.r, msg.c.i = float(x.real), float(x.imag)
    else:
        msg.type, msg.r = ScalarType.FLOAT64, float(x)


def _int(x):
    return x.proto if isinstance(x, _dt.DType) else int(x)


def _block_idx(x):
    return x.idx if isinstance(x, Block) else int(x)


def _var_name(x):
    return x.name if isinstance(x, Variable) else str(x)


_WRITERS = {
    AttrType.INT: lambda a, v: setattr(a, "i", _int(v)),
    AttrType.LONG: lambda a, v: setattr(a, "l", _int(v)),
    AttrType.FLOAT: lambda a, v: setattr(a, "f", float(v)),
    AttrType.FLOAT64: lambda a, v: setattr(a, "float64", float(v)),
    AttrType.STRING: lambda a, v: setattr(a, "s", v),
    AttrType.BOOLEAN: lambda a, v: setattr(a, "b", bool(v)),
    AttrType.BLOCK: lambda a, v: setattr(a, "block_idx", _block_idx(v)),
    AttrType.VAR: lambda a, v: setattr(a, "var_name", _var_name(v)),
    AttrType.INTS: lambda a, v: a.ints.extend(_int(x) for x in v),
    AttrType.LONGS: lambda a, v: a.longs.extend(_int(x) for x in v),
    AttrType.FLOATS: lambda a, v: a.floats.extend(float(x) for x in v),
    AttrType.FLOAT64S: lambda a, v: a.float64s.extend(float(x) for x in v),
    AttrType.STRINGS: lambda a, v: a.strings.extend(v),
    AttrType.BOOLEANS: lambda a, v: a.bools.extend(bool(x) for x in v),
    AttrType.BLOCKS: lambda a, v: a.blocks_idx.extend(_block_idx(x) for x in v),
    AttrType.VARS: lambda a, v: a.vars_name.extend(_var_name(x) for x in v),
    AttrType.SCALAR: lambda a, v: _scalar(a.scalar, v),
    AttrType.SCALARS: lambda a, v: [_scalar(a.scalars.add(), x) for x in v],
}


def _write_attr(msg, op_type, name, value, known):
    t = known.get(name) if known else None
    if t is None or not _fits(t, value):
        t = declared_type(op_type, name)
        if t is None or not _fits(t, value):
            t = _guess_type(value)
    a = msg.attrs.add(name=name, type=t)
    if isinstance(value, np.ndarray):
        value = value.tolist()
    _WRITERS[t](a, value)


def _scalar_value(s):
    if s.type == ScalarType.BOOLEAN:
        return bool(s.b)
    if s.type == ScalarType.LONG:
        return int(s.i)
    if s.type == ScalarType.COMPLEX128:
        return complex(s.c.r, s.c.i)
    return float(s.r)


def _read_attr(a, blocks):
    t = a.type
    if t == AttrType.INT:
        return a.i
    if t == AttrType.FLOAT:
        return a.f
    if t == AttrType.STRING:
        return a.s
    if t == AttrType.BOOLEAN:
        return a.b
    if t == AttrType.LONG:
        return a.l
    if t == AttrType.FLOAT64:
        return a.float64
    if t == AttrType.BLOCK:
        return blocks[a.block_idx]
    if t == AttrType.BLOCKS:
        return [blocks[i] for i in a.blocks_idx]
    if t == AttrType.VAR:
        return a.var_name
    if t == AttrType.SCALAR:
        return _scalar_value(a.scalar)
    if t == AttrType.SCALARS:
        return [_scalar_value(s) for s in a.scalars]
    field = {AttrType.INTS: "ints", AttrType.FLOATS: "floats", AttrType.STRINGS: "strings",
             AttrType.BOOLEANS: "bools", AttrType.LONGS: "longs", AttrType.FLOAT64S: "float64s",
             AttrType.VARS: "vars_name"}.get(t)
    if field is None:
        raise ValueError(f"unknown attribute type {t} for attribute '{a.name}' in the ProgramDesc")
    return list(getattr(a, field))


def _op_attrs(op):
    """The attributes to write for op: assign_value's typed lists become Paddle 3's `values` SCALARS."""
    attrs = op.all_attrs()
    if op.type == "assign_value" and "values" not in attrs:
        for k in _ASSIGN_VALUE_LISTS:
            if attrs.get(k):
                attrs["values"] = list(attrs[k])
                break
        else:
            attrs["values"] = []
        for k in _ASSIGN_VALUE_LISTS:
            attrs.pop(k, None)
    return attrs


# -- program -> desc --------------------------------------------------------------------------------
def _write_var(d, v, training_info):
    d.name = v.name
    kind = int(v.type)
    d.type.type = kind
    unset = _UNSET_FIELDS.get(v)
    if kind in _TENSOR_KINDS:
        if kind == 7:
            holder = d.type.dense_tensor
            tensor = holder.tensor
        elif kind == 13:
            holder = d.type.tensor_array
            tensor = holder.tensor
        else:
            holder, tensor = None, d.type.selected_rows
        tensor.data_type = v._dtype.proto if v._dtype is not None else _dt.float32.proto
        tensor.dims.extend(int(x) for x in (v._shape or []))
        if holder is not None and not v.persistable and "legacy_lod_level" not in unset:  # unset on parameters
            holder.legacy_lod_level = int(v.lod_level or 0)
    if v.persistable or "persistable" not in unset:
        d.persistable = bool(v.persistable)
    if v.need_check_feed:
        d.need_check_feed = True
    if training_info:
        if v.is_parameter:
            d.is_parameter = True
        d.stop_gradient = bool(v.stop_gradient)


def _write_op(od, op, clip_extra):
    od.type = op.type
    for slot in sorted(op.inputs):
        od.inputs.add(parameter=slot, arguments=list(op.inputs[slot]))
    for slot in sorted(op.outputs):
        od.outputs.add(parameter=slot, arguments=list(op.outputs[slot]))
    attrs = _op_attrs(op)
    known = _READ_TYPES.get(op)
    # sorted by name, as Paddle writes them; an op read from a file keeps the file's order
    order = [n for n in known if n in attrs] + sorted(n for n in attrs if n not in known) if known else sorted(attrs)
    for name in order:
        value = attrs[name]
        if value is None:
            continue  # no "unset" in a ProgramDesc: the op's default applies
        if clip_extra and op.type not in ("feed", "fetch") and name in ("op_callstack", "with_quant_attr"):
            continue
        _write_attr(od, op.type, name, value, known)


def program_to_desc(program, training_info=True, clip_extra=False, tail=()):
    """The ProgramDesc message of `program`.

    training_info=False drops each var's is_parameter/stop_gradient (Paddle's inference files);
    clip_extra drops op_callstack/with_quant_attr; names in `tail` are listed after the sorted vars.
    """
    m = messages()
    desc = m.ProgramDesc()
    for b in program.blocks:
        bd = desc.blocks.add(idx=b.idx, parent_idx=b.parent_idx)
        if b.forward_block_idx != -1:
            bd.forward_block_idx = b.forward_block_idx
        last = [n for n in tail if n in b.vars]
        for name in sorted(n for n in b.vars if n not in last) + last:
            _write_var(bd.vars.add(), b.vars[name], training_info)
        for op in b.ops:
            _write_op(bd.ops.add(), op, clip_extra)
    desc.version.version = PROGRAM_VERSION
    for name in sorted(OP_VERSIONS):
        desc.op_version_map.pair.add(op_name=name).op_version.version = OP_VERSIONS[name]
    return desc


# -- desc -> program --------------------------------------------------------------------------------
def _var_type(kind):
    vt = _VAR_TYPES.get(kind)
    if vt is None:
        name = messages().VarType.Type.Name(kind) if kind in messages().VarType.Type.values() else str(kind)
        vt = _VAR_TYPES[kind] = VarType(name, kind)
    return vt


def _read_var(block, d):
    kind = d.type.type
    shape = dtype = None
    lod_level = 0
    tensor = None
    if kind == 7 and d.type.HasField("dense_tensor"):
        tensor, lod_level = d.type.dense_tensor.tensor, d.type.dense_tensor.legacy_lod_level
    elif kind == 13 and d.type.HasField("tensor_array"):
        tensor, lod_level = d.type.tensor_array.tensor, d.type.tensor_array.legacy_lod_level
    elif kind == 8 and d.type.HasField("selected_rows"):
        tensor = d.type.selected_rows
    unset = frozenset(f for f, missing in (
        ("legacy_lod_level", kind in (7, 13) and tensor is not None and not (
            d.type.dense_tensor if kind == 7 else d.type.tensor_array).HasField("legacy_lod_level")),
        ("persistable", not d.HasField("persistable"))) if missing)
    if tensor is not None:
        shape = [int(x) for x in tensor.dims]
        try:
            dtype = _dt.from_proto(tensor.data_type)
        except KeyError:
            dtype = None  # a data type purepaddle has no array for (fp8, ...): the var keeps no dtype
    vt = _var_type(kind)
    if d.is_parameter and shape is not None and dtype is not None and all(x >= 0 for x in shape):
        v = Parameter(block, shape, dtype, type=vt, name=d.name, trainable=not d.stop_gradient, lod_level=lod_level)
    else:
        v = Variable(block, type=vt, name=d.name, shape=shape, dtype=dtype, lod_level=lod_level,
                     persistable=d.persistable, stop_gradient=d.stop_gradient, need_check_feed=d.need_check_feed)
    if unset:
        _UNSET_FIELDS.set(v, unset)
    return v


def desc_to_program(desc):
    """A Program rebuilt from a ProgramDesc message (every block, var and op; attrs as Python values)."""
    p = Program()
    p.blocks = [Block(p, bd.idx, bd.parent_idx) for bd in desc.blocks] or [Block(p, 0)]
    for b, bd in zip(p.blocks, desc.blocks):
        b.forward_block_idx = bd.forward_block_idx
        if 0 <= bd.forward_block_idx < len(p.blocks):
            p.blocks[bd.forward_block_idx].backward_block_idx = b.idx
    for b, bd in zip(p.blocks, desc.blocks):
        for vd in bd.vars:
            _read_var(b, vd)
        for od in bd.ops:
            attrs, fw, types = {}, {}, {}
            for a in od.attrs:
                (fw if a.name in FRAMEWORK_ATTRS else attrs)[a.name] = _read_attr(a, p.blocks)
                types[a.name] = a.type
            op = Operator(b, od.type, {v.parameter: list(v.arguments) for v in od.inputs},
                          {v.parameter: list(v.arguments) for v in od.outputs}, attrs, fw)
            _READ_TYPES[op] = types
            b.ops.append(op)
    p._version += 1
    return p


def copy_read_info(src, dst):
    """Let dst (a copy of the op or var src) be written as src was read (attribute types, unset lod level)."""
    t = _READ_TYPES.get(src) if isinstance(src, Operator) else None
    if t is not None:
        _READ_TYPES[dst] = t
    if isinstance(src, Variable) and _UNSET_FIELDS.get(src):
        _UNSET_FIELDS.set(dst, _UNSET_FIELDS.get(src))
