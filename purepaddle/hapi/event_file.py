"""A TensorBoard event-file writer for scalars: TFRecord framing, masked CRC-32C, Event/Summary protobufs.

No TensorFlow, tensorboardX or protobuf runtime is needed: the few messages are written by hand in protobuf's
wire format (Event: wall_time=1 double, step=2 int64, file_version=3 string, summary=5; Summary.value=1;
Summary.Value: tag=1 string, simple_value=2 float), so `tensorboard --logdir DIR` reads the files.
"""
import os
import socket
import struct
import time

__all__ = ["EventFileWriter", "read_scalars"]


def _crc32c_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc32c_table()


def crc32c(data):
    """CRC-32C (Castagnoli) of bytes, as TFRecord uses."""
    crc = 0xFFFFFFFF
    for b in data:
        crc = _TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def _masked(crc):
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _field_bytes(number, payload):
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _event(wall_time, step=None, file_version=None, summary=None):
    msg = _varint(1 << 3 | 1) + struct.pack("<d", wall_time)
    if step is not None:
        msg += _varint(2 << 3) + _varint(int(step))
    if file_version is not None:
        msg += _field_bytes(3, file_version.encode())
    if summary is not None:
        msg += _field_bytes(5, summary)
    return msg


def _scalar_summary(tag, value):
    val = _field_bytes(1, tag.encode()) + _varint(2 << 3 | 5) + struct.pack("<f", float(value))
    return _field_bytes(1, val)


class EventFileWriter:
    """Appends scalar summaries to `<log_dir>/events.out.tfevents.<time>.<host>`, the file TensorBoard reads.

    Args:
        log_dir (str): directory for the event file (created when missing).

    Returns:
        EventFileWriter: call add_scalar(tag, value, step), then close().

    Examples:
        >>> import tempfile
        >>> from purepaddle.hapi.event_file import EventFileWriter, read_scalars
        >>> d = tempfile.mkdtemp()
        >>> w = EventFileWriter(d)
        >>> w.add_scalar("train/loss", 0.5, step=1)
        >>> w.close()
        >>> read_scalars(w.path)
        [('train/loss', 1, 0.5)]
    """

    def __init__(self, log_dir):
        os.makedirs(log_dir, exist_ok=True)
        self.path = os.path.join(log_dir, f"events.out.tfevents.{int(time.time())}.{socket.gethostname()}")
        self._file = open(self.path, "ab")
        self._record(_event(time.time(), file_version="brain.Event:2"))

    def _record(self, data):
        header = struct.pack("<Q", len(data))
        self._file.write(header + struct.pack("<I", _masked(crc32c(header))) + data
                         + struct.pack("<I", _masked(crc32c(data))))

    def add_scalar(self, tag, value, step, walltime=None):
        """Log one scalar.

        Args:
            tag (str): curve name, e.g. "train/loss".
            value (float): the value (stored as float32, as TensorBoard does).
            step (int): x coordinate.
            walltime (float, optional): seconds since the epoch; now when None.

        Returns:
            None
        """
        self._record(_event(time.time() if walltime is None else walltime, step, summary=_scalar_summary(tag, value)))

    def flush(self):
        """Write buffered records to disk.

        Returns:
            None
        """
        self._file.flush()

    def close(self):
        """Flush and close the file.

        Returns:
            None
        """
        if not self._file.closed:
            self._file.close()


def _fields(buf):
    """(field number, wire type, value) of a protobuf message's fields; length-delimited values stay bytes."""
    i = 0
    while i < len(buf):
        key, i = _read_varint(buf, i)
        num, wt = key >> 3, key & 7
        if wt == 0:
            v, i = _read_varint(buf, i)
        elif wt == 1:
            v, i = buf[i:i + 8], i + 8
        elif wt == 5:
            v, i = buf[i:i + 4], i + 4
        elif wt == 2:
            n, i = _read_varint(buf, i)
            v, i = buf[i:i + n], i + n
        else:
            raise ValueError(f"unsupported protobuf wire type {wt}")
        yield num, wt, v


def _read_varint(buf, i):
    shift = result = 0
    while True:
        b = buf[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return result, i


def read_scalars(path):
    """Read back (tag, step, value) of every scalar in an event file, checking each record's CRCs.

    Args:
        path (str): an event file.

    Returns:
        list[tuple[str, int, float]]: in file order.

    Examples:
        >>> import tempfile
        >>> from purepaddle.hapi.event_file import EventFileWriter, read_scalars
        >>> w = EventFileWriter(tempfile.mkdtemp())
        >>> w.add_scalar("acc", 0.25, step=3)
        >>> w.close()
        >>> read_scalars(w.path)
        [('acc', 3, 0.25)]
    """
    data = open(path, "rb").read()
    out, i = [], 0
    while i < len(data):
        header = data[i:i + 8]
        (n,) = struct.unpack("<Q", header)
        if struct.unpack("<I", data[i + 8:i + 12])[0] != _masked(crc32c(header)):
            raise ValueError(f"{path}: corrupt record length at byte {i}")
        body = data[i + 12:i + 12 + n]
        if struct.unpack("<I", data[i + 12 + n:i + 16 + n])[0] != _masked(crc32c(body)):
            raise ValueError(f"{path}: corrupt record at byte {i}")
        i += 16 + n
        step = 0
        for num, _, v in _fields(body):
            if num == 2:
                step = v
            elif num == 5:
                for _, _, val in _fields(v):
                    f = dict((k, x) for k, _, x in _fields(val))
                    if 2 in f:
                        out.append((f[1].decode(), step, struct.unpack("<f", f[2])[0]))
    return out
