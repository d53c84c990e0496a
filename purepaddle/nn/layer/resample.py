"""paddle.nn resampling layers: Upsample, UpsamplingNearest2D / Bilinear2D, the Pad layers, Unfold, Fold
(Paddle keeps them in nn/layer/common.py)."""
from ..._core.methods import TensorMethods
from .. import functional as F
from ..functional._param_alias import param_alias
from .layers import Layer

__all__ = ["Upsample", "UpsamplingNearest2D", "UpsamplingBilinear2D", "Pad1D", "Pad2D", "Pad3D", "ZeroPad1D",
           "ZeroPad2D", "ZeroPad3D", "ConstantPad1D", "ConstantPad2D", "ConstantPad3D", "ReflectionPad1D",
           "ReflectionPad2D", "ReflectionPad3D", "ReplicationPad1D", "ReplicationPad2D", "ReplicationPad3D",
           "CircularPad1D", "CircularPad2D", "CircularPad3D", "Unfold", "Fold"]


def _name_suffix(name):
    return f", name={name}" if name else ""


class Upsample(Layer):
    """Resize inputs by size or scale_factor (nearest, linear, bilinear, bicubic, trilinear, area).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.Upsample(size=[12, 12])(paddle.rand([2, 3, 6, 10])).shape
            paddle.Size([2, 3, 12, 12])
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                 data_format=None, recompute_scale_factor=None, name=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode.lower()
        self.align_corners = align_corners
        self.align_mode = align_mode
        self.data_format = data_format
        self.recompute_scale_factor = recompute_scale_factor
        self.name = name

    def forward(self, x):
        if self.data_format is None:
            formats = {3: "NCW", 4: "NCHW", 5: "NCDHW"}
            if len(x.shape) not in formats:
                raise ValueError(f"The dimension of the input tensor should only be 3-D, 4-D or 5-D, but the received "
                                 f"dimension is {len(x.shape)}.")
            self.data_format = formats[len(x.shape)]
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self.mode,
                             align_corners=self.align_corners, align_mode=self.align_mode,
                             data_format=self.data_format, recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        main = f"scale_factor={self.scale_factor}" if self.scale_factor is not None else f"size={self.size}"
        return (f"{main}, mode={self.mode}, align_corners={self.align_corners}, align_mode={self.align_mode}, "
                f"data_format={self.data_format}{_name_suffix(self.name)}")


class UpsamplingNearest2D(Layer):
    """Nearest-neighbour upsampling of [N, C, H, W] (or NHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.UpsamplingNearest2D(scale_factor=2)(paddle.rand([2, 3, 6, 10])).shape
            paddle.Size([2, 3, 12, 20])
    """

    _mode, _align = "nearest", False

    def __init__(self, size=None, scale_factor=None, data_format="NCHW", name=None):
        super().__init__()
        self.size = [size, size] if isinstance(size, int) else size
        self.scale_factor = scale_factor
        self.data_format = data_format
        self.name = name

    @param_alias(input="x")
    def forward(self, x):
        return F.interpolate(x, size=self.size, scale_factor=self.scale_factor, mode=self._mode,
                             align_corners=self._align, align_mode=0, data_format=self.data_format)

    def extra_repr(self):
        main = f"scale_factor={self.scale_factor}" if self.scale_factor is not None else f"size={self.size}"
        return f"{main}, data_format={self.data_format}{_name_suffix(self.name)}"


class UpsamplingBilinear2D(UpsamplingNearest2D):
    """Bilinear upsampling (align_corners=True) of [N, C, H, W] (or NHWC).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.UpsamplingBilinear2D(size=[12, 12])(paddle.rand([2, 3, 6, 10])).shape
            paddle.Size([2, 3, 12, 12])
    """

    _mode, _align = "bilinear", True


class _PadND(Layer):
    """Pads with F.pad; an int padding pads every side of the nd spatial dims."""

    _n_dim = 1
    _format = "NCL"

    def __init__(self, padding, mode="constant", value=0.0, data_format=None, name=None):
        super().__init__()
        if not isinstance(padding, (TensorMethods, list, tuple)):
            padding = [padding] * (2 * self._n_dim)
        self.padding = padding
        self._mode = mode
        self.value = value
        self._data_format = data_format or self._format
        self._name = name

    @param_alias(input="x")
    def forward(self, x):
        return F.pad(x, pad=self.padding, mode=self._mode, value=self.value, data_format=self._data_format)

    def extra_repr(self):
        return (f"padding={self.padding}, mode={self._mode}, value={self.value}, data_format={self._data_format}"
                f"{_name_suffix(self._name)}")


def _pad_classes(n, fmt):
    """Pad{n}D and its fixed-mode variants (Zero, Constant, Reflection, Replication, Circular)."""

    def init_general(self, padding, mode="constant", value=0.0, data_format=fmt, name=None):
        _PadND.__init__(self, padding, mode, value, data_format, name)

    def init_zero(self, padding, data_format=fmt, name=None):
        _PadND.__init__(self, padding, "constant", 0.0, data_format, name)

    def init_constant(self, padding, value, data_format=fmt, name=None):
        _PadND.__init__(self, padding, "constant", value, data_format, name)

    def fixed(mode):
        def init(self, padding, data_format=fmt, name=None):
            _PadND.__init__(self, padding, mode, 0.0, data_format, name)
        return init

    dims = {1: "[N, C, L]", 2: "[N, C, H, W]", 3: "[N, C, D, H, W]"}[n]
    specs = {f"Pad{n}D": (init_general, f"Pad the spatial dims of {dims} (constant, reflect, replicate or circular)."),
             f"ZeroPad{n}D": (init_zero, f"Zero-pad the spatial dims of {dims}."),
             f"ConstantPad{n}D": (init_constant, f"Pad the spatial dims of {dims} with a constant value."),
             f"ReflectionPad{n}D": (fixed("reflect"), f"Reflection-pad the spatial dims of {dims}."),
             f"ReplicationPad{n}D": (fixed("replicate"), f"Replicate the border of {dims} into the padding."),
             f"CircularPad{n}D": (fixed("circular"), f"Pad the spatial dims of {dims} by wrapping around.")}
    out = {}
    for cls_name, (init, doc) in specs.items():
        init.__name__ = "__init__"
        shape = [1, 1] + [2] * n
        example = (f"\n\n    Examples:\n        .. code-block:: python\n\n            >>> import paddle\n"
                   f"            >>> x = paddle.ones({shape})\n"
                   f"            >>> paddle.nn.{cls_name}(1{', 0.5' if 'Constant' in cls_name else ''})(x).shape\n"
                   f"            paddle.Size({[1, 1] + [4] * n})\n    ")
        out[cls_name] = type(cls_name, (_PadND,), {"__init__": init, "_n_dim": n, "_format": fmt,
                                                   "__doc__": doc + example, "__module__": __name__})
    return out


for _n, _fmt in ((1, "NCL"), (2, "NCHW"), (3, "NCDHW")):
    globals().update(_pad_classes(_n, _fmt))
del _n, _fmt


class Unfold(Layer):
    """Sliding local blocks of [N, C, H, W] as columns [N, C*kh*kw, L] (im2col).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.Unfold(kernel_sizes=[3, 3])(paddle.rand([2, 3, 8, 8])).shape
            paddle.Size([2, 27, 36])
    """

    def __init__(self, kernel_sizes, dilations=1, paddings=0, strides=1, name=None, **kwargs):
        for key in kwargs:
            if key in ("kernel_size", "dilation", "padding", "stride"):
                raise TypeError(f"paddle.nn.Unfold() received unexpected keyword argument '{key}'. \nDid you mean to "
                                "use paddle.compat.nn.Unfold() instead?")
            raise TypeError(f"Unfold.__init__() got an unexpected keyword argument '{key}'")
        super().__init__()
        self.kernel_sizes = kernel_sizes
        self.dilations = dilations
        self.paddings = paddings
        self.strides = strides
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.unfold(input, kernel_sizes=self.kernel_sizes, strides=self.strides, paddings=self.paddings,
                        dilations=self.dilations)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, padding={self.paddings}, "
                f"stride={self.strides}{_name_suffix(self.name)}")


class Fold(Layer):
    """Sum columns [N, C*kh*kw, L] back into [N, C, H, W] (col2im).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.Fold(output_sizes=[4, 5], kernel_sizes=2)(paddle.rand([2, 12, 12])).shape
            paddle.Size([2, 3, 4, 5])
    """

    @param_alias(output_size="output_sizes", kernel_size="kernel_sizes", stride="strides", padding="paddings",
                 dilation="dilations")
    def __init__(self, output_sizes, kernel_sizes, dilations=1, paddings=0, strides=1, name=None):
        super().__init__()
        self.output_sizes = output_sizes
        self.kernel_sizes = kernel_sizes
        self.dilations = dilations
        self.paddings = paddings
        self.strides = strides
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.fold(input, output_sizes=self.output_sizes, kernel_sizes=self.kernel_sizes, strides=self.strides,
                      paddings=self.paddings, dilations=self.dilations)

    def extra_repr(self):
        return (f"kernel_size={self.kernel_sizes}, dilation={self.dilations}, padding={self.paddings}, "
                f"stride={self.strides}{_name_suffix(self.name)}")
