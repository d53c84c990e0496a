"""A reader for the numeric arrays of MATLAB level-5 .mat files (Flowers' imagelabels.mat and setid.mat), so the
dataset needs no SciPy: scipy.io.loadmat is used when installed, this reader otherwise."""
import struct
import zlib

import numpy as np

__all__ = ["loadmat"]

_MI_MATRIX, _MI_COMPRESSED = 14, 15
# MATLAB data type codes -> NumPy types (little-endian, as the header's "IM" marks)
_MI_TYPES = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8", 13: "u8"}
# array class codes of the numeric classes (6 double ... 15 uint64)
_NUMERIC = set(range(6, 16))


def _elements(buf, pos, end, little):
    """(type, payload bytes) of each data element in buf[pos:end] (small elements pack into their tag)."""
    e = "<" if little else ">"
    while pos + 8 <= end:
        typ, size = struct.unpack_from(e + "II", buf, pos)
        if typ >> 16:  # small data element: size in the upper half, data in the tag's second word
            size, typ = typ >> 16, typ & 0xFFFF
            yield typ, buf[pos + 4:pos + 4 + size]
            pos += 8
            continue
        yield typ, buf[pos + 8:pos + 8 + size]
        pos += 8 + size + (0 if typ == _MI_COMPRESSED else -size % 8)  # 8-byte aligned, but compressed ones


def _matrix(payload, little):
    parts = list(_elements(payload, 0, len(payload), little))
    flags, dims, name = parts[0][1], parts[1], parts[2][1].decode("ascii", "replace")
    cls = struct.unpack_from(("<" if little else ">") + "I", flags)[0] & 0xFF
    if cls not in _NUMERIC:
        return name, None  # cells, structs, chars, sparse: not needed by the datasets
    shape = np.frombuffer(dims[1], dtype=("<" if little else ">") + "i4")
    typ, data = parts[3]
    arr = np.frombuffer(data, dtype=("<" if little else ">") + _MI_TYPES[typ])
    return name, arr.reshape(tuple(shape), order="F")


def loadmat(path):
    """{name: ndarray} of the numeric variables of a level-5 .mat file (MATLAB's column-major 2-D shapes kept).

    Args:
        path (str): the .mat file.

    Returns:
        dict: variable name -> ndarray.

    Examples:
        .. code-block:: python

            >>> from paddle.vision.datasets.matfile import loadmat
            >>> loadmat('setid.mat')['trnid']  # doctest: +SKIP("needs a .mat file")
    """
    try:
        import scipy.io
        return scipy.io.loadmat(path)
    except ImportError:
        pass
    with open(path, "rb") as f:
        buf = f.read()
    if len(buf) < 128:
        raise ValueError(f"{path} is not a MATLAB 5.0 MAT-file (too short)")
    little = buf[126:128] == b"IM"
    out = {}
    for typ, payload in _elements(buf, 128, len(buf), little):
        if typ == _MI_COMPRESSED:
            inner = zlib.decompress(payload)
            typ, payload = next(_elements(inner, 0, len(inner), little))
        if typ == _MI_MATRIX:
            name, arr = _matrix(payload, little)
            if arr is not None:
                out[name] = arr
    return out
