"""paddle.quantization.quanters: the built-in QAT quanters."""
from .abs_max import FakeQuanterWithAbsMaxObserver, FakeQuanterWithAbsMaxObserverLayer  # noqa: F401

__all__ = ["FakeQuanterWithAbsMaxObserver"]
