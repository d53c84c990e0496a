"""paddle.audio: audio features, functional helpers, datasets and file backends."""
from . import backends, datasets, features, functional  # noqa: F401
from .backends.backend import info, load, save  # noqa: F401

__all__ = ["functional", "features", "datasets", "backends", "load", "info", "save"]
