"""v2 reader decorators: the `paddle.batch` and `paddle.reader.shuffle` that Paddle 3 still ships serve v2 too."""
from ..batch import batch
from ..reader.decorator import shuffle

__all__ = ["batch", "shuffle"]
