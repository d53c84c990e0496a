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
- `("fd", size, specs)`: a batch bigger than the arena goes through a nameless memory file
  (memfd) whose descriptor travels over the worker's fd socket just before the message; the parent
  maps it without copying. No name ever exists, so a SIGKILLed parent or worker leaves nothing in
  /dev/shm: the kernel frees the memory with the last descriptor or mapping (torch's
  "file_descriptor" sharing strategy).
"""
import collections
import mmap
import os
import socket
import struct
import sys
import tempfile
import time

import numpy as np

__all__ = []

ARENA_BYTES = int(os.environ.get("PUREPADDLE_DATALOADER_ARENA_MB", "128")) << 20
INLINE_BYTES = 1 << 14
_HEADER, _ALIGN = 64, 64


def make_arena():
    """A worker's arena (created before fork), or None where anonymous shared memory is unavailable."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        return mmap.mmap(-1, ARENA_BYTES, flags=mmap.MAP_SHARED)
    except (OSError, ValueError, OverflowError):
        return None


def fd_channel():
    """(parent end, worker end) of the socket a worker passes memory-file descriptors on, or None without
    Unix sockets (big batches are then pickled)."""
    if not hasattr(socket, "send_fds"):
        return None
    kind = getattr(socket, "SOCK_SEQPACKET", socket.SOCK_STREAM)  # one message per descriptor
    try:
        return socket.socketpair(socket.AF_UNIX, kind)
    except OSError:
        return None


def _memory_file():
    """A descriptor of a new file that has no name: memfd where Linux has it, else an unlinked temp file."""
    if hasattr(os, "memfd_create"):
        try:
            return os.memfd_create("purepaddle-batch", os.MFD_CLOEXEC)
        except OSError:
            pass
    fd, path = tempfile.mkstemp(prefix="purepaddle-batch-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    os.unlink(path)  # at once: only the descriptor holds it
    return fd


def _layout(arrays):
    specs, off = [], 0
    for a in arrays:
        specs.append((off, a.dtype, a.shape))
        off += -(-a.nbytes // _ALIGN) * _ALIGN
    return specs, off


class Sender:
    """Worker side: turns a batch's arrays into a payload."""

    def __init__(self, arena, fd_sock, parent_alive):
        self.arena, self.fd_sock, self.parent_alive = arena, fd_sock, parent_alive
        self.inflight = collections.deque()  # (seq, start, end) regions the parent has not copied yet
        self.seq = 0
        self.pending = None  # the memory file of the last "fd" payload, until deliver() passes it on

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
        if self.fd_sock is not None:
            return self._to_file(arrays, specs, size)
        return ("inline", arrays)

    def deliver(self, payload):
        """Just before `payload`'s message is sent: pass its memory file's descriptor to the parent."""
        if payload[0] == "fd":
            fd, self.pending = self.pending, None
            try:
                socket.send_fds(self.fd_sock, [b"f"], [fd])
            finally:
                os.close(fd)  # the parent holds its own copy now (or, if it is gone, nobody does)

    def unsend(self, payload):
        """Take back a payload whose message could not be sent (its region or file is freed)."""
        if payload[0] == "ring":
            self.inflight.pop()
            self.seq -= 1
        elif payload[0] == "fd" and self.pending is not None:
            os.close(self.pending)
            self.pending = None

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
        fd = _memory_file()
        try:
            os.ftruncate(fd, size)
            for (off, _, _), a in zip(specs, arrays):
                view = memoryview(a.reshape(-1).view(np.uint8))
                while len(view):
                    n = os.pwrite(fd, view, off)
                    view, off = view[n:], off + n
        except BaseException:
            os.close(fd)
            raise
        self.pending = fd
        return ("fd", size, specs)


def receive(payload, arena, fd_sock, keep=True):
    """Parent side, called for every payload of a worker in arrival order: the arrays (None if not `keep`).

    Ring regions are copied out and freed at once; memory files are mapped (no copy).
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
    _, size, specs = payload
    _, fds, _, _ = socket.recv_fds(fd_sock, 1, 1)  # sent before the message, so already waiting
    if not fds:
        raise RuntimeError("DataLoader: a worker's batch memory did not arrive (too many open files? raise "
                           "`ulimit -n`)")
    try:
        if not keep:
            return None
        mm = mmap.mmap(fds[0], size, flags=mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0),
                       prot=mmap.PROT_READ | mmap.PROT_WRITE)
    finally:
        for fd in fds:
            os.close(fd)  # the mapping keeps the memory until the last array using it is freed
    return [np.ndarray(shape, dtype, buffer=mm, offset=off) for off, dtype, shape in specs]
