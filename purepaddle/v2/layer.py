"""v2 layers (`paddle.layer.data/fc/classification_cost/square_error_cost`): lazy config nodes; the
trainer and inferer evaluate them eagerly with purepaddle ops, batch by batch."""
import itertools

import numpy as np

from ..nn.functional.loss import cross_entropy
from ..nn.legacy_clip import error_clip
from ..tensor.creation.conversion import to_tensor
from ..tensor.linalg.product import matmul
from ..tensor.math.reduction import sum as _sum
from . import activation as _act
from .attr import ExtraLayerAttribute, Param
from .data_type import InputType

__all__ = ["LayerOutput", "data", "fc", "classification_cost", "square_error_cost", "mse_cost", "parse_network"]

_COUNTERS = {}


def _auto_name(kind):
    """v2's default layer names: __fc_layer_0__, __fc_layer_1__, ..."""
    counter = _COUNTERS.setdefault(kind, itertools.count())
    return f"__{kind}_{next(counter)}__"


class LayerOutput:
    """One v2 layer: its `name`, `size`, parent layers and how to compute it from theirs."""

    def __init__(self, name, size, parents=()):
        self.name, self.size, self.parents = name, size, list(parents)

    def __repr__(self):
        return f"{type(self).__name__}(name={self.name!r}, size={self.size})"

    def param_specs(self):
        """(name, shape, Param, fan_in, is_bias) of the parameters this layer owns."""
        return []

    def compute(self, inputs, params):
        """This layer's output Tensor from its parents' outputs and the parameter dict."""
        raise NotImplementedError


class DataLayer(LayerOutput):
    """An input slot fed from the reader."""

    def __init__(self, name, type):  # noqa: A002  (v2's argument name)
        super().__init__(name, type.dim)
        self.type = type


class FcLayer(LayerOutput):
    """act(sum_i x_i @ w_i + b), optionally error-clipped in backward."""

    def __init__(self, name, inputs, size, act, param_attrs, bias_attr, layer_attr):
        super().__init__(name, size, inputs)
        self.act, self.param_attrs, self.bias_attr, self.layer_attr = act, param_attrs, bias_attr, layer_attr

    def param_specs(self):
        specs = []
        for i, (x, attr) in enumerate(zip(self.parents, self.param_attrs)):
            specs.append((attr.name or f"_{self.name}.w{i}", (x.size, self.size), attr, x.size, False))
        if self.bias_attr is not None:
            specs.append((self.bias_attr.name or f"_{self.name}.wbias", (1, self.size), self.bias_attr, 1, True))
        return specs

    def compute(self, inputs, params):
        specs = self.param_specs()
        out = None
        for x, spec in zip(inputs, specs):
            term = matmul(x, params[spec[0]])
            out = term if out is None else out + term
        if self.bias_attr is not None:
            out = out + params[specs[-1][0]]
        out = self.act(out)
        t = self.layer_attr.error_clipping_threshold if self.layer_attr is not None else None
        # error_clip is identity forward; its backward clips Out@GRAD before the activation's backward
        return error_clip(out, t) if t is not None else out


class CostLayer(LayerOutput):
    """A per-sample cost [N, 1]; the trainer back-propagates the batch sum, as v2 did."""

    def __init__(self, name, kind, input, label):  # noqa: A002
        super().__init__(name, 1, [input, label])
        self.kind = kind

    def compute(self, inputs, params):
        x, label = inputs
        if self.kind == "classification_cost":
            return cross_entropy(x, label, use_softmax=False, reduction="none")
        diff = x - label
        return _sum(diff * diff, axis=1, keepdim=True)


def _check_layer(x, api, arg):
    """Reject anything that is not a v2 layer."""
    if not isinstance(x, LayerOutput):
        raise TypeError(f"paddle.layer.{api}: {arg} must be a paddle.layer output, but received {type(x).__name__}")


def data(name, type, **kwargs):  # noqa: A002  (v2's argument name)
    """An input layer named `name` of InputType `type` (paddle.data_type.*).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(13))
            >>> x.size
            13
    """
    if not isinstance(type, InputType):
        raise TypeError(f"paddle.layer.data: type must be a paddle.data_type input type, but received {type!r}")
    return DataLayer(str(name), type)


def fc(input, size, act=None, name=None, param_attr=None, bias_attr=None, layer_attr=None):  # noqa: A002
    """A fully connected layer: act(sum over inputs of input_i @ w_i + b). `input` may be a list
    (one weight per input, summed); `act` defaults to Tanh; `bias_attr=False` drops the bias.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(4))
            >>> y = paddle.layer.fc(input=x, size=3, act=paddle.activation.Softmax())
            >>> y.size
            3
    """
    inputs = list(input) if isinstance(input, (list, tuple)) else [input]
    if not inputs:
        raise ValueError("paddle.layer.fc: input must name at least one layer")
    for x in inputs:
        _check_layer(x, "fc", "input")
    size = int(size)
    if size <= 0:
        raise ValueError(f"paddle.layer.fc: size must be > 0, but received {size}")
    attrs = list(param_attr) if isinstance(param_attr, (list, tuple)) else [param_attr] * len(inputs)
    if len(attrs) != len(inputs):
        raise ValueError(f"paddle.layer.fc: got {len(attrs)} param_attr for {len(inputs)} inputs")
    attrs = [a if a is not None else Param() for a in attrs]
    if len(inputs) > 1 and any(a.name for a in attrs) and len({a.name for a in attrs}) < len(attrs):
        raise ValueError("paddle.layer.fc: one param_attr name was given to several inputs; pass a list")
    if bias_attr is False:
        bias = None
    elif bias_attr is None or bias_attr is True:
        bias = Param()
    else:
        bias = bias_attr
    if layer_attr is not None and not isinstance(layer_attr, ExtraLayerAttribute):
        raise TypeError(f"paddle.layer.fc: layer_attr must be a paddle.attr.ExtraLayerAttribute, but received "
                        f"{type(layer_attr).__name__}")
    return FcLayer(name or _auto_name("fc_layer"), inputs, size, act if act is not None else _act.Tanh(),
                   attrs, bias, layer_attr)


def classification_cost(input, label, name=None, **kwargs):  # noqa: A002
    """Per-sample -log(input[label]) for a probability `input` (e.g. a Softmax fc) and an integer_value
    `label`; the trainer also reports `classification_error_evaluator`.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(4))
            >>> lbl = paddle.layer.data(name="lbl", type=paddle.data_type.integer_value(3))
            >>> y = paddle.layer.fc(input=x, size=3, act=paddle.activation.Softmax())
            >>> cost = paddle.layer.classification_cost(input=y, label=lbl)
    """
    _check_layer(input, "classification_cost", "input")
    _check_layer(label, "classification_cost", "label")
    return CostLayer(name or _auto_name("cost"), "classification_cost", input, label)


def square_error_cost(input, label, name=None, **kwargs):  # noqa: A002
    """Per-sample sum of squared differences between `input` and `label` (dense, same width).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
            >>> y = paddle.layer.data(name="y", type=paddle.data_type.dense_vector(1))
            >>> pred = paddle.layer.fc(input=x, size=1, act=paddle.activation.Linear())
            >>> cost = paddle.layer.square_error_cost(input=pred, label=y)
    """
    _check_layer(input, "square_error_cost", "input")
    _check_layer(label, "square_error_cost", "label")
    if input.size != label.size:
        raise ValueError(f"paddle.layer.square_error_cost: input size {input.size} != label size {label.size}")
    return CostLayer(name or _auto_name("cost"), "square_error_cost", input, label)


mse_cost = square_error_cost


def parse_network(*outputs):
    """All layers that `outputs` depend on, parents first (each once)."""
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for p in node.parents:
            visit(p)
        order.append(node)

    for out in outputs:
        for o in (out if isinstance(out, (list, tuple)) else [out]):
            _check_layer(o, "parse_network", "output")
            visit(o)
    return order


def feed_arrays(layers, batch, feeding, api):
    """{data layer name: Tensor} for a mini-batch (a list of sample tuples). `feeding` maps data layer
    names to tuple positions; by default the data layers in the order they are first reached."""
    data_layers = [n for n in layers if isinstance(n, DataLayer)]
    if feeding is None:
        feeding = {n.name: i for i, n in enumerate(data_layers)}
    elif isinstance(feeding, (list, tuple)):
        feeding = {name: i for i, name in enumerate(feeding)}
    out = {}
    for n in data_layers:
        if n.name not in feeding:
            raise ValueError(f"{api}: feeding has no entry for data layer '{n.name}' (feeding={feeding})")
        col = [sample[feeding[n.name]] for sample in batch]
        out[n.name] = to_tensor(n.type.to_array(col, n.name))
    return out


def evaluate(layers, feeds, params):
    """{layer name: Tensor} for every layer in `layers` (parents first)."""
    values = {}
    for node in layers:
        if isinstance(node, DataLayer):
            values[node.name] = feeds[node.name]
        else:
            values[node.name] = node.compute([values[p.name] for p in node.parents], params)
    return values


def classification_error(layers, values):
    """Mean classification error of the classification costs among `layers` (None when there are none)."""
    errs = []
    for node in layers:
        if isinstance(node, CostLayer) and node.kind == "classification_cost":
            prob = values[node.parents[0].name].numpy()
            lbl = values[node.parents[1].name].numpy().reshape(-1)
            errs.append(float(np.mean(prob.argmax(axis=1) != lbl)))
    return errs[0] if errs else None
