"""QuantConfig: which quanters (activation, weight) each layer of a model gets, by the layer itself, its name
prefix, its type or globally; and which layer types QAT/PTQ replace by their quantized forms."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.quantization.factory import QuanterFactory

import copy

from .. import nn
from ..nn.quant.qat import QuantedConv2D, QuantedLinear
from ..nn.quant.stub import QuanterStub, Stub
from .wrapper import ObserveWrapper

__all__ = ["QuantConfig", "SingleLayerConfig", "DEFAULT_QAT_LAYER_MAPPINGS", "DEFAULT_LEAVES"]

DEFAULT_QAT_LAYER_MAPPINGS = {Stub: QuanterStub, nn.Linear: QuantedLinear, nn.Conv2D: QuantedConv2D}
DEFAULT_LEAVES = [nn.ReLU, nn.AvgPool2D]


class SingleLayerConfig:
    """One layer's activation and weight quanter factories."""

    def __init__(self, activation, weight):
        self._activation, self._weight = activation, weight

    @property
    def activation(self):
        return self._activation

    @property
    def weight(self):
        return self._weight

    def __str__(self):
        return f"activation: {self._activation}\nweight: {self._weight}"


class QuantConfig:
    """The quantization configuration of a model.

    It holds a global (activation, weight) pair of quanter factories,
    overridden per layer type (add_type_config), per layer name prefix (add_name_config) or per layer
    (add_layer_config); the later kinds win. QAT/PTQ replace every configured layer whose type has a QAT
    mapping (Linear, Conv2D, Stub, and add_qat_layer_mapping's) and wrap configured leaf layers with an
    observer of their input.

    Args:
        activation (QuanterFactory|None): the global activation quanter.
        weight (QuanterFactory|None): the global weight quanter.

    Examples:
        .. code-block:: python

            >>> from purepaddle.quantization import QuantConfig
            >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
            >>> q = FakeQuanterWithAbsMaxObserver(moving_rate=0.9)
            >>> print(QuantConfig(activation=q, weight=q))
            Global config:
            activation: FakeQuanterWithAbsMaxObserver(name=None,moving_rate=0.9,bit_length=8,dtype=float32)
            weight: FakeQuanterWithAbsMaxObserver(name=None,moving_rate=0.9,bit_length=8,dtype=float32)
            <BLANKLINE>
    """

    def __init__(self, activation: QuanterFactory | None, weight: QuanterFactory | None) -> None:
        self._global_config = None if activation is None and weight is None else SingleLayerConfig(activation,
                                                                                                   weight)
        self._layer2config, self._prefix2config, self._type2config = {}, {}, {}
        self._model = None
        self._qat_layer_mapping = copy.deepcopy(DEFAULT_QAT_LAYER_MAPPINGS)
        self._customized_qat_layer_mapping = {}
        self._customized_leaves = []

    def add_layer_config(self, layer, activation=None, weight=None):
        """Configure one layer (or a list), by its full name.

        Args:
            layer (Layer|list[Layer]): the layer(s).
            activation (QuanterFactory, optional): its activation quanter.
            weight (QuanterFactory, optional): its weight quanter.

        Examples:
            .. code-block:: python

                >>> import purepaddle as paddle
                >>> from purepaddle.quantization import QuantConfig
                >>> from purepaddle.quantization.quanters import FakeQuanterWithAbsMaxObserver
                >>> fc = paddle.nn.Linear(2, 2)
                >>> config = QuantConfig(None, None)
                >>> config.add_layer_config(fc, activation=FakeQuanterWithAbsMaxObserver())
        """
        if isinstance(layer, list):
            for one in layer:
                self.add_layer_config(one, activation=activation, weight=weight)
        else:
            self.add_name_config(layer.full_name(), activation=activation, weight=weight)

    def add_name_config(self, layer_name, activation=None, weight=None):
        """Configure the layers whose full name is `layer_name` (or one of a list).

        Args:
            layer_name (str|list[str]): full layer name(s).
            activation (QuanterFactory, optional): the activation quanter.
            weight (QuanterFactory, optional): the weight quanter.

        Examples:
            .. code-block:: python

                >>> from purepaddle.quantization import QuantConfig
                >>> config = QuantConfig(None, None)
                >>> config.add_name_config("linear_0")
        """
        if isinstance(layer_name, str):
            self._prefix2config[layer_name] = SingleLayerConfig(activation, weight)
        if isinstance(layer_name, list):
            for one in layer_name:
                self.add_name_config(one, activation=activation, weight=weight)

    def add_type_config(self, layer_type, activation=None, weight=None):
        """Configure every layer of a type (or of a list of types).

        Args:
            layer_type (type|list[type]): Layer subclass(es).
            activation (QuanterFactory, optional): the activation quanter.
            weight (QuanterFactory, optional): the weight quanter.

        Examples:
            .. code-block:: python

                >>> import purepaddle as paddle
                >>> from purepaddle.quantization import QuantConfig
                >>> config = QuantConfig(None, None)
                >>> config.add_type_config(paddle.nn.Linear)
        """
        if isinstance(layer_type, type) and issubclass(layer_type, nn.Layer):
            self._type2config[layer_type] = SingleLayerConfig(activation, weight)
        if isinstance(layer_type, list):
            for one in layer_type:
                self.add_type_config(one, activation=activation, weight=weight)

    def add_qat_layer_mapping(self, source, target):
        """Replace layers of type `source` by `target(layer, config)` when quantizing.

        Args:
            source (type): a Layer subclass.
            target (type): its quantized Layer subclass.

        Examples:
            .. code-block:: python

                >>> import purepaddle as paddle
                >>> from purepaddle.quantization import QuantConfig
                >>> config = QuantConfig(None, None)
                >>> config.add_qat_layer_mapping(paddle.nn.Linear, paddle.nn.quant.qat.QuantedLinear)
        """
        if not (isinstance(source, type) and issubclass(source, nn.Layer)):
            raise AssertionError("The source layer to be placed should be a subclass of paddle.nn.Layer")
        if not (isinstance(target, type) and issubclass(target, nn.Layer)):
            raise AssertionError("The target layer should be a subclass of paddle.nn.qat.Layer")
        self._qat_layer_mapping[source] = target
        self._customized_qat_layer_mapping[source] = target

    def add_customized_leaf(self, layer_type):
        """Treat layers of this type as leaves (observed as a whole, not entered).

        Args:
            layer_type (type): a Layer subclass.

        Examples:
            .. code-block:: python

                >>> import purepaddle as paddle
                >>> from purepaddle.quantization import QuantConfig
                >>> config = QuantConfig(None, None)
                >>> config.add_customized_leaf(paddle.nn.Sequential)
                >>> config.customized_leaves
                [<class 'purepaddle.nn.layer.container.Sequential'>]
        """
        self._customized_leaves.append(layer_type)

    @property
    def customized_leaves(self):
        return self._customized_leaves

    @property
    def qat_layer_mappings(self):
        return self._qat_layer_mapping

    @property
    def default_qat_layer_mapping(self):
        return DEFAULT_QAT_LAYER_MAPPINGS

    @property
    def global_config(self):
        return self._global_config

    # -- what QAT / PTQ ask ------------------------------------------------------------------
    def _need_observe(self, layer):
        return self._is_leaf(layer) and self._has_observer_config(layer)

    def _get_qat_layer(self, layer):
        target = self._customized_qat_layer_mapping.get(type(layer), self.qat_layer_mappings.get(type(layer)))
        return target(layer, self._get_config_by_layer(layer))

    def _has_observer_config(self, layer):
        config = self._get_config_by_layer(layer)
        return config is not None and config.activation is not None

    def _is_leaf(self, layer):
        return (type(layer) in DEFAULT_LEAVES or not layer._sub_layers
                or type(layer) in self.customized_leaves)

    def _get_observer(self, layer):
        config = self._get_config_by_layer(layer)
        factory = None if config is None else config.activation
        return None if factory is None else factory._instance(layer)

    def _get_observe_wrapper(self, layer):
        return ObserveWrapper(self._get_observer(layer), layer)

    def _get_config_by_layer(self, layer):
        return self._layer2config.get(layer, None)

    def _is_quantifiable(self, layer):
        return layer in self._layer2config

    def _specify(self, model):
        """Resolve each sublayer's config: its parent's (or the global one), then its type's, then its name's."""
        self._model = model
        self._specify_helper(model)

    def _specify_helper(self, model):
        for child in model.children():
            config = self._layer2config.get(model, self.global_config)
            config = self._type2config.get(type(child), config)
            config = self._prefix2config.get(child.full_name(), config)
            if config is not None:
                self._layer2config[child] = config
            self._specify_helper(child)
        return self

    def details(self):
        """The model's layer tree with each configured layer's config (str(self) before a model is given).

        Returns:
            str: the description.

        Examples:
            .. code-block:: python

                >>> from purepaddle.quantization import QuantConfig
                >>> QuantConfig(None, None).details()
                'Global config:\\nNone\\n'
        """
        return str(self) if self._model is None else self._details_helper(self._model)

    def _details_helper(self, layer):
        lines = []
        for name, sub in layer.named_children():
            text = self._addindent(self._details_helper(sub), 2)
            if sub in self._layer2config:
                lines.append(f"({name}): {text}, {self._layer2config[sub]}")
        out = layer.__class__.__name__ + "("
        if lines:
            out += "\n  " + "\n  ".join(lines) + "\n"
        return out + ")"

    @staticmethod
    def _addindent(string, indent):
        lines = string.split("\n")
        if len(lines) == 1:
            return string
        return lines[0] + "\n" + "\n".join(indent * " " + line for line in lines[1:])

    def __str__(self):
        out = f"Global config:\n{self._global_config}\n"
        if self._type2config:
            out += f"Layer type config:\n{self._type2config}\n"
        if self._prefix2config:
            out += f"Layer prefix config: \n{self._prefix2config}\n"
        return out
