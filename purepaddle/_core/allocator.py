"""glibc allocator tuning at import: reuse freed heap pages instead of faulting in new ones."""
import ctypes
import os
import sys

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def tune():
    """Raise glibc's mmap/trim thresholds so big temporaries are recycled, not re-faulted.

    NumPy allocates every temporary with malloc; past glibc's default 128 KiB mmap threshold
    each one is a fresh mmap whose pages fault in on first touch (2-4 ms per LeNet training
    step). Serving them from the heap and keeping up to 1 GiB of freed heap makes a training
    loop's allocations reuse warm pages. Opt out with PUREPADDLE_NO_MALLOPT=1. Returns whether
    the thresholds were set.
    """
    if os.environ.get("PUREPADDLE_NO_MALLOPT") or not sys.platform.startswith("linux"):
        return False
    if "MALLOC_MMAP_THRESHOLD_" in os.environ or "MALLOC_TRIM_THRESHOLD_" in os.environ:
        return False  # the user tuned glibc already
    try:
        libc = ctypes.CDLL("libc.so.6")
        ok = libc.mallopt(_M_MMAP_THRESHOLD, 256 << 20) and libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)
    except (OSError, AttributeError):  # not glibc (musl, ...): leave the allocator alone
        return False
    return bool(ok)


TUNED = tune()
