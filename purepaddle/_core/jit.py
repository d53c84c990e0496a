"""The optional JIT (numba): whether compiled kernels may be used in this process.

NumPy is the base: every kernel has a NumPy form, and the compiled ones exist only where a loop NumPy
cannot express without one full pass over memory per term wins by a wide margin (measured in
docs/architecture.md, "The hot path"). numba is an optional extra (`pip install purepaddle[jit]`);
`PUREPADDLE_JIT=0` turns the compiled kernels off (the NumPy forms then run), `PUREPADDLE_JIT=1` makes a
missing numba an error instead of a silent fallback.
"""
import importlib.util
import os

import numpy as np

ENV = "PUREPADDLE_JIT"
FLOATS = (np.dtype(np.float32), np.dtype(np.float64))  # the dtypes the compiled kernels are written for
_STATE = {}


def enabled():
    """Whether compiled kernels run: numba is installed and PUREPADDLE_JIT is not 0 (checked once, cheaply:
    numba itself is imported only by the first kernel that runs)."""
    if "on" not in _STATE:
        want = os.environ.get(ENV, "").strip().lower()
        have = importlib.util.find_spec("numba") is not None
        if want in ("1", "true", "on") and not have:
            raise ImportError(f"{ENV}={os.environ[ENV]} asks for the compiled kernels, but numba is not installed "
                              "(pip install 'purepaddle[jit]')")
        _STATE["on"] = have and want not in ("0", "false", "off")
    return _STATE["on"]


def set_enabled(on):
    """Turn the compiled kernels on or off for this process (tests run both forms); returns the old setting."""
    old = enabled()
    _STATE["on"] = bool(on) and importlib.util.find_spec("numba") is not None
    return old
