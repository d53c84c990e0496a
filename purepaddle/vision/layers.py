"""Building-block layers of paddle.vision (paddle.vision.ops.ConvNormActivation) shared by the models."""
from .. import nn

__all__ = ["ConvNormActivation"]


class ConvNormActivation(nn.Sequential):
    """Conv2D, then a norm layer, then an activation, as one Sequential (sublayers named 0, 1, 2).

    Args:
        in_channels (int): input channels.
        out_channels (int): output channels.
        kernel_size (int, optional): convolution kernel size. Default: 3.
        stride (int, optional): convolution stride. Default: 1.
        padding (int|str|None, optional): convolution padding; None gives (kernel_size - 1) // 2 * dilation.
        groups (int, optional): convolution groups. Default: 1.
        norm_layer (Callable|None, optional): builds the norm layer from out_channels; None leaves it out.
            Default: BatchNorm2D.
        activation_layer (Callable|None, optional): builds the activation; None leaves it out. Default: ReLU.
        dilation (int, optional): convolution dilation. Default: 1.
        bias (bool|None, optional): whether the convolution has a bias; None means "only without a norm layer".

    Returns:
        ConvNormActivation: the layer.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.vision.ops import ConvNormActivation
            >>> layer = ConvNormActivation(3, 8, kernel_size=3, stride=2)
            >>> layer(paddle.rand([1, 3, 8, 8])).shape
            paddle.Size([1, 8, 4, 4])
    """

    def __init__(self, in_channels, out_channels, kernel_size=3, stride=1, padding=None, groups=1,
                 norm_layer=nn.BatchNorm2D, activation_layer=nn.ReLU, dilation=1, bias=None):
        if padding is None:
            padding = (kernel_size - 1) // 2 * dilation
        if bias is None:
            bias = norm_layer is None
        layers = [nn.Conv2D(in_channels, out_channels, kernel_size, stride, padding, dilation=dilation,
                            groups=groups, bias_attr=bias)]
        if norm_layer is not None:
            layers.append(norm_layer(out_channels))
        if activation_layer is not None:
            layers.append(activation_layer())
        super().__init__(*layers)
