"""paddle.onnx: exporting a Layer to an ONNX model through paddle2onnx (the optional `onnx` extra)."""
from .export import export

__all__ = ["export"]
