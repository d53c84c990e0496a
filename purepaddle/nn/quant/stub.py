"""paddle.nn.quant.Stub: a placeholder layer marking where a quantizer goes; it passes its input through."""
from ..layer.layers import Layer

__all__ = ["Stub"]


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
