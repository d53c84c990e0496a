"""paddle.framework.pickle_safe: the restricted unpickler of every purepaddle loader (it lives on the core
floor, purepaddle/_core/pickle_safe.py, so the static and jit readers use the same one)."""
from .._core.pickle_safe import (ENV_TRUSTED, LoadBudgetError, SafeUnpickler, UnsafeUnpicklingError,  # noqa: F401
                                 add_safe_globals, get_safe_globals, safe_load, trusted_by_env)

__all__ = ["SafeUnpickler", "UnsafeUnpicklingError", "LoadBudgetError", "add_safe_globals", "get_safe_globals",
           "safe_load", "trusted_by_env"]
