"""paddle.incubate.layers: the legacy incubating layer functions (Paddle's incubate/layers/nn.py)."""
from .nn import batch_fc, partial_concat, partial_sum, shuffle_batch  # noqa: F401

__all__ = []  # as Paddle: the names are reached as attributes, none is exported by `import *`
