"""The static-graph engine of paddle.Model (built after paddle.enable_static()).

prepare() builds one Program per mode from the network's forward: 'train' (loss, metrics and the
optimizer's update ops), 'eval' (loss and metrics, is_test) and 'test' (outputs only), all
reading the same parameters from the global scope; batches are fed and fetched by an Executor.
"""
import os

import numpy as np

from .._core.tensor import Tensor
from ..static import (Executor, data, default_main_program, default_startup_program, global_scope, program_guard,
                      scope_guard)
from ..static.program import Parameter, Variable
from ..static.scope import Scope
from .. import tensor as _T
from .dynamic_adapter import to_list

__all__ = []

_MODES = ("train", "eval", "test")


def _feed_value(v):
    """A batch element as something Executor.run takes (DenseTensors and arrays pass through)."""
    return v.numpy() if isinstance(v, Tensor) else v


def _flatten_groups(groups):
    flat, splits = [], []
    for g in groups:
        splits.append(len(g))
        flat.extend(g)
    return flat, splits


def _split_groups(flat, splits):
    out, i = [], 0
    for n in splits:
        out.append(flat[i:i + n])
        i += n
    return out


class StaticGraphAdapter:
    """Runs the Model's batches through per-mode static Programs and an Executor."""

    def __init__(self, model):
        self.model = model
        self._startup_prog = default_startup_program()
        self._orig_prog = default_main_program()
        self._label_vars, self._input_vars, self._endpoints = {}, {}, {}
        self._progs = {}
        self._executor = None
        self._merge_count = {"eval_total": 0, "test_total": 0, "eval_batch": 0, "test_batch": 0}
        self._input_info = None
        self._amp_level = "O0"
        self._amp_configs = {}
        self._amp_custom_lists = {}

    @property
    def mode(self):
        return self.model.mode

    @mode.setter
    def mode(self, value):
        self.model.mode = value

    # -- batches -----------------------------------------------------------------------
    def train_batch(self, inputs, labels=None, update=True):
        assert self.model._optimizer, "model not ready, please call `model.prepare()` first"
        self.mode = "train"
        assert update is True, "Does not support `update == False` in static graph mode by now."
        return self._run(inputs, labels)

    def eval_batch(self, inputs, labels=None):
        self.mode = "eval"
        return self._run(inputs, labels)

    def predict_batch(self, inputs):
        self.mode = "test"
        return self._run(inputs, None)

    def _run(self, inputs, labels=None):
        prog = self._progs.get(self.mode)
        assert prog is not None, "Model is not ready, please call `model.prepare()` first"
        inputs = to_list(inputs)
        in_vars = self._input_vars[self.mode]
        assert len(inputs) == len(in_vars), "number of inputs does not match number of arguments of `forward` method"
        feed = {v.name: _feed_value(x) for v, x in zip(in_vars, inputs) if x is not None}
        if labels is not None:
            for v, x in zip(self._label_vars[self.mode], to_list(labels)):
                feed[v.name] = _feed_value(x)
        ends = self._endpoints[self.mode]
        if self.mode == "test":
            fetch, num_loss, splits = ends["output"], 0, []
        else:
            metric_vars, splits = _flatten_groups(ends["metric"])
            fetch = ends["loss"] + metric_vars
            num_loss = len(ends["loss"])
        # a fetched feed variable (an identity network) comes straight from the feed
        rets = self._executor.run(prog, feed=feed, fetch_list=[v for v in fetch if v.name not in feed])
        rets = list(rets)
        for i, v in enumerate(fetch):
            if v.name in feed:
                rets.insert(i, feed[v.name])
        rets = [np.array(r) for r in rets]
        if self.mode == "test":
            return rets
        metrics = [m.update(*state) for m, state in zip(self.model._metrics, _split_groups(rets[num_loss:], splits))]
        if num_loss and metrics:
            return rets[:num_loss], metrics
        return rets[:num_loss] if num_loss else metrics

    def parameters(self, *args, **kwargs):
        return self.model.network.parameters(*args, **kwargs)

    # -- programs ----------------------------------------------------------------------
    def prepare(self):
        for mode in _MODES:
            self._make_program(mode)
        self._initialize()

    def _make_program(self, mode):
        if mode in self._progs:
            return
        model = self.model
        prog = self._orig_prog.clone()
        if mode != "train":  # ops recorded in the main program before Model() belong to training only
            block = prog.global_block()
            while block.ops:
                block._remove_op(0)
        opt = model._optimizer
        lr_map = getattr(opt, "_learning_rate_map", None) if opt is not None else None
        if mode == "train" and lr_map and self._orig_prog in lr_map:
            lr_var = lr_map[self._orig_prog]
            lr_map[prog] = prog.global_block().vars[lr_var.name]
        losses, metrics = [], []
        with program_guard(prog, self._startup_prog):
            inputs = [data(s.name, list(s.shape), s.dtype) for s in to_list(model._inputs)]
            labels = [data(s.name, list(s.shape), s.dtype) for s in to_list(model._labels or [])]
            self._label_vars[mode] = labels
            outputs = to_list(model.network.forward(*inputs))
            if mode != "test" and model._loss:
                losses = to_list(model._loss(*(outputs + labels)))
            if mode != "test":
                metrics = [to_list(m.compute(*(outputs + labels))) for m in model._metrics]
            if mode == "train" and opt is not None:
                opt.minimize(losses[0] if len(losses) == 1 else _T.add_n(losses))
        if mode != "train":
            prog = prog.clone(for_test=True)
        self._input_vars[mode] = inputs
        self._progs[mode] = prog
        self._endpoints[mode] = {"output": outputs, "loss": losses, "metric": metrics}

    def _initialize(self):
        """Run the startup program for the variables the global scope does not hold yet."""
        if self._executor is None:
            self._executor = Executor(self.model._place)
        scope = global_scope()
        wanted = [v.name for v in self._startup_prog.list_vars() if v.persistable]
        missing = [n for n in wanted if scope.find_var(n) is None or not scope.find_var(n).get_tensor()._is_initialized()]
        if not missing:
            return
        if len(missing) == len(wanted):
            self._executor.run(self._startup_prog)
            return
        tmp = Scope()  # initialise everything aside, keep only what was missing
        with scope_guard(tmp):
            self._executor.run(self._startup_prog)
        for n in missing:
            value = tmp.find_var(n)
            if value is not None:
                scope.var(n).get_tensor().set(np.array(value.get_tensor()))

    # -- persistence -------------------------------------------------------------------
    def _optimizer_vars(self):
        """Persistable variables of the training program that the optimizer created."""
        prog = self._progs.get("train")
        if prog is None or self.model._optimizer is None:
            return []
        params = {p.name for p in self.model.network.parameters()}
        feeds = {v.name for v in self._input_vars.get("train", []) + self._label_vars.get("train", [])}
        return [v for v in prog.list_vars() if v.persistable and not isinstance(v, Parameter)
                and v.name not in params and v.name not in feeds]

    def save(self, path):
        from ..framework import io as fio
        base = os.path.basename(path)
        assert base != "", "path should be of 'dirname/filename' format"
        scope = global_scope()

        def value(v):
            return np.array(scope.find_var(v.name).get_tensor()) if isinstance(v, Variable) else v

        state = {k: value(v) for k, v in self.model.network.state_dict().items()}
        if state:
            fio.save(state, path + ".pdparams")
        optim = {v.name: value(v) for v in self._optimizer_vars() if scope.find_var(v.name) is not None}
        if optim:
            fio.save(optim, path + ".pdopt")

    def load(self, param_state_pairs, optim_state):
        scope = global_scope()
        for param, state in param_state_pairs:
            scope.var(param.name).get_tensor().set(np.asarray(state))
        if not self.model._optimizer or not optim_state:
            return
        for v in self._optimizer_vars():
            if v.name in optim_state:
                scope.var(v.name).get_tensor().set(np.asarray(optim_state[v.name]))
            elif not v.name.startswith("learning_rate_"):
                raise AssertionError(f"variable [{v.name}] is not in optimizer state file")
