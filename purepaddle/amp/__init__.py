"""paddle.amp: mixed-precision helpers; `paddle.amp.debugging` holds the numerics checkers."""
from . import debugging  # noqa: F401
