"""Data types as a PIR program names them: type tags (`t_f32`) and attribute names (`float32`) <-> DType."""
from ..._core import dtype as _dt

__all__ = ["dtype_of_tag", "tag_of_dtype", "dtype_of_name", "name_of_dtype"]

_TAGS = {"t_f16": "float16", "t_bf16": "bfloat16", "t_f32": "float32", "t_f64": "float64", "t_i8": "int8",
         "t_ui8": "uint8", "t_i16": "int16", "t_i32": "int32", "t_i64": "int64", "t_bool": "bool",
         "t_c64": "complex64", "t_c128": "complex128"}
_TAG_OF = {v: k for k, v in _TAGS.items()}


def dtype_of_name(name):
    """The DType of a PIR dtype attribute (`float32`, `int64`, ...)."""
    return _dt.convert_dtype(name)


def name_of_dtype(dtype):
    """The PIR dtype attribute of a DType or a VarType proto int."""
    if not isinstance(dtype, _dt.DType):
        dtype = _dt.from_proto(int(dtype)) if isinstance(dtype, int) else _dt.convert_dtype(dtype)
    return dtype.name


def dtype_of_tag(tag):
    """The DType of a PIR type tag (`t_f32`); None for a type purepaddle has no array for."""
    name = _TAGS.get(tag)
    return None if name is None else _dt.convert_dtype(name)


def tag_of_dtype(dtype):
    return _TAG_OF[name_of_dtype(dtype)]
