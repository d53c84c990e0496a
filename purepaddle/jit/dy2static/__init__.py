"""paddle.jit.dy2static: to_static's conversion of Python control flow on Tensors (AST rewrite + run-time helpers).

transform.py rewrites a function's AST, convert.py compiles and caches the twin, runtime.py holds the
helpers the twin calls (they build cond / while_loop when a condition is a traced Tensor).
"""
from .convert import convert_call, convert_to_static, converted_source, converting_layers
from .runtime import (Dygraph2StaticException, UndefinedVar, convert_assert, convert_ifelse, convert_ifexp,
                      convert_logical_and, convert_logical_not, convert_logical_or, convert_while_loop)

__all__ = ["convert_to_static", "convert_call", "converted_source", "converting_layers", "Dygraph2StaticException",
           "UndefinedVar", "convert_ifelse", "convert_ifexp", "convert_while_loop", "convert_logical_and",
           "convert_logical_or", "convert_logical_not", "convert_assert"]
