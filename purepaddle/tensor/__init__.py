"""The public tensor functions (paddle.*) and the Tensor methods bound to them."""
import importlib as _importlib

from .._core.methods import bind_methods as _bind_methods
from .keyword_aliases import with_keyword_aliases as _with_keyword_aliases

# every floor-4 module with public functions (family modules and the parts of family packages): each defines
# __all__ and METHODS
_MODULES = ("array", "attribute", "einsum", "logic", "random", "stat",
            "creation.conversion", "creation.fill", "creation.matrix", "creation.spacing", "creation.typed",
            "creation.window",
            "linalg.decomposition", "linalg.histogram", "linalg.norms", "linalg.product",
            "manipulation.contraction", "manipulation.distinct", "manipulation.gathering", "manipulation.indexing",
            "manipulation.join", "manipulation.lists", "manipulation.scattering", "manipulation.shape",
            "manipulation.views",
            "math.broadcasting", "math.combinatorics", "math.combine", "math.cumulative", "math.elementwise",
            "math.inplace", "math.matmul_add", "math.number", "math.reduction", "math.special", "math.unary",
            "search.bucket", "search.select", "search.sorting")

__all__ = []
for _name in _MODULES:
    _mod = _importlib.import_module(f"{__name__}.{_name}")
    for _fn in _mod.__all__:
        globals()[_fn] = _with_keyword_aliases(_fn, getattr(_mod, _fn))
    __all__.extend(_mod.__all__)
    _bind_methods({k: _with_keyword_aliases(k, f) for k, f in _mod.METHODS.items()})
del _name, _mod, _fn
