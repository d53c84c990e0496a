"""pad / zeropad2d of paddle.nn.functional.common."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

from ....tensor.manipulation import join as _join
from .._param_alias import param_alias


@param_alias(input="x")
def pad(x: Tensor, pad: Sequence[int] | Tensor, mode: str = "constant", value: float = 0.0,
        data_format: str | None = None, pad_from_left_axis: bool = True, name: str | None = None) -> Tensor:
    """Pad x: constant / reflect / replicate / circular (built on tensor/manipulation/join.py's pad).

    Args:
        x (Tensor): The input tensor.
        pad (Sequence[int]|Tensor): The amounts: pairs (before, after) per padded axis.
        mode (str, optional): 'constant', 'reflect', 'replicate' or 'circular'. Default: "constant".
        value (float, optional): The fill value of 'constant' mode. Default: 0.0.
        data_format (str|None, optional): The layout of `x` ('NCHW', 'NHWC', ...); None infers it from the
            rank. Default: None.
        pad_from_left_axis (bool, optional): Whether a full-length `pad` lists the axes from the first one.
            Default: True.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the padded tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[[1., 2., 3.]]])
            >>> F.pad(x, [1, 2], mode='reflect')
            Tensor(shape=[1, 1, 6], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[2., 1., 2., 3., 2., 1.]]])
    """
    return _join.pad(x, pad, mode=mode, value=value, data_format=data_format, pad_from_left_axis=pad_from_left_axis)


def zeropad2d(x, padding, data_format="NCHW", name=None):
    """Zero-pad the H and W dims of x by [left, right, top, bottom].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.zeropad2d(paddle.ones([1, 1, 2, 2]), [1, 0, 0, 1]).shape
            paddle.Size([1, 1, 3, 3])
    """
    return _join.pad(x, padding, mode="constant", value=0.0, data_format=data_format)
