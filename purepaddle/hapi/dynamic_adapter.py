"""The dynamic-graph engine of paddle.Model: one batch of train / eval / predict, save / load."""
import inspect

import numpy as np

from .._core.tensor import Tensor
from ..static import InputSpec as Input
from .. import tensor as _T

__all__ = []


def to_list(value):
    """None stays None; lists and tuples become lists; anything else a one-element list."""
    if value is None:
        return value
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def to_numpy(var):
    """Host NumPy array of a Tensor (results of train/eval/predict batches are arrays)."""
    return np.array(var)


def _to_tensor(x):
    """A batch element as a Tensor, without copying one that already is."""
    return x if isinstance(x, Tensor) else _T.to_tensor(x)


def _flatten(data):
    """Leaves of nested lists/tuples/dicts, in order (a DataLoader batch may nest)."""
    if isinstance(data, (list, tuple)):
        out = []
        for d in data:
            out.extend(_flatten(d))
        return out
    if isinstance(data, dict):
        out = []
        for k in sorted(data):
            out.extend(_flatten(data[k]))
        return out
    return [data]


def extract_args(func):
    """Positional parameter names of func (bound methods include 'self')."""
    return inspect.getfullargspec(func).args


def _update_input_info(inputs):
    """(shapes, dtypes) of an InputSpec, a list of them or a dict of them; None otherwise."""
    if isinstance(inputs, Input):
        return [list(inputs.shape)], [inputs.dtype]
    if isinstance(inputs, (list, tuple)):
        return [list(i.shape) for i in inputs], [i.dtype for i in inputs]
    if isinstance(inputs, dict):
        return [list(inputs[n].shape) for n in inputs], [inputs[n].dtype for n in inputs]
    return None


class DynamicGraphAdapter:
    """Runs the Model's batches eagerly: forward, loss, backward, optimizer step, metrics."""

    def __init__(self, model):
        self.model = model
        self._merge_count = {"eval_total": 0, "test_total": 0, "eval_batch": 0, "test_batch": 0}
        self._input_info = None
        self._amp_level = "O0"
        self._amp_configs = {}
        self._amp_custom_lists = {}
        self._use_fp16_guard = True

    @property
    def mode(self):
        return self.model.mode

    @mode.setter
    def mode(self, value):
        self.model.mode = value

    def _metrics_of(self, outputs, labels):
        """compute + update of every metric; the per-batch values they return."""
        res = []
        for metric in self.model._metrics:
            outs = metric.compute(*(to_list(outputs) + labels))
            res.append(metric.update(*[to_numpy(m) for m in to_list(outs)]))
        return res

    def train_batch(self, inputs, labels=None, update=True):
        model = self.model
        assert model._optimizer, "model not ready, please call `model.prepare()` first"
        if model._loss is None:
            raise ValueError("Model.train_batch needs a loss: pass `loss` to model.prepare()")
        model.network.train()
        self.mode = "train"
        inputs = to_list(inputs)
        self._input_info = _update_input_info(inputs)
        labels = [_to_tensor(lbl) for lbl in to_list(labels or [])]
        outputs = model.network(*[_to_tensor(x) for x in inputs])
        losses = to_list(model._loss(*(to_list(outputs) + labels)))
        final_loss = losses[0] if len(losses) == 1 else _T.add_n(losses)
        final_loss.backward()
        if update:
            model._optimizer.minimize(final_loss)
            model.network.clear_gradients()
        metrics = self._metrics_of(outputs, labels)
        loss_values = [to_numpy(lv) for lv in losses]
        return (loss_values, metrics) if metrics else loss_values

    def eval_batch(self, inputs, labels=None):
        model = self.model
        model.network.eval()
        self.mode = "eval"
        inputs = to_list(inputs)
        self._input_info = _update_input_info(inputs)
        labels = [_to_tensor(lbl) for lbl in to_list(labels or [])]
        outputs = model.network(*[_to_tensor(x) for x in inputs])
        losses = to_list(model._loss(*(to_list(outputs) + labels))) if model._loss else None
        metrics = self._metrics_of(outputs, labels)
        if model._loss and metrics:
            return [to_numpy(lv) for lv in losses], metrics
        if model._loss:
            return [to_numpy(lv) for lv in losses]
        return metrics

    def predict_batch(self, inputs):
        self.model.network.eval()
        self.mode = "test"
        inputs = [_to_tensor(x) for x in to_list(inputs)]
        self._input_info = _update_input_info(inputs)
        outputs = self.model.network(*inputs)
        return [to_numpy(o) for o in to_list(outputs)]

    def parameters(self, *args, **kwargs):
        return self.model.network.parameters(*args, **kwargs)

    def save(self, path):
        from ..framework import io as fio
        fio.save(self.model.network.state_dict(), path + ".pdparams")
        opt = self.model._optimizer
        if opt is not None:
            state = opt.state_dict()
            if state:
                fio.save(state, path + ".pdopt")

    def load(self, param_state_pairs, optim_state):
        for param, state in param_state_pairs:
            param._write(state)
        opt = self.model._optimizer
        if not opt or not optim_state:
            return
        opt.set_state_dict(self._convert_optim_state(opt, optim_state))

    def _convert_optim_state(self, opt, optim_state):
        """Accept accumulators saved by static-graph Paddle (`{param}_{opt}_{acc}_N` names under
        another optimizer instance name) by renaming them to this optimizer's names."""
        converted = dict(optim_state)
        unq_name = getattr(opt, "_name", None) or ""
        cls_name = opt.__class__.__name__
        opt_name = unq_name[:unq_name.rfind("_")]
        param_names = [p.name for p in self.model.network.parameters()]
        for var_name, value in sorted(optim_state.items(), key=lambda x: len(x[0]), reverse=True):
            if var_name in ("@LR_DECAY_COUNTER@", "global_step"):
                if var_name == "@LR_DECAY_COUNTER@":
                    converted["global_step"] = np.array(converted.pop("@LR_DECAY_COUNTER@")) + 1
                continue
            for pname in param_names:
                if opt_name and var_name.startswith(pname + "_" + opt_name):
                    acc = var_name[len(pname + "_" + opt_name + "_"):]
                elif var_name.startswith(pname + "_") and opt_name == cls_name:
                    acc = var_name[len(pname + "_"):]
                else:
                    continue
                acc = acc[:acc.rfind("_")]
                converted[f"{pname}_{unq_name}_{acc}_0"] = value
        return converted

    def prepare(self):
        pass
