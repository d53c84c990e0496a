"""How a worker's batch arrays reach the main process without being pickled through a pipe.

Each worker owns an *arena*: an anonymous shared memory mapping the parent creates before forking
(so no file exists and nothing can leak in /dev/shm, and Docker's small /dev/shm does not limit it).
The worker writes a batch's arrays into a free region of its arena, a ring, and sends only
`("ring", seq, specs)` through the pipe; the parent copies the arrays out when it receives the
message and records `seq + 1` in the arena's header, which frees the region for reuse. Pages are
touched only as the ring grows, and it restarts at the front whenever it is empty, so resident
memory stays near `prefetch_factor` batches per worker.

Payloads:
- `("inline", arrays)`: small batches (pickling beats a copy round trip), or no shared memory;
- `("ring", seq, specs)`: specs = [(offset, dtype, shape)];
- `("shm", path, size, specs)`: a batch bigger than the arena goes through a /dev/shm file that
  the parent maps without copying and unlinks at once.
"""
import collections
import mmap
import os
import struct
import sys
import time

import numpy as np

__all__ = []

ARENA_BYTES = int(os.environ.get("PUREPADDLE_DATALOADER_ARENA_MB", "128")) << 20
INLINE_BYTES = 1 << 14
SHM_DIR = "/dev/shm"
_HEADER, _ALIGN = 64, 64


def make_arena():
    """A worker's arena (created before fork), or None where anonymous shared memory is unavailable."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return mmap.mmap(-1, ARENA_BYTES, flags=mmap.MAP_SHARED)
    except (OSError, ValueError, OverflowError):
        return None


def shm_dir_available():
    """Whether /dev/shm can carry batches too big for an arena."""
    return sys.platform.startswith("linux") and os.path.isdir(SHM_DIR) and os.access(SHM_DIR, os.W_OK)


def _layout(arrays):
    specs, off = [], 0
    for a in arrays:
        specs.append((off, a.dtype, a.shape))
        off += -(-a.nbytes // _ALIGN) * _ALIGN
    return specs, off


class Sender:
    """Worker side: turns a batch's arrays into a payload."""

    def __init__(self, arena, shm_prefix, parent_alive):
        self.arena, self.shm_prefix, self.parent_alive = arena, shm_prefix, parent_alive
        self.inflight = collections.deque()  # (seq, start, end) regions the parent has not copied yet
        self.seq = 0
        self.files = 0

    def encode(self, arrays):
        arrays = [np.ascontiguousarray(a) for a in arrays]
        if sum(a.nbytes for a in arrays) < INLINE_BYTES or any(a.dtype.hasobject for a in arrays):
            return ("inline", arrays)
        specs, size = _layout(arrays)
        if self.arena is not None and size <= len(self.arena) - _HEADER:
            start = self._alloc(size)
            for (off, _, _), a in zip(specs, arrays):
                self.arena[start + off:start + off + a.nbytes] = a.reshape(-1).view(np.uint8)
            seq, self.seq = self.seq, self.seq + 1
            self.inflight.append((seq, start, start + size))
            return ("ring", seq, [(start + off, dt, shape) for off, dt, shape in specs])
        if self.shm_prefix is not None:
            return self._to_file(arrays, specs, size)
        return ("inline", arrays)

    def unsend(self, payload):
        """Take back a payload whose message could not be sent (its region or file is freed)."""
        if payload[0] == "ring":
            self.inflight.pop()
            self.seq -= 1
        elif payload[0] == "shm":
            unlink(payload[1])

    def _alloc(self, size):
        """Start of a free region of `size` bytes, waiting (with backoff) for the parent to free space."""
        pause = 5e-5
        while True:
            (consumed,) = struct.unpack_from("<Q", self.arena, 0)
            while self.inflight and self.inflight[0][0] < consumed:
                self.inflight.popleft()
            start = self._fit(size)
            if start is not None:
                return start
            if not self.parent_alive():
                raise RuntimeError("DataLoader main process is gone")
            time.sleep(pause)
            pause = min(pause * 2, 5e-3)

    def _fit(self, size):
        end = len(self.arena)
        if not self.inflight:
            return _HEADER
        first, last = self.inflight[0][1], self.inflight[-1][2]
        if last >= first:  # free: [last, end) and [_HEADER, first)
            if last + size <= end:
                return last
            return _HEADER if _HEADER + size <= first else None
        return last if last + size <= first else None  # wrapped: free [last, first)

    def _to_file(self, arrays, specs, size):
        path = f"{self.shm_prefix}{self.files}"
        self.files += 1
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.ftruncate(fd, size)
            for (off, _, _), a in zip(specs, arrays):
                view = memoryview(a.reshape(-1).view(np.uint8))
                while len(view):
                    n = os.pwrite(fd, view, off)
                    view, off = view[n:], off + n
        except BaseException:
            os.close(fd)
            unlink(path)
            raise
        os.close(fd)
        return ("shm", path, size, specs)


def receive(payload, arena, keep=True):
    """Parent side, called for every payload in arrival order: the arrays (None if not `keep`).

    Ring regions are copied out and freed at once; shm files are mapped (no copy) and unlinked.
    """
    kind = payload[0]
    if kind == "inline":
        return payload[1] if keep else None
    if kind == "ring":
        _, seq, specs = payload
        out = None
        if keep:
            out = [np.frombuffer(arena, dtype=dt, count=int(np.prod(shape, dtype=np.int64)), offset=off)
                   .reshape(shape).copy() for off, dt, shape in specs]
        struct.pack_into("<Q", arena, 0, seq + 1)  # the region may be reused
        return out
    _, path, size, specs = payload
    if not keep:
        unlink(path)
        return None
    fd = os.open(path, os.O_RDWR)
    try:
        os.unlink(path)  # the mapping keeps the memory until the last array using it is freed
        mm = mmap.mmap(fd, size, flags=mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0),
                       prot=mmap.PROT_READ | mmap.PROT_WRITE)
    finally:
        os.close(fd)
    return [np.ndarray(shape, dtype, buffer=mm, offset=off) for off, dtype, shape in specs]


def unlink(path):
    try:
        os.unlink(path)
    except OSError:
        pass
