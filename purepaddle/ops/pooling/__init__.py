"""Pooling ops (face): pool2d / pool3d (pool.py, window kernels in _windows.py), the index-based
max_pool*_with_index, fractional_max_pool*, unpool* (indexed.py) and lp_pool2d (lp.py)."""
from .indexed import (FractionalMaxPool2d, FractionalMaxPool2dGrad, FractionalMaxPool3d,  # noqa: F401
                      FractionalMaxPool3dGrad, MaxPool2dWithIndex, MaxPool2dWithIndexGrad, MaxPool3dWithIndex,
                      MaxPool3dWithIndexGrad, Unpool, Unpool3d, Unpool3dGrad, UnpoolGrad)
from .lp import LpPool2d, LpPool2dGrad  # noqa: F401
from .pool import Pool2d, Pool2dDoubleGrad, Pool2dGrad, Pool3d, Pool3dDoubleGrad, Pool3dGrad  # noqa: F401
