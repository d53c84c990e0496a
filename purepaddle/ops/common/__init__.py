"""Ops of paddle.nn.functional.common (face): linear / bilinear (linear.py), dropout (dropout.py),
label_smooth (label.py), interpolation (interpolate.py), unfold / fold (fold.py)."""
from .dropout import Dropout, DropoutGrad  # noqa: F401
from .fold import Fold, Unfold  # noqa: F401
from .interpolate import INTERP  # noqa: F401
from .label import LabelSmooth  # noqa: F401
from .linear import BilinearTensorProduct, Linear  # noqa: F401
