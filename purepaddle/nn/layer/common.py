"""paddle.nn common layers: Identity, Linear, Bilinear, Embedding, Flatten, Unflatten, the Dropouts,
CosineSimilarity, Upsample, UpsamplingNearest2D / Bilinear2D, the Pad layers, Unfold, Fold."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import DTypeLike, ParamAttrLike, PlaceLike
    from purepaddle._core.tensor import Tensor
    from typing import Any

from ... import tensor as _T
from ..._core import dtype as _dt
from ..._core.methods import TensorMethods
from ..._core.dispatch import known_value
from .. import functional as F
from ..functional._param_alias import param_alias
from .layers import Layer


def _name_suffix(name):
    return f", name={name}" if name else ""


class Identity(Layer):
    """A placeholder that returns its input unchanged (any constructor arguments are ignored).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.nn.Identity(54, unused='arg')(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2.],
                    [3., 4.]])
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def forward(self, input):  # noqa: A002
        return input


_LINEAR_TORCH_KEYS = ("bias", "device", "dtype")


class Linear(Layer):
    """Fully connected layer: out = x @ weight + bias, weight of shape [in_features, out_features]
    (XavierUniform by default), bias [out_features] (zeros; none when bias_attr=False).

    Args:
        in_features (int): The size of the last axis of the input.
        out_features (int): The size of the last axis of the output.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        **kwargs (Any): Further keyword arguments, passed on.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(2, 4, weight_attr=paddle.nn.initializer.Constant(0.5),
            ...                           bias_attr=paddle.nn.initializer.Constant(1.0))
            >>> linear.weight.name, linear.weight.shape
            ('linear_0.w_0', paddle.Size([2, 4]))
            >>> linear(paddle.ones([3, 2]))
            Tensor(shape=[3, 4], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[2., 2., 2., 2.],
                    [2., 2., 2., 2.],
                    [2., 2., 2., 2.]])
    """

    def __init__(self, in_features: int, out_features: int, weight_attr: ParamAttrLike | None = None,
                 bias_attr: ParamAttrLike | None = None, name: str | None = None, **kwargs: Any) -> None:
        for key in kwargs:
            if key in _LINEAR_TORCH_KEYS:
                raise TypeError(f"paddle.nn.Linear() received unexpected keyword argument '{key}'. \n"
                                "Did you mean to use paddle.compat.nn.Linear() instead?")
            raise TypeError(f"Linear.__init__() got an unexpected keyword argument '{key}'")
        super().__init__()
        self._dtype = _dt.get_default_dtype()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self.weight = self.create_parameter(shape=[in_features, out_features], attr=self._weight_attr,
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=self._bias_attr, dtype=self._dtype,
                                          is_bias=True)
        self.name = name

    def forward(self, input):  # noqa: A002
        p = self._parameters  # read the parameters directly (the MLP hot path); hooks may swap in tensors
        w, b = p.get("weight"), p.get("bias")
        if w is None:
            w = self.weight
        if b is None and "bias" not in p:
            b = self.bias
        return F.linear(input, w, b)

    def extra_repr(self):
        return (f"in_features={self.weight.shape[0]}, out_features={self.weight.shape[1]}, "
                f"dtype={self._dtype}{_name_suffix(self.name)}")


class Bilinear(Layer):
    """Bilinear layer: out[b, k] = x1[b] @ weight[k] @ x2[b] + bias[0, k], weight of shape
    [out_features, in1_features, in2_features].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layer = paddle.nn.Bilinear(5, 4, 1000)
            >>> layer(paddle.rand((5, 5)), paddle.rand((5, 4))).shape
            paddle.Size([5, 1000])
    """

    def __init__(self, in1_features, in2_features, out_features, weight_attr=None, bias_attr=None, name=None):
        super().__init__()
        self._weight_attr = weight_attr
        self._bias_attr = bias_attr
        self._name = name
        self._in1_features = in1_features
        self._in2_features = in2_features
        self._out_features = out_features
        self._dtype = _dt.get_default_dtype()
        self.weight = self.create_parameter(attr=self._weight_attr, shape=[out_features, in1_features, in2_features],
                                            dtype=self._dtype, is_bias=False)
        self.bias = self.create_parameter(attr=self._bias_attr, shape=[1, out_features], dtype=self._dtype,
                                          is_bias=True)

    def forward(self, x1, x2):
        return F.bilinear(x1, x2, self.weight, self.bias, self._name)

    def extra_repr(self):
        return (f"in1_features={self._in1_features}, in2_features={self._in2_features}, "
                f"out_features={self._out_features}, dtype={self._dtype}{_name_suffix(self._name)}")


class Embedding(Layer):
    """Lookup table of num_embeddings vectors of size embedding_dim (XavierUniform by default);
    the padding_idx row starts at zero, looks up as zero and gets no gradient. sparse=True makes
    the weight's gradient row-sparse (SelectedRows).

    Args:
        num_embeddings (int): The number of rows (the size of the vocabulary).
        embedding_dim (int): The length of each vector.
        padding_idx (int|None, optional): A row that reads as zeros and gets no gradient; None for none.
            Default: None.
        max_norm (float|None, optional): Rows looked up with a larger norm are scaled down to it; None for
            none. Default: None.
        norm_type (float, optional): The p of the norm for max_norm. Default: 2.0.
        scale_grad_by_freq (bool, optional): Whether gradients are divided by how often each index occurs in
            the batch. Default: False.
        sparse (bool, optional): Whether the gradient is sparse (rows only). Default: False.
        _weight (Tensor|None, optional): A weight tensor to use instead of a new one. Default: None.
        _freeze (bool, optional): Whether that weight is frozen. Default: False.
        device (PlaceLike|None, optional): Where the result lives; None is the current device (this package
            computes on the CPU). Default: None.
        dtype (DTypeLike|None, optional): The data type of the weight; None means the default. Default: None.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> emb = paddle.nn.Embedding(4, 3, padding_idx=1)
            >>> emb
            Embedding(4, 3, padding_idx=1, sparse=False, scale_grad_by_freq=False)
            >>> emb(paddle.to_tensor([[1], [1]]))
            Tensor(shape=[2, 1, 3], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[[0., 0., 0.]],
            <BLANKLINE>
                    [[0., 0., 0.]]])
    """

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx: int | None = None,
                 max_norm: float | None = None, norm_type: float = 2.0, *, scale_grad_by_freq: bool = False,
                 sparse: bool = False, _weight: Tensor | None = None, _freeze: bool = False,
                 device: PlaceLike | None = None, dtype: DTypeLike | None = None,
                 weight_attr: ParamAttrLike | None = None, name: str | None = None) -> None:
        super().__init__()
        self._num_embeddings = num_embeddings
        self._embedding_dim = embedding_dim
        self._sparse = sparse
        self._is_distributed = False
        self._max_norm = max_norm
        self._norm_type = norm_type
        self._padding_idx = padding_idx
        self._scale_grad_by_freq = scale_grad_by_freq
        self._device = device
        if num_embeddings <= 0:
            raise ValueError("num_embeddings must be gather than 0")
        if embedding_dim <= 0:
            raise ValueError("embedding_dim must be gather than 0")
        pad = -1 if padding_idx is None else (padding_idx if padding_idx >= 0 else num_embeddings + padding_idx)
        if pad >= num_embeddings or pad < -num_embeddings:
            raise ValueError(f"padding_idx must be within [-{num_embeddings}, {num_embeddings})")
        self._dtype = _dt.get_default_dtype() if dtype is None else dtype
        self._size = [num_embeddings, embedding_dim]
        self._weight_attr = weight_attr
        self._remote_prefetch = False
        self._name = name
        if _weight is not None:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], (
                "Shape of weight does not match num_embeddings and embedding_dim")
            self.weight = _weight
            self.weight.stop_gradient = _freeze
        else:
            self.weight = self.create_parameter(attr=self._weight_attr, shape=self._size, dtype=self._dtype,
                                                is_bias=False)
            if self._weight_attr is None:
                self.weight.stop_gradient = _freeze
        w = known_value(self.weight)
        if w is not None and pad != -1:
            w[pad] = 0.0  # the padding row starts at zero (no graph: a parameter's init)

    @property
    def padding_idx(self):
        return self._padding_idx

    @padding_idx.setter
    def padding_idx(self, value):
        self._padding_idx = value

    @param_alias(input="x")
    def forward(self, x):
        return F.embedding(x, weight=self.weight, padding_idx=self._padding_idx, max_norm=self._max_norm,
                           norm_type=self._norm_type, sparse=self._sparse, scale_grad_by_freq=self._scale_grad_by_freq,
                           name=self._name)

    def extra_repr(self):
        s = f"{self._num_embeddings}, {self._embedding_dim}"
        if self._padding_idx is not None:
            s += f", padding_idx={self._padding_idx}"
        s += f", sparse={self._sparse}, scale_grad_by_freq={self._scale_grad_by_freq}"
        if self._name is not None:
            s += f", name={self._name}"
        return s


class Flatten(Layer):
    """Flatten the dims start_axis..stop_axis into one.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.Flatten()(paddle.ones([5, 2, 3, 4])).shape
            paddle.Size([5, 24])
    """

    def __init__(self, start_axis=1, stop_axis=-1):
        super().__init__()
        self.start_axis = start_axis
        self.stop_axis = stop_axis

    def forward(self, input):  # noqa: A002
        return _T.flatten(input, start_axis=self.start_axis, stop_axis=self.stop_axis)


class Unflatten(Layer):
    """Split dim `axis` into `shape`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.Unflatten(1, [2, 3])(paddle.ones([4, 6])).shape
            paddle.Size([4, 2, 3])
    """

    def __init__(self, axis, shape, name=None):
        super().__init__()
        self.axis = axis
        self.shape = shape
        self.name = name

    def forward(self, input):  # noqa: A002
        return _T.unflatten(input, axis=self.axis, shape=self.shape, name=self.name)

    def extra_repr(self):
        return f"axis={self.axis}, shape={self.shape}{_name_suffix(self.name)}"


class Dropout(Layer):
    """Dropout: zero elements with probability p while training (see F.dropout); a no-op in eval mode.

    Args:
        p (float, optional): The probability that an element is zeroed. Default: 0.5.
        inplace (bool, optional): Whether the input tensor is changed in place. Default: False.
        axis (int|Sequence[int]|None, optional): The axes along which the mask varies; None means every
            element. Default: None.
        mode (str, optional): 'upscale_in_train' or 'downscale_in_infer' (see nn.functional.dropout). Default:
            "upscale_in_train".
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.Dropout(p=0.5)
            >>> _ = m.eval()
            >>> m(paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]]))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 2., 3.],
                    [4., 5., 6.]])
    """

    def __init__(self, p: float = 0.5, inplace: bool = False, axis: int | Sequence[int] | None = None,
                 mode: str = "upscale_in_train", name: str | None = None) -> None:
        super().__init__()
        self.p = p
        self.inplace = inplace
        self.axis = axis
        self.mode = mode
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.dropout(input, p=self.p, axis=self.axis, training=self.training, inplace=self.inplace,
                         mode=self.mode, name=self.name)

    def extra_repr(self):
        return f"p={self.p}, axis={self.axis}, mode={self.mode}{_name_suffix(self.name)}, inplace={self.inplace}"


class Dropout2D(Layer):
    """Zero whole channels of an NCHW / NHWC input with probability p while training.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.Dropout2D(p=0.5)
            >>> m(paddle.rand([2, 3, 4, 5])).shape
            paddle.Size([2, 3, 4, 5])
    """

    def __init__(self, p=0.5, data_format="NCHW", name=None):
        super().__init__()
        self.p = p
        self.data_format = data_format
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.dropout2d(input, p=self.p, training=self.training, data_format=self.data_format, name=self.name)

    def extra_repr(self):
        return f"p={self.p}, data_format={self.data_format}{_name_suffix(self.name)}"


class Dropout3D(Layer):
    """Zero whole channels of an NCDHW / NDHWC input with probability p while training.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.Dropout3D(p=0.5)
            >>> m(paddle.rand([1, 2, 3, 4, 5])).shape
            paddle.Size([1, 2, 3, 4, 5])
    """

    def __init__(self, p=0.5, data_format="NCDHW", name=None):
        super().__init__()
        self.p = p
        self.data_format = data_format
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.dropout3d(input, p=self.p, training=self.training, data_format=self.data_format, name=self.name)

    def extra_repr(self):
        return f"p={self.p}, data_format={self.data_format}{_name_suffix(self.name)}"


class AlphaDropout(Layer):
    """Alpha dropout for SELU networks (keeps the self-normalising mean and variance).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.AlphaDropout(p=0.5)
            >>> _ = m.eval()
            >>> m(paddle.to_tensor([[-1., 1.], [-1., 1.]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-1.,  1.],
                    [-1.,  1.]])
    """

    def __init__(self, p=0.5, name=None):
        super().__init__()
        self.p = p
        self.name = name

    def forward(self, input):  # noqa: A002
        return F.alpha_dropout(input, p=self.p, training=self.training, name=self.name)

    def extra_repr(self):
        return f"p={self.p}{_name_suffix(self.name)}"


class FeatureAlphaDropout(AlphaDropout):
    """Alpha dropout with one mask value per (sample, channel).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.FeatureAlphaDropout(p=0.5)
            >>> m(paddle.rand([2, 3, 4])).shape
            paddle.Size([2, 3, 4])
    """

    def forward(self, input):  # noqa: A002
        return F.feature_alpha_dropout(input, p=self.p, training=self.training, name=self.name)


class CosineSimilarity(Layer):
    """Cosine similarity of x1 and x2 along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x1 = paddle.to_tensor([[1., 2., 3.], [2., 3., 4.]])
            >>> x2 = paddle.to_tensor([[8., 3., 3.], [2., 3., 4.]])
            >>> paddle.nn.CosineSimilarity(axis=0)(x1, x2)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.65079135, 0.98058069, 1.        ])
    """

    @param_alias(dim="axis")
    def __init__(self, axis=1, eps=1e-8):
        super().__init__()
        self._axis = axis
        self._eps = eps

    def forward(self, x1, x2):
        return F.cosine_similarity(x1, x2, axis=self._axis, eps=self._eps)

    def extra_repr(self):
        return f"axis={self._axis}, eps={self._eps}"

    dim = property(lambda self: self._axis, lambda self, v: setattr(self, "_axis", v))


# -- resampling: upsampling, padding, unfold / fold --------------------------------------------------
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


__all__ = ["Identity", "Linear", "Bilinear", "Embedding", "Flatten", "Unflatten", "Dropout", "Dropout2D",
           "Dropout3D", "AlphaDropout", "FeatureAlphaDropout", "CosineSimilarity",
           "Upsample", "UpsamplingNearest2D", "UpsamplingBilinear2D", "Pad1D", "Pad2D", "Pad3D", "ZeroPad1D",
           "ZeroPad2D", "ZeroPad3D", "ConstantPad1D", "ConstantPad2D", "ConstantPad3D", "ReflectionPad1D",
           "ReflectionPad2D", "ReflectionPad3D", "ReplicationPad1D", "ReplicationPad2D", "ReplicationPad3D",
           "CircularPad1D", "CircularPad2D", "CircularPad3D", "Unfold", "Fold"]
