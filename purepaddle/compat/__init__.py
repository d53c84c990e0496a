"""paddle.compat: PyTorch-signature versions of functions whose Paddle form differs (max/min with dim and
named-tuple results, sort, split by sizes, unique, median, equal, slogdet, seed) and of some layers
(paddle.compat.nn); paddle.enable_compat() makes `import torch` resolve to purepaddle with these overrides
(proxy.py)."""
from . import nn, proxy  # noqa: F401
from .functions import (MedianRetType, MinMaxRetType, SlogdetResult, SortRetType, equal, max, median,  # noqa: F401,A004
                        min, nanmedian, seed, slogdet, sort, split, unique)
from .proxy import (disable_torch_proxy, enable_torch_proxy, extend_torch_proxy_blocked_modules,  # noqa: F401
                    use_torch_proxy_guard)

__all__ = ["slogdet", "sort", "split", "min", "max", "median", "nanmedian", "unique", "equal", "seed"]
