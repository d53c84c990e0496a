"""paddle.nn vision layers: PixelShuffle, PixelUnshuffle, ChannelShuffle."""
from .. import functional as F
from .layers import Layer

__all__ = ["PixelShuffle", "PixelUnshuffle", "ChannelShuffle"]


def _check_format(data_format):
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Data format should be 'NCHW' or 'NHWC'.But receive data format: {data_format}")


class PixelShuffle(Layer):
    """Rearrange [N, C*r*r, H, W] into [N, C, H*r, W*r].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.PixelShuffle(3)(paddle.ones([2, 9, 4, 4])).shape
            paddle.Size([2, 1, 12, 12])
    """

    def __init__(self, upscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(upscale_factor, int):
            raise TypeError("upscale factor must be int type")
        _check_format(data_format)
        self._upscale_factor = upscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_shuffle(x, self._upscale_factor, self._data_format)

    def extra_repr(self):
        s = f"upscale_factor={self._upscale_factor}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        return s + (f", name={self._name}" if self._name is not None else "")


class PixelUnshuffle(Layer):
    """Rearrange [N, C, H*r, W*r] into [N, C*r*r, H, W].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.PixelUnshuffle(3)(paddle.ones([2, 1, 12, 12])).shape
            paddle.Size([2, 9, 4, 4])
    """

    def __init__(self, downscale_factor, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(downscale_factor, int):
            raise TypeError("Downscale factor must be int type")
        if downscale_factor <= 0:
            raise ValueError("Downscale factor must be positive")
        _check_format(data_format)
        self._downscale_factor = downscale_factor
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.pixel_unshuffle(x, self._downscale_factor, self._data_format)

    def extra_repr(self):
        s = f"downscale_factor={self._downscale_factor}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        return s + (f", name={self._name}" if self._name is not None else "")


class ChannelShuffle(Layer):
    """Interleave the channels of `groups` groups.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6, dtype='float32').reshape([1, 6, 1, 1])
            >>> paddle.nn.ChannelShuffle(3)(x).flatten()
            Tensor(shape=[6], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 2., 4., 1., 3., 5.])
    """

    def __init__(self, groups, data_format="NCHW", name=None):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError("groups must be int type")
        if groups <= 0:
            raise ValueError("groups must be positive")
        _check_format(data_format)
        self._groups = groups
        self._data_format = data_format
        self._name = name

    def forward(self, x):
        return F.channel_shuffle(x, self._groups, self._data_format)

    def extra_repr(self):
        s = f"groups={self._groups}"
        if self._data_format != "NCHW":
            s += f", data_format={self._data_format}"
        return s + (f", name={self._name}" if self._name is not None else "")
