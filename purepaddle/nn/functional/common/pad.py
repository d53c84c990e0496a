"""pad / zeropad2d of paddle.nn.functional.common."""
from ....tensor.manipulation import join as _join
from .._param_alias import param_alias


@param_alias(input="x")
def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True, name=None):
    """Pad x: constant / reflect / replicate / circular (built on tensor/manipulation/join.py's pad).

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
