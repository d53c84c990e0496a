"""Op definitions, one family per module; importing this package registers them all into OPS."""
from . import (creation, einsum, elementwise, gather, join, linalg, linalg_decomp, logic, matmul, random, reduction,  # noqa: F401
               scatter, search, shape, slicing, triangular, unary)
from . import linalg_extra, random_extra  # noqa: F401,E402
from . import common, conv, pooling, vision  # noqa: F401,E402
from . import manipulation_extra  # noqa: F401,E402
from . import math_extra, special  # noqa: F401,E402
from . import random_init  # noqa: F401,E402
from . import metric  # noqa: F401,E402
from . import clip  # noqa: F401,E402
from . import optimizer  # noqa: F401,E402
from . import activation, input, norm  # noqa: F401,E402
from . import rnn  # noqa: F401,E402
from . import extension  # noqa: F401,E402
from . import loss  # noqa: F401,E402
from . import flash_attention  # noqa: F401,E402
from . import fluid  # noqa: F401,E402
from . import py_func  # noqa: F401,E402
