"""paddle.nn.quant.format: the layers a converted (quantized) model runs: LinearQuanter (float -> integer
values), LinearDequanter (back), their pair LinearQuanterDequanter, and ConvertibleQuantedLayer, the base of
the QAT layers that `Quantization.convert` turns into quantize/dequantize pairs."""
import abc

import numpy as np

from ...static.name import generate as _unique
from ...tensor.creation.conversion import to_tensor
from ..initializer import Constant
from ..layer.layers import Layer
from ..param_attr import ParamAttr
from . import fake_quant

__all__ = ["LinearQuanter", "LinearDequanter", "LinearQuanterDequanter", "ConvertibleQuantedLayer"]


class _LinearQuant(Layer):
    """The scale and zero point (float32 parameters, not trained) and the integer range of a bit width."""

    def __init__(self, scales, zero_point=None, quant_axis=None, bit_length=8, group_size=128):
        super().__init__()
        scales = np.asarray(scales.numpy() if hasattr(scales, "numpy") else scales, dtype=np.float32)
        # Paddle's from_quanter fails on a quanter without zero points; they are zero here (symmetric quanters)
        zero = np.zeros_like(scales) if zero_point is None else np.asarray(
            zero_point.numpy() if hasattr(zero_point, "numpy") else zero_point, dtype=np.float32)
        self._scales = self._param(scales, 1.0)
        self._zero_point = self._param(zero, 0.0)
        self._quant_axis = -1 if quant_axis is None else quant_axis
        if isinstance(bit_length, tuple):
            raise NotImplementedError("purepaddle's LinearQuanter takes integer bit lengths only (float8 formats "
                                      "are not implemented)")
        self._bit_length, self._group_size = bit_length, group_size
        self._qmax = (1 << (bit_length - 1)) - 1
        self._qmin = -self._qmax - 1

    def _param(self, value, init):
        p = self.create_parameter(shape=list(value.shape), dtype="float32",
                                  attr=ParamAttr(name=_unique("quant_dequant.scale" if init else
                                                              "quant_dequant.zero_point"),
                                                 initializer=Constant(init), trainable=False))
        p.set_value(to_tensor(value))
        return p

    @classmethod
    def from_quanter(cls, quanter):
        """The layer holding a trained quanter's scales, zero points, axis and bit length."""
        return cls(quanter.scales(), zero_point=quanter.zero_points(), quant_axis=quanter.quant_axis(),
                   bit_length=quanter.bit_length())


class LinearQuanter(_LinearQuant):
    """x -> clip(round(x * qmax / scale), qmin, qmax) (integer values in float; ties to even), per tensor or per
    channel along quant_axis.

    Args:
        scales (Tensor|float): the scale(s).
        zero_point (Tensor|float, optional): zero point(s) (0).
        quant_axis (int, optional): the channel axis (None: one scale).
        bit_length (int): the integer width.
        group_size (int): Paddle's group quantization size (unused for one-axis scales).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.format import LinearQuanter
        >>> LinearQuanter(paddle.to_tensor(5.))(paddle.to_tensor([0.5, 2.5, -10.])).numpy().tolist()
        [13.0, 64.0, -128.0]
    """

    def forward(self, input):  # noqa: A002
        return fake_quant.quantize_linear(input.astype("float32"), self._scales, self._zero_point,
                                          self._quant_axis, self._bit_length, self._qmin,
                                          self._qmax).astype(input.dtype)


class LinearDequanter(_LinearQuant):
    """q -> q * scale / qmax, per tensor or per channel along quant_axis.

    Args:
        scales, zero_point, quant_axis, bit_length, group_size: as LinearQuanter.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.format import LinearDequanter
        >>> LinearDequanter(paddle.to_tensor(127.))(paddle.to_tensor([13., -128.])).numpy().tolist()
        [13.0, -128.0]
    """

    def forward(self, input):  # noqa: A002
        return fake_quant.dequantize_linear(input.astype("float32"), self._scales, self._zero_point,
                                            self._quant_axis, self._bit_length, self._qmin,
                                            self._qmax).astype(input.dtype)


class LinearQuanterDequanter(Layer):
    """A quanter followed by a dequanter (either may be None).

    Args:
        quanter (Layer|None): the quantizing layer.
        dequanter (Layer|None): the dequantizing layer.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.format import LinearDequanter, LinearQuanter, LinearQuanterDequanter
        >>> s = paddle.to_tensor(5.)
        >>> qdq = LinearQuanterDequanter(LinearQuanter(s), LinearDequanter(s))
        >>> [round(v, 4) for v in qdq(paddle.to_tensor([0.5, 2.5])).numpy().tolist()]
        [0.5118, 2.5197]
    """

    def __init__(self, quanter, dequanter):
        super().__init__()
        self._quanter, self._dequanter = quanter, dequanter

    def forward(self, input):  # noqa: A002
        out = input
        if self._quanter is not None:
            out = self._quanter(out)
        if self._dequanter is not None:
            out = self._dequanter(out)
        return out

    @staticmethod
    def from_quanter(quanter):
        """The pair built from a trained quanter (BaseQuanter).

        Args:
            quanter (BaseQuanter): the quanter.

        Returns:
            LinearQuanterDequanter: its quantize / dequantize pair.

        Examples:
            >>> import purepaddle as paddle
            >>> from purepaddle.nn.quant.format import LinearQuanterDequanter
            >>> from purepaddle.quantization.observers import AbsmaxObserver
            >>> obs = AbsmaxObserver()._instance(None)
            >>> _ = obs(paddle.to_tensor([1., -4.]))
            >>> type(LinearQuanterDequanter.from_quanter(obs)._quanter).__name__
            'LinearQuanter'
        """
        if quanter is None:
            raise AssertionError("from_quanter needs a quanter")
        return LinearQuanterDequanter(LinearQuanter.from_quanter(quanter), LinearDequanter.from_quanter(quanter))


class ConvertibleQuantedLayer(Layer, metaclass=abc.ABCMeta):
    """A QAT layer that `convert` can turn into quantize/dequantize pairs: it names which weights go through
    which quanter (weights_to_quanters) and its activation quanters (activation_quanters).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.nn.quant.format import ConvertibleQuantedLayer
        >>> issubclass(paddle.nn.quant.qat.QuantedLinear, ConvertibleQuantedLayer)
        True
    """

    def __init__(self):
        super().__init__()
        self.converted = False

    @abc.abstractmethod
    def weights_to_quanters(self):
        """[(weight attribute, quanter attribute)]."""

    @abc.abstractmethod
    def activation_quanters(self):
        """[quanter attribute]."""

    def _convert_quanter_to_qdq(self, quanter_name):
        quanter = getattr(self, quanter_name, None)
        if quanter is None:
            return None
        qdq = LinearQuanterDequanter.from_quanter(quanter)
        setattr(self, quanter_name, qdq)
        self._sub_layers[quanter_name] = qdq
        return qdq

    def _quant_weights(self, weight_name, quanter):
        weight = getattr(self, weight_name)
        weight.set_value(quanter(weight))

    def _convert(self, remain_weight=False):
        """Replace the quanters by quantize/dequantize pairs; the weights are stored quantized (integer
        values) and only dequantized at run time, unless remain_weight."""
        if self.converted:
            raise AssertionError("The model should be converted only once.")
        for weight_name, quanter_name in self.weights_to_quanters():
            qdq = self._convert_quanter_to_qdq(quanter_name)
            if qdq is not None and remain_weight is False:
                self._quant_weights(weight_name, qdq._quanter)
                qdq._quanter = None
                qdq._sub_layers["_quanter"] = None
        for quanter_name in self.activation_quanters():
            self._convert_quanter_to_qdq(quanter_name)
        self.converted = True
