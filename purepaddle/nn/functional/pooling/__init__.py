"""paddle.nn.functional pooling (face, Paddle's nn.functional.pooling): average / max / adaptive pooling,
pooling by argmax indices (max_unpool, fractional) and lp pooling, with the part names of ops/pooling/."""
from .indexed import (fractional_max_pool2d, fractional_max_pool3d, max_unpool1d, max_unpool2d,  # noqa: F401
                      max_unpool3d)
from .lp import lp_pool1d, lp_pool2d  # noqa: F401
from .pool import (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d, adaptive_max_pool1d,  # noqa: F401
                   adaptive_max_pool2d, adaptive_max_pool3d, avg_pool1d, avg_pool2d, avg_pool3d, max_pool1d,
                   max_pool2d, max_pool3d)

__all__ = ["avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool1d", "max_pool2d", "max_pool3d",
           "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d",
           "adaptive_max_pool2d", "adaptive_max_pool3d", "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d",
           "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool3d"]
