"""Op definitions, one family per module or package; importing this package registers them all into OPS.

The tensor families' package faces (creation, linalg, manipulation, math, search) hold no imports, since their
part names (norms, join, ...) repeat across families: their parts are imported here by path."""
import importlib as _importlib

from . import einsum, fft, logic, random, signal, stat  # noqa: F401
# the parts of the family packages, by path (part names such as norm repeat across families)
for _part in ("creation.conversion", "creation.fill", "creation.matrix", "creation.spacing",
              "linalg.decomposition", "linalg.histogram", "linalg.norms", "linalg.product",
              "manipulation.gathering", "manipulation.indexing", "manipulation.join", "manipulation.scattering",
              "manipulation.shape", "manipulation.distinct", "manipulation.views",
              "math.combine", "math.cumulative", "math.elementwise", "math.number", "math.reduction", "math.special",
              "math.unary", "search.bucket", "search.select", "search.sorting"):
    _importlib.import_module(f"{__name__}.{_part}")
del _part
# the nn families: each package's face imports its parts
from . import (activation, clip, common, conv, detection, extension, flash_attention, fluid, graph, input,  # noqa: F401,E402
               loss, metric, norm, optimizer, pooling, py_func, quant, rnn, sequence, text, vision)
