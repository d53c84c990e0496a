"""Paddle's binary DenseTensor record (PADDLE_REFERENCE §3.4): `paddle.save(..., use_binary_format=True)`,
the 1.x per-variable files, and each tensor of a `.pdiparams` (which concatenates them by name).

Layout (little-endian): uint32 version=0, uint64 lod_level (+ levels), uint32 tensor_version=0,
int32 desc_size, TensorDesc protobuf (1: data_type varint, 2: dims varints), raw C-order data.
"""
import struct

import numpy as np

from .._core import dtype as _dt

__all__ = ["tensor_record", "read_tensor_record", "read_tensor_record_at", "TensorRecordError"]


def tensor_record(arr):
    """The bytes of one DenseTensor record holding `arr`."""
    arr = np.ascontiguousarray(arr)
    desc = bytes([0x08]) + _varint(_dt.from_numpy(arr.dtype).proto)
    for d in arr.shape:
        desc += bytes([0x10]) + _varint(d)
    return (struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", len(desc)) + desc + arr.tobytes())


def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def read_tensor_record(raw):
    """The array in `raw`, which must hold exactly one DenseTensor record (ValueError otherwise)."""
    return read_tensor_record_at(raw, 0, whole=True)[0]


class TensorRecordError(ValueError):
    """A DenseTensor record that is not well formed; `field` names the part that is wrong."""

    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field


def _unpack(fmt, raw, pos, field):
    need = struct.calcsize(fmt)
    if pos + need > len(raw):
        raise TensorRecordError(field, f"the record ends after {len(raw) - pos} bytes, {need} are needed")
    return struct.unpack_from(fmt, raw, pos)


def read_tensor_record_at(raw, pos, whole=False):
    """(array, end offset) of the record starting at `pos`; `.pdiparams` readers call it in a loop.

    Every field is checked before it is used (TensorRecordError, a ValueError naming the field): the
    versions, the LoD table, the TensorDesc (data_type present and known, dims non-negative) and a
    declared data size no larger than the bytes left.
    """
    version, lod_levels = _unpack("<IQ", raw, pos, "version")
    if version != 0:
        raise TensorRecordError("version", f"not a DenseTensor record (expected file format 0, found {version})")
    pos += 12
    for level in range(lod_levels):
        (n,) = _unpack("<Q", raw, pos, f"lod level {level}")
        if n > len(raw) - pos - 8:
            raise TensorRecordError(f"lod level {level}", f"declares {n} bytes, but only {len(raw) - pos - 8} "
                                    "are left")
        pos += 8 + n
    tensor_version, size = _unpack("<Ii", raw, pos, "tensor desc")
    if tensor_version != 0:
        raise TensorRecordError("tensor version", f"expected 0, found {tensor_version}")
    pos += 8
    if size < 0 or size > len(raw) - pos:
        raise TensorRecordError("tensor desc size", f"{size} bytes declared, {len(raw) - pos} left")
    desc, pos = raw[pos:pos + size], pos + size
    fields, i = [], 0
    try:
        while i < len(desc):
            tag, i = _read_varint(desc, i)
            if tag & 7 == 0:
                val, i = _read_varint(desc, i)
                fields.append((tag >> 3, val))
            elif tag & 7 == 2:  # packed dims
                n, i = _read_varint(desc, i)
                end = i + n
                if end > len(desc):
                    raise IndexError
                while i < end:
                    val, i = _read_varint(desc, i)
                    fields.append((tag >> 3, val))
            else:
                raise TensorRecordError("tensor desc", f"unexpected protobuf wire type {tag & 7}")
    except IndexError:
        raise TensorRecordError("tensor desc", "truncated protobuf") from None
    codes = [v for k, v in fields if k == 1]
    if not codes:
        raise TensorRecordError("data_type", "missing from the TensorDesc")
    try:
        dtype = _dt.from_proto(codes[-1]).np_dtype
    except (KeyError, ValueError, TypeError, AttributeError):
        raise TensorRecordError("data_type", f"unknown data type code {codes[-1]}") from None
    if dtype is None or np.dtype(dtype).hasobject:
        raise TensorRecordError("data_type", f"data type code {codes[-1]} holds no array data")
    dims = [v - (1 << 64) if v >= 1 << 63 else v for k, v in fields if k == 2]
    if any(d < 0 for d in dims):
        raise TensorRecordError("dims", f"{dims} has a negative dimension")
    n = 1
    for d in dims:
        n *= d
    left = len(raw) - pos
    if n * np.dtype(dtype).itemsize > left:
        raise TensorRecordError("data", f"dims {dims} of {np.dtype(dtype).name} need {n * np.dtype(dtype).itemsize}"
                                f" bytes, but only {left} are left")
    data = np.frombuffer(raw, dtype=dtype, count=n, offset=pos).reshape(dims).copy()
    end = pos + data.nbytes
    if whole and end != len(raw):
        raise TensorRecordError("data", f"{len(raw) - end} trailing bytes after the DenseTensor record")
    return data, end


def _read_varint(buf, i):
    shift = result = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, i
        shift += 7
