"""Paddle's ProgramDesc protobuf messages (legacy IR `.pdmodel`), built at run time from a descriptor.

The schema follows PADDLE_REFERENCE §3.3 (proto2, package `paddle.framework.proto`): field numbers,
labels and defaults are what real Paddle writes, so the wire bytes are interchangeable. No `.proto`
file and no protoc step: the FileDescriptorProto is assembled here and turned into message classes
with `message_factory`. protobuf is an optional dependency (`pip install purepaddle[model]`) and is
imported only when a model file is read or written.
"""
import functools

__all__ = ["messages", "AttrType", "ScalarType"]

PACKAGE = "paddle.framework.proto"


class AttrType:
    """OpDesc.Attr.type values."""

    INT, FLOAT, STRING, INTS, FLOATS, STRINGS, BOOLEAN, BOOLEANS, BLOCK, LONG = range(10)
    BLOCKS, LONGS, FLOAT64S, VAR, VARS, FLOAT64, SCALAR, SCALARS = range(10, 18)


class ScalarType:
    """Scalar.type values (the elements of SCALAR/SCALARS attributes)."""

    BOOLEAN, LONG, FLOAT64, COMPLEX128 = 1, 2, 3, 4


_ATTR_TYPE_NAMES = ("INT", "FLOAT", "STRING", "INTS", "FLOATS", "STRINGS", "BOOLEAN", "BOOLEANS", "BLOCK", "LONG",
                    "BLOCKS", "LONGS", "FLOAT64S", "VAR", "VARS", "FLOAT64", "SCALAR", "SCALARS")

# VarType.Type: data types, then variable kinds
_VAR_TYPE_VALUES = (("BOOL", 0), ("INT16", 1), ("INT32", 2), ("INT64", 3), ("FP16", 4), ("FP32", 5), ("FP64", 6),
                    ("SIZE_T", 19), ("UINT8", 20), ("INT8", 21), ("BF16", 22), ("COMPLEX64", 23), ("COMPLEX128", 24),
                    ("FP8_E4M3FN", 32), ("FP8_E5M2", 33), ("UINT16", 36), ("UINT32", 37), ("UINT64", 38),
                    ("DENSE_TENSOR", 7), ("SELECTED_ROWS", 8), ("FEED_MINIBATCH", 9), ("FETCH_LIST", 10),
                    ("STEP_SCOPES", 11), ("LOD_RANK_TABLE", 12), ("DENSE_TENSOR_ARRAY", 13), ("PLACE_LIST", 14),
                    ("READER", 15), ("RAW", 17), ("TUPLE", 18), ("STRING", 25), ("STRINGS", 26), ("VOCAB", 27),
                    ("FEED_LIST", 28), ("PSTRING", 29), ("SPARSE_COO", 30), ("SPARSE_CSR", 31))

# field specs: (name, number, label, type, type_name or None, default or None)
_OPT, _REQ, _REP = "LABEL_OPTIONAL", "LABEL_REQUIRED", "LABEL_REPEATED"


def _msg(name, fields, nested=(), enums=()):
    return {"name": name, "fields": fields, "nested": nested, "enums": enums}


def _schema():
    """The message layout of framework.proto (only what ProgramDesc files need)."""
    p = "." + PACKAGE
    tensor_desc = f"{p}.VarType.TensorDesc"
    scalar = _msg("Scalar", [
        ("type", 1, _REQ, "TYPE_ENUM", f"{p}.Scalar.Type", None),
        ("b", 2, _OPT, "TYPE_BOOL", None, None),
        ("i", 3, _OPT, "TYPE_INT64", None, None),
        ("r", 4, _OPT, "TYPE_DOUBLE", None, None),
        ("c", 5, _OPT, "TYPE_MESSAGE", f"{p}.Complex", None),
    ], enums=[("Type", [("BOOLEAN", 1), ("LONG", 2), ("FLOAT64", 3), ("COMPLEX128", 4)])])
    attr = _msg("Attr", [
        ("name", 1, _REQ, "TYPE_STRING", None, None),
        ("type", 2, _REQ, "TYPE_ENUM", f"{p}.AttrType", None),
        ("i", 3, _OPT, "TYPE_INT32", None, None),
        ("f", 4, _OPT, "TYPE_FLOAT", None, None),
        ("s", 5, _OPT, "TYPE_STRING", None, None),
        ("ints", 6, _REP, "TYPE_INT32", None, None),
        ("floats", 7, _REP, "TYPE_FLOAT", None, None),
        ("strings", 8, _REP, "TYPE_STRING", None, None),
        ("b", 10, _OPT, "TYPE_BOOL", None, None),
        ("bools", 11, _REP, "TYPE_BOOL", None, None),
        ("block_idx", 12, _OPT, "TYPE_INT32", None, None),
        ("l", 13, _OPT, "TYPE_INT64", None, None),
        ("blocks_idx", 14, _REP, "TYPE_INT32", None, None),
        ("longs", 15, _REP, "TYPE_INT64", None, None),
        ("float64s", 16, _REP, "TYPE_DOUBLE", None, None),
        ("var_name", 17, _OPT, "TYPE_STRING", None, None),
        ("vars_name", 18, _REP, "TYPE_STRING", None, None),
        ("float64", 19, _OPT, "TYPE_DOUBLE", None, None),
        ("scalar", 20, _OPT, "TYPE_MESSAGE", f"{p}.Scalar", None),
        ("scalars", 21, _REP, "TYPE_MESSAGE", f"{p}.Scalar", None),
    ])
    op_var = _msg("Var", [
        ("parameter", 1, _REQ, "TYPE_STRING", None, None),
        ("arguments", 2, _REP, "TYPE_STRING", None, None),
    ])
    op_desc = _msg("OpDesc", [
        ("inputs", 1, _REP, "TYPE_MESSAGE", f"{p}.OpDesc.Var", None),
        ("outputs", 2, _REP, "TYPE_MESSAGE", f"{p}.OpDesc.Var", None),
        ("type", 3, _REQ, "TYPE_STRING", None, None),
        ("attrs", 4, _REP, "TYPE_MESSAGE", f"{p}.OpDesc.Attr", None),
        ("is_target", 5, _OPT, "TYPE_BOOL", None, "false"),
    ], nested=[attr, op_var])
    lod_desc = [("tensor", 1, _REQ, "TYPE_MESSAGE", tensor_desc, None),
                ("legacy_lod_level", 2, _OPT, "TYPE_INT32", None, "0")]
    var_type = _msg("VarType", [
        ("type", 1, _REQ, "TYPE_ENUM", f"{p}.VarType.Type", None),
        ("selected_rows", 2, _OPT, "TYPE_MESSAGE", tensor_desc, None),
        ("dense_tensor", 3, _OPT, "TYPE_MESSAGE", f"{p}.VarType.DenseTensorDesc", None),
        ("tensor_array", 4, _OPT, "TYPE_MESSAGE", f"{p}.VarType.DenseTensorArrayDesc", None),
        ("reader", 5, _OPT, "TYPE_MESSAGE", f"{p}.VarType.ReaderDesc", None),
        ("tuple", 7, _OPT, "TYPE_MESSAGE", f"{p}.VarType.Tuple", None),
        ("string", 8, _OPT, "TYPE_MESSAGE", tensor_desc, None),
        ("strings", 9, _OPT, "TYPE_MESSAGE", tensor_desc, None),
        ("vocab", 10, _OPT, "TYPE_MESSAGE", tensor_desc, None),
        ("sparse_coo", 11, _OPT, "TYPE_MESSAGE", tensor_desc, None),
        ("sparse_csr", 12, _OPT, "TYPE_MESSAGE", tensor_desc, None),
    ], nested=[
        _msg("TensorDesc", [("data_type", 1, _REQ, "TYPE_ENUM", f"{p}.VarType.Type", None),
                            ("dims", 2, _REP, "TYPE_INT64", None, None)]),
        _msg("DenseTensorDesc", lod_desc),
        _msg("DenseTensorArrayDesc", lod_desc),
        _msg("ReaderDesc", [("dense_tensor", 1, _REP, "TYPE_MESSAGE", f"{p}.VarType.DenseTensorDesc", None)]),
        _msg("Tuple", [("element_type", 1, _REP, "TYPE_ENUM", f"{p}.VarType.Type", None)]),
    ], enums=[("Type", list(_VAR_TYPE_VALUES))])
    var_attr = _msg("Attr", [
        ("name", 1, _REQ, "TYPE_STRING", None, None),
        ("type", 2, _REQ, "TYPE_ENUM", f"{p}.AttrType", None),
        ("i", 3, _OPT, "TYPE_INT32", None, None),
        ("s", 4, _OPT, "TYPE_STRING", None, None),
        ("ints", 5, _REP, "TYPE_INT32", None, None),
    ])
    var_desc = _msg("VarDesc", [
        ("name", 1, _REQ, "TYPE_STRING", None, None),
        ("type", 2, _REQ, "TYPE_MESSAGE", f"{p}.VarType", None),
        ("persistable", 3, _OPT, "TYPE_BOOL", None, "false"),
        ("need_check_feed", 4, _OPT, "TYPE_BOOL", None, "false"),
        ("is_parameter", 5, _OPT, "TYPE_BOOL", None, "false"),
        ("stop_gradient", 6, _OPT, "TYPE_BOOL", None, "false"),
        ("attrs", 7, _REP, "TYPE_MESSAGE", f"{p}.VarDesc.Attr", None),
    ], nested=[var_attr])
    block_desc = _msg("BlockDesc", [
        ("idx", 1, _REQ, "TYPE_INT32", None, None),
        ("parent_idx", 2, _REQ, "TYPE_INT32", None, None),
        ("vars", 3, _REP, "TYPE_MESSAGE", f"{p}.VarDesc", None),
        ("ops", 4, _REP, "TYPE_MESSAGE", f"{p}.OpDesc", None),
        ("forward_block_idx", 5, _OPT, "TYPE_INT32", None, "-1"),
    ])
    return [
        _msg("Version", [("version", 1, _OPT, "TYPE_INT64", None, "0")]),
        _msg("Complex", [("r", 1, _REQ, "TYPE_DOUBLE", None, None), ("i", 2, _REQ, "TYPE_DOUBLE", None, None)]),
        scalar, op_desc, var_type, var_desc, block_desc,
        _msg("OpVersion", [("version", 1, _REQ, "TYPE_INT32", None, None)]),
        _msg("OpVersionMap", [("pair", 1, _REP, "TYPE_MESSAGE", f"{p}.OpVersionMap.OpVersionPair", None)],
             nested=[_msg("OpVersionPair", [("op_name", 1, _REQ, "TYPE_STRING", None, None),
                                            ("op_version", 2, _REQ, "TYPE_MESSAGE", f"{p}.OpVersion", None)])]),
        _msg("ProgramDesc", [
            ("blocks", 1, _REP, "TYPE_MESSAGE", f"{p}.BlockDesc", None),
            ("version", 4, _OPT, "TYPE_MESSAGE", f"{p}.Version", None),
            ("op_version_map", 5, _OPT, "TYPE_MESSAGE", f"{p}.OpVersionMap", None),
        ]),
    ]


def _fill(proto, spec, descriptor_pb2):
    proto.name = spec["name"]
    F = descriptor_pb2.FieldDescriptorProto
    for name, number, label, ftype, type_name, default in spec["fields"]:
        f = proto.field.add(name=name, number=number, label=getattr(F, label), type=getattr(F, ftype))
        if type_name:
            f.type_name = type_name
        if default is not None:
            f.default_value = default
    for ename, values in spec["enums"]:
        e = proto.enum_type.add(name=ename)
        for vname, vnum in values:
            e.value.add(name=vname, number=vnum)
    for sub in spec["nested"]:
        _fill(proto.nested_type.add(), sub, descriptor_pb2)


def _import_protobuf():
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError as e:
        raise ImportError("Reading or writing Paddle model files (.pdmodel ProgramDesc) needs the protobuf "
                          "package: pip install purepaddle[model]") from e
    return descriptor_pb2, descriptor_pool, message_factory


class _Messages:
    """The message classes by name (ProgramDesc, BlockDesc, VarDesc, VarType, OpDesc, Scalar, ...)."""

    def __init__(self, classes):
        self.__dict__.update(classes)


@functools.lru_cache(maxsize=1)
def messages():
    """The ProgramDesc message classes, built once (ImportError naming `purepaddle[model]` without protobuf).

    Examples:
        .. code-block:: python

            >>> from purepaddle.static.framework_proto import messages
            >>> m = messages()
            >>> desc = m.ProgramDesc()
            >>> desc.version.version = 3003001
            >>> m.ProgramDesc.FromString(desc.SerializeToString()).version.version
            3003001
    """
    descriptor_pb2, descriptor_pool, message_factory = _import_protobuf()
    fd = descriptor_pb2.FileDescriptorProto(name="purepaddle/framework.proto", package=PACKAGE, syntax="proto2")
    e = fd.enum_type.add(name="AttrType")
    for i, n in enumerate(_ATTR_TYPE_NAMES):
        e.value.add(name=n, number=i)
    for spec in _schema():
        _fill(fd.message_type.add(), spec, descriptor_pb2)
    pool = descriptor_pool.DescriptorPool()  # private: never clashes with another copy of the schema
    pool.AddSerializedFile(fd.SerializeToString())
    fdesc = pool.FindFileByName(fd.name)
    get = getattr(message_factory, "GetMessageClass", None)
    classes = {}

    def collect(desc, prefix=""):
        cls = get(desc) if get else message_factory.MessageFactory(pool).GetPrototype(desc)
        classes[prefix + desc.name] = cls
        for sub in desc.nested_types:
            collect(sub, prefix + desc.name + "_")

    for desc in fdesc.message_types_by_name.values():
        collect(desc)
    return _Messages(classes)
