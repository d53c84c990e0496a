"""Protobuf text format of ProgramDesc parts (what Program/Block/Variable.to_string print)."""
from .._core import dtype as _dt

PROGRAM_VERSION = 3003001

_PROTO_DTYPE = {"bool": "BOOL", "int16": "INT16", "int32": "INT32", "int64": "INT64", "float16": "FP16",
                "float32": "FP32", "float64": "FP64", "uint8": "UINT8", "int8": "INT8", "bfloat16": "BF16",
                "complex64": "COMPLEX64", "complex128": "COMPLEX128"}


def _ind(n):
    return "  " * n


def _q(s):
    return '"' + str(s).replace("\\", "\\\\").replace('"', '\\"') + '"'


def var_text(v, n, with_details=False):
    """A VarDesc message body at indent level n."""
    i = _ind(n)
    s = f"{i}name: {_q(v.name)}\n{i}type {{\n{i}  type: {v.type.name}\n"
    if v.type.name in ("DENSE_TENSOR", "SELECTED_ROWS"):
        s += f"{i}  dense_tensor {{\n{i}    tensor {{\n{i}      data_type: {_PROTO_DTYPE[v.dtype.name]}\n"
        for d in v.shape:
            s += f"{i}      dims: {d}\n"
        s += f"{i}    }}\n"
        if not v.persistable:
            s += f"{i}    legacy_lod_level: {v.lod_level}\n"
        s += f"{i}  }}\n"
    s += f"{i}}}\n{i}persistable: {str(v.persistable).lower()}\n"
    if v.need_check_feed:
        s += f"{i}need_check_feed: true\n"
    if v.is_parameter:
        s += f"{i}is_parameter: true\n"
    s += f"{i}stop_gradient: {str(bool(v.stop_gradient)).lower()}\n"
    if with_details:
        s += f"{i}error_clip: None\n"
    return s


def _attr_text(name, value, n):
    i = _ind(n)
    s = f"{i}attrs {{\n{i}  name: {_q(name)}\n"
    if isinstance(value, bool):
        s += f"{i}  type: BOOLEAN\n{i}  b: {str(value).lower()}\n"
    elif isinstance(value, int):
        s += f"{i}  type: {'LONG' if abs(value) >= 2 ** 31 else 'INT'}\n{i}  {'l' if abs(value) >= 2 ** 31 else 'i'}: {value}\n"
    elif isinstance(value, float):
        s += f"{i}  type: FLOAT\n{i}  f: {value:g}\n"
    elif isinstance(value, str):
        s += f"{i}  type: STRING\n{i}  s: {_q(value)}\n"
    elif isinstance(value, _dt.DType):
        s += f"{i}  type: INT\n{i}  i: {value.proto}\n"
    elif hasattr(value, "ops") and hasattr(value, "parent_idx"):  # a Block: a control-flow op's sub_block
        s += f"{i}  type: BLOCK\n{i}  block_idx: {value.idx}\n"
    elif isinstance(value, (list, tuple)):
        if all(isinstance(x, str) for x in value):
            s += f"{i}  type: STRINGS\n" + "".join(f"{i}  strings: {_q(x)}\n" for x in value)
        elif all(isinstance(x, bool) for x in value):
            s += f"{i}  type: BOOLEANS\n" + "".join(f"{i}  bools: {str(x).lower()}\n" for x in value)
        elif all(isinstance(x, int) for x in value):
            s += f"{i}  type: INTS\n" + "".join(f"{i}  ints: {x}\n" for x in value)
        else:
            s += f"{i}  type: FLOATS\n" + "".join(f"{i}  floats: {float(x):g}\n" for x in value)
    else:
        s += f"{i}  type: STRING\n{i}  s: {_q(value)}\n"
    return s + f"{i}}}\n"


def op_text(op, n):
    """An OpDesc message body at indent level n."""
    i = _ind(n)
    s = ""
    for kind, slots in (("inputs", op.inputs), ("outputs", op.outputs)):
        for slot in sorted(slots):
            s += f"{i}{kind} {{\n{i}  parameter: {_q(slot)}\n"
            s += "".join(f"{i}  arguments: {_q(a)}\n" for a in slots[slot])
            s += f"{i}}}\n"
    s += f"{i}type: {_q(op.type)}\n"
    attrs = op.all_attrs()
    for k in sorted(attrs):
        s += _attr_text(k, attrs[k], n)
    return s


def block_text(b, n, with_details=False):
    """A BlockDesc message body at indent level n (vars sorted by name, as the C++ desc keeps them)."""
    i = _ind(n)
    s = f"{i}idx: {b.idx}\n{i}parent_idx: {b.parent_idx}\n"
    if b.forward_block_idx != -1:
        s += f"{i}forward_block_idx: {b.forward_block_idx}\n"
    vs = list(b.vars.values()) if with_details else sorted(b.vars.values(), key=lambda v: v.name)
    for v in vs:
        s += f"{i}vars {{\n{var_text(v, n + 1, with_details)}{i}}}\n"
    for op in b.ops:
        s += f"{i}ops {{\n{op_text(op, n + 1)}{i}}}\n"
    return s


def program_text(p, with_details=False):
    """The ProgramDesc message."""
    s = "".join(f"blocks {{\n{block_text(b, 1, with_details)}}}\n" for b in p.blocks)
    return s + f"version {{\n  version: {PROGRAM_VERSION}\n}}\nop_version_map {{\n}}\n"
