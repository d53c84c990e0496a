"""Op definitions, one family per module; importing this package registers them all into OPS."""
from . import (creation, einsum, elementwise, gather, join, linalg, linalg_decomp, logic, matmul, random, reduction,  # noqa: F401
               scatter, search, shape, slicing, triangular, unary)
from . import linalg_extra, random_extra  # noqa: F401,E402
from . import manipulation_extra  # noqa: F401,E402
from . import math_extra, special  # noqa: F401,E402
