"""paddle.utils.cpp_extension: custom C++/CUDA operators. purepaddle cannot compile them (declared in
purepaddle/_core/exclusions.py); get_build_directory answers as Paddle does."""
from .build_directory import get_build_directory
from .compilation import CppExtension, CUDAExtension, load, setup

__all__ = ["CppExtension", "CUDAExtension", "load", "setup", "get_build_directory"]
