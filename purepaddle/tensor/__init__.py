"""The public tensor functions (paddle.*) and the Tensor methods bound to them."""
import importlib as _importlib

from .._core.methods import bind_methods as _bind_methods

# every floor-4 module with public functions: each defines __all__ and METHODS
_MODULES = ("attribute", "creation", "einsum", "indexing", "join", "linalg", "logic", "manipulation", "math",
            "random", "search", "selection", "selection_scatter", "selection_tri", "stat",
            "creation_extra", "random_extra", "linalg_extra",
            "array", "manipulation_extra", "selection_diag", "stat_extra")

__all__ = []
for _name in _MODULES:
    _mod = _importlib.import_module(f"{__name__}.{_name}")
    for _fn in _mod.__all__:
        globals()[_fn] = getattr(_mod, _fn)
    __all__.extend(_mod.__all__)
    _bind_methods(_mod.METHODS)
del _name, _mod, _fn
