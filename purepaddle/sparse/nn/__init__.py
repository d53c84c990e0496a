"""paddle.sparse.nn: layers over sparse tensors (the activations; see docs/conformance.md for what is missing)."""
from . import functional
from .activation import LeakyReLU, ReLU, ReLU6, Softmax

__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax", "functional"]
