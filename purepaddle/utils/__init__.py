"""paddle.utils: unique_name and other helpers users reach for."""
from . import unique_name  # noqa: F401
from ..version import require_version  # noqa: F401
from .memory import estimate_memory  # noqa: E402,F401
from . import cpp_extension, dlpack, download  # noqa: E402,F401  (paddle.utils.cpp_extension / .dlpack / .download)
from .deprecation import deprecated  # noqa: E402
from .install_check import run_check  # noqa: E402
from .lazy_import import try_import  # noqa: E402

__all__ = ["deprecated", "run_check", "require_version", "try_import"]
