"""paddle.tensor.search: sorting and order statistics, bucketing, selection."""
from .bucket import *  # noqa: F401,F403
from .select import *  # noqa: F401,F403
from .sorting import *  # noqa: F401,F403
