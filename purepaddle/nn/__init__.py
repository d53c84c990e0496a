"""paddle.nn (floor 5): Layer, the layer families, initializers, gradient clipping (re-exports)."""
import importlib as _importlib

from . import attention, decode, functional, initializer, quant, utils  # noqa: F401

_MODULES = ("layer.layers", "layer.container", "layer.common", "layer.conv", "layer.pooling", "layer.norm",
            "layer.activation", "layer.distance", "layer.loss", "layer.rnn",
            "layer.transformer", "layer.vision", "layer.torch_names", "clip", "loss", "decode")

__all__ = []
for _name in _MODULES:
    _mod = _importlib.import_module(f"{__name__}.{_name}")
    for _cls in _mod.__all__:
        globals()[_cls] = getattr(_mod, _cls)
    __all__.extend(_mod.__all__)
del _name, _mod
