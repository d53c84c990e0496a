"""QuantedLinear: Linear with its input and weight passed through the configured quanters."""
from ... import functional as F
from ..format import ConvertibleQuantedLayer


class QuantedLinear(ConvertibleQuantedLayer):
    """A Linear whose input (activation quanter) and weight (weight quanter) are quantized first; it shares the
    wrapped layer's weight and bias.

    Args:
        layer (Linear): the layer to wrap.
        q_config (SingleLayerConfig): its activation and weight quanter factories (either may be None).

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import QuantConfig
        >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
        >>> q = FakeQuanterWithAbsMaxObserver()
        >>> layer = paddle.nn.quant.qat.QuantedLinear(paddle.nn.Linear(3, 2), QuantConfig(q, q).global_config)
        >>> layer(paddle.ones([1, 3])).shape
        paddle.Size([1, 2])
    """

    def __init__(self, layer, q_config):
        super().__init__()
        self.weight, self.bias, self.name = layer.weight, layer.bias, getattr(layer, "name", None)
        self.weight_quanter = q_config.weight._instance(layer) if q_config.weight is not None else None
        self.activation_quanter = (q_config.activation._instance(layer) if q_config.activation is not None
                                   else None)

    def forward(self, input):  # noqa: A002
        x = input if self.activation_quanter is None else self.activation_quanter(input)
        w = self.weight if self.weight_quanter is None else self.weight_quanter(self.weight)
        return F.linear(x, w, bias=self.bias)

    def weights_to_quanters(self):
        return [("weight", "weight_quanter")]

    def activation_quanters(self):
        return ["activation_quanter"]
