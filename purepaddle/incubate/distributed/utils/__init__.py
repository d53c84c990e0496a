"""paddle.incubate.distributed.utils: the distributed save helpers (io)."""
from . import io  # noqa: F401
