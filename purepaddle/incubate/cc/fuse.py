"""paddle.incubate.cc.fuse: the AP compiler's fusion markers, declared unavailable (Paddle's CPU build has no
kernels for them either)."""
from ..._core.exclusions import unavailable

__all__ = ["matmul", "by_register"]

by_register = unavailable("paddle.incubate.cc.fuse.by_register")
matmul = unavailable("paddle.incubate.cc.fuse.matmul")
