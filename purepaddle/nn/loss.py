"""paddle.nn.loss: the legacy name of paddle.nn.layer.loss (the loss layers)."""
from .layer import loss as _layer_loss

for _cls in _layer_loss.__all__:
    globals()[_cls] = getattr(_layer_loss, _cls)
del _cls

__all__ = []  # the classes are exported once, by nn.layer.loss
