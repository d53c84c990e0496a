"""Tensors as nested Python lists: tolist (paddle.tolist, Variable.tolist; Tensor.tolist is the Tensor's own)."""
from ..._core.tensor import Tensor


def tolist(x):
    """The values of x as a (nested) Python list.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tolist(paddle.to_tensor([[1, 2], [3, 4]]))
            [[1, 2], [3, 4]]
    """
    if not isinstance(x, Tensor):
        raise RuntimeError("We only support 'tolist()' in dynamic graph mode, please call 'paddle.disable_static()' "
                           "to enter dynamic graph mode.")
    return x._data.tolist()


__all__ = ["tolist"]

METHODS = {"tolist": tolist}
