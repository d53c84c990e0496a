"""paddle.incubate.cc: Paddle's AP kernel compiler front end. compile and fuse need its CUDA code generator and are
declared unavailable (purepaddle/_core/exclusions.py); the typing annotations are plain records and work."""
from . import compiler, fuse, typing  # noqa: F401
from .compiler import compile  # noqa: F401

__all__ = ["fuse", "compile"]
