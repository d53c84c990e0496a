"""unfold / fold of paddle.nn.functional.common (ops in ops/common/fold.py)."""
import numbers

from ...._core.dispatch import apply
from ....ops import common as R
from ....tensor._check import check_float_input
from ..conv import convert_to_list
from .._param_alias import param_alias


def _fold_paddings(paddings):
    """Paddle's unfold/fold paddings: an int, [h, w], or [top, left, bottom, right]."""
    if isinstance(paddings, numbers.Integral):
        return [int(paddings)] * 4
    if isinstance(paddings, (list, tuple)) and len(paddings) == 2:
        return [int(paddings[0]), int(paddings[1])] * 2
    if isinstance(paddings, (list, tuple)) and len(paddings) == 4:
        return [int(v) for v in paddings]
    raise ValueError("paddings should either be an integer or a list of 2 or 4 integers")


@param_alias(input="x", kernel_size="kernel_sizes", stride="strides", padding="paddings", dilation="dilations")
def unfold(x, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Sliding local blocks of x [N, C, H, W] as columns: [N, C*kh*kw, L] (im2col).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.unfold(paddle.ones([2, 3, 5, 5]), [3, 3]).shape
            paddle.Size([2, 27, 9])
    """
    check_float_input(x, "unfold", "unfold")
    if len(x.shape) != 4:
        raise AssertionError(f"input should be the format of [N, C, H, W], but got {len(x.shape)}-D input")
    ks = convert_to_list(kernel_sizes, 2, "kernel_sizes")
    ss = convert_to_list(strides, 2, "strides")
    ds = convert_to_list(dilations, 2, "dilations")
    return apply(R.Unfold, x, kernel_sizes=ks, strides=ss, paddings=_fold_paddings(paddings), dilations=ds)


@param_alias(input="x", output_size="output_sizes", kernel_size="kernel_sizes", stride="strides",
             padding="paddings", dilation="dilations")
def fold(x, output_sizes, kernel_sizes, strides=1, paddings=0, dilations=1, name=None):
    """Sum columns [N, C*kh*kw, L] back into an image [N, C, H, W] (col2im; overlaps add up).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.fold(paddle.ones([2, 12, 12]), [4, 5], 2).shape
            paddle.Size([2, 3, 4, 5])
    """
    check_float_input(x, "fold", "fold")
    if len(x.shape) != 3:
        raise AssertionError(f"input should be the format of [N, C, L], but got {len(x.shape)}-D input")
    size = convert_to_list(output_sizes, 2, "output_sizes")
    ks = convert_to_list(kernel_sizes, 2, "kernel_sizes")
    ss = convert_to_list(strides, 2, "strides")
    ds = convert_to_list(dilations, 2, "dilations")
    return apply(R.Fold, x, output_sizes=size, kernel_sizes=ks, strides=ss, paddings=_fold_paddings(paddings),
                 dilations=ds)
