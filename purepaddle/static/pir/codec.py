"""The PIR program JSON (`model.json` of Paddle 3) <-> an in-memory program of plain records.

Paddle 3.x serializes a PIR program as JSON: a `base_code` header (`magic` "pir", `version` the PIR
serialization version, `trainable`), then `program.regions[0].blocks[0]` with its ops. Every op is
`{"#": name, "I": [operand ids], "O": [results], "A": [attributes], "OA": [result attributes]}` (plus
`"regions"` for control flow); names are compressed as `<dialect id>.<op>` (`1.conv2d` is
`pd_op.conv2d`) and the parameter op as `"p"` with positional attributes. A value is an integer id
(`%`, 0 for a null value) with a type (`TT`): `t_dtensor` [dtype, dims, layout, lod, offset],
`t_vec` [types], scalar types `t_f32`, `t_i64`, ... An attribute is `{"#": kind, "D": data}`
(`a_bool`, `a_i32`, `a_i64`, `a_f32`, `a_f64`, `a_str`, `a_array`, `a_intarray`, `a_dtype`,
`a_place`, ...). This module only parses and prints that text; `reader.py` / `writer.py` translate.
"""
import json

from .dtypes import dtype_of_tag, name_of_dtype

__all__ = ["PIR_VERSIONS", "PIR_VERSION", "TensorType", "VectorType", "Attr", "PirOp", "PirBlock", "PirRegion",
           "PirProgram", "parse_program", "dump_program", "NULL_VALUE"]

# PIR serialization versions written by Paddle 3.0 (1), 3.1 (2), 3.2 (3) and 3.3 (4): the patches between
# them (paddle/fluid/pir/serialize_deserialize/patch/*.yaml) change attribute types (int32 -> int64,
# float -> double) or add attributes with defaults, which a reader taking attributes by value absorbs
PIR_VERSIONS = (1, 2, 3, 4)
PIR_VERSION = 4  # what we write: Paddle 3.3's
NULL_VALUE = 0

# dialect ids of compressed names (`1.conv2d`); Paddle's DialectIdMap
_DIALECTS = {"0": "builtin", "1": "pd_op", "2": "cf", "3": "custom_op", "4": "pd_dist"}
_DIALECT_IDS = {v: k for k, v in _DIALECTS.items()}


class TensorType:
    """`t_dtensor`: dtype (`t_f32` ...: kept as Paddle's tag), dims, layout, lod and offset."""

    __slots__ = ("dtype", "dims", "layout", "lod", "offset")

    def __init__(self, dtype, dims, layout="NCHW", lod=(), offset=0):
        self.dtype, self.dims, self.layout, self.lod, self.offset = dtype, list(dims), layout, list(lod), offset

    @property
    def dtype_name(self):
        """The dtype as PIR attributes name it (`float32`)."""
        return name_of_dtype(dtype_of_tag(self.dtype))

    def __repr__(self):
        return f"TensorType({self.dtype}, {self.dims})"


class VectorType:
    """`t_vec`: the types of a vector value (builtin.combine's result, split's outputs)."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = list(items)

    def __repr__(self):
        return f"VectorType({self.items})"


class Attr:
    """An attribute as the file types it: kind (`a_i32`, `a_array`, `a_intarray`, ...) and data (for an
    `a_array`, a list of Attr)."""

    __slots__ = ("kind", "data", "dialect")

    def __init__(self, kind, data, dialect="0"):
        self.kind, self.data, self.dialect = kind, data, dialect

    def plain(self):
        """The attribute as a plain Python value (lists for arrays)."""
        if self.kind == "a_array":
            return [a.plain() for a in self.data]
        return self.data

    def __repr__(self):
        return f"Attr({self.kind}, {self.data!r})"


class PirOp:
    """One operation: its name (`pd_op.conv2d`), operand ids, results [(id, type)], attributes
    {name: Attr} in file order, result attributes {name: Attr} and regions."""

    __slots__ = ("name", "operands", "results", "attrs", "result_attrs", "regions")

    def __init__(self, name, operands=(), results=(), attrs=None, result_attrs=None, regions=()):
        self.name, self.operands, self.results = name, list(operands), list(results)
        self.attrs = dict(attrs or {})
        self.result_attrs = dict(result_attrs or {})
        self.regions = list(regions)

    def attr(self, name, default=None):
        a = self.attrs.get(name)
        return default if a is None else a.plain()

    def __repr__(self):
        return f"PirOp({self.name}, {self.operands} -> {[r[0] for r in self.results]})"


class PirBlock:
    __slots__ = ("args", "kwargs", "ops")

    def __init__(self, args=(), ops=(), kwargs=()):
        self.args, self.ops, self.kwargs = list(args), list(ops), list(kwargs)


class PirRegion:
    __slots__ = ("blocks",)

    def __init__(self, blocks=()):
        self.blocks = list(blocks)


class PirProgram:
    """A parsed program: its top block, the file's version and trainable flag."""

    __slots__ = ("block", "version", "trainable")

    def __init__(self, block, version=PIR_VERSION, trainable=True):
        self.block, self.version, self.trainable = block, version, trainable


# -- reading ------------------------------------------------------------------------------------------------
def _split_tag(tag):
    dialect, _, kind = tag.partition(".")
    return (dialect, kind) if kind else ("0", tag)


def _op_name(tag):
    dialect, _, op = tag.partition(".")
    if not op:
        return tag
    return f"{_DIALECTS.get(dialect, dialect)}.{op}"


def parse_type(j):
    """A TensorType, a VectorType, a scalar dtype tag (`t_f32`) or None (a null type)."""
    if j is None:
        return None
    _, kind = _split_tag(j["#"])
    if kind == "t_dtensor":
        d = j["D"]
        return TensorType(_split_tag(d[0]["#"])[1], d[1], d[2] if len(d) > 2 else "NCHW",
                          d[3] if len(d) > 3 else [], d[4] if len(d) > 4 else 0)
    if kind == "t_vec":
        return VectorType(parse_type(t) for t in j["D"])
    if kind == "NULL":
        return None
    if "D" in j:
        raise ValueError(f"the PIR type '{j['#']}' is not supported")
    return kind


def parse_attr(j):
    dialect, kind = _split_tag(j["#"])
    data = j.get("D")
    if kind == "a_array":
        data = [parse_attr(a) for a in data]
    return Attr(kind, data, dialect)


def _parse_op(j):
    if j["#"] == "p":  # the parameter op, compressed to positional fields
        a = j["A"]
        res = j["O"]
        oa = j.get("OA") or []
        result_attrs = {n: Attr("a_bool", bool(v)) for n, v in zip(("persistable", "stop_gradient", "trainable"), oa)}
        attrs = {"parameter_name": Attr("a_str", a[3]), "is_distributed": Attr("a_bool", bool(a[0])),
                 "is_parameter": Attr("a_bool", bool(a[1])), "need_clip": Attr("a_bool", bool(a[2]))}
        return PirOp("builtin.parameter", (), [(res["%"], parse_type(res.get("TT")))], attrs, result_attrs)
    attrs = {a["N"]: parse_attr(a["AT"]) for a in j.get("A", [])}
    result_attrs = {a["N"]: parse_attr(a["AT"]) for a in j.get("OA", [])}
    regions = [PirRegion(_parse_block(b) for b in r["blocks"]) for r in j.get("regions", [])]
    return PirOp(_op_name(j["#"]), [o["%"] for o in j.get("I", [])],
                 [(o["%"], parse_type(o.get("TT"))) for o in j.get("O", [])], attrs, result_attrs, regions)


def _parse_block(j):
    args = [(a["#"], parse_type(a.get("TT"))) for a in j.get("args", [])]
    kwargs = [(a["key"], a["#"], parse_type(a.get("TT"))) for a in j.get("kwargs", [])]
    return PirBlock(args, [_parse_op(o) for o in j.get("ops", [])], kwargs)


def parse_program(text, where="<memory>"):
    """The PirProgram of a `model.json` text (ValueError naming `where` for other data or versions)."""
    try:
        j = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise ValueError(f"{where} is not a PIR program (model.json): {e}") from None
    head = j.get("base_code") if isinstance(j, dict) else None
    if not isinstance(head, dict) or head.get("magic") != "pir":
        raise ValueError(f"{where} is not a PIR program (model.json): no base_code header with magic 'pir'")
    version = head.get("version")
    if version not in PIR_VERSIONS:
        raise ValueError(f"{where} is a PIR program of version {version}; purepaddle reads the versions "
                         f"{list(PIR_VERSIONS)} (written by Paddle 3.0-3.3)")
    regions = j["program"]["regions"]
    if len(regions) != 1 or not regions[0]["blocks"]:
        raise ValueError(f"{where}: a PIR program has one region with one block, but this file has "
                         f"{len(regions)} regions")
    return PirProgram(_parse_block(regions[0]["blocks"][0]), version, bool(head.get("trainable", True)))


# -- writing ------------------------------------------------------------------------------------------------
def _tag(name):
    dialect, _, op = name.partition(".")
    return f"{_DIALECT_IDS[dialect]}.{op}" if dialect in _DIALECT_IDS else name


def dump_type(t):
    if t is None:
        return {"#": "NULL"}  # the schema's NULL_TYPE
    if isinstance(t, VectorType):
        return {"#": "0.t_vec", "D": [dump_type(x) for x in t.items]}
    if isinstance(t, TensorType):
        return {"#": "0.t_dtensor", "D": [{"#": "0." + t.dtype}, list(t.dims), t.layout, list(t.lod), t.offset]}
    return {"#": "0." + t}


def dump_attr(a):
    data = [dump_attr(x) for x in a.data] if a.kind == "a_array" else a.data
    return {"#": f"{a.dialect}.{a.kind}", "D": data}


def _dump_op(op):
    if op.name == "builtin.parameter":
        (vid, t), = op.results
        ra = op.result_attrs
        return {"#": "p", "A": [int(op.attr("is_distributed", False)), int(op.attr("is_parameter", True)),
                                int(op.attr("need_clip", True)), op.attr("parameter_name")],
                "DA": [], "O": {"%": vid, "TT": dump_type(t)},
                "OA": [int(bool(ra[n].plain())) if n in ra else d
                       for n, d in (("persistable", 1), ("stop_gradient", 0), ("trainable", 1))], "QA": []}
    j = {"#": _tag(op.name), "A": [{"AT": dump_attr(a), "N": n} for n, a in op.attrs.items()],
         "I": [{"%": i} for i in op.operands], "O": [{"%": i, "TT": dump_type(t)} for i, t in op.results],
         "OA": [{"AT": dump_attr(a), "N": n} for n, a in op.result_attrs.items()]}
    if op.regions:
        j["regions"] = [{"#": f"region_{k}", "blocks": [_dump_block(b, f"block_{k}_{i}") for i, b in
                                                          enumerate(r.blocks)]} for k, r in enumerate(op.regions)]
    return j


def _dump_block(b, name):
    j = {"#": name, "args": [{"#": i, "TT": dump_type(t)} for i, t in b.args], "ops": [_dump_op(o) for o in b.ops]}
    if b.kwargs:
        j["kwargs"] = [{"#": i, "TT": dump_type(t), "key": k} for k, i, t in b.kwargs]
    return j


def dump_program(program):
    """The `model.json` text of a PirProgram (compact, as Paddle writes it)."""
    j = {"base_code": {"magic": "pir", "trainable": bool(program.trainable), "version": int(program.version)},
         "program": {"regions": [{"#": "region_0", "blocks": [_dump_block(program.block, "block_0")]}]}}
    return json.dumps(j, separators=(",", ":"))
