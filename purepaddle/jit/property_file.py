"""The `.meta` file jit.save writes with combine_params: the values of a Layer's `property=True` methods.

The file is Paddle's PropertyVals protobuf message: one ValueProto entry per value (name, type, and
the value in the field of its type). It is tiny, so it is encoded here by hand (wire format) rather than
through a schema.
"""
import struct

__all__ = ["property_bytes"]

# ValueProto.type and the field number each type's value is stored in
_FLOAT, _INT, _STRING, _FLOATS, _INTS, _STRINGS = 1, 2, 3, 6, 7, 8
_FIELD = {_FLOAT: 3, _INT: 4, _STRING: 5, _FLOATS: 7, _INTS: 8, _STRINGS: 9}


def _varint(n):
    n &= (1 << 64) - 1  # negative int64 values take ten bytes, as protobuf writes them
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _key(field, wire):
    return _varint(field << 3 | wire)


def _bytes_field(field, data):
    return _key(field, 2) + _varint(len(data)) + data


def _scalar(field, kind, v):
    if kind in (_FLOAT, _FLOATS):
        return _key(field, 5) + struct.pack("<f", v)
    if kind in (_INT, _INTS):
        return _key(field, 0) + _varint(int(v))
    return _bytes_field(field, v.encode())


def _kind(val):
    """The ValueProto type of a property value (Paddle's rule: float, int, str, or a list of them)."""
    if isinstance(val, float):
        return _FLOAT
    if isinstance(val, int):
        return _INT
    if isinstance(val, str):
        return _STRING
    if isinstance(val, (tuple, list)) and val:
        head = _kind(val[0])
        if head in (_FLOAT, _INT, _STRING):
            return {_FLOAT: _FLOATS, _INT: _INTS, _STRING: _STRINGS}[head]
    raise ValueError(f"Note support val type: {type(val)}")


def property_bytes(values):
    """The `.meta` bytes of [(value, key)] (an empty file when there are none)."""
    out = bytearray()
    for val, key in values:
        kind = _kind(val)
        entry = _bytes_field(1, key.encode()) + _key(2, 0) + _varint(kind)
        items = val if kind in (_FLOATS, _INTS, _STRINGS) else (val,)
        entry += b"".join(_scalar(_FIELD[kind], kind, v) for v in items)
        out += _bytes_field(1, entry)
    return bytes(out)
