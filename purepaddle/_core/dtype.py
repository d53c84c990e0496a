"""Paddle dtypes, their numpy twins, and Paddle's promotion rules."""

from __future__ import annotations

import numpy as np

try:  # bfloat16 is optional: ml_dtypes provides a numpy dtype for it
    import ml_dtypes as _ml_dtypes
    _BF16 = np.dtype(_ml_dtypes.bfloat16)
    _F8E4 = np.dtype(_ml_dtypes.float8_e4m3fn)
    _F8E5 = np.dtype(_ml_dtypes.float8_e5m2)
except ImportError:  # pragma: no cover - depends on the environment
    _BF16 = _F8E4 = _F8E5 = None
# ml_dtypes' low-precision floats (numpy kind 'V') that purepaddle treats as floating
_ML_FLOATS = tuple(d for d in (_BF16, _F8E4, _F8E5) if d is not None)
ML_FLOAT8 = tuple(d for d in (_F8E4, _F8E5) if d is not None)


class DType:
    """A Paddle data type: `paddle.float32` and friends."""

    __slots__ = ("name", "np_dtype", "proto", "is_floating", "is_complex", "is_integer", "itemsize", "declared")

    def __init__(self, name, np_dtype, proto):
        self.name = name
        self.np_dtype = np_dtype
        self.proto = proto  # VarType enum value written into ProgramDesc files
        self.declared = False  # True for the names Paddle declares without a tensor of their own
        kind = np_dtype.kind if np_dtype is not None else "f"
        self.is_floating = kind == "f" or name in ("bfloat16", "float8_e4m3fn", "float8_e5m2")
        self.is_complex = kind == "c"
        self.is_integer = kind in "iu"
        self.itemsize = np_dtype.itemsize if np_dtype is not None else (1 if name.startswith("float8") else 2)

    def __repr__(self):
        return "paddle." + self.name

    __str__ = __repr__

    def __eq__(self, other):
        if isinstance(other, DType):
            return self is other
        if isinstance(other, str) and other.lower().replace("paddle.", "") == self.name:
            return True
        try:
            return convert_dtype(other) is self
        except (TypeError, ValueError):
            return False

    def __hash__(self):
        return hash(self.name)

    def __reduce__(self):
        return (convert_dtype, (self.name,))


bool_ = DType("bool", np.dtype(np.bool_), 0)
int16 = DType("int16", np.dtype(np.int16), 1)
int32 = DType("int32", np.dtype(np.int32), 2)
int64 = DType("int64", np.dtype(np.int64), 3)
float16 = DType("float16", np.dtype(np.float16), 4)
float32 = DType("float32", np.dtype(np.float32), 5)
float64 = DType("float64", np.dtype(np.float64), 6)
uint8 = DType("uint8", np.dtype(np.uint8), 20)
int8 = DType("int8", np.dtype(np.int8), 21)
bfloat16 = DType("bfloat16", _BF16, 22)
complex64 = DType("complex64", np.dtype(np.complex64), 23)
complex128 = DType("complex128", np.dtype(np.complex128), 24)
float8_e4m3fn = DType("float8_e4m3fn", _F8E4, 32)
float8_e5m2 = DType("float8_e5m2", _F8E5, 33)

ALL = (bool_, int16, int32, int64, float16, float32, float64, uint8, int8, bfloat16, complex64, complex128,
       float8_e4m3fn, float8_e5m2)
_BY_NAME = {d.name: d for d in ALL}
_BY_NAME.update({"float": float32, "double": float64, "half": float16, "int": int64, "long": int64,
                 "fp16": float16, "fp32": float32, "fp64": float64, "bf16": bfloat16})
_BY_PROTO = {d.proto: d for d in ALL}

# Names Paddle 3.3.1 declares but gives no tensor of their own. paddle.uint16 is the storage name of bfloat16
# (a cast or creation with it makes a bfloat16 tensor, yet it compares unequal to paddle.bfloat16);
# uint32/uint64 are dtypes no CPU kernel takes (Paddle: "Not supported numpy dtype uint32"); pstring and raw
# (Paddle's UNDEFINED) have no tensor kernel either.
uint16 = DType("uint16", np.dtype(np.uint16), 36)
uint32 = DType("uint32", np.dtype(np.uint32), 37)
uint64 = DType("uint64", np.dtype(np.uint64), 38)
pstring = DType("pstring", np.dtype(object), 25)
raw = DType("raw", np.dtype(object), 17)
pstring.is_floating = raw.is_floating = False
for _d in (uint16, uint32, uint64, pstring, raw):
    _d.declared = True
_STORAGE_ALIAS = {uint16: bfloat16}
_NO_TENSOR = {"uint32": uint32, "uint64": uint64, "pstring": pstring, "raw": raw}
_DECLARED_PROTO = {d.proto: d.name for d in (uint16, uint32, uint64, pstring, raw)}
# numpy dtype -> DType; the hot path (Tensor.dtype) looks up here
_BY_NP = {d.np_dtype: d for d in ALL if d.np_dtype is not None}


def from_numpy(np_dtype):
    """DType of a numpy dtype; raises TypeError for dtypes Paddle lacks."""
    try:
        return _BY_NP[np_dtype]
    except KeyError:
        raise TypeError(f"numpy dtype {np_dtype} has no Paddle equivalent") from None


def from_proto(value):
    """DType of a ProgramDesc VarType enum value."""
    d = _BY_PROTO.get(int(value))
    return d if d is not None else _declared_only(_DECLARED_PROTO[int(value)])


def convert_dtype(dtype):
    """Any dtype spelling (DType, str, numpy dtype or type, Python type) -> DType."""
    if isinstance(dtype, DType):
        if dtype.declared:
            return _declared_only(dtype.name)
        return dtype
    if isinstance(dtype, str):
        key = dtype.lower().replace("paddle.", "")
        d = _BY_NAME.get(key)
        if d is None and (key == "uint16" or key in _NO_TENSOR):
            return _declared_only(key)
        if d is None:
            raise TypeError(f"dtype must be one of {sorted(n for n in _BY_NAME)}, but received '{dtype}'")
        return d
    if dtype is bool:
        return bool_
    if dtype is int:
        return int64
    if dtype is float:
        return float32 if _DEFAULT[0] is float32 else _DEFAULT[0]
    if dtype is complex:
        return complex64
    try:
        return from_numpy(np.dtype(dtype))
    except TypeError:
        raise TypeError(f"unsupported dtype {dtype!r}") from None


def _declared_only(name):
    """uint16 -> bfloat16 (its storage twin); the dtypes with no tensor kernel raise Paddle's error."""
    if name == "uint16":
        return bfloat16
    if name in ("uint32", "uint64"):
        raise ValueError(f"Not supported numpy dtype {name}")
    raise TypeError(f"(NotFound) paddle.{name} has no tensor kernel: Paddle declares it for its string/raw "
                    "variables only")


_DEFAULT = [float32]


def set_default_dtype(d):
    """Set the dtype that floats and float Python scalars get by default."""
    d = convert_dtype(d)
    if d not in (float16, float32, float64, bfloat16):
        raise TypeError(f"set_default_dtype only supports [float16, float32, float64, bfloat16], but received {d.name}")
    _DEFAULT[0] = d


def get_default_dtype() -> str:
    """Name of the current default float dtype, e.g. 'float32'.

    Returns:
        str: the name of the dtype that float data and float creation functions get by default.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.get_default_dtype()
            'float32'
            >>> paddle.set_default_dtype('float64')
            >>> paddle.get_default_dtype()
            'float64'
            >>> paddle.set_default_dtype('float32')
    """
    return _DEFAULT[0].name


def default_float():
    """The current default float DType."""
    return _DEFAULT[0]


def default_complex():
    """The complex DType matching the default float."""
    return complex128 if _DEFAULT[0] is float64 else complex64


_FLOAT_RANK = {float8_e4m3fn: 0, float8_e5m2: 0, float16: 1, bfloat16: 1, float32: 2, float64: 3}


def promote(a, b, x_name="x", y_name="y"):
    """Result DType of a binary op between tensors of dtypes a and b (Paddle 3 rules).

    Paddle promotes only among floats and between complex and any real dtype; any other
    mix (int32 with int64, int with float) is a TypeError, as in Paddle.
    """
    if a is b:
        return a
    if a.is_complex or b.is_complex:
        if a.is_complex and b.is_complex:
            return complex128 if complex128 in (a, b) else complex64
        c, o = (a, b) if a.is_complex else (b, a)
        return complex128 if (c is complex128 or o is float64) else complex64
    elif a.is_floating and b.is_floating:
        if {a, b} == {float16, bfloat16}:
            return float32
        return a if _FLOAT_RANK[a] >= _FLOAT_RANK[b] else b
    raise TypeError(
        "(InvalidType) Type promotion only support calculations between floating-point numbers and "
        f"between complex and real numbers. But got different data type {x_name}: {a.name}, {y_name}: {b.name}.")


def float_info(d):
    """numpy finfo of a floating DType (ml_dtypes' for bfloat16; float32's when bfloat16 has no numpy dtype)."""
    npd = d.np_dtype
    if npd is None:
        return np.finfo(np.float32)
    if npd in _ML_FLOATS:
        return _ml_dtypes.finfo(npd)
    return np.finfo(npd)


def kind_of(np_dtype):
    """numpy's kind letter of an array dtype ('b', 'i', 'u', 'f', 'c'), with ml_dtypes' bfloat16 (kind 'V' to
    numpy) as 'f': kernels branch on this so bfloat16 takes the floating paths."""
    k = np_dtype.kind
    return "f" if k == "V" and np_dtype in _ML_FLOATS else k


def np_finfo(np_dtype):
    """np.finfo of a floating numpy dtype, ml_dtypes' finfo for bfloat16 (which np.finfo rejects)."""
    return _ml_dtypes.finfo(np_dtype) if np_dtype in _ML_FLOATS else np.finfo(np_dtype)


def _kind(d):
    """'b' bool, 'i' integer, 'f' floating, 'c' complex: the categories Paddle's 0-D rule compares."""
    return "b" if d is bool_ else "c" if d.is_complex else "f" if d.is_floating else "i"


def promote_lattice(a, b):
    """Tensor+tensor promotion Paddle applies when a 0-D operand is involved: bool < ints < floats < complex."""
    ka, kb = _kind(a), _kind(b)
    if ka == kb == "i":
        return from_numpy(np.promote_types(a.np_dtype, b.np_dtype))
    if ka == "b" or kb == "b":
        return b if ka == "b" else a
    if ka == "i" or kb == "i":
        return b if ka == "i" else a
    return promote(a, b)


def promote_with_0d(a, b, a_0d, b_0d, keep_tensor=True, x_name="x", y_name="y"):
    """Result DType of a binary op where an operand may be a 0-D tensor (Paddle 3 rules).

    A 0-D operand of the same category as a higher-dimensional one takes that one's dtype
    (int32 tensor + int64 0-D -> int32), as a Python scalar would; otherwise (another
    category, or both 0-D) the operands promote along bool < ints < floats < complex. Ops
    like floor_divide skip the first rule (`keep_tensor=False`). Without a 0-D operand this
    is `promote`.
    """
    if a is b:
        return a
    if not (a_0d or b_0d):
        return promote(a, b, x_name, y_name)
    if keep_tensor and a_0d != b_0d and _kind(a) == _kind(b) and _kind(a) != "b":
        return b if a_0d else a
    return promote_lattice(a, b)


def scalar_dtype(value, tensor_dtype):
    """Result DType of `tensor op python_scalar`: the scalar only lifts ints and bools."""
    if isinstance(value, bool):
        return tensor_dtype
    if isinstance(value, int):
        return int64 if tensor_dtype is bool_ else tensor_dtype
    if isinstance(value, float):
        if tensor_dtype.is_floating or tensor_dtype.is_complex:
            return tensor_dtype
        return _DEFAULT[0]
    if isinstance(value, complex):
        return tensor_dtype if tensor_dtype.is_complex else (complex128 if tensor_dtype is float64 else complex64)
    return tensor_dtype


def infer_data_dtype(data):
    """DType that `to_tensor(data)` gives Python data and numpy arrays (Paddle's rules)."""
    if isinstance(data, np.ndarray) or isinstance(data, np.generic):
        return from_numpy(data.dtype)
    if isinstance(data, bool):
        return bool_
    if isinstance(data, int):
        return int64
    if isinstance(data, float):
        return _DEFAULT[0]
    if isinstance(data, complex):
        return default_complex()
    return None
