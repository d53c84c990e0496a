"""paddle.vision.models: reference networks (LeNet)."""
from .lenet import LeNet  # noqa: F401

__all__ = ["LeNet"]
