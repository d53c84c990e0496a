"""Container layers: Sequential, LayerList, LayerDict, ParameterList, ParameterDict."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections import OrderedDict

import collections
from collections.abc import Iterable, Mapping
from itertools import chain

from ..._core.tensor import Tensor
from .conv_block import block_span, conv_bn_act
from .layers import _PARAM_TYPES, Layer

__all__ = ["Sequential", "LayerList", "LayerDict", "ParameterList", "ParameterDict"]


class LayerDict(Layer):
    """An ordered dict of sublayers, registered under their keys.

    Args:
        sublayers (Mapping[str, Layer]|Iterable[tuple[str, Layer]]|None, optional): The named layers to hold;
            None for an empty dict. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layers = paddle.nn.LayerDict({'conv1d': paddle.nn.Conv1D(3, 2, 3),
            ...                               'linear': paddle.nn.Linear(2, 3)})
            >>> len(layers), list(layers.keys())
            (2, ['conv1d', 'linear'])
    """

    def __init__(self, sublayers: Mapping[str, Layer] | Iterable[tuple[str, Layer]] | None = None) -> None:
        super().__init__()
        if sublayers is not None:
            self.update(sublayers)

    def __getitem__(self, key):
        return self._sub_layers[key]

    def __setitem__(self, key, sublayer):
        return self.add_sublayer(key, sublayer)

    def __delitem__(self, key):
        del self._sub_layers[key]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(self._sub_layers)

    def __contains__(self, key):
        return key in self._sub_layers

    def clear(self):
        """Remove every sublayer."""
        self._sub_layers.clear()

    def pop(self, key):
        """Remove and return the sublayer under `key`."""
        v = self[key]
        del self[key]
        return v

    def keys(self):
        """The keys, in insertion order."""
        return self._sub_layers.keys()

    def items(self):
        """(key, sublayer) pairs, in insertion order."""
        return self._sub_layers.items()

    def values(self):
        """The sublayers, in insertion order."""
        return self._sub_layers.values()

    def update(self, sublayers):
        """Add sublayers from a mapping, a LayerDict or an iterable of (key, layer) pairs."""
        assert isinstance(sublayers, Iterable), (
            "The type of sublayers is not iterable of key/value pairs, the type of sublayers is "
            + type(sublayers).__name__)
        if isinstance(sublayers, (Mapping, LayerDict)):
            for key, layer in sublayers.items():
                self.add_sublayer(key, layer)
            return
        for i, kv in enumerate(sublayers):
            if len(kv) != 2:
                raise ValueError(f"The length of the {i}'s element in sublayers is {len(kv)}, which must be 2.")
            self.add_sublayer(kv[0], kv[1])


class ParameterDict(Layer):
    """An ordered dict of parameters, registered under their keys.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> params = paddle.nn.ParameterDict({'w': paddle.create_parameter([2, 2], 'float32')})
            >>> len(params), params['w'].shape
            (1, paddle.Size([2, 2]))
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key):
        return self._parameters[key]

    def __setitem__(self, key, param):
        assert isinstance(param, _PARAM_TYPES)
        setattr(self, key, param)

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(self._parameters)

    def update(self, parameters):
        """Add parameters from a mapping, a ParameterDict or an iterable of (key, parameter) pairs."""
        assert isinstance(parameters, Iterable), (
            "The type of parameters is not iterable of key/value pairs, the type of sublayers is "
            + type(parameters).__name__)
        if isinstance(parameters, (Mapping, ParameterDict)):
            items = parameters.items() if isinstance(parameters, Mapping) else parameters._parameters.items()
            for key, p in items:
                self.add_parameter(key, p)
            return
        for i, kv in enumerate(parameters):
            if len(kv) != 2:
                raise ValueError(f"The length of the {i}'s element in parameters is {len(kv)}, which must be 2.")
            self.add_parameter(kv[0], kv[1])


class ParameterList(Layer):
    """A list of parameters, registered as '0', '1', ...

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> params = paddle.nn.ParameterList([paddle.create_parameter([2, 2], 'float32') for _ in range(3)])
            >>> len(params), [k for k, _ in params.named_parameters()]
            (3, ['0', '1', '2'])
    """

    def __init__(self, parameters=None):
        super().__init__()
        if parameters is not None:
            for idx, param in enumerate(parameters):
                assert isinstance(param, _PARAM_TYPES)
                self.add_parameter(str(idx), param)

    def __getitem__(self, idx):
        return self._parameters[str(idx)]

    def __setitem__(self, idx, param):
        if not isinstance(param, Tensor):
            raise TypeError(f"param should be 'Parameter' or 'Tensor', but received {type(param)}")
        # Paddle assigns into the existing parameter object: its value (and shape) are replaced
        getattr(self, str(idx))._set_data(param._data.copy())

    def __len__(self):
        return len(self._parameters)

    def __iter__(self):
        return iter(list(self._parameters.values()))

    def append(self, parameter):
        """Register `parameter` under the next index; returns self."""
        self.add_parameter(str(len(self._parameters)), parameter)
        return self


class LayerList(Layer):
    """A list of sublayers, registered as '0', '1', ...; supports indexing, slicing, append/insert/extend.

    Args:
        sublayers (Iterable[Layer]|None, optional): The layers to hold; None for an empty list. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> layers = paddle.nn.LayerList([paddle.nn.Linear(10, 10) for _ in range(3)])
            >>> layers.append(paddle.nn.ReLU())
            >>> len(layers), type(layers[-1]).__name__
            (4, 'ReLU')
    """

    def __init__(self, sublayers: Iterable[Layer] | None = None) -> None:
        super().__init__()
        if sublayers is not None:
            for idx, layer in enumerate(sublayers):
                self.add_sublayer(str(idx), layer)

    def _get_abs_idx(self, idx):
        if isinstance(idx, int):
            n = len(self)
            if not -n <= idx < n:
                raise IndexError(f"index {idx} is out of range, should be an integer in range [{-n}, {n})")
            if idx < 0:
                idx += n
        return idx

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._sub_layers.values())[idx])
        return self._sub_layers[str(self._get_abs_idx(idx))]

    def __setitem__(self, idx, sublayer):
        return setattr(self, str(self._get_abs_idx(idx)), sublayer)

    def __delitem__(self, idx):
        if isinstance(idx, slice):
            for k in range(len(self._sub_layers))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, str(self._get_abs_idx(idx)))
        self.__dict__["_sub_layers"] = collections.OrderedDict(
            (str(i), layer) for i, layer in enumerate(self._sub_layers.values()))

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(list(self._sub_layers.values()))

    def __iadd__(self, layers):
        return self.extend(layers)

    def __add__(self, other):
        combined = LayerList()
        for i, layer in enumerate(chain(self, other)):
            combined.add_sublayer(str(i), layer)
        return combined

    def __dir__(self):
        return [k for k in super().__dir__() if not k.isdigit()]

    def append(self, sublayer):
        """Add `sublayer` at the end; returns self."""
        self.add_sublayer(str(len(self)), sublayer)
        return self

    def insert(self, index, sublayer):
        """Insert `sublayer` before position `index`."""
        n = len(self._sub_layers)
        assert isinstance(index, int) and -n <= index <= n, f"index should be an integer in range [{-n}, {n}]"
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._sub_layers[str(i)] = self._sub_layers[str(i - 1)]
        self._sub_layers[str(index)] = sublayer

    def extend(self, sublayers):
        """Append every layer of `sublayers`; returns self."""
        offset = len(self)
        for i, sublayer in enumerate(sublayers):
            self.add_sublayer(str(offset + i), sublayer)
        return self

    def pop(self, key):
        """Remove and return the sublayer at `key`."""
        v = self[key]
        del self[key]
        return v


class Sequential(Layer):
    """Layers run one after another; built from layers, (name, layer) pairs or an OrderedDict.

    Args:
        *layers (Layer|tuple[str, Layer]|OrderedDict[str, Layer]): The layers in order, or (name, layer)
            pairs, or one ordered dict of them.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> model = paddle.nn.Sequential(paddle.nn.Linear(10, 1), paddle.nn.Linear(1, 2))
            >>> model(paddle.rand([5, 10])).shape
            paddle.Size([5, 2])
            >>> model2 = paddle.nn.Sequential(('l1', paddle.nn.Linear(10, 2)), ('l2', paddle.nn.Linear(2, 3)))
            >>> [name for name, _ in model2.named_children()]
            ['l1', 'l2']
    """

    def __init__(self, *layers: Layer | tuple[str, Layer] | OrderedDict[str, Layer]) -> None:
        super().__init__()
        if len(layers) == 1 and isinstance(layers[0], collections.OrderedDict):
            for name, layer in layers[0].items():
                self.add_sublayer(name, layer)
        elif layers and isinstance(layers[0], (list, tuple)):
            for name, layer in layers:
                self.add_sublayer(name, layer)
        else:
            for idx, layer in enumerate(layers):
                self.add_sublayer(str(idx), layer)

    def __getitem__(self, name):
        if isinstance(name, slice):
            return self.__class__(*list(self._sub_layers.values())[name])
        if isinstance(name, str):
            return self._sub_layers[name]
        n = len(self._sub_layers)
        if name >= n or name < -n:
            raise IndexError(f"index {name} is out of range")
        return list(self._sub_layers.values())[name]

    def __setitem__(self, name, layer):
        assert isinstance(layer, Layer)
        setattr(self, str(name), layer)

    def __delitem__(self, name):
        name = str(name)
        assert name in self._sub_layers
        del self._sub_layers[name]

    def __len__(self):
        return len(self._sub_layers)

    def __iter__(self):
        return iter(list(self._sub_layers.values()))

    def forward(self, input):
        layers = list(self._sub_layers.values())
        i, n = 0, len(layers)
        while i < n:
            span = block_span(layers, i)  # conv -> batch_norm [-> relu]: one step (same values)
            if span:
                input = conv_bn_act(input, *layers[i:i + 2], layers[i + 2] if span == 3 else None)
                i += span
            else:
                input = layers[i](input)
                i += 1
        return input

    def append(self, module):
        """Add `module` at the end; returns self."""
        self.add_sublayer(str(len(self)), module)
        return self

    def insert(self, index, module):
        """Insert `module` before position `index`; returns self."""
        if not isinstance(module, Layer):
            raise AssertionError(f"module should be of type: {Layer}")
        n = len(self._sub_layers)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._sub_layers[str(i)] = self._sub_layers[str(i - 1)]
        self._sub_layers[str(index)] = module
        return self

    def extend(self, sequential):
        """Append every layer of `sequential`; returns self."""
        for layer in sequential:
            self.append(layer)
        return self

