"""paddle.nn.quant.quant_layers: the imperative fake-quant layers (abs-max, channel-wise, moving-average, output
scale trackers) and the quantized wrappers of Conv2D, Conv2DTranspose, Linear and matmul that fake-quantize
the input and the weight before the layer's op. Parameter names and initial values are Paddle's (scale 0.001,
state and accum 1 for the moving-average quantizer; 0 for the output-scale tracker)."""
from ... import tensor as T
from ...static.name import generate as _unique
from .. import functional as F
from ..initializer import Constant
from ..layer.layers import Layer
from ..param_attr import ParamAttr
from . import fake_quant

__all__ = ["FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax", "QuantizedConv2D",
           "QuantizedConv2DTranspose", "QuantizedLinear", "MovingAverageAbsMaxScale", "MAOutputScaleLayer",
           "FakeQuantMAOutputScaleLayer", "QuantStub", "QuantizedRowParallelLinear",
           "QuantizedColumnParallelLinear", "QuantizedMatmul"]


def _state(layer, name, value, shape, dtype):
    """A non-trainable [shape] tensor named `name`, initialised to value, stopping gradient."""
    p = layer.create_parameter(shape=shape, dtype=dtype, attr=ParamAttr(name=name,
                                                                        initializer=Constant(value),
                                                                        trainable=False))
    p.stop_gradient = True
    return p


class FakeQuantAbsMax(Layer):
    """Fake quantization by the tensor's abs-max: round(x * bnt / s) * s / bnt with s = max|x|,
    bnt = 2**(quant_bits-1) - 1 (ties away from zero); the gradient passes straight through.

    Args:
        name (str, optional): the scale's name prefix.
        quant_bits (int): the integer width.
        dtype (str): the scale's dtype.
        quant_on_weight (bool): keep the last scale in a [1] parameter `_scale`.
        reduce_type (str, optional): 'max' reduces the scale across processes (one process here).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import FakeQuantAbsMax
        >>> FakeQuantAbsMax()(paddle.to_tensor([127., 0.5, -2.5])).numpy().tolist()
        [127.0, 1.0, -3.0]
    """

    def __init__(self, name=None, quant_bits=8, dtype="float32", quant_on_weight=False, reduce_type=None):
        super().__init__()
        self._quant_bits, self._name, self._reduce_type = quant_bits, name, reduce_type
        # Paddle draws the scale's name even when it keeps no scale (the name counter moves the same)
        self._scale_name = _unique(f"{name}.scale" if name else "quant_dequant.scale")
        self._scale = _state(self, self._scale_name, 0.001, [1], self._dtype) if quant_on_weight else None

    def forward(self, input):  # noqa: A002
        return fake_quant.abs_max(input, self._quant_bits, self._scale)


class FakeQuantMovingAverageAbsMax(Layer):
    """Fake quantization by a moving-average abs-max scale: while training, state = rate*state + 1,
    accum = rate*accum + max|x| and scale = accum / state; in eval the stored scale is used.

    Args:
        name (str, optional): the parameters' name prefix.
        moving_rate (float): the decay rate.
        quant_bits (int): the integer width.
        dtype (str): the parameters' dtype.
        reduce_type (str, optional): 'max' (one process here: no effect).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import FakeQuantMovingAverageAbsMax
        >>> q = FakeQuantMovingAverageAbsMax()
        >>> _ = q(paddle.to_tensor([1., -2., 0.7, 3.9]))
        >>> round(float(q._scale), 4)
        2.5263
    """

    def __init__(self, name=None, moving_rate=0.9, quant_bits=8, dtype="float32", reduce_type=None):
        super().__init__()
        self._moving_rate, self._quant_bits, self._reduce_type = moving_rate, quant_bits, reduce_type
        prefix = name if name else "quant_dequant"
        self._scale = _state(self, _unique(f"{prefix}.scale"), 0.001, [1], dtype)
        self._state = _state(self, _unique(f"{prefix}.state"), 1, [1], dtype)
        self._accum = _state(self, _unique(f"{prefix}.accum"), 1, [1], dtype)

    def forward(self, input):  # noqa: A002
        return fake_quant.moving_average_abs_max(input, self._scale, self._accum, self._state, self._moving_rate,
                                                 self._quant_bits, self.training)


class FakeQuantChannelWiseAbsMax(Layer):
    """Fake quantization of a weight with one abs-max scale per index of quant_axis.

    Args:
        name (str, optional): the scale's name prefix.
        channel_num (int): the size of quant_axis.
        quant_bits (int): the integer width.
        quant_axis (int): 0 (conv weights) or 1 (linear / transposed-conv weights).
        dtype (str): the scale's dtype.
        quant_on_weight (bool): must be True (channel-wise applies to weights only).
        reduce_type (str, optional): 'max' (one process here: no effect).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import FakeQuantChannelWiseAbsMax
        >>> q = FakeQuantChannelWiseAbsMax(channel_num=2, quant_on_weight=True)
        >>> _ = q(paddle.to_tensor([[1., -2.], [0.5, 4.]]))
        >>> q._scale.numpy().tolist()
        [2.0, 4.0]
    """

    def __init__(self, name=None, channel_num=None, quant_bits=8, quant_axis=0, dtype="float32",
                 quant_on_weight=False, reduce_type=None):
        if not quant_on_weight:
            raise AssertionError("Channel_wise only can be used on weight quantization.")
        super().__init__()
        self._quant_bits, self._quant_axis, self._name = quant_bits, quant_axis, name
        self._channel_num, self._reduce_type = channel_num, reduce_type
        self._scale_name = _unique(f"{name}.scale" if name else "quant_dequant.scale")
        self._scale = _state(self, self._scale_name, 0.0, [channel_num], dtype)

    def forward(self, input):  # noqa: A002
        return fake_quant.channel_wise_abs_max(input, self._quant_bits, self._quant_axis, self._scale)


class MovingAverageAbsMaxScale(Layer):
    """Passes its input through and, while training, tracks its moving-average abs-max in `_scale`
    (state and accum start at 0).

    Args:
        name (str, optional): the parameters' name prefix.
        moving_rate (float): the decay rate.
        dtype (str): the parameters' dtype.
        reduce_type (str, optional): 'max' (one process here: no effect).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import MovingAverageAbsMaxScale
        >>> m = MovingAverageAbsMaxScale()
        >>> m(paddle.to_tensor([1., -3.])).numpy().tolist(), m._scale.numpy().tolist()
        ([1.0, -3.0], [3.0])
    """

    def __init__(self, name=None, moving_rate=0.9, dtype="float32", reduce_type=None):
        super().__init__()
        self._moving_rate, self._reduce_type = moving_rate, reduce_type
        prefix = name if name else "outscale"
        self._scale = _state(self, _unique(f"{prefix}.scale"), 0, [1], dtype)
        self._state = _state(self, _unique(f"{prefix}.state"), 0, [1], dtype)
        self._accum = _state(self, _unique(f"{prefix}.accum"), 0, [1], dtype)

    def forward(self, input):  # noqa: A002
        return fake_quant.moving_average_scale(input, self._scale, self._accum, self._state, self._moving_rate,
                                               self.training)


QuantStub = MovingAverageAbsMaxScale


def _fake_quant_layer(quant_type, **kw):
    """The fake-quant layer of a quantize type ('abs_max', 'moving_average_abs_max', 'channel_wise_abs_max')."""
    common = {"name": kw.get("name"), "quant_bits": kw.get("quant_bits", 8), "dtype": kw.get("dtype", "float32"),
              "reduce_type": kw.get("reduce_type")}
    if quant_type == "abs_max":
        return FakeQuantAbsMax(quant_on_weight=kw.get("quant_on_weight", False), **common)
    if quant_type == "moving_average_abs_max":
        return FakeQuantMovingAverageAbsMax(moving_rate=kw.get("moving_rate", 0.9), **common)
    if quant_type == "channel_wise_abs_max":
        if kw.get("channel_num") is None:
            raise AssertionError("You need to input channel_numwhen you use channel_wise_abs_max strategy.")
        return FakeQuantChannelWiseAbsMax(channel_num=kw["channel_num"], quant_axis=kw.get("quant_axis", 0),
                                          quant_on_weight=kw.get("quant_on_weight", False), **common)
    raise ValueError(f"purepaddle supports weight/activation quantize types 'abs_max', 'moving_average_abs_max' "
                     f"and 'channel_wise_abs_max', not '{quant_type}' (the LSQ quantizers are not implemented)")


class _QuantizedWeightLayer(Layer):
    """What the quantized wrappers share: the wrapped layer's weight and bias, the weight's and the input's
    fake-quant layers (or the given ones), and the optional pre-processing layers."""

    _quant_axis = 0

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, weight_quantize_type="abs_max",
                 activation_quantize_type="abs_max", weight_pre_layer=None, act_pre_layer=None,
                 weight_quant_layer=None, act_quant_layer=None):
        super().__init__()
        self.weight, self.bias = layer.weight, layer.bias
        axis = self._quant_axis
        self._fake_quant_weight = (weight_quant_layer() if weight_quant_layer is not None else _fake_quant_layer(
            weight_quantize_type, name=self.weight.name, moving_rate=moving_rate, quant_bits=weight_bits,
            dtype=self._dtype, quant_on_weight=True, channel_num=self.weight.shape[axis], quant_axis=axis))
        self._fake_quant_input = (act_quant_layer() if act_quant_layer is not None else _fake_quant_layer(
            activation_quantize_type, name=layer.full_name(), moving_rate=moving_rate, quant_bits=activation_bits,
            dtype=self._dtype, quant_on_weight=False))
        self._act_preprocess = act_pre_layer() if act_pre_layer is not None else None
        self._weight_preprocess = weight_pre_layer() if weight_pre_layer is not None else None

    def _quant_operands(self, input):  # noqa: A002
        if self._act_preprocess is not None:
            input = self._act_preprocess(input)
        weight = self.weight if self._weight_preprocess is None else self._weight_preprocess(self.weight)
        return self._fake_quant_input(input), self._fake_quant_weight(weight)


class QuantizedConv2D(_QuantizedWeightLayer):
    """A Conv2D whose input and weight are fake-quantized (the weight per output channel, axis 0, with
    'channel_wise_abs_max').

    Args:
        layer (Conv2D): the layer to wrap (its weight and bias are shared).
        weight_bits, activation_bits (int): the integer widths.
        moving_rate (float): for the moving-average quantizers.
        weight_quantize_type, activation_quantize_type (str): 'abs_max', 'moving_average_abs_max' or
            'channel_wise_abs_max' (weights only).
        weight_pre_layer, act_pre_layer (type, optional): layers run before quantizing.
        weight_quant_layer, act_quant_layer (type, optional): layers used instead of the fake-quant ones.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedConv2D
        >>> q = QuantizedConv2D(paddle.nn.Conv2D(1, 2, 3))
        >>> q(paddle.ones([1, 1, 4, 4])).shape
        paddle.Size([1, 2, 2, 2])
    """

    def __init__(self, layer, *args, **kwargs):
        super().__init__(layer, *args, **kwargs)
        self._groups, self._stride, self._padding = layer._groups, layer._stride, layer._padding
        self._padding_mode, self._dilation, self._data_format = layer._padding_mode, layer._dilation, \
            layer._data_format
        if self._padding_mode != "zeros":
            self._reversed_padding_repeated_twice = layer._reversed_padding_repeated_twice

    def forward(self, input):  # noqa: A002
        x, w = self._quant_operands(input)
        padding = self._padding
        if self._padding_mode != "zeros":
            x = F.pad(x, self._reversed_padding_repeated_twice, mode=self._padding_mode,
                      data_format=self._data_format)
            padding = 0
        return F.conv2d(x, w, bias=self.bias, padding=padding, stride=self._stride, dilation=self._dilation,
                        groups=self._groups, data_format=self._data_format)


class QuantizedConv2DTranspose(_QuantizedWeightLayer):
    """A Conv2DTranspose whose input and weight are fake-quantized (channel-wise along axis 1).

    Args:
        layer (Conv2DTranspose): the layer to wrap.
        weight_bits, activation_bits, moving_rate, weight_quantize_type, activation_quantize_type,
        weight_pre_layer, act_pre_layer, weight_quant_layer, act_quant_layer: as QuantizedConv2D.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedConv2DTranspose
        >>> q = QuantizedConv2DTranspose(paddle.nn.Conv2DTranspose(1, 2, 3))
        >>> q(paddle.ones([1, 1, 2, 2])).shape
        paddle.Size([1, 2, 4, 4])
    """

    _quant_axis = 1

    def __init__(self, layer, *args, **kwargs):
        super().__init__(layer, *args, **kwargs)
        self._groups, self._stride, self._padding = layer._groups, layer._stride, layer._padding
        self._output_padding, self._dilation = layer.output_padding, layer._dilation
        self._data_format = layer._data_format

    def forward(self, input, output_size=None):  # noqa: A002
        x, w = self._quant_operands(input)
        output_padding = self._output_padding if output_size is None else 0
        return F.conv2d_transpose(x, w, bias=self.bias, padding=self._padding, output_padding=output_padding,
                                  stride=self._stride, dilation=self._dilation, groups=self._groups,
                                  output_size=output_size, data_format=self._data_format)


class QuantizedLinear(_QuantizedWeightLayer):
    """A Linear whose input and weight are fake-quantized (channel-wise along axis 1, the outputs).

    Args:
        layer (Linear): the layer to wrap.
        weight_bits, activation_bits, moving_rate, weight_quantize_type, activation_quantize_type,
        weight_pre_layer, act_pre_layer, weight_quant_layer, act_quant_layer: as QuantizedConv2D.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedLinear
        >>> QuantizedLinear(paddle.nn.Linear(3, 2))(paddle.ones([4, 3])).shape
        paddle.Size([4, 2])
    """

    _quant_axis = 1

    def __init__(self, layer, *args, **kwargs):
        super().__init__(layer, *args, **kwargs)
        self.name = getattr(layer, "name", None)

    def forward(self, input):  # noqa: A002
        x, w = self._quant_operands(input)
        return F.linear(x, w, bias=self.bias)


class QuantizedColumnParallelLinear(QuantizedLinear):
    """A column-parallel Linear with fake-quantized input and weight; in one process (purepaddle's) the
    model-parallel split is the whole layer, so this is QuantizedLinear (gather_output has nothing to gather).

    Args:
        layer (Layer): the (column-parallel) linear layer to wrap.
        weight_bits, activation_bits, moving_rate, weight_quantize_type, activation_quantize_type,
        weight_pre_layer, act_pre_layer: as QuantizedLinear.
        weight_quant_layer, act_quant_layer: must be None (as in Paddle).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedColumnParallelLinear
        >>> QuantizedColumnParallelLinear(paddle.nn.Linear(3, 2))(paddle.ones([4, 3])).shape
        paddle.Size([4, 2])
    """

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, weight_quantize_type="abs_max",
                 activation_quantize_type="abs_max", weight_pre_layer=None, act_pre_layer=None,
                 weight_quant_layer=None, act_quant_layer=None):
        if weight_quant_layer is not None:
            raise AssertionError("When quantizing ColumnParallelLinear, weight_quant_layer should be None.")
        if act_quant_layer is not None:
            raise AssertionError("When quantizing ColumnParallelLinear, act_quant_layer should be None.")
        super().__init__(layer, weight_bits, activation_bits, moving_rate, weight_quantize_type,
                         activation_quantize_type, weight_pre_layer, act_pre_layer)
        self.is_mp = getattr(layer, "is_mp", False)
        self.gather_output = getattr(layer, "gather_output", True)


class QuantizedRowParallelLinear(QuantizedLinear):
    """A row-parallel Linear with fake-quantized input and weight, the bias added after the (single-process)
    reduction: in one process this is QuantizedLinear.

    Args:
        layer (Layer): the (row-parallel) linear layer to wrap.
        weight_bits, activation_bits, moving_rate, weight_quantize_type, activation_quantize_type,
        weight_pre_layer, act_pre_layer: as QuantizedLinear.
        weight_quant_layer, act_quant_layer: must be None (as in Paddle).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedRowParallelLinear
        >>> QuantizedRowParallelLinear(paddle.nn.Linear(3, 2))(paddle.ones([4, 3])).shape
        paddle.Size([4, 2])
    """

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, weight_quantize_type="abs_max",
                 activation_quantize_type="abs_max", weight_pre_layer=None, act_pre_layer=None,
                 weight_quant_layer=None, act_quant_layer=None):
        if weight_quant_layer is not None:
            raise AssertionError("When quantizing RowParallelLinear, weight_quant_layer cannot defined by yourself.")
        if act_quant_layer is not None:
            raise AssertionError("When quantizing RowParallelLinear, act_quant_layer cannot defined by yourself.")
        super().__init__(layer, weight_bits, activation_bits, moving_rate, weight_quantize_type,
                         activation_quantize_type, weight_pre_layer, act_pre_layer)
        self.is_mp = getattr(layer, "is_mp", False)
        self.input_is_parallel = getattr(layer, "input_is_parallel", False)

    def forward(self, input):  # noqa: A002
        x, w = self._quant_operands(input)
        out = F.linear(x, w)
        return out + self.bias if self.bias is not None else out


class QuantizedMatmul(Layer):
    """matmul of two fake-quantized activations.

    Args:
        layer (Layer, optional): unused (Paddle's signature).
        weight_bits (int): unused.
        activation_bits (int): the integer width of both operands.
        moving_rate (float): for the moving-average quantizers.
        weight_quantize_type (str): unused.
        activation_quantize_type (str): the operands' quantize type.
        weight_pre_layer (type, optional): unused.
        act_pre_layer (type, optional): a layer run on each operand first.
        weight_quant_layer (type, optional): unused.
        act_quant_layer (type, optional): a layer used instead of the fake-quant ones.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import QuantizedMatmul
        >>> QuantizedMatmul()(paddle.ones([2, 3]), paddle.ones([3, 4])).numpy()[0, 0]
        np.float32(3.0)
    """

    def __init__(self, layer=None, weight_bits=8, activation_bits=8, moving_rate=0.9,
                 weight_quantize_type="abs_max", activation_quantize_type="abs_max", weight_pre_layer=None,
                 act_pre_layer=None, weight_quant_layer=None, act_quant_layer=None):
        super().__init__()
        if act_quant_layer is not None:
            self._fake_quant_x, self._fake_quant_y = act_quant_layer(), act_quant_layer()
        else:
            self._fake_quant_x = _fake_quant_layer(activation_quantize_type, moving_rate=moving_rate,
                                                   quant_bits=activation_bits, quant_on_weight=False)
            self._fake_quant_y = _fake_quant_layer(activation_quantize_type, moving_rate=moving_rate,
                                                   quant_bits=activation_bits, quant_on_weight=False)
        self._act_preprocess_x = act_pre_layer() if act_pre_layer is not None else None
        self._act_preprocess_y = act_pre_layer() if act_pre_layer is not None else None

    def forward(self, x, y, transpose_x=False, transpose_y=False, name=None):
        if self._act_preprocess_x is not None:
            x = self._act_preprocess_x(x)
        if self._act_preprocess_y is not None:
            y = self._act_preprocess_y(y)
        return T.matmul(self._fake_quant_x(x), self._fake_quant_y(y), transpose_x, transpose_y)


class MAOutputScaleLayer(Layer):
    """Runs a layer and tracks its (single Tensor) output's moving-average abs-max scale.

    Args:
        layer (Layer): the layer to run.
        moving_rate (float): the decay rate.
        name (str, optional): the scale's name prefix (default the layer's full name).
        dtype (str): the scale's dtype.
        reduce_type (str, optional): 'max' (one process here: no effect).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import MAOutputScaleLayer
        >>> m = MAOutputScaleLayer(paddle.nn.ReLU())
        >>> _ = m(paddle.to_tensor([-1., 2.]))
        >>> m._ma_output_scale._scale.numpy().tolist()
        [2.0]
    """

    def __init__(self, layer=None, moving_rate=0.9, name=None, dtype="float32", reduce_type=None):
        super().__init__()
        self._layer = layer
        self._ma_output_scale = MovingAverageAbsMaxScale(layer.full_name() if name is None else name, moving_rate,
                                                         dtype, reduce_type)

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        return out if isinstance(out, (list, tuple, dict)) else self._ma_output_scale(out)


class FakeQuantMAOutputScaleLayer(Layer):
    """Runs a layer and fake-quantizes its output by a moving-average abs-max scale.

    Args:
        layer (Layer): the layer to run.
        weight_bits (int): unused.
        activation_bits (int): the output's integer width.
        moving_rate (float): the decay rate.
        name (str, optional): the parameters' name prefix (default the layer's full name).
        reduce_type (str, optional): 'max' (one process here: no effect).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.quant_layers import FakeQuantMAOutputScaleLayer
        >>> FakeQuantMAOutputScaleLayer(paddle.nn.ReLU())(paddle.to_tensor([-1., 2.])).shape
        paddle.Size([2])
    """

    def __init__(self, layer, weight_bits=8, activation_bits=8, moving_rate=0.9, name=None, reduce_type=None,
                 *args, **kwargs):
        super().__init__()
        self._layer = layer
        self._fake_quant_output = _fake_quant_layer("moving_average_abs_max",
                                                    name=layer.full_name() if name is None else name,
                                                    moving_rate=moving_rate, quant_bits=activation_bits,
                                                    dtype=self._dtype, quant_on_weight=False,
                                                    reduce_type=reduce_type)

    def forward(self, *inputs, **kwargs):
        out = self._layer(*inputs, **kwargs)
        if isinstance(out, (list, tuple)) and len(out) > 1:
            return out
        return self._fake_quant_output(out)
