"""v2 `paddle.inference.Inference(output_layer, parameters).infer(...)` and `paddle.infer(...)`."""
import numpy as np

from .._core.mode import no_grad
from .layer import LayerOutput, evaluate, feed_arrays, parse_network
from .parameters import Parameters

__all__ = ["Inference", "infer"]


class Inference:
    """Forward-only evaluation of one or several output layers with trained `parameters`.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
            >>> y = paddle.layer.fc(input=x, size=3, act=paddle.activation.Softmax())
            >>> inferer = paddle.inference.Inference(output_layer=y,
            ...                                      parameters=paddle.parameters.create(y))
            >>> inferer.infer(input=[([1.0, 2.0],), ([3.0, 4.0],)]).shape
            (2, 3)
    """

    def __init__(self, output_layer, parameters, fileobj=None):
        if fileobj is not None:
            raise NotImplementedError("paddle.inference.Inference: loading a topology from fileobj is not "
                                      "supported by purepaddle's paddle.v2 compatibility layer")
        outputs = list(output_layer) if isinstance(output_layer, (list, tuple)) else [output_layer]
        if not outputs or not all(isinstance(o, LayerOutput) for o in outputs):
            raise TypeError(f"paddle.inference.Inference: output_layer must be a paddle.layer output or a list "
                            f"of them, but received {output_layer!r}")
        if not isinstance(parameters, Parameters):
            raise TypeError(f"paddle.inference.Inference: parameters must come from paddle.parameters.create, "
                            f"but received {type(parameters).__name__}")
        self._outputs, self._layers = outputs, parse_network(outputs)
        missing = [n for node in self._layers for n, *_ in node.param_specs() if n not in parameters]
        if missing:
            raise ValueError(f"paddle.inference.Inference: parameters lack {missing}")
        self._parameters = parameters

    def infer(self, input, feeding=None, field="value", flatten_result=True):  # noqa: A002
        """Outputs for the samples in `input` (one mini-batch: a list of sample tuples).

        For each field, the output layers' results are concatenated horizontally (flatten_result=True;
        outputs of different heights raise numpy's ValueError); one field gives one ndarray, several a
        list. With flatten_result=False the result is a list with one ndarray per output layer (and field).
        """
        fields = list(field) if isinstance(field, (list, tuple)) else [field]
        for f in fields:
            if f != "value":
                raise ValueError(f"Inference.infer: field {f!r} is not supported; purepaddle's paddle.v2 "
                                 f"layers produce only the 'value' field")
        with no_grad():
            values = evaluate(self._layers, feed_arrays(self._layers, list(input), feeding, "Inference.infer"),
                              self._parameters.tensors)
        per_layer = [values[o.name].numpy() for o in self._outputs]
        if not flatten_result:
            return [arr for arr in per_layer for _ in fields]
        result = []
        for _ in fields:
            try:
                result.append(np.concatenate(per_layer, axis=1))
            except ValueError as e:
                heights = [a.shape[0] for a in per_layer]
                raise ValueError(f"{e} (Inference.infer: output layers {[o.name for o in self._outputs]} have "
                                 f"heights {heights}; pass flatten_result=False to get one array per layer)")
        return result[0] if len(result) == 1 else result


def infer(output_layer, parameters, input, feeding=None, field="value", flatten_result=True):  # noqa: A002
    """One-shot `Inference(output_layer, parameters).infer(input, feeding, field, flatten_result)`.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
            >>> y = paddle.layer.fc(input=x, size=1, act=paddle.activation.Linear())
            >>> paddle.infer(output_layer=y, parameters=paddle.parameters.create(y),
            ...              input=[([1.0, 2.0],)]).shape
            (1, 1)
    """
    return Inference(output_layer, parameters).infer(input, feeding=feeding, field=field,
                                                     flatten_result=flatten_result)
