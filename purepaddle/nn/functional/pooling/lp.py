"""Power-average pooling of paddle.nn.functional: lp_pool1d / lp_pool2d (op in ops/pooling/lp.py)."""
from ...._core.dispatch import apply
from ....ops import pooling as P
from .._param_alias import param_alias
from ....tensor._check import check_format, check_pool_input, check_pool_sizes
from ..conv import convert_to_list, expand_1d, update_padding
from ._args import _squeeze, _unsqueeze


def _lp(x, norm_type, ks, ss, padding, algo, ceil_mode, data_format):
    return apply(P.LpPool2d, x, pooling_type="lp", kernel_size=ks, global_pooling=False, strides=ss,
                 paddings=padding, padding_algorithm=algo, ceil_mode=bool(ceil_mode), exclusive=True,
                 data_format=data_format, norm_type=float(norm_type), adaptive=False)


def _lp_args(norm_type, kernel_size, stride, nd):
    if norm_type == 0:
        raise ValueError("`norm_type` cannot be 0.")
    ks = convert_to_list(kernel_size, nd, "kernel_size" if nd == 1 else "pool_size")
    ss = ks if stride is None else convert_to_list(stride, nd, "pool_stride")
    check_pool_sizes(ks, "kernel_size")
    check_pool_sizes(ss, "stride")
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
    check_pool_input(x, 3, "lp_pool1d")
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
    check_pool_input(x, 4, "lp_pool2d")
    ks, ss = _lp_args(norm_type, kernel_size, stride, 2)
    last = check_format(data_format, 2)
    padding, algo = update_padding(padding, 2, last, ceil_mode, check_negative=False)
    return _lp(x, norm_type, ks, ss, padding, algo, ceil_mode, data_format)
