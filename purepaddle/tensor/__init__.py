"""The public tensor functions (paddle.*) and the Tensor methods bound to them."""
from .._core.methods import bind_methods
from . import attribute, creation, einsum, indexing, linalg, logic, manipulation, math, random, search, stat
from .attribute import *  # noqa: F401,F403
from .creation import *  # noqa: F401,F403
from .einsum import *  # noqa: F401,F403
from .indexing import *  # noqa: F401,F403
from .linalg import *  # noqa: F401,F403
from .logic import *  # noqa: F401,F403
from .manipulation import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from .random import *  # noqa: F401,F403
from .search import *  # noqa: F401,F403
from .stat import *  # noqa: F401,F403

for _m in (attribute, creation, einsum, indexing, linalg, logic, manipulation, math, random, search, stat):
    bind_methods(_m.METHODS)
