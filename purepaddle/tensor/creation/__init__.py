"""paddle.tensor.creation: filled and copied tensors, evenly spaced values, matrix structure, conversion, signal windows."""
from .conversion import *  # noqa: F401,F403
from .fill import *  # noqa: F401,F403
from .matrix import *  # noqa: F401,F403
from .spacing import *  # noqa: F401,F403
from .typed import *  # noqa: F401,F403
from .window import *  # noqa: F401,F403
