"""paddle.incubate.cc.compiler.compile: declared unavailable (it generates CUDA kernels)."""
from ..._core.exclusions import unavailable

__all__ = ["compile"]

compile = unavailable("paddle.incubate.cc.compiler.compile")  # noqa: A001  (Paddle's name)
