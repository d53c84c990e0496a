"""Power-average pooling layers of paddle.nn: LPPool1D, LPPool2D."""
import warnings

from ... import functional as F
from ...functional._param_alias import param_alias
from ..layers import Layer


def _lp_ceil_positional(init):
    """Accept ceil_mode as the 4th positional argument (torch's order), with Paddle's warning."""
    import functools
    import inspect

    @functools.wraps(init)
    def wrapper(self, *args, **kwargs):
        if len(args) == 4 and isinstance(args[3], bool):
            warnings.warn("The 4th positional argument in '__init__' method is a boolean value, which is being "
                          "interpreted as 'ceil_mode'.", Warning, stacklevel=2)
            kwargs["ceil_mode"] = args[3]
            args = args[:3]
        return init(self, *args, **kwargs)

    wrapper.__signature__ = inspect.signature(init)
    return wrapper


class LPPool1D(Layer):
    """Power-average pooling over L of [N, C, L] (or NLC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.LPPool1D(2, 2)(paddle.rand([1, 3, 32])).shape
            paddle.Size([1, 3, 16])
    """

    @_lp_ceil_positional
    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCL", name=None):
        super().__init__()
        self.norm_type = float(norm_type)
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    @param_alias(input="x")
    def forward(self, x):
        return F.lp_pool1d(x, self.norm_type, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                           self.data_format)

    def extra_repr(self):
        return f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, stride={self.stride}, " \
               f"padding={self.padding}"


class LPPool2D(Layer):
    """Power-average pooling of [N, C, H, W] (or NHWC); norm_type inf is max pooling.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.LPPool2D(2, 2)(paddle.rand([1, 3, 32, 32])).shape
            paddle.Size([1, 3, 16, 16])
    """

    @_lp_ceil_positional
    def __init__(self, norm_type, kernel_size, stride=None, padding=0, ceil_mode=False, data_format="NCHW",
                 name=None):
        super().__init__()
        self.norm_type = float(norm_type)
        self.ksize = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.data_format = data_format
        self.name = name

    @param_alias(input="x")
    def forward(self, x):
        return F.lp_pool2d(x, self.norm_type, self.ksize, self.stride, self.padding, self.ceil_mode,
                           self.data_format)

    def extra_repr(self):
        return f"norm_type={self.norm_type}, kernel_size={self.ksize}, stride={self.stride}, padding={self.padding}"
