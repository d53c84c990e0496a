"""Average, max and adaptive pooling of paddle.nn.functional (ops pool2d / pool3d in ops/pooling/pool.py;
with return_mask, max_pool*_with_index in ops/pooling/indexed.py). 1-D pooling runs the 2-D ops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

import math

from ...._core.dispatch import apply
from ....ops import pooling as P
from ....ops.math.unary import Scale
from .._param_alias import param_alias
from ....tensor._check import check_float_input, check_format, check_pool_input
from ..conv import convert_to_list, expand_1d, update_padding
from ._args import _adaptive_size, _kernel_stride, _squeeze, _unsqueeze


def _pool(x, kind, ks, ss, padding, algo, ceil_mode, exclusive, data_format, nd):
    """One pool2d / pool3d op with Paddle's full attribute set."""
    op = P.Pool3d if nd == 3 else P.Pool2d
    return apply(op, x, pooling_type=kind, ksize=ks, global_pooling=False, strides=ss, paddings=padding,
                 padding_algorithm=algo, use_cudnn=True, ceil_mode=bool(ceil_mode), exclusive=bool(exclusive),
                 data_format=data_format, adaptive=False)


def _with_index(x, ks, ss, padding, ceil_mode, adaptive, nd):
    op = P.MaxPool3dWithIndex if nd == 3 else P.MaxPool2dWithIndex
    return apply(op, x, ksize=ks, strides=ss, paddings=padding, global_pooling=False, adaptive=adaptive,
                 ceil_mode=bool(ceil_mode))


def _divisor_override(out, ks, divisor):
    if divisor is None:
        return out
    if not isinstance(divisor, (int, float)):
        raise ValueError(f"Excepted {(int, float)} type for divisor_override but received type: {type(divisor)}. ")
    out = apply(Scale, out, scale=float(math.prod(ks)), bias=0.0, bias_after_scale=True)
    return apply(Scale, out, scale=1.0 / divisor, bias=0.0, bias_after_scale=True)


def avg_pool1d(x, kernel_size, stride=None, padding=0, exclusive=True, ceil_mode=False, name=None):
    """Average pooling over L of x [N, C, L] (run as pool2d over [N, C, 1, L]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.avg_pool1d(paddle.to_tensor([[[1., 2., 3., 4.]]]), 2)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[1.50000000, 3.50000000]]])
    """
    check_pool_input(x, 3, "avg_pool1d", "pool2d")
    ks, ss = _kernel_stride(kernel_size, stride, 1)
    padding, algo = update_padding(padding, 1, False, ceil_mode, check_negative=False)
    out = _pool(_unsqueeze(x, 2), "avg", [1] + ks, [1] + ss, expand_1d(padding, 0), algo, ceil_mode, exclusive,
                "NCHW", 2)
    return _squeeze(out, 2)


def avg_pool2d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
               data_format="NCHW", name=None):
    """Average pooling of x [N, C, H, W] (or NHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(16, dtype='float32').reshape([1, 1, 4, 4])
            >>> F.avg_pool2d(x, 2)
            Tensor(shape=[1, 1, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[2.50000000 , 4.50000000 ],
                      [10.50000000, 12.50000000]]]])
    """
    check_float_input(x, "avg_pool2d", "pool2d")
    ks, ss = _kernel_stride(kernel_size, stride, 2)
    last = check_format(data_format, 2)
    padding, algo = update_padding(padding, 2, last, ceil_mode, check_negative=False)
    out = _pool(x, "avg", ks, ss, padding, algo, ceil_mode, exclusive, data_format, 2)
    return _divisor_override(out, ks, divisor_override)


def avg_pool3d(x, kernel_size, stride=None, padding=0, ceil_mode=False, exclusive=True, divisor_override=None,
               data_format="NCDHW", name=None):
    """Average pooling of x [N, C, D, H, W] (or NDHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.avg_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2).shape
            paddle.Size([1, 2, 2, 2, 2])
    """
    check_float_input(x, "avg_pool3d", "pool3d")
    ks, ss = _kernel_stride(kernel_size, stride, 3)
    last = check_format(data_format, 3)
    padding, algo = update_padding(padding, 3, last, ceil_mode, check_negative=False)
    out = _pool(x, "avg", ks, ss, padding, algo, ceil_mode, exclusive, data_format, 3)
    return _divisor_override(out, ks, divisor_override)


def max_pool1d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, name=None):
    """Max pooling over L of x [N, C, L]; return_mask also gives each max's index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.max_pool1d(paddle.to_tensor([[[1., 3., 2., 4.]]]), 2)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[3., 4.]]])
    """
    check_pool_input(x, 3, "max_pool1d", "max_pool2d_with_index" if return_mask else "pool2d")
    ks, ss = _kernel_stride(kernel_size, stride, 1)
    padding, algo = update_padding(padding, 1, False, ceil_mode, check_negative=False)
    padding = expand_1d(padding, 0)
    x = _unsqueeze(x, 2)
    if return_mask:
        out, mask = _with_index(x, [1] + ks, [1] + ss, padding, ceil_mode, False, 2)
        return _squeeze(out, 2), _squeeze(mask, 2)
    return _squeeze(_pool(x, "max", [1] + ks, [1] + ss, padding, algo, ceil_mode, True, "NCHW", 2), 2)


def _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, data_format, nd, api):
    check_float_input(x, api, "pool3d" if nd == 3 else "pool2d")
    ks, ss = _kernel_stride(kernel_size, stride, nd)
    last = check_format(data_format, nd)
    padding, algo = update_padding(padding, nd, last, ceil_mode, check_negative=False)
    if return_mask:
        if last:
            raise ValueError(f"When setting return_mask to true, data_format must be set to "
                             f"{'NCDHW' if nd == 3 else 'NCHW'} in API:{api}")
        return _with_index(x, ks, ss, padding, ceil_mode, False, nd)
    # Paddle's max_pool3d sets exclusive=False on its pool3d op (max pooling ignores it)
    return _pool(x, "max", ks, ss, padding, algo, ceil_mode, nd != 3, data_format, nd)


def max_pool2d(x: Tensor, kernel_size: int | Sequence[int], stride: int | Sequence[int] | None = None,
               padding: int | str | Sequence[int] = 0, return_mask: bool = False, ceil_mode: bool = False,
               data_format: str = "NCHW", name: str | None = None) -> Tensor | tuple[Tensor, Tensor]:
    """Max pooling of x [N, C, H, W] (or NHWC); return_mask also gives each max's flat H*W index.

    Args:
        x (Tensor): The input, 4-D.
        kernel_size (int|Sequence[int]): The size of the kernel: one int for every spatial dimension, or one
            per dimension.
        stride (int|Sequence[int]|None, optional): The step of the window; None means the kernel size.
            Default: None.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        return_mask (bool, optional): Whether the indices of the maxima are returned too. Default: False.
        ceil_mode (bool, optional): Whether the output size rounds up instead of down. Default: False.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCHW".
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the pooled tensor, and the indices of the maxima when return_mask is True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(16, dtype='float32').reshape([1, 1, 4, 4])
            >>> out, mask = F.max_pool2d(x, 2, return_mask=True)
            >>> mask
            Tensor(shape=[1, 1, 2, 2], dtype=int32, place=Place(cpu), stop_gradient=True,
                   [[[[5 , 7 ],
                      [13, 15]]]])
    """
    return _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, data_format, 2, "max_pool2d")


def max_pool3d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCDHW",
               name=None):
    """Max pooling of x [N, C, D, H, W] (or NDHWC); return_mask also gives each max's flat index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.max_pool3d(paddle.ones([1, 2, 4, 4, 4]), 2).shape
            paddle.Size([1, 2, 2, 2, 2])
    """
    return _max_pool(x, kernel_size, stride, padding, return_mask, ceil_mode, data_format, 3, "max_pool3d")


def _adaptive_avg(x, size, data_format, nd):
    op = P.Pool3d if nd == 3 else P.Pool2d
    return apply(op, x, pooling_type="avg", ksize=size, global_pooling=False, strides=[1] * nd, paddings=[0] * nd,
                 padding_algorithm="EXPLICIT", use_cudnn=False, ceil_mode=False, exclusive=True,
                 data_format=data_format, adaptive=True)


@param_alias(input="x")
def adaptive_avg_pool1d(x, output_size, name=None):
    """Adaptive average pooling of x [N, C, L] to length output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_avg_pool1d(paddle.to_tensor([[[1., 2., 3., 4., 5.]]]), 2)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[2., 4.]]])
    """
    check_pool_input(x, 3, "adaptive_avg_pool1d", "pool2d")
    size = [1] + convert_to_list(output_size, 1, "pool_size")
    return _squeeze(_adaptive_avg(_unsqueeze(x, 2), size, "NCHW", 2), 2)


@param_alias(input="x")
def adaptive_avg_pool2d(x, output_size, data_format="NCHW", name=None):
    """Adaptive average pooling of x [N, C, H, W] (or NHWC) to output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_avg_pool2d(paddle.ones([2, 3, 7, 9]), [2, None]).shape
            paddle.Size([2, 3, 2, 9])
    """
    last = check_format(data_format, 2)
    check_float_input(x, "adaptive_avg_pool2d", "pool2d")
    in_sp = list(x.shape[1:3] if last else x.shape[2:4])
    return _adaptive_avg(x, _adaptive_size(output_size, in_sp, 2), data_format, 2)


@param_alias(input="x")
def adaptive_avg_pool3d(x, output_size, data_format="NCDHW", name=None):
    """Adaptive average pooling of x [N, C, D, H, W] (or NDHWC) to output_size.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_avg_pool3d(paddle.ones([1, 2, 4, 6, 6]), 2).shape
            paddle.Size([1, 2, 2, 2, 2])
    """
    last = check_format(data_format, 3)
    check_float_input(x, "adaptive_avg_pool3d", "pool3d")
    in_sp = list(x.shape[1:4] if last else x.shape[2:5])
    return _adaptive_avg(x, _adaptive_size(output_size, in_sp, 3), data_format, 3)


def _adaptive_max(x, size, return_mask, nd):
    out, mask = _with_index(x, size, [1] * nd, [0] * nd, False, True, nd)
    return (out, mask) if return_mask else out


@param_alias(input="x", return_indices="return_mask")
def adaptive_max_pool1d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of x [N, C, L]; return_mask also gives each max's index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_max_pool1d(paddle.to_tensor([[[1., 5., 3., 4., 2.]]]), 2)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[5., 4.]]])
    """
    check_pool_input(x, 3, "adaptive_max_pool1d", "max_pool2d_with_index")
    size = [1] + convert_to_list(output_size, 1, "pool_size")
    res = _adaptive_max(_unsqueeze(x, 2), size, True, 2)
    out, mask = _squeeze(res[0], 2), _squeeze(res[1], 2)
    return (out, mask) if return_mask else out


@param_alias(input="x", return_indices="return_mask")
def adaptive_max_pool2d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of x [N, C, H, W]; return_mask also gives each max's flat H*W index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_max_pool2d(paddle.ones([2, 3, 7, 9]), 3).shape
            paddle.Size([2, 3, 3, 3])
    """
    check_pool_input(x, 4, "adaptive_max_pool2d")
    return _adaptive_max(x, _adaptive_size(output_size, list(x.shape[2:]), 2), return_mask, 2)


@param_alias(input="x", return_indices="return_mask")
def adaptive_max_pool3d(x, output_size, return_mask=False, name=None):
    """Adaptive max pooling of x [N, C, D, H, W]; return_mask also gives each max's flat index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.adaptive_max_pool3d(paddle.ones([1, 2, 4, 6, 6]), 2).shape
            paddle.Size([1, 2, 2, 2, 2])
    """
    check_pool_input(x, 5, "adaptive_max_pool3d")
    return _adaptive_max(x, _adaptive_size(output_size, list(x.shape[2:]), 3), return_mask, 3)
