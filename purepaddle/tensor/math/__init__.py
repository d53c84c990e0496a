"""paddle.tensor.math: elementwise arithmetic, unary math, number functions, lists, reductions, scans,
combinatorics, special functions, matrix products added to an input, shape broadcasting and the in-place
forms."""
from .broadcasting import *  # noqa: F401,F403
from .combinatorics import *  # noqa: F401,F403
from .combine import *  # noqa: F401,F403
from .cumulative import *  # noqa: F401,F403
from .elementwise import *  # noqa: F401,F403
from .inplace import *  # noqa: F401,F403
from .matmul_add import *  # noqa: F401,F403
from .number import *  # noqa: F401,F403
from .reduction import *  # noqa: F401,F403
from .special import *  # noqa: F401,F403
from .unary import *  # noqa: F401,F403
