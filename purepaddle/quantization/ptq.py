"""PTQ: post-training quantization (observers calibrate a trained model, then convert)."""
import copy

from .quantize import Quantization

__all__ = ["PTQ"]


class PTQ(Quantization):
    """Post-training quantization: quantize() puts observers in an evaluation-mode model; run calibration data
    through it, then convert() it.

    Args:
        config (QuantConfig): the quantization configuration.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import PTQ, QuantConfig
        >>> from purepaddle.quantization.observers import AbsmaxObserver
        >>> obs = AbsmaxObserver(quant_bits=8)
        >>> model = paddle.nn.Sequential(paddle.nn.Linear(3, 2)).eval()
        >>> calibrated = PTQ(QuantConfig(activation=obs, weight=obs)).quantize(model)
        >>> calibrated(paddle.ones([1, 3])).shape
        paddle.Size([1, 2])
    """

    def __init__(self, config):
        super().__init__(config)

    def quantize(self, model, inplace=False):
        """The model with observers (a deep copy in eval mode unless inplace); model must be in eval mode.

        Args:
            model (Layer): the trained model (eval mode).
            inplace (bool): change model itself.

        Returns:
            Layer: the model to calibrate.

        Examples:
            >>> import purepaddle as paddle
            >>> from purepaddle.quantization import PTQ, QuantConfig
            >>> from purepaddle.quantization.observers import AbsmaxObserver
            >>> m = PTQ(QuantConfig(AbsmaxObserver(), AbsmaxObserver())).quantize(paddle.nn.Linear(2, 2).eval())
            >>> type(m).__name__
            'Linear'
        """
        _model = model
        if not inplace:
            _model = copy.deepcopy(model)
            _model.eval()
        if model.training:
            raise AssertionError("Post-Training Quantization should not work on training models. Please set "
                                 "evaluation mode by model.eval().")
        self._config._specify(_model)
        self._convert_to_quant_layers(_model, self._config)
        self._insert_activation_observers(_model, self._config)
        return _model
