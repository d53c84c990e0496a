"""v2 `paddle.trainer.SGD(cost, parameters, update_equation)`: eager training over a reader with
v2's events (BeginPass, BeginIteration, EndForwardBackward, EndIteration, EndPass)."""
from .._core.mode import no_grad
from . import event as v2_event
from .layer import LayerOutput, classification_error, evaluate, feed_arrays, parse_network
from .optimizer import Optimizer
from .parameters import Parameters

__all__ = ["SGD"]


class GradientMachine:
    """What events call `gm`: `getLayerOutputs(names)` gives the current mini-batch's layer outputs."""

    def __init__(self):
        self._values = {}

    def getLayerOutputs(self, layer_names):  # noqa: N802  (v2's name)
        """{name: {"value": ndarray [N, size]}} for one layer name or a list of them."""
        names = [layer_names] if isinstance(layer_names, str) else list(layer_names)
        out = {}
        for name in names:
            if name not in self._values:
                raise ValueError(f"getLayerOutputs: no layer named '{name}' in the network; the layers are "
                                 f"{sorted(self._values)}")
            out[name] = {"value": self._values[name].numpy().copy()}
        return out


class Evaluator:
    """Sample-weighted running means of the metrics (classification_error_evaluator)."""

    def __init__(self):
        self._sums, self._count = {}, 0

    def add(self, values, n):
        """Fold in one mini-batch's metric values, weighted by its `n` samples."""
        for k, v in values.items():
            self._sums[k] = self._sums.get(k, 0.0) + v * n
        self._count += n

    @property
    def metrics(self):
        """{name: mean value}."""
        return {k: s / max(self._count, 1) for k, s in self._sums.items()}


class SGD:
    """The v2 trainer: trains `parameters` to minimize `cost` with the v2 optimizer `update_equation`.
    As in v2, the gradient is that of the sum of the per-sample costs; events report the mean.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(1))
            >>> y = paddle.layer.data(name="y", type=paddle.data_type.dense_vector(1))
            >>> pred = paddle.layer.fc(input=x, size=1, act=paddle.activation.Linear())
            >>> cost = paddle.layer.square_error_cost(input=pred, label=y)
            >>> params = paddle.parameters.create(cost)
            >>> trainer = paddle.trainer.SGD(cost=cost, parameters=params,
            ...     update_equation=paddle.optimizer.Momentum(learning_rate=1e-2))
            >>> reader = lambda: iter([(1.0, 2.0), (2.0, 4.0)])
            >>> trainer.train(paddle.batch(reader, 2), num_passes=1)
    """

    def __init__(self, cost, parameters, update_equation, extra_layers=None, is_local=True, **kwargs):
        if not isinstance(cost, LayerOutput):
            raise TypeError(f"paddle.trainer.SGD: cost must be a paddle.layer output, but received "
                            f"{type(cost).__name__}")
        if not isinstance(parameters, Parameters):
            raise TypeError(f"paddle.trainer.SGD: parameters must come from paddle.parameters.create, but "
                            f"received {type(parameters).__name__}")
        if not isinstance(update_equation, Optimizer):
            raise TypeError(f"paddle.trainer.SGD: update_equation must be a paddle.optimizer optimizer, but "
                            f"received {type(update_equation).__name__}")
        extra = [] if extra_layers is None else list(extra_layers) if isinstance(extra_layers, (list, tuple)) \
            else [extra_layers]
        self._cost, self._layers = cost, parse_network([cost] + extra)
        missing = [n for node in self._layers for n, *_ in node.param_specs() if n not in parameters]
        if missing:
            raise ValueError(f"paddle.trainer.SGD: parameters lack {missing}; create them from this cost")
        self._parameters = parameters
        self._optimizer = update_equation.build(parameters)
        self._gm = GradientMachine()

    def _forward(self, batch, feeding):
        """Layer values, the summed cost Tensor, and the batch's metrics."""
        values = evaluate(self._layers, feed_arrays(self._layers, batch, feeding, "SGD.train"),
                          self._parameters.tensors)
        self._gm._values = values
        err = classification_error(self._layers, values)
        return values, values[self._cost.name].sum(), ({} if err is None else
                                                       {"classification_error_evaluator": err})

    def train(self, reader, num_passes=1, event_handler=None, feeding=None):
        """Run `num_passes` passes over `reader` (a batched reader: each item a list of samples),
        calling `event_handler(event)` at each v2 event."""
        handler = event_handler if event_handler is not None else (lambda e: None)
        for pass_id in range(int(num_passes)):
            handler(v2_event.BeginPass(pass_id))
            pass_eval = Evaluator()
            for batch_id, batch in enumerate(reader()):
                handler(v2_event.BeginIteration(pass_id, batch_id))
                self._optimizer.clear_grad()
                _, total, metrics = self._forward(batch, feeding)
                total.backward()
                handler(v2_event.EndForwardBackward(pass_id, batch_id, self._gm))
                self._optimizer.step()
                batch_eval = Evaluator()
                batch_eval.add(metrics, len(batch))
                pass_eval.add(metrics, len(batch))
                handler(v2_event.EndIteration(pass_id, batch_id, float(total.numpy()) / len(batch), batch_eval,
                                              self._gm))
            handler(v2_event.EndPass(pass_id, pass_eval, self._gm))

    def test(self, reader, feeding=None):
        """Mean cost and metrics over `reader` without updating: a paddle.event.TestResult."""
        evaluator, cost_sum, n = Evaluator(), 0.0, 0
        with no_grad():
            for batch in reader():
                _, total, metrics = self._forward(batch, feeding)
                evaluator.add(metrics, len(batch))
                cost_sum, n = cost_sum + float(total.numpy()), n + len(batch)
        return v2_event.TestResult(evaluator, cost_sum / max(n, 1))
