"""paddle.utils.dlpack: exchange tensors with other frameworks through DLPack capsules, sharing memory (NumPy's
DLPack support underneath; CPU memory)."""
import numpy as np

from .._core.tensor import Tensor

__all__ = ["to_dlpack", "from_dlpack"]


class _Capsule:
    """Hands a bare DLPack capsule to NumPy, which reads only objects with __dlpack__ / __dlpack_device__."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, stream=None, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU, device 0: a capsule from a CPU framework


def to_dlpack(x):
    """A DLPack capsule of `x`'s memory (no copy), for another framework's from_dlpack.

    Args:
        x (Tensor): The tensor to export.

    Returns:
        PyCapsule: A "dltensor" capsule; it can be consumed once.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.2, 0.3], [0.1, 0.9]])
            >>> capsule = paddle.utils.dlpack.to_dlpack(x)
            >>> y = paddle.utils.dlpack.from_dlpack(capsule)
            >>> print(y.numpy().tolist())
            [[0.20000000298023224, 0.30000001192092896], [0.10000000149011612, 0.8999999761581421]]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"The type of 'x' in to_dlpack must be paddle.Tensor, but received {type(x)}.")
    return np.ascontiguousarray(x._data).__dlpack__()


def from_dlpack(dlpack):
    """A Tensor sharing the memory of a DLPack capsule or of any object with `__dlpack__` (a NumPy array, a torch
    CPU tensor, ...): writing into it writes into the producer's memory, as in Paddle.

    Args:
        dlpack (PyCapsule|object): A capsule from `to_dlpack`, or an object implementing the DLPack protocol.

    Returns:
        Tensor: A tensor over the same memory (stop_gradient=True).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> x = paddle.utils.dlpack.from_dlpack(np.arange(3))
            >>> print(x.numpy().tolist(), x.stop_gradient)
            [0, 1, 2] True
    """
    source = dlpack if hasattr(dlpack, "__dlpack__") else _Capsule(dlpack)
    try:
        arr = np.from_dlpack(source)
    except (TypeError, AttributeError, ValueError) as e:  # ValueError: not a "dltensor" capsule
        raise TypeError(f"from_dlpack: expected a DLPack capsule or an object with __dlpack__, "
                        f"got {type(dlpack).__name__} ({e})") from None
    if not arr.flags.writeable:
        arr = _writable_view(arr)
    return Tensor._make(arr)


class _Keeper:
    """Presents a read-only array's memory as writable, and keeps that array (so the capsule) alive."""

    def __init__(self, arr):
        self.kept = arr
        face = dict(arr.__array_interface__)
        face["data"] = (face["data"][0], False)
        self.__array_interface__ = face


def _writable_view(arr):
    """A writable view of an array NumPy imported read-only: a version-0 DLPack capsule carries no read-only flag,
    so NumPy plays safe; Paddle shares such memory writably (`y[0, 0] = 10` shows in the producer's tensor)."""
    return np.asarray(_Keeper(arr))
