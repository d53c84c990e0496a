"""paddle.nn.functional pooling: avg/max/lp pooling (1-D via 2-D ops), adaptive, max_unpool, fractional."""
import math
import numbers

from ..._core.dispatch import apply
from ..._core.tensor import Tensor
from ...ops import pool as P, pool_extra as PX
from ...ops.manipulation import shape as S
from ...ops.math.unary import Scale
from ...tensor._check import check_float_input, check_format
from ._nd_args import convert_to_list, expand_1d, update_padding
from ._param_alias import param_alias

__all__ = ["avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool1d", "max_pool2d", "max_pool3d",
           "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_max_pool1d",
           "adaptive_max_pool2d", "adaptive_max_pool3d", "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d",
           "max_unpool3d", "fractional_max_pool2d", "fractional_max_pool3d"]


def _check_input(x, ndim, api):
    check_float_input(x, api, api)
    if len(x.shape) != ndim:
        raise ValueError(f"Excepted Input X is {ndim}-D tensor, but received {len(x.shape)}-D {type(x)}")


def _check_positive(values, name):
    for v in values:
        if v < 1e-3:
            raise ValueError(f"Excepted the input {name} to be greater than 0.001 but received x: {v}. ")


def _kernel_stride(kernel_size, stride, nd):
    ks = convert_to_list(kernel_size, nd, "pool_size")
    ss = ks if stride is None else convert_to_list(stride, nd, "pool_stride")
    _check_positive(ks, "kernel_size")
    _check_positive(ss, "stride")
    return ks, ss


def _unsqueeze(x, axis):
    return apply(S.Unsqueeze, x, axes=[axis])


def _squeeze(x, axis):
    return apply(S.Squeeze, x, axes=[axis])


def _pool(x, kind, ks, ss, padding, algo, ceil_mode, exclusive, data_format, nd):
    """One pool2d / pool3d op with Paddle's full attribute set."""
    op = P.Pool3d if nd == 3 else P.Pool2d
    return apply(op, x, pooling_type=kind, ksize=ks, global_pooling=False, strides=ss, paddings=padding,
                 padding_algorithm=algo, use_cudnn=True, ceil_mode=bool(ceil_mode), exclusive=bool(exclusive),
                 data_format=data_format, adaptive=False)


def _with_index(x, ks, ss, padding, ceil_mode, adaptive, nd):
    op = PX.MaxPool3dWithIndex if nd == 3 else PX.MaxPool2dWithIndex
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
    _check_input(x, 3, "avg_pool1d")
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
    _check_input(x, 3, "max_pool1d")
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


def max_pool2d(x, kernel_size, stride=None, padding=0, return_mask=False, ceil_mode=False, data_format="NCHW",
               name=None):
    """Max pooling of x [N, C, H, W] (or NHWC); return_mask also gives each max's flat H*W index.

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


def _adaptive_size(output_size, in_sp, nd):
    """Paddle's adaptive output_size: an int, or a sequence where None keeps the input size."""
    if isinstance(output_size, numbers.Integral):
        return convert_to_list(output_size, nd, "output_size")
    sizes = list(output_size)
    if len(sizes) != nd:
        raise ValueError(f"The output_size's length must be {nd}. Received: {output_size}")
    return [in_sp[i] if v is None else (int(v._data.reshape(-1)[0]) if isinstance(v, Tensor) else int(v))
            for i, v in enumerate(sizes)]


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
    _check_input(x, 3, "adaptive_avg_pool1d")
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
    _check_input(x, 3, "adaptive_max_pool1d")
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
    _check_input(x, 4, "adaptive_max_pool2d")
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
    _check_input(x, 5, "adaptive_max_pool3d")
    return _adaptive_max(x, _adaptive_size(output_size, list(x.shape[2:]), 3), return_mask, 3)


def _lp(x, norm_type, ks, ss, padding, algo, ceil_mode, data_format):
    return apply(PX.LpPool2d, x, pooling_type="lp", kernel_size=ks, global_pooling=False, strides=ss,
                 paddings=padding, padding_algorithm=algo, ceil_mode=bool(ceil_mode), exclusive=True,
                 data_format=data_format, norm_type=float(norm_type), adaptive=False)


def _lp_args(norm_type, kernel_size, stride, nd):
    if norm_type == 0:
        raise ValueError("`norm_type` cannot be 0.")
    ks = convert_to_list(kernel_size, nd, "kernel_size" if nd == 1 else "pool_size")
    ss = ks if stride is None else convert_to_list(stride, nd, "pool_stride")
    _check_positive(ks, "kernel_size")
    _check_positive(ss, "stride")
    return ks, ss


@param_alias(input="x")
def lp_pool1d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCL", name=None):
    """Power-average pooling (sum of x ** p) ** (1 / p) over L of x [N, C, L] (or NLC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.lp_pool1d(paddle.to_tensor([[[3., 4., 6., 8.]]]), 2, 2)
            Tensor(shape=[1, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[5. , 10.]]])
    """
    last = check_format(data_format, 1)
    _check_input(x, 3, "lp_pool1d")
    ks, ss = _lp_args(norm_type, kernel_size, stride, 1)
    padding, algo = update_padding(padding, 1, last, ceil_mode, check_negative=False)
    axis = 1 if last else 2
    out = _lp(_unsqueeze(x, axis), norm_type, [1] + ks, [1] + ss, expand_1d(padding, 0), algo, ceil_mode,
              "NHWC" if last else "NCHW")
    return _squeeze(out, axis)


@param_alias(input="x")
def lp_pool2d(x, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCHW", name=None):
    """Power-average pooling (sum of x ** p) ** (1 / p) of x [N, C, H, W] (or NHWC); p = inf is max pooling.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.lp_pool2d(paddle.ones([1, 1, 4, 4]), 2, 2)
            Tensor(shape=[1, 1, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[2., 2.],
                      [2., 2.]]]])
    """
    _check_input(x, 4, "lp_pool2d")
    ks, ss = _lp_args(norm_type, kernel_size, stride, 2)
    last = check_format(data_format, 2)
    padding, algo = update_padding(padding, 2, last, ceil_mode, check_negative=False)
    return _lp(x, norm_type, ks, ss, padding, algo, ceil_mode, data_format)


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
        _check_input(x, 3, api)
        pads = expand_1d(update_padding(padding, 1, False)[0], 0)
        ks, ss = [1] + ks, [1] + ss
        if output_size is not None:
            output_size = list(output_size[:-1]) + [1] + list(output_size[-1:])
        x, indices = _unsqueeze(x, 2), _unsqueeze(indices, 2)
        size = _unpool_size(list(x.shape[2:]), ks, ss, pads, output_size)
        out = apply(PX.Unpool, x, indices, unpooling_type="max", ksize=ks, strides=ss, paddings=pads,
                    output_size=size, data_format="NCHW")
        return _squeeze(out, 2)
    pads = convert_to_list(padding, nd, "padding")
    size = _unpool_size(list(x.shape[2:]), ks, ss, pads, output_size)
    if nd == 3:
        return apply(PX.Unpool3d, x, indices, ksize=ks, strides=ss, paddings=pads, output_size=size,
                     data_format="NCDHW")
    return apply(PX.Unpool, x, indices, unpooling_type="max", ksize=ks, strides=ss, paddings=pads,
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
    _check_input(x, nd + 2, api)
    if random_u is None:
        random_u = 0.0
    elif random_u <= 0 or random_u >= 1:
        raise ValueError("The param `random_u` should be a `float` in (0, 1).")
    ks = convert_to_list(kernel_size, nd, "kernel_size") if kernel_size is not None else [0] * nd
    size = _adaptive_size(output_size, list(x.shape[2:]), nd)
    op = PX.FractionalMaxPool3d if nd == 3 else PX.FractionalMaxPool2d
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
