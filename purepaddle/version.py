"""paddle.version: the Paddle release purepaddle follows, and what this CPU-only build is compiled with."""
full_version = "3.3.1"
major, minor, patch = full_version.split(".")
rc = "0"
is_tagged = True
commit = "purepaddle"
with_mkl = "OFF"  # NumPy's BLAS does the math; no MKL/oneDNN kernels are compiled in
cuda_version = cudnn_version = "False"
nccl_version = "0"
cinn_version = "False"
hip_version = tensorrt_version = None
hip = None  # paddle.version.hip: the ROCm version as an attribute, None without ROCm
xpu_xre_version = xpu_xccl_version = xpu_xhpc_version = "False"

__all__ = ["full_version", "major", "minor", "patch", "rc", "is_tagged", "commit", "with_mkl", "show", "cuda",
           "cudnn", "nccl", "mkl", "xpu", "cinn", "tensorrt", "cuda_archs"]
__all__ += ["hip", "xpu_xre", "xpu_xccl", "xpu_xhpc"]


def show():
    """Print the version and what it is compiled with, one `key: value` per line.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.version.show()  # doctest: +ELLIPSIS
            full_version: 3.3.1
            ...
    """
    for key, value in (("full_version", full_version), ("major", major), ("minor", minor), ("patch", patch),
                       ("rc", rc), ("cuda", cuda_version), ("cudnn", cudnn_version), ("hip", hip_version),
                       ("nccl", nccl_version), ("xpu_xre", xpu_xre_version), ("xpu_xccl", xpu_xccl_version),
                       ("xpu_xhpc", xpu_xhpc_version), ("cinn", cinn_version), ("tensorrt_version", tensorrt_version),
                       ("cuda_archs", [])):
        print(f"{key}: {value}")


def cuda():
    """CUDA version compiled with: 'False' (purepaddle runs on the CPU)."""
    return cuda_version


def cudnn():
    """cuDNN version compiled with: 'False'."""
    return cudnn_version


def nccl():
    """NCCL version compiled with: '0' (collectives go through MPI instead)."""
    return nccl_version


def mkl():
    """Whether MKL is compiled in: 'OFF'."""
    return with_mkl


def xpu():
    """XPU runtime version: 'False'."""
    return xpu_xre_version


def xpu_xre():
    """XPU runtime (XRE) version compiled with: 'False'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.version.xpu_xre()
            'False'
    """
    return xpu_xre_version


def xpu_xccl():
    """XPU collective library (XCCL) version compiled with: 'False'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.version.xpu_xccl()
            'False'
    """
    return xpu_xccl_version


def xpu_xhpc():
    """XPU HPC library (XHPC) version compiled with: 'False'.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.version.xpu_xhpc()
            'False'
    """
    return xpu_xhpc_version


def cinn():
    """CINN compiler version: 'False'."""
    return cinn_version


def tensorrt():
    """TensorRT version: None."""
    return tensorrt_version


def cuda_archs():
    """CUDA architectures compiled for: none."""
    return []


def _parts(text, arg):
    """A version string's four integer parts; Paddle's ValueError for a malformed one."""
    import re
    if re.fullmatch(r"\d+(\.\d+){0,3}", text) is None:
        raise ValueError(f"The value of '{arg}' in require_version must be in format '\\d+(\\.\\d+){{0,3}}', "
                         f"like '1.5.2.0', but received {text}")
    nums = [int(p) for p in text.split(".")]
    return nums + [0] * (4 - len(nums))


def require_version(min_version, max_version=None):
    """Raise unless the installed Paddle version (3.3.1) lies in [min_version, max_version].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.utils.require_version('0.1.0')
            >>> paddle.utils.require_version(min_version='0.1.0', max_version='10.0.0')
    """
    if not isinstance(min_version, str):
        raise TypeError(f"The type of 'min_version' in require_version must be str, but received "
                        f"{type(min_version)}.")
    if not isinstance(max_version, (str, type(None))):
        raise TypeError(f"The type of 'max_version' in require_version must be str or type(None), but received "
                        f"{type(max_version)}.")
    low = _parts(min_version, "min_version")
    high = None if max_version is None else _parts(max_version, "max_version")
    have = [int(major), int(minor), int(patch), int(rc)]
    if high is not None:
        if have > high or have < low:
            raise Exception(f"VersionError: PaddlePaddle version in [{min_version}, {max_version}] required, but "
                            f"{full_version} installed.")
    elif have < low:
        raise Exception(f"VersionError: PaddlePaddle version {min_version} or higher is required, but {full_version} "
                        f"installed, please upgrade your PaddlePaddle to {min_version} or other higher version.")
