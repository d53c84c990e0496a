"""paddle.reader: decorators over reader creators (the fluid-era data pipeline)."""
from .decorator import (ComposeNotAligned, buffered, cache, chain, compose, firstn, map_readers,  # noqa: F401
                        multiprocess_reader, shuffle, xmap_readers)

__all__ = []  # as Paddle's: the names are reached as paddle.reader.<name>
