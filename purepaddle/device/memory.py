"""Memory statistics of purepaddle's own tensors on the CPU: allocated now, peak since a reset, reserved.

Costs nothing until asked. `allocated()` walks the live Tensors (each buffer counted once). The peak
needs watching: the first peak query or reset starts a tracker, an op hook that registers the
buffers each op reads or writes (with a weakref callback that subtracts them when they are freed) and
keeps the running maximum. Buffers made outside ops (to_tensor, leaf gradients) join at their first
use by an op or at the next query. `reserved()` is what the C allocator holds from the system
(glibc mallinfo2), never less than allocated().
"""
import ctypes
import ctypes.util
import weakref

import numpy as np

from .._core import memstat
from ..framework import op_hooks


class _Tracker:
    """Buffers seen by ops since tracking began: id(root array) -> (weakref, nbytes)."""

    def __init__(self):
        self.on = False
        self.live = {}
        self.current = 0
        self.peak = 0
        self.peak_reserved = 0


T = _Tracker()


def _freed(key, nbytes):
    """The weakref callback that forgets a freed buffer."""
    def cb(_ref):
        if T.live.pop(key, None) is not None:
            T.current -= nbytes
    return cb


def _register(a):
    """Count an array's buffer once, until it is freed."""
    r = memstat.root_array(a)
    key = id(r)
    if key in T.live:
        return
    n = int(r.nbytes)
    try:
        ref = weakref.ref(r, _freed(key, n))
    except TypeError:
        return
    T.live[key] = (ref, n)
    T.current += n


def _each_array(items):
    """The ndarrays of a hook's tensor list."""
    for t in items:
        if type(t) is list:
            for x in t:
                a = getattr(x, "_data", None)
                if isinstance(a, np.ndarray):
                    yield a
        else:
            a = getattr(t, "_data", None)
            if isinstance(a, np.ndarray):
                yield a


def _memory_hook(op, ins, outs):
    """Op hook: count the buffers an op touched; keep the peak."""
    for a in _each_array(outs):
        _register(a)
    for a in _each_array(ins):
        _register(a)
    if T.current > T.peak:
        T.peak = T.current


def _sync_live():
    """Register every live tensor's buffer (catches tensors made outside ops); returns the exact current bytes."""
    for t in memstat.live_tensors():
        a = getattr(t, "_data", None)
        if isinstance(a, np.ndarray):
            _register(a)
    return T.current


def start_tracking():
    """Start watching the peak (an op hook); idempotent."""
    if not T.on:
        T.on = True
        T.live.clear()
        T.current = 0
        _sync_live()
        T.peak = T.current
        op_hooks.install(_memory_hook)


def stop_tracking():
    """Stop watching the peak (the op hook goes away)."""
    if T.on:
        op_hooks.remove(_memory_hook)
        T.on = False
        T.live.clear()
        T.current = 0


def allocated():
    """Bytes held right now by live purepaddle tensors (each buffer once)."""
    return memstat.holdings()["total"]


def max_allocated():
    """Peak bytes since tracking started or the last reset (starts tracking on first use)."""
    if not T.on:
        start_tracking()
        return T.peak
    cur = _sync_live()
    T.peak = max(T.peak, cur)
    return T.peak


def reset_peak():
    """Restart the peak at the bytes held now (starts tracking)."""
    if not T.on:
        start_tracking()
    T.peak = _sync_live()
    T.peak_reserved = reserved()


_LIBC = [None]


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                "fsmblks", "uordblks", "fordblks", "keepcost")]


def _malloc_held():
    """Bytes the C allocator holds from the system (heap arenas + mmapped blocks), or None off glibc."""
    if _LIBC[0] is None:
        try:
            lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            fn = lib.mallinfo2
            fn.restype = _MallInfo2
            _LIBC[0] = fn
        except (OSError, AttributeError):
            _LIBC[0] = False
    if not _LIBC[0]:
        return None
    info = _LIBC[0]()
    return int(info.arena + info.hblkhd)


def reserved():
    """Bytes reserved for tensors: what the allocator holds (at least what tensors hold)."""
    held = _malloc_held()
    cur = allocated()
    return cur if held is None else max(held, cur)


def max_reserved():
    """Peak of reserved() seen at queries and resets."""
    T.peak_reserved = max(T.peak_reserved, reserved())
    return T.peak_reserved


def reset_peak_reserved():
    """Restart the reserved peak at the current reserved bytes."""
    T.peak_reserved = reserved()
