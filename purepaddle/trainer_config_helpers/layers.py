"""The trainer config's layers (data_layer, fc_layer, embedding_layer, ...): paddle.v2's layers under their
legacy names; a data_layer declares only a size, its type comes from the data provider's input_types."""
from ..v2 import layer as v2_layer
from .config import CONFIG

__all__ = ["data_layer", "fc_layer", "embedding_layer", "recurrent_layer", "pooling_layer", "last_seq",
           "first_seq", "concat_layer", "classification_cost", "square_error_cost", "mse_cost", "regression_cost",
           "LayerOutput"]

LayerOutput = v2_layer.LayerOutput


def data_layer(name, size, height=None, width=None, layer_attr=None):
    """An input slot of width `size`; the data provider's input_types give its type (by slot name when they
    are a dict, else in the order the data layers are declared).

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import data_layer
            >>> data_layer(name="word", size=1000).size
            1000
    """
    size = int(size)
    if size <= 0:
        raise ValueError(f"data_layer: size must be > 0, but received {size}")
    layer = v2_layer.DataLayer(str(name), None, size)
    CONFIG.config.data_layers.append(layer)
    return layer


def fc_layer(input, size, act=None, name=None, param_attr=None, bias_attr=None, layer_attr=None):  # noqa: A002
    """paddle.v2's fc under its config name (act defaults to Tanh; a sparse input stays sparse).

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> fc_layer(input=data_layer(name="x", size=4), size=3, act=SoftmaxActivation()).size
            3
    """
    return v2_layer.fc(input=input, size=size, act=act, name=name, param_attr=param_attr, bias_attr=bias_attr,
                       layer_attr=layer_attr)


def embedding_layer(input, size, name=None, param_attr=None, layer_attr=None):  # noqa: A002
    """paddle.v2's embedding: rows of a [vocab, size] table for an integer_value(_sequence) data layer.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> embedding_layer(input=data_layer(name="w", size=100), size=16,
            ...                 param_attr=ParamAttr(sparse_update=True)).size
            16
    """
    return v2_layer.embedding(input=input, size=size, name=name, param_attr=param_attr, layer_attr=layer_attr)


def recurrent_layer(input, act=None, bias_attr=None, param_attr=None, name=None, reverse=False,  # noqa: A002
                    layer_attr=None):
    """paddle.v2's recurrent: out_t = act(input_t + out_{t-1} @ W + b) over each sequence.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> w = embedding_layer(input=data_layer(name="w", size=100), size=8)
            >>> recurrent_layer(input=w).size
            8
    """
    return v2_layer.recurrent(input=input, act=act, bias_attr=bias_attr, param_attr=param_attr, name=name,
                              reverse=reverse)


def pooling_layer(input, pooling_type=None, name=None, bias_attr=None, agg_level=None, layer_attr=None):  # noqa: A002
    """paddle.v2's pooling: one row per sequence (MaxPooling() by default, AvgPooling(), SumPooling()).

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> w = embedding_layer(input=data_layer(name="w", size=100), size=8)
            >>> pooling_layer(input=w, pooling_type=AvgPooling()).size
            8
    """
    return v2_layer.pooling(input=input, pooling_type=pooling_type, name=name, bias_attr=bias_attr)


def last_seq(input, name=None, agg_level=None, stride=-1, layer_attr=None):  # noqa: A002
    """The last element of each sequence.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> last_seq(input=embedding_layer(input=data_layer(name="w", size=10), size=4)).size
            4
    """
    return v2_layer.last_seq(input=input, name=name)


def first_seq(input, name=None, agg_level=None, stride=-1, layer_attr=None):  # noqa: A002
    """The first element of each sequence.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> first_seq(input=embedding_layer(input=data_layer(name="w", size=10), size=4)).size
            4
    """
    return v2_layer.first_seq(input=input, name=name)


def concat_layer(input, act=None, name=None, layer_attr=None, bias_attr=None):  # noqa: A002
    """The input layers side by side.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> concat_layer(input=[data_layer(name="a", size=2), data_layer(name="b", size=3)]).size
            5
    """
    return v2_layer.concat(input=input, name=name, act=act)


def classification_cost(input, label, weight=None, name=None, evaluator=None, layer_attr=None, **kwargs):  # noqa: A002
    """-log(input[label]) per sample; training also reports classification_error_evaluator.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> p = fc_layer(input=data_layer(name="x", size=4), size=2, act=SoftmaxActivation())
            >>> cost = classification_cost(input=p, label=data_layer(name="y", size=2))
    """
    if weight is not None:
        raise NotImplementedError("classification_cost: weight is not supported by purepaddle's trainer")
    return v2_layer.classification_cost(input=input, label=label, name=name)


def square_error_cost(input, label, weight=None, name=None, layer_attr=None, **kwargs):  # noqa: A002
    """The per-sample sum of squared differences.

    Examples:
        .. code-block:: python

            >>> from paddle.trainer_config_helpers import *
            >>> p = fc_layer(input=data_layer(name="x", size=4), size=1, act=LinearActivation())
            >>> cost = square_error_cost(input=p, label=data_layer(name="y", size=1))
    """
    if weight is not None:
        raise NotImplementedError("square_error_cost: weight is not supported by purepaddle's trainer")
    return v2_layer.square_error_cost(input=input, label=label, name=name)


mse_cost = regression_cost = square_error_cost
