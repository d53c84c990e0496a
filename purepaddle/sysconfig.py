"""paddle.sysconfig: where Paddle's C++ headers and libraries are, for compiling custom operators. purepaddle has
neither (it is NumPy only), so both are declared stubs (purepaddle/_core/exclusions.py) that say so."""
from ._core.exclusions import unavailable

__all__ = ["get_include", "get_lib"]

get_include = unavailable("paddle.sysconfig.get_include")
get_lib = unavailable("paddle.sysconfig.get_lib")
