"""v2 layers (`paddle.layer.data/fc/embedding/recurrent/pooling/concat/classification_cost/...`): lazy config
nodes; the trainer and inferer evaluate them eagerly with purepaddle ops, batch by batch.

A sequence slot's value stacks the elements of all samples (row i is element i) and `Values.starts` holds,
per layer, where each sample's sequence begins (None for a non-sequence layer), as v2's Argument did with
sequenceStartPositions. Sparse slots stay sparse (data_type.SparseInput): fc multiplies their coordinates
with the weight's rows, embedding gathers rows, so a big vocabulary is never densified. A parameter with
`sparse_update=True` is read through a RowView while training (v2/sparse_rows.py): only the rows a batch
touches take part in its backward and update."""
import itertools

import numpy as np

from ..geometric.message_passing import send_u_recv, send_ue_recv
from ..nn.functional.loss import cross_entropy
from ..nn.legacy_clip import error_clip
from ..tensor.creation.conversion import to_tensor
from ..tensor.creation.fill import zeros
from ..tensor.linalg.product import matmul
from ..tensor.manipulation.gathering import gather
from ..tensor.manipulation.join import concat as _concat
from ..tensor.math.reduction import sum as _sum
from . import activation as _act
from . import pooling as _pooling
from .attr import ExtraLayerAttribute, Param
from .data_type import InputType, SparseInput
from .sparse_rows import take_rows

__all__ = ["LayerOutput", "Values", "data", "fc", "embedding", "recurrent", "pooling", "last_seq", "first_seq",
           "concat", "classification_cost", "square_error_cost", "mse_cost", "parse_network"]

_COUNTERS = {}


def _auto_name(kind):
    """v2's default layer names: __fc_layer_0__, __fc_layer_1__, ..."""
    counter = _COUNTERS.setdefault(kind, itertools.count())
    return f"__{kind}_{next(counter)}__"


class Values(dict):
    """{layer name: value} for one mini-batch (a Tensor, or a SparseInput for a sparse data slot), with
    `starts` {layer name: int64 sequence start offsets, or None for a non-sequence layer}."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.starts = {}


class LayerOutput:
    """One v2 layer: its `name`, `size`, parent layers and how to compute it from theirs."""

    def __init__(self, name, size, parents=()):
        self.name, self.size, self.parents = name, size, list(parents)

    def __repr__(self):
        return f"{type(self).__name__}(name={self.name!r}, size={self.size})"

    def param_specs(self):
        """(name, shape, Param, fan_in, is_bias) of the parameters this layer owns."""
        return []

    def compute(self, inputs, params, starts):
        """This layer's output Tensor from its parents' outputs, the parameter dict and the parents'
        sequence starts (one entry per parent, None where it is not a sequence)."""
        raise NotImplementedError

    def out_starts(self, starts):
        """The sequence starts of this layer's output: a sequence layer keeps its first sequence parent's."""
        return next((s for s in starts if s is not None), None)


class DataLayer(LayerOutput):
    """An input slot fed from the reader. `type` may be bound later (trainer configs name only the
    size; the data provider's input_types give the type)."""

    def __init__(self, name, type, size=None):  # noqa: A002  (v2's argument name)
        super().__init__(name, type.dim if type is not None else int(size))
        self.type = type


def _dense(value, layer, api):
    """`value` as a dense Tensor; a sparse slot is refused where a layer needs dense rows."""
    if isinstance(value, SparseInput):
        raise TypeError(f"paddle.layer.{api} '{layer}': a sparse input can feed only paddle.layer.fc; "
                        f"this layer needs dense rows")
    return value


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

    def compute(self, inputs, params, starts):
        specs = self.param_specs()
        out = None
        for x, spec in zip(inputs, specs):
            term = _sparse_matmul(x, params[spec[0]], self.size) if isinstance(x, SparseInput) else \
                matmul(x, take_rows(params[spec[0]], None)[0])
            out = term if out is None else out + term
        if self.bias_attr is not None:
            out = out + params[specs[-1][0]]
        out = self.act(out)
        t = self.layer_attr.error_clipping_threshold if self.layer_attr is not None else None
        # error_clip is identity forward; its backward clips Out@GRAD before the activation's backward
        return error_clip(out, t) if t is not None else out


def _sparse_matmul(x, weight, size):
    """x @ W for a SparseInput x without densifying x: row h sums value * W[col] over x's entries in row
    h. Only the rows of W that x names are read (and, for a sparse_update weight, only they get a grad)."""
    if x.cols.size == 0:
        return zeros([x.height, size], dtype="float32")
    table, local = take_rows(weight, x.cols)
    src, dst = to_tensor(local), to_tensor(x.rows)
    if x.values is None:
        return send_u_recv(table, src, dst, reduce_op="sum", out_size=x.height)
    return send_ue_recv(table, to_tensor(x.values.reshape(-1, 1)), src, dst, message_op="mul", reduce_op="sum",
                        out_size=x.height)


class EmbeddingLayer(LayerOutput):
    """Row `id` of the table [vocab, size] for each id of an integer_value(_sequence) input."""

    def __init__(self, name, input, size, param_attr):  # noqa: A002
        super().__init__(name, size, [input])
        self.param_attr = param_attr

    def param_specs(self):
        vocab = self.parents[0].size
        return [(self.param_attr.name or f"_{self.name}.w0", (vocab, self.size), self.param_attr, self.size,
                 False)]

    def compute(self, inputs, params, starts):
        ids = _dense(inputs[0], self.name, "embedding").numpy().reshape(-1)
        table, local = take_rows(params[self.param_specs()[0][0]], ids)
        return gather(table, to_tensor(local))


class RecurrentLayer(LayerOutput):
    """v2's simple recurrent layer over each sequence: out_t = act(in_t + out_{t-1} @ W + b), out_{-1} = 0
    (from the last element backwards with reverse=True). The input already holds in_t (size == size)."""

    def __init__(self, name, input, act, reverse, param_attr, bias_attr):  # noqa: A002
        super().__init__(name, input.size, [input])
        self.act, self.reverse, self.param_attr, self.bias_attr = act, bool(reverse), param_attr, bias_attr

    def param_specs(self):
        specs = [(self.param_attr.name or f"_{self.name}.w0", (self.size, self.size), self.param_attr, self.size,
                  False)]
        if self.bias_attr is not None:
            specs.append((self.bias_attr.name or f"_{self.name}.wbias", (1, self.size), self.bias_attr, 1, True))
        return specs

    def compute(self, inputs, params, starts):
        x, st = _dense(inputs[0], self.name, "recurrent"), _need_sequence(starts[0], self.name, "recurrent")
        specs = self.param_specs()
        w = take_rows(params[specs[0][0]], None)[0]
        b = take_rows(params[specs[1][0]], None)[0] if self.bias_attr is not None else None
        lengths = np.diff(st)
        order = np.argsort(-lengths, kind="stable")  # longest first: the live sequences at step t are a prefix
        n = len(order)
        h = zeros([n, self.size], dtype=x.dtype)
        outs, rows = [], []
        for t in range(int(lengths.max(initial=0))):
            live = int(np.count_nonzero(lengths[order] > t))
            seq = order[:live]
            pos = st[seq] + (lengths[seq] - 1 - t if self.reverse else t)
            pre = gather(x, to_tensor(pos)) + matmul(h[:live], w)
            step = self.act(pre + b if b is not None else pre)
            h = step if live == n else _concat([step, h[live:]], axis=0)
            outs.append(step)
            rows.append(pos)
        if not outs:
            return zeros([0, self.size], dtype=x.dtype)
        # back to the input's row order: row i of the result is element i
        return gather(_concat(outs, axis=0), to_tensor(np.argsort(np.concatenate(rows), kind="stable")))


def _need_sequence(st, layer, api):
    """The starts of a sequence input, or a TypeError naming the layer."""
    if st is None:
        raise TypeError(f"paddle.layer.{api} '{layer}': the input must be a sequence (an *_sequence data type "
                        f"or a layer over one)")
    return st


def _segment_ids(st):
    """The sequence index of every element, from the starts."""
    return np.repeat(np.arange(len(st) - 1, dtype=np.int64), np.diff(st))


class PoolingLayer(LayerOutput):
    """One row per sequence: the max, average or sum of its elements (paddle.pooling.Max/Avg/Sum)."""

    def __init__(self, name, input, pooling_type):  # noqa: A002
        super().__init__(name, input.size, [input])
        self.pooling_type = pooling_type

    def compute(self, inputs, params, starts):
        x, st = _dense(inputs[0], self.name, "pooling"), _need_sequence(starts[0], self.name, "pooling")
        n = len(st) - 1
        if x.shape[0] == 0:
            return zeros([n, self.size], dtype=x.dtype)
        return send_u_recv(x, to_tensor(np.arange(x.shape[0], dtype=np.int64)), to_tensor(_segment_ids(st)),
                           reduce_op=self.pooling_type.reduce_op, out_size=n)

    def out_starts(self, starts):
        return None


class SeqEndLayer(LayerOutput):
    """The last (or first) element of each sequence."""

    def __init__(self, name, input, last):  # noqa: A002
        super().__init__(name, input.size, [input])
        self.last = last

    def compute(self, inputs, params, starts):
        x = _dense(inputs[0], self.name, "last_seq" if self.last else "first_seq")
        st = _need_sequence(starts[0], self.name, "last_seq" if self.last else "first_seq")
        if np.any(np.diff(st) == 0):
            raise ValueError(f"paddle.layer.{'last_seq' if self.last else 'first_seq'} '{self.name}': a sequence "
                             f"in the batch is empty")
        return gather(x, to_tensor(st[1:] - 1 if self.last else st[:-1]))

    def out_starts(self, starts):
        return None


class ConcatLayer(LayerOutput):
    """The inputs side by side: [rows, sum of sizes]."""

    def __init__(self, name, inputs):
        super().__init__(name, sum(x.size for x in inputs), inputs)

    def compute(self, inputs, params, starts):
        return _concat([_dense(x, self.name, "concat") for x in inputs], axis=1)


class CostLayer(LayerOutput):
    """A per-sample cost [N, 1]; the trainer back-propagates the batch sum, as v2 did."""

    def __init__(self, name, kind, input, label):  # noqa: A002
        super().__init__(name, 1, [input, label])
        self.kind = kind

    def compute(self, inputs, params, starts):
        x, label = (_dense(v, self.name, self.kind) for v in inputs)
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
    (one weight per input, summed); `act` defaults to Tanh; `bias_attr=False` drops the bias. A sparse
    input (sparse_binary_vector, sparse_vector) is multiplied in its sparse form, reading only the
    weight rows its samples name.

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
    attrs = [_param(a, "fc") for a in attrs]
    if len(inputs) > 1 and any(a.name for a in attrs) and len({a.name for a in attrs}) < len(attrs):
        raise ValueError("paddle.layer.fc: one param_attr name was given to several inputs; pass a list")
    bias = _bias(bias_attr)
    if layer_attr is not None and not isinstance(layer_attr, ExtraLayerAttribute):
        raise TypeError(f"paddle.layer.fc: layer_attr must be a paddle.attr.ExtraLayerAttribute, but received "
                        f"{type(layer_attr).__name__}")
    return FcLayer(name or _auto_name("fc_layer"), inputs, size, act if act is not None else _act.Tanh(),
                   attrs, bias, layer_attr)


def _param(attr, api):
    """A Param from a param_attr argument (None: the default)."""
    if attr is None:
        return Param()
    if not isinstance(attr, Param):
        raise TypeError(f"paddle.layer.{api}: param_attr must be a paddle.attr.Param, but received {attr!r}")
    return attr


def _bias(bias_attr):
    """The bias Param, or None for bias_attr=False."""
    if bias_attr is False:
        return None
    return Param() if bias_attr is None or bias_attr is True else bias_attr


def embedding(input, size, name=None, param_attr=None, layer_attr=None):  # noqa: A002
    """A lookup table: for each id of `input` (an integer_value or integer_value_sequence data layer) the
    row of a [vocab, size] parameter. A sequence input gives a sequence output (one row per element).
    With param_attr=paddle.attr.Param(sparse_update=True) only the looked-up rows are updated.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(100))
            >>> emb = paddle.layer.embedding(input=words, size=8)
            >>> emb.size
            8
    """
    _check_layer(input, "embedding", "input")
    if not isinstance(input, DataLayer) or (input.type is not None and input.type.kind != "integer"):
        raise TypeError("paddle.layer.embedding: input must be an integer_value(_sequence) data layer")
    size = int(size)
    if size <= 0:
        raise ValueError(f"paddle.layer.embedding: size must be > 0, but received {size}")
    return EmbeddingLayer(name or _auto_name("embedding"), input, size, _param(param_attr, "embedding"))


def recurrent(input, act=None, bias_attr=None, param_attr=None, name=None, reverse=False,  # noqa: A002
              layer_attr=None):
    """v2's simple recurrent layer over a sequence: out_t = act(input_t + out_{t-1} @ W + b), with W of
    shape [size, size] and size = input.size (feed it an fc or embedding of that size). `reverse=True`
    runs from each sequence's last element. `act` defaults to Tanh.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(100))
            >>> rnn = paddle.layer.recurrent(input=paddle.layer.embedding(input=words, size=8))
            >>> rnn.size
            8
    """
    _check_layer(input, "recurrent", "input")
    return RecurrentLayer(name or _auto_name("recurrent_layer"), input, act if act is not None else _act.Tanh(),
                          reverse, _param(param_attr, "recurrent"), _bias(bias_attr))


def pooling(input, pooling_type=None, name=None, bias_attr=None, agg_level=None, layer_attr=None):  # noqa: A002
    """Pool each sequence of `input` into one row: paddle.pooling.Max() (the default), Avg() or Sum().

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(100))
            >>> pooled = paddle.layer.pooling(input=paddle.layer.embedding(input=words, size=8),
            ...                               pooling_type=paddle.pooling.Avg())
            >>> pooled.size
            8
    """
    _check_layer(input, "pooling", "input")
    if bias_attr not in (None, False):
        raise NotImplementedError("paddle.layer.pooling: bias_attr is not supported by purepaddle's paddle.v2 "
                                  "compatibility layer")
    kind = pooling_type if pooling_type is not None else _pooling.Max()
    if not isinstance(kind, _pooling.BasePoolingType):
        raise TypeError(f"paddle.layer.pooling: pooling_type must be a paddle.pooling type, but received {kind!r}")
    return PoolingLayer(name or _auto_name("pooling_layer"), input, kind)


def last_seq(input, name=None, agg_level=None, stride=-1, layer_attr=None):  # noqa: A002
    """The last element of each sequence of `input`.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(100))
            >>> paddle.layer.last_seq(input=paddle.layer.embedding(input=words, size=8)).size
            8
    """
    _check_layer(input, "last_seq", "input")
    return SeqEndLayer(name or _auto_name("last_seq"), input, True)


def first_seq(input, name=None, agg_level=None, stride=-1, layer_attr=None):  # noqa: A002
    """The first element of each sequence of `input`.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> words = paddle.layer.data(name="w", type=paddle.data_type.integer_value_sequence(100))
            >>> paddle.layer.first_seq(input=paddle.layer.embedding(input=words, size=8)).size
            8
    """
    _check_layer(input, "first_seq", "input")
    return SeqEndLayer(name or _auto_name("first_seq"), input, False)


def concat(input, name=None, act=None, layer_attr=None, bias_attr=None):  # noqa: A002
    """The layers of the list `input` side by side (size = the sum of their sizes).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> a = paddle.layer.data(name="a", type=paddle.data_type.dense_vector(2))
            >>> b = paddle.layer.data(name="b", type=paddle.data_type.dense_vector(3))
            >>> paddle.layer.concat(input=[a, b]).size
            5
    """
    inputs = list(input) if isinstance(input, (list, tuple)) else [input]
    for x in inputs:
        _check_layer(x, "concat", "input")
    if act is not None and not isinstance(act, _act.Linear):
        raise NotImplementedError("paddle.layer.concat: an activation is not supported by purepaddle's "
                                  "paddle.v2 compatibility layer")
    return ConcatLayer(name or _auto_name("concat"), inputs)


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
    """The data layers' values for a mini-batch (a list of sample tuples), as a Values (sequence slots
    with their starts). `feeding` maps data layer names to tuple positions; by default the data layers
    in the order they are first reached."""
    data_layers = [n for n in layers if isinstance(n, DataLayer)]
    if feeding is None:
        feeding = {n.name: i for i, n in enumerate(data_layers)}
    elif isinstance(feeding, (list, tuple)):
        feeding = {name: i for i, name in enumerate(feeding)}
    out = Values()
    for n in data_layers:
        if n.name not in feeding:
            raise ValueError(f"{api}: feeding has no entry for data layer '{n.name}' (feeding={feeding})")
        if n.type is None:
            raise ValueError(f"{api}: data layer '{n.name}' has no input type (a trainer config's data_layer "
                             f"takes it from the data provider's input_types)")
        col = [sample[feeding[n.name]] for sample in batch]
        value, starts = n.type.to_batch(col, n.name)
        out[n.name] = value if isinstance(value, SparseInput) else to_tensor(value)
        out.starts[n.name] = starts
    return out


def evaluate(layers, feeds, params):
    """The Values of every layer in `layers` (parents first). An error raised inside a layer (a NaN/Inf
    found under FLAGS_check_nan_inf, a bad input) gets a note naming the layer."""
    values = Values()
    values.starts.update(getattr(feeds, "starts", {}))
    for node in layers:
        if isinstance(node, DataLayer):
            values[node.name] = feeds[node.name]
            continue
        starts = [values.starts.get(p.name) for p in node.parents]
        try:
            values[node.name] = node.compute([values[p.name] for p in node.parents], params, starts)
        except (RuntimeError, ValueError, TypeError) as e:
            note = f"in paddle.v2 layer '{node.name}' ({type(node).__name__})"
            if note not in getattr(e, "__notes__", ()):
                e.add_note(note)
            raise
        values.starts[node.name] = node.out_starts(starts)
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
