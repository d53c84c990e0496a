"""Kernel and stride lists, adaptive output sizes and the 1-D-as-2-D lifting shared by the pooling functions
(their argument checks live in tensor/_check.py)."""
import numbers

from ...._core.dispatch import apply
from ...._core.tensor import Tensor
from ....ops.manipulation import shape as S
from ....tensor._check import check_pool_sizes
from ..conv import convert_to_list


def _kernel_stride(kernel_size, stride, nd):
    ks = convert_to_list(kernel_size, nd, "pool_size")
    ss = ks if stride is None else convert_to_list(stride, nd, "pool_stride")
    check_pool_sizes(ks, "kernel_size")
    check_pool_sizes(ss, "stride")
    return ks, ss


def _unsqueeze(x, axis):
    return apply(S.Unsqueeze, x, axes=[axis])


def _squeeze(x, axis):
    return apply(S.Squeeze, x, axes=[axis])


def _adaptive_size(output_size, in_sp, nd):
    """Paddle's adaptive output_size: an int, or a sequence where None keeps the input size."""
    if isinstance(output_size, numbers.Integral):
        return convert_to_list(output_size, nd, "output_size")
    sizes = list(output_size)
    if len(sizes) != nd:
        raise ValueError(f"The output_size's length must be {nd}. Received: {output_size}")
    return [in_sp[i] if v is None else (int(v._data.reshape(-1)[0]) if isinstance(v, Tensor) else int(v))
            for i, v in enumerate(sizes)]
