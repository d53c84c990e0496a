"""paddle.hapi: the high-level API (Model, callbacks, progress bar, summary)."""
from . import callbacks, progressbar  # noqa: F401
from .model import Model  # noqa: F401
from .model_summary import summary  # noqa: F401

__all__ = []
