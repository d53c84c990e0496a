"""Per-thread scratch buffers for convolution temporaries that never leave a kernel."""
import threading

import numpy as np

_WS = threading.local()
SCRATCH_BUDGET = 1 << 26  # bytes of scratch kept per thread; larger temporaries are allocated fresh


def scratch(tag, shape, dtype, zero=False):
    """A per-thread buffer reused by every call with the same (tag, shape, dtype).

    Only for temporaries that never leave a kernel. `zero` zero-fills on creation only: callers
    that rely on untouched regions staying zero must write the same region on every use, so the
    tag must pin down that region (the geometry), not just the buffer shape.
    """
    cache = getattr(_WS, "cache", None)
    if cache is None:
        cache = _WS.cache = {}
        _WS.nbytes = 0
    key = (tag, shape, dtype)
    buf = cache.get(key)
    if buf is None:
        buf = np.zeros(shape, dtype) if zero else np.empty(shape, dtype)
        if buf.nbytes <= SCRATCH_BUDGET // 2:
            if _WS.nbytes + buf.nbytes > SCRATCH_BUDGET:  # a new working set: start over
                cache.clear()
                _WS.nbytes = 0
            cache[key] = buf
            _WS.nbytes += buf.nbytes
    return buf
