"""paddle.incubate.distributed: fleet's recompute entry points and the distributed save helpers.

Floor 6.4 (it builds on paddle.distributed), unlike the rest of paddle.incubate: `import paddle.incubate` does not
load it; `import paddle.incubate.distributed...` does.
"""
from . import fleet, utils  # noqa: F401
