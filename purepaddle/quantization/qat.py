"""QAT: quantization-aware training (fake quanters in the model while it trains)."""
import copy

from .quantize import Quantization

__all__ = ["QAT"]


class QAT(Quantization):
    """Quantization-aware training: quantize() replaces the configured Linear/Conv2D/Stub layers by their QAT
    forms and wraps configured leaf layers (ReLU, AvgPool2D, layers without sublayers) with their activation
    quanter; train the result, then convert() it.

    Args:
        config (QuantConfig): the quantization configuration.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import QAT, QuantConfig
        >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
        >>> q = FakeQuanterWithAbsMaxObserver(moving_rate=0.9)
        >>> model = paddle.nn.Sequential(paddle.nn.Linear(3, 2), paddle.nn.ReLU())
        >>> quant_model = QAT(QuantConfig(activation=q, weight=q)).quantize(model)
        >>> [type(layer).__name__ for layer in quant_model.children()]
        ['QuantedLinear', 'ObserveWrapper']
    """

    def __init__(self, config):
        super().__init__(config)

    def quantize(self, model, inplace=False):
        """The model with QAT layers and observers (a deep copy unless inplace); model must be training.

        Args:
            model (Layer): the float model (in training mode).
            inplace (bool): change model itself.

        Returns:
            Layer: the quantization-aware model.

        Examples:
            >>> import purepaddle as paddle
            >>> from purepaddle.quantization import QAT, QuantConfig
            >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
            >>> q = FakeQuanterWithAbsMaxObserver()
            >>> m = QAT(QuantConfig(q, q)).quantize(paddle.nn.Sequential(paddle.nn.Linear(2, 2)))
            >>> m(paddle.ones([1, 2])).shape
            paddle.Size([1, 2])
        """
        if not model.training:
            raise AssertionError("Quantization-Aware Training should work on training models. Please set training "
                                 "mode by model.train().")
        _model = model if inplace else copy.deepcopy(model)
        self._config._specify(_model)
        self._convert_to_quant_layers(_model, self._config)
        self._insert_activation_observers(_model, self._config)
        return _model
