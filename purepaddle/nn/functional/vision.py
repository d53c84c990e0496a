"""paddle.nn.functional vision helpers: pixel_shuffle / pixel_unshuffle, channel_shuffle, affine_grid, grid_sample."""
from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops import vision as V
from ...tensor._operand import cast
from ...tensor._check import check_float_input

__all__ = ["pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "affine_grid", "grid_sample"]


def _check_format(data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'.But receive Attr(data_format): {data_format} ")


def pixel_shuffle(x, upscale_factor, data_format="NCHW", name=None):
    """Rearrange [N, C*r*r, H, W] into [N, C, H*r, W*r] (sub-pixel convolution's output step).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.pixel_shuffle(paddle.ones([2, 9, 4, 4]), 3).shape
            paddle.Size([2, 1, 12, 12])
    """
    if not isinstance(upscale_factor, int):
        raise TypeError("upscale factor must be int type")
    _check_format(data_format)
    check_float_input(x, "pixel_shuffle", "pixel_shuffle")
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of {x.shape}")
    c = x.shape[-1 if data_format == "NHWC" else 1]
    if c >= 0 and c % (upscale_factor * upscale_factor):
        raise ValueError(f"(InvalidArgument) The square of upscale_factor[{upscale_factor}] should divide the number "
                         f"of channel[{c}]")
    return apply(V.PixelShuffle, x, upscale_factor=upscale_factor, data_format=data_format)


def pixel_unshuffle(x, downscale_factor, data_format="NCHW", name=None):
    """Rearrange [N, C, H*r, W*r] into [N, C*r*r, H, W] (inverse of pixel_shuffle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.pixel_unshuffle(paddle.ones([2, 1, 12, 12]), 3).shape
            paddle.Size([2, 9, 4, 4])
    """
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of {x.shape}")
    if not isinstance(downscale_factor, int):
        raise TypeError("Downscale factor must be int type")
    if downscale_factor <= 0:
        raise ValueError("Downscale factor must be positive")
    _check_format(data_format)
    check_float_input(x, "pixel_unshuffle", "pixel_unshuffle")
    sp = x.shape[1:3] if data_format == "NHWC" else x.shape[2:]
    for d in sp:
        if d >= 0 and d % downscale_factor:
            raise ValueError(f"(InvalidArgument) Downscale factor[{downscale_factor}] should divide both "
                             f"height[{sp[0]}] and width[{sp[1]}]")
    return apply(V.PixelUnshuffle, x, downscale_factor=downscale_factor, data_format=data_format)


def channel_shuffle(x, groups, data_format="NCHW", name=None):
    """Interleave the channels of `groups` groups (ShuffleNet's channel shuffle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(6, dtype='float32').reshape([1, 6, 1, 1])
            >>> F.channel_shuffle(x, 3).flatten()
            Tensor(shape=[6], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 2., 4., 1., 3., 5.])
    """
    if len(x.shape) != 4:
        raise ValueError(f"Input x should be 4D tensor, but received x with the shape of {x.shape}")
    if not isinstance(groups, int):
        raise TypeError("groups must be int type")
    if groups <= 0:
        raise ValueError("groups must be positive")
    _check_format(data_format)
    check_float_input(x, "channel_shuffle", "channel_shuffle")
    c = x.shape[-1 if data_format == "NHWC" else 1]
    if c >= 0 and c % groups:
        raise ValueError(f"(InvalidArgument) Number of channels[{c}] must be divisible by groups[{groups}]")
    return apply(V.ChannelShuffle, x, groups=groups, data_format=data_format)


def affine_grid(theta, out_shape, align_corners=True, name=None):
    """Sampling grid [N, H, W, 2] (or [N, D, H, W, 3]) of the affine maps theta [N, 2, 3] (or [N, 3, 4]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> theta = paddle.to_tensor([[[1., 0., 0.], [0., 1., 0.]]])
            >>> F.affine_grid(theta, [1, 1, 2, 2], align_corners=True)
            Tensor(shape=[1, 2, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[-1., -1.],
                      [ 1., -1.]],
                     [[-1.,  1.],
                      [ 1.,  1.]]]])
    """
    if not isinstance(theta, TensorMethods):
        raise TypeError("The theta should be a Tensor.")
    check_float_input(theta, "affine_grid", "affine_grid", "theta")
    shape_t = None
    if isinstance(out_shape, Tensor):
        if out_shape.size == 0:
            raise ValueError("The out_shape cannot be empty.")
        out_shape = [int(v) for v in out_shape._data.reshape(-1)]
    elif isinstance(out_shape, TensorMethods):
        shape_t, out_shape = cast(out_shape, _dt.int32), []
    else:
        out_shape = [int(v) for v in out_shape]
    if out_shape and len(out_shape) not in (4, 5):
        raise ValueError(f"(InvalidArgument) The size of out_shape should be 4 or 5, but received {out_shape}")
    nd = len(out_shape) - 2 if out_shape else theta.shape[1]
    if theta.shape[1] >= 0 and list(theta.shape[1:]) != [nd, nd + 1]:
        raise ValueError(f"(InvalidArgument) The shape of theta should be [N, {nd}, {nd + 1}] for a {nd + 2}-D "
                         f"out_shape, but received {list(theta.shape)}")
    return apply(V.AffineGrid, theta, shape_t, output_shape=out_shape, align_corners=bool(align_corners),
                 use_cudnn=False)


def grid_sample(x, grid, mode="bilinear", padding_mode="zeros", align_corners=True, name=None):
    """Sample x [N, C, H, W] (or 5-D) at the normalised grid positions [N, H', W', 2] (bilinear or nearest).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[[[1., 2.], [3., 4.]]]])
            >>> grid = paddle.to_tensor([[[[0., 0.]]]])
            >>> F.grid_sample(x, grid)
            Tensor(shape=[1, 1, 1, 1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[2.50000000]]]])
    """
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"The mode of grid sample function should be in ['bilinear', 'nearest'], but got: {mode}")
    if padding_mode not in ("zeros", "reflection", "border"):
        raise ValueError(f"The padding mode of grid sample function should be in ['zeros', 'reflection', 'border'], "
                         f"but got: {padding_mode}")
    if not isinstance(align_corners, bool):
        raise ValueError(f"The align corners should be bool, but got: {align_corners}")
    check_float_input(x, "grid_sample", "grid_sample")
    check_float_input(grid, "grid_sample", "grid_sample", "grid")
    if len(x.shape) not in (4, 5) or len(grid.shape) != len(x.shape):
        raise ValueError(f"(InvalidArgument) grid_sample expects a 4-D or 5-D x and a grid of the same rank, but "
                         f"received x {list(x.shape)} and grid {list(grid.shape)}")
    xs, gs = list(x.shape), list(grid.shape)
    if xs[0] >= 0 and gs[0] >= 0 and xs[0] != gs[0]:  # (-1: unknown until a Program runs)
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Grid) dimension[0] should be equal, but received "
                         f"X dimension[0]({xs[0]}) != Grid dimension[0]({gs[0]})")
    coords = len(xs) - 2  # a grid point holds (x, y) for 4-D input, (x, y, z) for 5-D
    if gs[-1] >= 0 and gs[-1] != coords:
        raise ValueError(f"(InvalidArgument) Input(Grid) dimension[{len(gs) - 1}] should be {coords}, but received "
                         f"{gs[-1]} (grid_sample: grid {gs} for a {len(xs)}-D x {xs})")
    return apply(V.GridSampler, x, grid, mode=mode, padding_mode=padding_mode, align_corners=align_corners)
