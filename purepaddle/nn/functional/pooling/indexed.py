"""Pooling by argmax indices of paddle.nn.functional: max_unpool1d/2d/3d and fractional_max_pool2d/3d
(ops in ops/pooling/indexed.py).
"""
from ...._core.dispatch import apply
from ...._core.tensor import Tensor
from ....ops import pooling as P
from ....tensor._check import check_float_input, check_pool_input
from ..conv import convert_to_list, expand_1d, update_padding
from ._args import _adaptive_size, _squeeze, _unsqueeze


def _unpool_size(x_sp, ks, ss, pads, output_size):
    """Paddle's max_unpool output size: (in - 1) * stride + kernel - 2 * pad, or a checked output_size."""
    default = [(n - 1) * s + k - 2 * p for n, s, k, p in zip(x_sp, ss, ks, pads)]
    if output_size is None:
        return default
    if not isinstance(output_size, (list, tuple)):
        raise AssertionError(f"Required output_size is None|list|tuple, but received {output_size}")
    size = [int(v._data.reshape(-1)[0]) if isinstance(v, Tensor) else int(v) for v in output_size]
    if len(size) == len(ks) + 2:
        size = size[2:]
    if len(size) != len(ks):
        raise ValueError(f"output_size should be a sequence containing {len(ks)} or {len(ks) + 2} elements, but it "
                         f"has a length of '{len(size)}'")
    for d in range(len(ks)):
        lo, hi = default[d] - ss[d], default[d] + ss[d]
        if not lo < size[d] < hi:
            raise ValueError(f'invalid output_size "{size}" (dim {d} must be between {lo} and {hi})')
    return size


def _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, nd, api):
    fmt = {1: "NCL", 2: "NCHW", 3: "NCDHW"}[nd]
    check_float_input(x, api, "unpool3d" if nd == 3 else "unpool")
    if nd > 1 and x.ndim != nd + 2:
        raise ValueError(f"The x should have [{'N, C, D, H, W' if nd == 3 else 'N, C, H, W'}] format, but received "
                         f"{x.shape}.")
    if nd > 1 and indices.ndim != nd + 2:
        raise ValueError(f"The indices should have [{'N, C, D, H, W' if nd == 3 else 'N, C, H, W'}] format, but "
                         f"received {indices.shape}.")
    if data_format != fmt:
        raise ValueError(f"Attr(data_format) should be '{fmt}'. Received Attr(data_format): {data_format}.")
    ks = convert_to_list(kernel_size, nd, "pool_size")
    ss = ks if stride is None else convert_to_list(stride, nd, "pool_stride")
    if nd == 1:
        check_pool_input(x, 3, api)
        pads = expand_1d(update_padding(padding, 1, False)[0], 0)
        ks, ss = [1] + ks, [1] + ss
        if output_size is not None:
            output_size = list(output_size[:-1]) + [1] + list(output_size[-1:])
        x, indices = _unsqueeze(x, 2), _unsqueeze(indices, 2)
        size = _unpool_size(list(x.shape[2:]), ks, ss, pads, output_size)
        out = apply(P.Unpool, x, indices, unpooling_type="max", ksize=ks, strides=ss, paddings=pads,
                    output_size=size, data_format="NCHW")
        return _squeeze(out, 2)
    pads = convert_to_list(padding, nd, "padding")
    size = _unpool_size(list(x.shape[2:]), ks, ss, pads, output_size)
    if nd == 3:
        return apply(P.Unpool3d, x, indices, ksize=ks, strides=ss, paddings=pads, output_size=size,
                     data_format="NCDHW")
    return apply(P.Unpool, x, indices, unpooling_type="max", ksize=ks, strides=ss, paddings=pads,
                 output_size=size, data_format="NCHW")


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, data_format="NCL", output_size=None, name=None):
    """Partial inverse of max_pool1d: x placed at `indices` of a zero tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out, idx = F.max_pool1d(paddle.to_tensor([[[1., 3., 2., 4.]]]), 2, return_mask=True)
            >>> F.max_unpool1d(out, idx, 2)
            Tensor(shape=[1, 1, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[0., 3., 0., 4.]]])
    """
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 1, "max_unpool1d")


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, data_format="NCHW", output_size=None, name=None):
    """Partial inverse of max_pool2d: x placed at the flat H*W `indices` of a zero tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.rand([1, 1, 4, 4])
            >>> out, idx = F.max_pool2d(x, 2, return_mask=True)
            >>> F.max_unpool2d(out, idx, 2).shape
            paddle.Size([1, 1, 4, 4])
    """
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 2, "max_unpool2d")


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, data_format="NCDHW", output_size=None, name=None):
    """Partial inverse of max_pool3d: x placed at the flat D*H*W `indices` of a zero tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.rand([1, 1, 4, 4, 4])
            >>> out, idx = F.max_pool3d(x, 2, return_mask=True)
            >>> F.max_unpool3d(out, idx, 2).shape
            paddle.Size([1, 1, 4, 4, 4])
    """
    return _max_unpool(x, indices, kernel_size, stride, padding, data_format, output_size, 3, "max_unpool3d")


def _fractional(x, output_size, kernel_size, random_u, return_mask, nd, api):
    check_pool_input(x, nd + 2, api)
    if random_u is None:
        random_u = 0.0
    elif random_u <= 0 or random_u >= 1:
        raise ValueError("The param `random_u` should be a `float` in (0, 1).")
    ks = convert_to_list(kernel_size, nd, "kernel_size") if kernel_size is not None else [0] * nd
    size = _adaptive_size(output_size, list(x.shape[2:]), nd)
    op = P.FractionalMaxPool3d if nd == 3 else P.FractionalMaxPool2d
    out, mask = apply(op, x, output_size=size, kernel_size=ks, random_u=float(random_u),
                      return_mask=bool(return_mask))
    return (out, mask) if return_mask else out


def fractional_max_pool2d(x, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
    """Fractional max pooling of x [N, C, H, W] over pseudo-random regions (Graham, 2015).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.fractional_max_pool2d(paddle.rand([2, 3, 32, 32]), 5).shape
            paddle.Size([2, 3, 5, 5])
    """
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 2, "fractional_max_pool2d")


def fractional_max_pool3d(x, output_size, kernel_size=None, random_u=None, return_mask=False, name=None):
    """Fractional max pooling of x [N, C, D, H, W] over pseudo-random regions.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.fractional_max_pool3d(paddle.rand([1, 2, 8, 8, 8]), 3).shape
            paddle.Size([1, 2, 3, 3, 3])
    """
    return _fractional(x, output_size, kernel_size, random_u, return_mask, 3, "fractional_max_pool3d")
