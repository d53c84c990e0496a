"""paddle.nn.functional common functions (face, Paddle's nn.functional.common): linear / bilinear, the
dropouts, cosine_similarity, label_smooth / class_center_sample, interpolate / upsample, pad / zeropad2d,
unfold / fold."""
from .dropout import (alpha_dropout, dropout, dropout1d, dropout2d, dropout3d,  # noqa: F401
                      feature_alpha_dropout)
from .fold import fold, unfold  # noqa: F401
from .interpolate import interpolate, upsample  # noqa: F401
from .label import class_center_sample, label_smooth  # noqa: F401
from .linear import bilinear, linear  # noqa: F401
from .pad import pad, zeropad2d  # noqa: F401
from .similarity import cosine_similarity  # noqa: F401

__all__ = ["linear", "bilinear", "dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
           "feature_alpha_dropout", "cosine_similarity", "label_smooth", "class_center_sample",
           "interpolate", "upsample", "pad", "zeropad2d", "unfold", "fold"]
