"""Compiling custom operators: declared stubs. Each raises UnavailableFeatureError saying that purepaddle has no
native toolchain and pointing to the Python ways of writing an operator (paddle.autograd.PyLayer, static.py_func)."""
from ..._core.exclusions import unavailable

__all__ = ["CppExtension", "CUDAExtension", "load", "setup"]

load = unavailable("paddle.utils.cpp_extension.load")
setup = unavailable("paddle.utils.cpp_extension.setup")
CppExtension = unavailable("paddle.utils.cpp_extension.CppExtension")
CUDAExtension = unavailable("paddle.utils.cpp_extension.CUDAExtension")
