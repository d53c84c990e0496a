"""Paddle's binary DenseTensor record (PADDLE_REFERENCE §3.4): `paddle.save(..., use_binary_format=True)`,
the 1.x per-variable files, and each tensor of a `.pdiparams` (which concatenates them by name).

Layout (little-endian): uint32 version=0, uint64 lod_level (+ levels), uint32 tensor_version=0,
int32 desc_size, TensorDesc protobuf (1: data_type varint, 2: dims varints), raw C-order data.
"""
import struct

import numpy as np

from .._core import dtype as _dt

__all__ = ["tensor_record", "read_tensor_record", "read_tensor_record_at"]


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


def read_tensor_record_at(raw, pos, whole=False):
    """(array, end offset) of the record starting at `pos`; `.pdiparams` readers call it in a loop."""
    version, lod_levels = struct.unpack_from("<IQ", raw, pos)
    if version != 0:
        raise ValueError(f"not a DenseTensor record (version {version})")
    pos += 12
    for _ in range(lod_levels):
        (n,) = struct.unpack_from("<Q", raw, pos)
        pos += 8 + n
    _, size = struct.unpack_from("<Ii", raw, pos)
    pos += 8
    desc, pos = raw[pos:pos + size], pos + size
    fields, i = [], 0
    while i < len(desc):
        tag, i = _read_varint(desc, i)
        if tag & 7 == 0:
            val, i = _read_varint(desc, i)
            fields.append((tag >> 3, val))
        elif tag & 7 == 2:  # packed dims
            n, i = _read_varint(desc, i)
            end = i + n
            while i < end:
                val, i = _read_varint(desc, i)
                fields.append((tag >> 3, val))
        else:
            raise ValueError("unexpected TensorDesc wire type")
    dtype = _dt.from_proto(next(v for k, v in fields if k == 1)).np_dtype
    dims = [v - (1 << 64) if v >= 1 << 63 else v for k, v in fields if k == 2]
    n = int(np.prod(dims)) if dims else 1
    data = np.frombuffer(raw, dtype=dtype, count=n, offset=pos).reshape(dims).copy()
    end = pos + data.nbytes
    if whole and end != len(raw):
        raise ValueError("trailing bytes after the DenseTensor record")
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
