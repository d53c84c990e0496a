"""QuantedConv2D: Conv2D with its input and weight passed through the configured quanters."""
from ... import functional as F
from ..format import ConvertibleQuantedLayer


class QuantedConv2D(ConvertibleQuantedLayer):
    """A Conv2D whose input and weight are quantized first; it shares the wrapped layer's weight and bias.

    Args:
        layer (Conv2D): the layer to wrap.
        q_config (SingleLayerConfig): its activation and weight quanter factories (either may be None).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import QuantConfig
        >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
        >>> q = FakeQuanterWithAbsMaxObserver()
        >>> layer = paddle.nn.quant.qat.QuantedConv2D(paddle.nn.Conv2D(1, 2, 3), QuantConfig(q, q).global_config)
        >>> layer(paddle.ones([1, 1, 4, 4])).shape
        paddle.Size([1, 2, 2, 2])
    """

    def __init__(self, layer, q_config):
        super().__init__()
        self._groups, self._stride, self._padding = layer._groups, layer._stride, layer._padding
        self._padding_mode, self._dilation, self._data_format = layer._padding_mode, layer._dilation, \
            layer._data_format
        if self._padding_mode != "zeros":
            self._reversed_padding_repeated_twice = layer._reversed_padding_repeated_twice
        self.weight, self.bias = layer.weight, layer.bias
        self.weight_quanter = q_config.weight._instance(layer) if q_config.weight is not None else None
        self.activation_quanter = (q_config.activation._instance(layer) if q_config.activation is not None
                                   else None)

    def forward(self, input):  # noqa: A002
        x = input if self.activation_quanter is None else self.activation_quanter(input)
        w = self.weight if self.weight_quanter is None else self.weight_quanter(self.weight)
        padding = self._padding
        if self._padding_mode != "zeros":
            x = F.pad(x, self._reversed_padding_repeated_twice, mode=self._padding_mode,
                      data_format=self._data_format)
            padding = 0
        return F.conv2d(x, w, bias=self.bias, padding=padding, stride=self._stride, dilation=self._dilation,
                        groups=self._groups, data_format=self._data_format)

    def weights_to_quanters(self):
        return [("weight", "weight_quanter")]

    def activation_quanters(self):
        return ["activation_quanter"]
