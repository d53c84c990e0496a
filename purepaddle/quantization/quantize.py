"""Quantization: what QAT and PTQ share: converting a quantized model for inference, and the two passes that
replace layers by their quantized forms and wrap leaf layers with observers."""
import abc
import copy

from ..nn.quant.format import ConvertibleQuantedLayer, LinearQuanterDequanter
from .base_quanter import BaseQuanter

__all__ = ["Quantization"]


class Quantization(metaclass=abc.ABCMeta):
    """The base of QAT and PTQ (it keeps a deep copy of the config)."""

    def __init__(self, config):
        self._config = copy.deepcopy(config)

    @abc.abstractmethod
    def quantize(self, model, inplace=False):
        """The model with quantized layers and observers."""

    def convert(self, model, inplace=False, remain_weight=False):
        """The inference form of a quantized model: every quanter becomes a quantize/dequantize pair holding its
        scales; the weights of quantized layers are stored as integer values (unless remain_weight) and
        dequantized at run time.

        Args:
            model (Layer): a model from quantize (trained or calibrated).
            inplace (bool): change model itself (else a deep copy).
            remain_weight (bool): keep the float weights.

        Returns:
            Layer: the converted model.

        Examples:
            >>> import purepaddle as paddle
            >>> from purepaddle.quantization import PTQ, QuantConfig
            >>> from purepaddle.quantization.observers import AbsmaxObserver
            >>> model = paddle.nn.Sequential(paddle.nn.Linear(3, 2)).eval()
            >>> ptq = PTQ(QuantConfig(activation=AbsmaxObserver(), weight=AbsmaxObserver()))
            >>> q = ptq.quantize(model)
            >>> _ = q(paddle.ones([1, 3]))
            >>> type(ptq.convert(q)[0].activation_quanter).__name__
            'LinearQuanterDequanter'
        """
        _model = model if inplace else copy.deepcopy(model)
        replaced = {}
        for name, child in _model.named_children():
            if isinstance(child, ConvertibleQuantedLayer):
                if child.converted:
                    continue
                wq = getattr(child, "weight_quanter", False)
                if wq is not False and (wq is None or wq.scales() is None):
                    continue
                child._convert(remain_weight=remain_weight)
            elif isinstance(child, BaseQuanter):
                replaced[name] = LinearQuanterDequanter.from_quanter(child)
            else:
                self.convert(child, inplace=True, remain_weight=remain_weight)
        for key, value in replaced.items():
            _model._sub_layers[key] = value
        return _model

    def _convert_to_quant_layers(self, model, config):
        replaced = {}
        for name, child in model.named_children():
            if config._is_quantifiable(child) and type(child) in config.qat_layer_mappings:
                replaced[name] = config._get_qat_layer(child)
            else:
                self._convert_to_quant_layers(child, config)
        for key, value in replaced.items():
            model._sub_layers[key] = value

    def _insert_activation_observers(self, model, config):
        replaced = {}
        quantized = set(config._qat_layer_mapping.values()) | set(config._customized_qat_layer_mapping.values())
        for name, child in model.named_children():
            if config._need_observe(child):
                replaced[name] = config._get_observe_wrapper(child)
            elif type(child) not in quantized:
                self._insert_activation_observers(child, config)
        for key, value in replaced.items():
            model._sub_layers[key] = value

    def _details(self):
        return self._config.details()

    def __str__(self):
        return self._details()

    __repr__ = __str__
