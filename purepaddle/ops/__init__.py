"""Op definitions, one family per module or package; importing this package registers them all into OPS."""
import importlib as _importlib

from . import einsum, logic, random, stat  # noqa: F401
# the parts of the family packages, by path (part names such as norm repeat across families)
for _part in ("creation.conversion", "creation.fill", "creation.matrix", "creation.spacing",
              "linalg.decomposition", "linalg.histogram", "linalg.norms", "linalg.product",
              "manipulation.gathering", "manipulation.indexing", "manipulation.join", "manipulation.scattering",
              "manipulation.shape", "manipulation.distinct", "manipulation.views",
              "math.combine", "math.cumulative", "math.elementwise", "math.number", "math.reduction", "math.special",
              "math.unary", "search.bucket", "search.select", "search.sorting"):
    _importlib.import_module(f"{__name__}.{_part}")
del _part
from . import conv, grid_sample, pool, pool_extra, resample  # noqa: F401,E402
from . import metric  # noqa: F401,E402
from . import clip  # noqa: F401,E402
from . import optimizer, optimizer_extra  # noqa: F401,E402
from . import activation, activation_smooth, nn_common, norm  # noqa: F401,E402
from . import rnn  # noqa: F401,E402
from . import sequence  # noqa: F401,E402
from . import loss  # noqa: F401,E402
from . import attention  # noqa: F401,E402
from . import loss_extra  # noqa: F401,E402
from . import fluid  # noqa: F401,E402
from . import deformable_conv, fluid_extra, py_func  # noqa: F401,E402
