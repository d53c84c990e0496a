"""paddle.nn.functional: the functional forms of the layers (re-exports, one family per module)."""
import importlib as _importlib

_MODULES = ("activation", "common", "conv", "distance", "extension", "flash_attention", "gpu_kernels", "input",
            "loss", "norm", "pooling", "vision")

__all__ = []
for _name in _MODULES:
    _mod = _importlib.import_module(f"{__name__}.{_name}")
    for _fn in _mod.__all__:
        globals()[_fn] = getattr(_mod, _fn)
    __all__.extend(_mod.__all__)
del _name, _mod
