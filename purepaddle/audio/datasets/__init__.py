"""paddle.audio.datasets: ESC50 and TESS, read from Paddle's download cache."""
from .esc50 import ESC50  # noqa: F401
from .tess import TESS  # noqa: F401

__all__ = ["ESC50", "TESS"]
