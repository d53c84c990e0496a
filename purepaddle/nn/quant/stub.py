"""paddle.nn.quant.Stub: a placeholder layer marking where a quantizer goes; it passes its input through."""
from ..layer.layers import Layer

__all__ = ["Stub", "QuanterStub"]


class Stub(Layer):
    """An identity layer that marks a place for a quantizer (QAT/PTQ replace it); its forward returns the input.

    Args:
        observer (QuanterFactory|None, optional): The quanter a quantization pass will put here. Default None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> stub = paddle.nn.quant.Stub()
            >>> stub(paddle.ones([2])).numpy().tolist()
            [1.0, 1.0]
    """

    def __init__(self, observer=None):
        super().__init__()
        self._observer = observer

    def forward(self, input):  # noqa: A002  (Paddle's argument name)
        return input


class QuanterStub(Layer):
    """What QAT/PTQ put in place of a Stub: its own observer (when the Stub names one) or the configured
    activation quanter, applied to the input.

    Args:
        layer (Stub): the stub being replaced.
        q_config (SingleLayerConfig): the configuration for it.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.quant.stub import QuanterStub
            >>> from paddle.quantization import QuantConfig
            >>> s = QuanterStub(paddle.nn.quant.Stub(), QuantConfig(None, None))
            >>> s(paddle.ones([2])).numpy().tolist()
            [1.0, 1.0]
    """

    def __init__(self, layer, q_config):
        super().__init__()
        self._observer = None
        if layer._observer is not None:
            self._observer = layer._observer._instance(layer)
        elif q_config is not None and getattr(q_config, "activation", None) is not None:
            self._observer = q_config.activation._instance(layer)

    def forward(self, input):  # noqa: A002
        return self._observer(input) if self._observer is not None else input
