"""paddle.jit: to_static (convert and trace a dygraph function into a Program), save / load (inference models)."""
from . import dy2static
from .api import StaticFunction, enable_to_static, ignore_module, not_to_static, to_static
from .save_load import load, save
from .trace_log import set_code_level, set_verbosity
from .translated_layer import TranslatedLayer

__all__ = ["save", "load", "to_static", "ignore_module", "TranslatedLayer", "set_code_level", "set_verbosity",
           "not_to_static", "enable_to_static"]
