"""What the inference library reports about its build: get_version's text (version, commit, branch)."""
from .. import version as _version
from .._core.exclusions import unavailable

__all__ = ["get_version", "get_trt_compile_version", "get_trt_runtime_version", "XpuConfig"]


def get_version():
    """The version text of the inference library.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.inference.get_version().splitlines()[0])
            version: 3.3.1
    """
    return f"version: {_version.full_version}\ncommit: {_version.commit}\nbranch: HEAD\n"


def get_trt_compile_version():
    """The TensorRT version the inference library was compiled with: (0, 0, 0), none (as a CPU build of Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.inference.get_trt_compile_version()
            (0, 0, 0)
    """
    return (0, 0, 0)


def get_trt_runtime_version():
    """The TensorRT version found at run time: (0, 0, 0), none.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.inference.get_trt_runtime_version()
            (0, 0, 0)
    """
    return (0, 0, 0)


# Kunlun XPU settings of a predictor: a declared stub (purepaddle/_core/exclusions.py)
XpuConfig = unavailable("paddle.inference.XpuConfig", "class")
