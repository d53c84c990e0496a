"""v2 `paddle.trainer.SGD(cost, parameters, update_equation)`: eager training over a reader with
v2's events (BeginPass, BeginIteration, EndForwardBackward, EndIteration, EndPass).

With paddle.init(trainer_count=N) every mini-batch is split into N contiguous parts, one per thread; each
thread runs forward and backward on its part (autograd's grad mode and graph are per thread) and returns
its gradients, which are summed in part order before one update, so the step equals one thread on the
whole batch (v2's MultiGradientMachine). Layer outputs are the parts' rows stacked back in order."""
import threading

import numpy as np

from .._core.autograd import grad as _grad
from .._core.mode import no_grad
from .._core.tensor import Tensor
from ..tensor.manipulation.join import concat
from . import event as v2_event
from .data_type import SparseInput
from .layer import LayerOutput, Values, classification_error, evaluate, feed_arrays, parse_network
from .optimizer import Optimizer
from .parameters import Parameters
from .runtime import RUNTIME
from .sparse_rows import RowOptimizer, RowView, merge_rows

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
            out[name] = {"value": np.array(self._values[name].numpy(), copy=True)}
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


class _Part:
    """One thread's share of a mini-batch: its layer values, summed cost and gradients."""

    def __init__(self, samples):
        self.samples, self.values, self.total, self.error = samples, None, None, None
        self.dense, self.rows = {}, {}


def _split(batch, n):
    """`batch` cut into at most n contiguous, nearly equal, non-empty parts (v2 gave each thread its share)."""
    n = max(1, min(n, len(batch)))
    bounds = np.linspace(0, len(batch), n + 1).astype(int)
    return [batch[bounds[i]:bounds[i + 1]] for i in range(n)]


def _stack(parts):
    """The parts' layer values stacked back into the whole batch's (row order kept)."""
    if len(parts) == 1:
        return parts[0].values
    out = Values()
    for name, first in parts[0].values.items():
        vals = [p.values[name] for p in parts]
        if isinstance(first, SparseInput):
            out[name] = SparseInput.stack(vals)
        else:
            out[name] = concat(vals, axis=0)
    return out


class SGD:
    """The v2 trainer: trains `parameters` to minimize `cost` with the v2 optimizer `update_equation`.
    As in v2, the gradient is that of the sum of the per-sample costs; events report the mean. The
    trainer_count of paddle.init splits each batch among that many threads; sparse_update parameters
    update only the rows a batch touches.

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
        sparse = [n for n in parameters.sparse_update if parameters.tensors[n].trainable]
        self._optimizer = update_equation.build(parameters, exclude=sparse)
        self._sparse = sparse
        self._row_optimizer = RowOptimizer(update_equation.build(parameters, only=sparse)) if sparse else None
        self._trainer_count = RUNTIME.trainer_count
        self._gm = GradientMachine()

    def _forward(self, batch, feeding):
        """Layer values, the summed cost Tensor, and the batch's metrics (no gradients)."""
        values = evaluate(self._layers, feed_arrays(self._layers, batch, feeding, "SGD.test"),
                          self._parameters.tensors)
        self._gm._values = values
        return values[self._cost.name].sum(), self._metrics(values)

    def _metrics(self, values):
        err = classification_error(self._layers, values)
        return {} if err is None else {"classification_error_evaluator": err}

    def _run_part(self, part, feeding):
        """Forward and backward of one part; its gradients go to `part`, not to the parameters' .grad."""
        tensors = self._parameters.tensors
        views = {n: RowView(tensors[n]) for n in self._sparse}
        params = dict(tensors, **views)
        part.values = evaluate(self._layers, feed_arrays(self._layers, part.samples, feeding, "SGD.train"), params)
        part.total = part.values[self._cost.name].sum()
        dense = [n for n, p in tensors.items() if p.trainable and n not in views]
        subs = [(n, rows, sub) for n, view in views.items() for rows, sub in view.taken]
        leaves = [tensors[n] for n in dense] + [sub for _, _, sub in subs]
        grads = _grad(part.total, leaves, allow_unused=True) if leaves else []
        for n, g in zip(dense, grads[:len(dense)]):
            if g is not None:
                part.dense[n] = g.numpy()
        for (n, rows, _), g in zip(subs, grads[len(dense):]):
            if g is not None:
                part.rows.setdefault(n, []).append((rows, g.numpy()))

    def _forward_backward(self, batch, feeding):
        """Run the batch's parts (in threads when trainer_count > 1) and merge their gradients."""
        parts = [_Part(s) for s in _split(batch, self._trainer_count)]
        if len(parts) == 1:
            self._run_part(parts[0], feeding)
        else:
            def work(part):
                try:
                    self._run_part(part, feeding)
                except BaseException as e:  # noqa: BLE001  (re-raised in the calling thread)
                    part.error = e
            threads = [threading.Thread(target=work, args=(p,), name=f"v2-trainer-{i}") for i, p in enumerate(parts)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for p in parts:
                if p.error is not None:
                    raise p.error
        tensors = self._parameters.tensors
        for name, p in tensors.items():
            got = [part.dense[name] for part in parts if name in part.dense]
            if got:
                total = got[0].copy()
                for g in got[1:]:
                    total += g
                p._grad = Tensor._make(total)
        self._parameters._row_grads = {}
        for name in self._sparse:
            p = tensors[name]
            pairs = [pr for part in parts for pr in part.rows.get(name, [])]
            self._parameters._row_grads[name] = merge_rows(pairs, p.shape[1], p._data.dtype)
        values = _stack(parts)
        self._gm._values = values
        total = sum(float(part.total.numpy()) for part in parts)
        return total, self._metrics(values)

    def _update(self):
        self._optimizer.step()
        tensors = self._parameters.tensors
        for name, (rows, values) in self._parameters._row_grads.items():
            self._row_optimizer.step(tensors[name], rows, values)

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
                try:
                    total, metrics = self._forward_backward(batch, feeding)
                    handler(v2_event.EndForwardBackward(pass_id, batch_id, self._gm))
                    self._update()
                except RuntimeError as e:  # a NaN/Inf under FLAGS_check_nan_inf: say where training was
                    e.add_note(f"at pass {pass_id}, batch {batch_id}")
                    raise
                batch_eval = Evaluator()
                batch_eval.add(metrics, len(batch))
                pass_eval.add(metrics, len(batch))
                handler(v2_event.EndIteration(pass_id, batch_id, total / len(batch), batch_eval, self._gm))
            handler(v2_event.EndPass(pass_id, pass_eval, self._gm))

    def test(self, reader, feeding=None):
        """Mean cost and metrics over `reader` without updating: a paddle.event.TestResult."""
        evaluator, cost_sum, n = Evaluator(), 0.0, 0
        with no_grad():
            for batch in reader():
                total, metrics = self._forward(batch, feeding)
                evaluator.add(metrics, len(batch))
                cost_sum, n = cost_sum + float(total.numpy()), n + len(batch)
        return v2_event.TestResult(evaluator, cost_sum / max(n, 1))
