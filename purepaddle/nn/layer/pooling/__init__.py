"""paddle.nn pooling layers (face, Paddle's nn.layer.pooling): average / max / adaptive pooling, pooling by
argmax indices (MaxUnPool, FractionalMaxPool) and LP pooling, with the part names of ops/pooling/."""
from .indexed import (FractionalMaxPool2D, FractionalMaxPool3D, MaxUnPool1D, MaxUnPool2D,  # noqa: F401
                      MaxUnPool3D)
from .lp import LPPool1D, LPPool2D  # noqa: F401
from .pool import (AdaptiveAvgPool1D, AdaptiveAvgPool2D, AdaptiveAvgPool3D, AdaptiveMaxPool1D,  # noqa: F401
                   AdaptiveMaxPool2D, AdaptiveMaxPool3D, AvgPool1D, AvgPool2D, AvgPool3D, MaxPool1D, MaxPool2D,
                   MaxPool3D)

__all__ = ["AvgPool1D", "AvgPool2D", "AvgPool3D", "MaxPool1D", "MaxPool2D", "MaxPool3D", "LPPool1D", "LPPool2D",
           "AdaptiveAvgPool1D", "AdaptiveAvgPool2D", "AdaptiveAvgPool3D", "AdaptiveMaxPool1D", "AdaptiveMaxPool2D",
           "AdaptiveMaxPool3D", "MaxUnPool1D", "MaxUnPool2D", "MaxUnPool3D", "FractionalMaxPool2D",
           "FractionalMaxPool3D"]
