"""paddle.quantization.observers: the built-in PTQ observers."""
from .abs_max import AbsmaxObserver, AbsmaxObserverLayer  # noqa: F401

__all__ = ["AbsmaxObserver"]
