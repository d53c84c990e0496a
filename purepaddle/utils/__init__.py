"""paddle.utils: unique_name and other helpers users reach for."""
from . import unique_name  # noqa: F401
from ..version import require_version  # noqa: F401
from .memory import estimate_memory  # noqa: E402,F401
