"""Sparse convolutions of paddle.sparse.nn.functional over channel-last COO inputs (NDHWC / NHWC).

The kernel has shape [*kernel, in_channels, out_channels]. Values are computed by gathering the stored input
rows each kernel offset meets (the rulebook, _rulebook.py), multiplying by that offset's [cin, cout] slice and
scatter-adding into the output rows; all three are Tensor ops, so gradients reach x's values, the kernel and
the bias.
"""
import numpy as np

from ....tensor.creation.conversion import to_tensor
from ....tensor.creation.fill import zeros
from ....tensor.linalg.product import matmul
from ....tensor.manipulation.gathering import gather
from ....tensor.manipulation.join import concat
from ....tensor.manipulation.scattering import scatter_nd_add
from ...tensor import SparseCooTensor
from . import _rulebook


def _as_list(v, n, what):
    if isinstance(v, int):
        return [v] * n
    v = list(v)
    if len(v) == n and all(isinstance(i, int) for i in v):
        return v
    raise ValueError(f"The {what} should be an int or a list of {n} ints, but received {v}")


def _padding(padding, n):
    """Paddle's padding spellings reduced to one symmetric pad per spatial dim."""
    if isinstance(padding, str):
        if padding.upper() == "VALID":
            return [0] * n
        raise ValueError(f"sparse conv supports padding 'VALID' or numbers, but received '{padding}'")
    if isinstance(padding, int):
        return [padding] * n
    pad = list(padding)
    if len(pad) == 2 * n and all(isinstance(p, int) for p in pad):  # [before, after] per dim
        if pad[0::2] != pad[1::2]:
            raise ValueError("sparse conv supports symmetric padding only")
        return pad[0::2]
    if len(pad) == n + 2:  # [[0, 0], [p, p], ..., [0, 0]] with the batch and channel dims
        pad = pad[1:-1]
    if all(isinstance(p, (list, tuple)) for p in pad):
        if any(p[0] != p[1] for p in pad):
            raise ValueError("sparse conv supports symmetric padding only")
        return [p[0] for p in pad]
    return _as_list(pad, n, "padding")


def _check(x, weight, nd, data_format, groups):
    layout = "NDHWC" if nd == 3 else "NHWC"
    if groups != 1:
        raise AssertionError("Currently, only support groups=1")
    if data_format != layout:
        raise ValueError(f"Attr(data_format) should be '{layout}'. Received Attr(data_format): {data_format}.")
    if len(x.shape) != nd + 2:
        raise ValueError(f"Input x should be {nd + 2}D tensor, but received x with the shape of {list(x.shape)}")
    if not isinstance(x, SparseCooTensor):
        raise TypeError("sparse conv expects a SparseCooTensor input (use Tensor.to_sparse_coo)")
    if len(weight.shape) != nd + 2 or weight.shape[-2] != x.shape[-1]:
        raise ValueError(f"The kernel should have shape [*kernel({nd}), in_channels={x.shape[-1]}, out_channels], "
                         f"but received {list(weight.shape)}")


def _apply(x, weight, bias, pairs, nout):
    """out values [nout, cout]: sum over kernel offsets of x's rows @ that offset's kernel slice, plus bias."""
    cin, cout = weight.shape[-2], weight.shape[-1]
    vals = x.values()
    kernels = weight.reshape([-1, cin, cout])
    parts, rows = [], []
    for k, (src, dst) in enumerate(pairs):
        if len(src):
            parts.append(matmul(gather(vals, to_tensor(src)), kernels[k]))
            rows.append(dst)
    out = zeros([nout, cout], dtype=vals.dtype)
    if parts:
        idx = to_tensor(np.concatenate(rows).reshape(-1, 1))
        out = scatter_nd_add(out, idx, concat(parts) if len(parts) > 1 else parts[0])
    if bias is not None:
        out = out + bias
    return out


def _conv(x, weight, bias, stride, padding, dilation, groups, data_format, subm, nd):
    _check(x, weight, nd, data_format, groups)
    kernel = list(weight.shape[:nd])
    stride, dilation = _as_list(stride, nd, "stride"), _as_list(dilation, nd, "dilation")
    pad = _padding(padding, nd)
    idx, shape = x._coo_indices(), list(x.shape)
    batch, size = shape[0], shape[1:1 + nd]
    if subm:
        out_idx, pairs = _rulebook.submanifold(idx, batch, size, kernel, dilation)
        osize = size
    else:
        out_idx, osize, pairs = _rulebook.regular(idx, batch, size, kernel, stride, pad, dilation)
    values = _apply(x, weight, bias, pairs, out_idx.shape[1])
    return SparseCooTensor.make(out_idx.copy(), values, [batch, *osize, weight.shape[-1]])


def conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", name=None):
    """3-D convolution of a sparse NDHWC COO tensor: every output position any stored input reaches is stored.

    Args:
        x (SparseCooTensor): input of shape [N, D, H, W, C] (indices over N, D, H, W; values [nnz, C]).
        weight (Tensor): kernel of shape [kD, kH, kW, C, M].
        bias (Tensor, optional): [M], added to every stored output.
        stride (int|list): the stride per spatial dim.
        padding (int|list|str): symmetric padding per spatial dim (or 'VALID').
        dilation (int|list): the dilation per spatial dim.
        groups (int): only 1.
        data_format (str): only 'NDHWC'.
        name (str, optional): unused.

    Returns:
        SparseCooTensor: [N, oD, oH, oW, M], its entries in lexicographic order.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 1], [0, 1]], [[1.], [2.]], [1, 2, 2, 2, 1])
        >>> w = paddle.ones([2, 2, 2, 1, 1])
        >>> y = paddle.sparse.nn.functional.conv3d(x, w)
        >>> y.values().numpy().tolist()
        [[3.0]]
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, False, 3)


def subm_conv3d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC", key=None,
                name=None):
    """Submanifold 3-D convolution: the output keeps x's stored positions (listed sorted); each sums the
    kernel over the stored neighbours around it (the kernel centred; stride and padding are not used).

    Args:
        x (SparseCooTensor): input of shape [N, D, H, W, C].
        weight (Tensor): kernel of shape [kD, kH, kW, C, M] (odd sizes).
        bias (Tensor, optional): [M].
        stride, padding: accepted and unused (as in Paddle).
        dilation (int|list): the dilation per spatial dim.
        groups (int): only 1.
        data_format (str): only 'NDHWC'.
        key (str, optional): Paddle's rulebook cache key; unused (the rulebook is rebuilt each call).
        name (str, optional): unused.

    Returns:
        SparseCooTensor: [N, D, H, W, M] with x's indices in lexicographic order.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 0], [0, 0], [0, 1]], [[1.], [2.]], [1, 1, 1, 2, 1])
        >>> w = paddle.ones([3, 3, 3, 1, 1])
        >>> paddle.sparse.nn.functional.subm_conv3d(x, w, padding=1).values().numpy().tolist()
        [[3.0], [3.0]]
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, True, 3)


def conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", name=None):
    """2-D convolution of a sparse NHWC COO tensor (conv3d's rule over two spatial dims).

    Args:
        x (SparseCooTensor): input of shape [N, H, W, C].
        weight (Tensor): kernel of shape [kH, kW, C, M].
        bias (Tensor, optional): [M].
        stride, padding, dilation (int|list): per spatial dim.
        groups (int): only 1.
        data_format (str): only 'NHWC'.
        name (str, optional): unused.

    Returns:
        SparseCooTensor: [N, oH, oW, M].

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 1]], [[1.], [2.]], [1, 2, 2, 1])
        >>> paddle.sparse.nn.functional.conv2d(x, paddle.ones([2, 2, 1, 1])).values().numpy().tolist()
        [[3.0]]
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, False, 2)


def subm_conv2d(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC", key=None,
                name=None):
    """Submanifold 2-D convolution (subm_conv3d's rule over two spatial dims).

    Args:
        x (SparseCooTensor): input of shape [N, H, W, C].
        weight (Tensor): kernel of shape [kH, kW, C, M].
        bias (Tensor, optional): [M].
        stride, padding: accepted and unused.
        dilation (int|list): per spatial dim.
        groups (int): only 1.
        data_format (str): only 'NHWC'.
        key (str, optional): unused.
        name (str, optional): unused.

    Returns:
        SparseCooTensor: [N, H, W, M] with x's indices.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 0], [0, 1]], [[1.], [2.]], [1, 1, 2, 1])
        >>> paddle.sparse.nn.functional.subm_conv2d(x, paddle.ones([3, 3, 1, 1])).values().numpy().tolist()
        [[3.0], [3.0]]
    """
    return _conv(x, weight, bias, stride, padding, dilation, groups, data_format, True, 2)


def subm_conv3d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NDHWC",
                      key=None, name=None):
    """subm_conv3d by Paddle's implicit-GEMM kernel: the same numbers (one NumPy path here).

    Args:
        x, weight, bias, stride, padding, dilation, groups, data_format, key, name: as subm_conv3d.

    Returns:
        SparseCooTensor: as subm_conv3d.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0], [0]], [[2.]], [1, 1, 1, 1, 1])
        >>> paddle.sparse.nn.functional.subm_conv3d_igemm(x, paddle.ones([3, 3, 3, 1, 1])).values().numpy().tolist()
        [[2.0]]
    """
    return subm_conv3d(x, weight, bias, stride, padding, dilation, groups, data_format, key, name)


def subm_conv2d_igemm(x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1, data_format="NHWC",
                      key=None, name=None):
    """subm_conv2d by Paddle's implicit-GEMM kernel: the same numbers (one NumPy path here).

    Args:
        x, weight, bias, stride, padding, dilation, groups, data_format, key, name: as subm_conv2d.

    Returns:
        SparseCooTensor: as subm_conv2d.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0], [0], [0]], [[2.]], [1, 1, 1, 1])
        >>> paddle.sparse.nn.functional.subm_conv2d_igemm(x, paddle.ones([3, 3, 1, 1])).values().numpy().tolist()
        [[2.0]]
    """
    return subm_conv2d(x, weight, bias, stride, padding, dilation, groups, data_format, key, name)


__all__ = ["conv2d", "conv3d", "subm_conv2d", "subm_conv3d", "subm_conv2d_igemm", "subm_conv3d_igemm"]
