"""paddle.Model: prepare / fit / evaluate / predict / save / load around a dygraph Layer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle.static.input import InputSpec
    from purepaddle.nn.layer.layers import Layer

import os
import warnings

import numpy as np

from .._core.mode import in_dynamic_mode, no_grad
from .._core.storage import file_set
from ..static import InputSpec as Input
from ..metric import Metric
from .callbacks import EarlyStopping, config_callbacks
from .dynamic_adapter import DynamicGraphAdapter, _flatten, _update_input_info, extract_args, to_list
from .static_adapter import StaticGraphAdapter

__all__ = ["Model"]

_AMP_LEVELS = ("O0", "O1", "O2")
_AMP_KEYS = {"init_loss_scaling", "incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf",
             "use_dynamic_loss_scaling", "custom_white_list", "custom_black_list", "use_fp16_guard"}


class Model:
    """Trains, evaluates and predicts with a network, with callbacks and metrics; in static mode
    (after paddle.enable_static()) it builds and runs one Program per mode.

    Args:
        network (Layer): The network to train and evaluate.
        inputs (InputSpec|Sequence[InputSpec]|None, optional): The specs of the network's inputs (needed in
            static mode and to save an inference model). Default: None.
        labels (InputSpec|Sequence[InputSpec]|None, optional): The specs of the labels. Default: None.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.static import InputSpec
            >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 3))
            >>> model = paddle.Model(net, InputSpec([None, 4], 'float32', 'x'),
            ...                      InputSpec([None, 1], 'int64', 'label'))
            >>> model.prepare(paddle.optimizer.Adam(0.01, parameters=model.parameters()),
            ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
            >>> x = np.random.rand(16, 4).astype('float32')
            >>> y = np.random.randint(0, 3, (16, 1)).astype('int64')
            >>> data = paddle.io.TensorDataset([paddle.to_tensor(x), paddle.to_tensor(y)])
            >>> model.fit(data, batch_size=8, epochs=1, verbose=0)
            >>> sorted(model.evaluate(data, batch_size=8, verbose=0))
            ['acc', 'loss']
    """

    def __init__(self, network: Layer, inputs: InputSpec | Sequence[InputSpec] | None = None,
                 labels: InputSpec | Sequence[InputSpec] | None = None) -> None:
        self.mode = "train"
        self.network = network
        self._inputs = None
        self._labels = None
        self._loss = None
        self._loss_weights = None
        self._optimizer = None
        self._metrics = []
        self._input_info = None
        self._is_shape_inferred = False
        self._test_dataloader = None
        self._place = None
        self._accumulate = 1
        self.stop_training = False
        if not in_dynamic_mode():
            if not isinstance(inputs, (list, tuple, dict, Input)):
                raise TypeError("'inputs' must be list or tuple or dict, and couldn't be None.")
        elif inputs:
            self._input_info = _update_input_info(inputs)
        self._inputs = self._verify_spec(inputs, is_input=True)
        self._labels = self._verify_spec(labels)
        self._adapter = StaticGraphAdapter(self) if not in_dynamic_mode() else DynamicGraphAdapter(self)

    # -- one batch ---------------------------------------------------------------------
    def train_batch(self, inputs, labels=None, update=True):
        """One optimisation step on a batch; returns the losses (and per-batch metrics) as arrays.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> from paddle.static import InputSpec
                >>> net = paddle.nn.Linear(784, 10)
                >>> model = paddle.Model(net, InputSpec([None, 784], 'float32', 'x'),
                ...                      InputSpec([None, 1], 'int64', 'label'))
                >>> model.prepare(paddle.optimizer.SGD(1e-3, parameters=model.parameters()),
                ...               paddle.nn.CrossEntropyLoss())
                >>> loss = model.train_batch([paddle.rand((4, 784))], [paddle.randint(0, 10, (4, 1))])
                >>> len(loss), loss[0].shape
                (1, ())
        """
        loss = self._adapter.train_batch(inputs, labels, update)
        if in_dynamic_mode() and self._input_info is None:
            self._update_inputs()
        return loss

    def eval_batch(self, inputs, labels=None):
        """Loss and metrics of a batch in eval mode, without gradients.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> net = paddle.nn.Linear(784, 10)
                >>> model = paddle.Model(net)
                >>> model.prepare(loss=paddle.nn.CrossEntropyLoss(), metrics=paddle.metric.Accuracy())
                >>> loss, acc = model.eval_batch([paddle.rand((4, 784))], [paddle.randint(0, 10, (4, 1))])
                >>> len(acc)
                1
        """
        if not in_dynamic_mode():
            return self._adapter.eval_batch(inputs, labels)
        with no_grad():
            loss = self._adapter.eval_batch(inputs, labels)
        if self._input_info is None:
            self._update_inputs()
        return loss

    def predict_batch(self, inputs):
        """The network's outputs (NumPy arrays) for a batch, in eval mode, without gradients.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.Model(paddle.nn.Sequential(paddle.nn.Linear(784, 10), paddle.nn.Softmax()))
                >>> model.prepare()
                >>> out = model.predict_batch([paddle.rand((1, 784))])
                >>> out[0].shape
                (1, 10)
        """
        if not in_dynamic_mode():
            return self._adapter.predict_batch(inputs)
        with no_grad():
            out = self._adapter.predict_batch(inputs)
        if self._input_info is None:
            self._update_inputs()
        return out

    # -- persistence -------------------------------------------------------------------
    def save(self, path, training=True):
        """Save parameters to path.pdparams and optimizer state to path.pdopt (training=True), or an
        inference model (training=False).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.save('checkpoint/test')
                >>> model.load('checkpoint/test')
        """
        dirname = os.path.dirname(path)
        if dirname:
            os.makedirs(dirname, exist_ok=True)
        with file_set():  # .pdparams + .pdopt (or the inference files) land together or not at all
            if training:
                self._adapter.save(path)
            else:
                self._save_inference_model(path)

    def _save_inference_model(self, path):
        """path.pdmodel + path.pdiparams: jit.save of the network (dygraph), or the test program (static)."""
        if not in_dynamic_mode():
            if os.path.basename(path) == "":
                raise ValueError("The input path MUST be format of dirname/file_prefix [dirname\\file_prefix in "
                                 "Windows system], but received file_prefix is empty string.")
            prog = self._adapter._progs.get("test")
            assert prog, "Model is not ready, please call `model.prepare()` first"
            from ..static.io import save_inference_model
            save_inference_model(path, list(self._adapter._input_vars["test"]),
                                 self._adapter._endpoints["test"]["output"], self._adapter._executor,
                                 program=prog.clone(for_test=True))
            return
        if self._input_info is None:
            raise RuntimeError(
                "Saving inference model needs 'inputs' or running before saving. Please specify 'inputs' in "
                "Model initialization or input training data and perform a training for shape derivation.")
        if self._is_shape_inferred:
            warnings.warn(
                "'inputs' was not specified when Model initialization, so the input shape to be saved will be "
                f"the shape derived from the user's actual inputs. The input shape to be saved is "
                f"{self._input_info[0]}. For saving correct input shapes, please provide 'inputs' for Model "
                "initialization.")
        from ..jit import save as jit_save
        jit_save(self.network, path, input_spec=self._inputs)

    def load(self, path, skip_mismatch=False, reset_optimizer=False):
        """Load parameters (path.pdparams) and, unless reset_optimizer, optimizer state (path.pdopt).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.save('checkpoint/test')
                >>> model.load('checkpoint/test.pdparams')
        """
        from ..framework import io as fio
        path, ext = os.path.splitext(path)
        if ext not in ("", ".pdparams", ".pdopt", ".pdmodel"):
            path = path + ext  # a dot in the file name, not a suffix
        param_state = fio.load(path + ".pdparams", return_numpy=True) if os.path.exists(path + ".pdparams") else None
        assert param_state, "Failed to load parameters, please check path."
        matched = []
        for key, param in self.network.state_dict().items():
            state = param_state.get(key, None)
            try:
                if state is None:
                    raise ValueError(f"{key} is not found in the providing file.")
                if list(np.shape(state)) != list(param.shape):
                    raise ValueError(f"{key} receives a shape {list(np.shape(state))}, but the expected shape is "
                                     f"{list(param.shape)}.")
            except ValueError as err:
                if not skip_mismatch:
                    raise
                warnings.warn(f"Skip loading for {key}. " + str(err))
                reset_optimizer = True  # accumulators no longer fit the parameters
                continue
            matched.append((param, state))
        optim_state = None
        if not reset_optimizer and os.path.exists(path + ".pdopt"):
            optim_state = fio.load(path + ".pdopt")
        return self._adapter.load(matched, optim_state)

    def parameters(self, *args, **kwargs):
        """The network's parameters.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.Model(paddle.nn.Linear(784, 200))
                >>> [p.shape for p in model.parameters()]
                [paddle.Size([784, 200]), paddle.Size([200])]
        """
        return self._adapter.parameters()

    # -- configuration -----------------------------------------------------------------
    def _prepare_amp(self, amp_configs):
        """Validate amp_configs as Paddle does; purepaddle computes in the parameters' dtype."""
        adapter = self._adapter
        adapter._amp_custom_lists, adapter._amp_configs = {}, {}
        if not amp_configs:
            adapter._amp_level = "O0"
            return
        if isinstance(amp_configs, str):
            if amp_configs not in _AMP_LEVELS:
                raise ValueError("The level of amp_configs should be 'O0', 'O1' or 'O2'.")
            adapter._amp_level = amp_configs
        else:
            level = amp_configs.get("level", "O1")
            if level not in _AMP_LEVELS:
                raise ValueError("amp_configs['level'] should be 'O0', 'O1' or 'O2'.")
            if "use_pure_fp16" in amp_configs:
                raise ValueError("'use_pure_fp16' is an invalid parameter, the level of mixed precision training "
                                 "only depends on 'O1' or 'O2'.")
            unknown = set(amp_configs) - _AMP_KEYS - {"level"}
            if unknown:
                raise ValueError(f"Except for 'level', the keys of 'amp_configs' must be accepted by mixed precision "
                                 f"APIs, but {sorted(unknown)} could not be recognized.")
            adapter._amp_level = level
            adapter._amp_configs = {k: v for k, v in amp_configs.items() if k != "level"}
        if adapter._amp_level != "O0":
            warnings.warn(f"amp_configs level {adapter._amp_level}: purepaddle runs on the CPU in the parameters' "
                          "dtype, so mixed precision is not applied")

    def prepare(self, optimizer=None, loss=None, metrics=None, amp_configs=None):
        """Set the optimizer, the loss (a Layer or callable) and the metrics used by fit/evaluate.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.prepare(paddle.optimizer.SGD(0.1, parameters=model.parameters()),
                ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
        """
        from .. import nn
        from .._core.place import CPUPlace
        self._place = CPUPlace()
        self._optimizer = optimizer
        if loss is not None and not isinstance(loss, nn.Layer) and not callable(loss):
            raise TypeError("'loss' must be sub classes of `paddle.nn.Layer` or any callable function.")
        self._loss = loss
        metrics = to_list(metrics or [])
        for metric in metrics:
            assert isinstance(metric, Metric), f"{metric.__class__.__name__} is not sub class of Metric"
        self._metrics = metrics
        self._prepare_amp(amp_configs)
        self._adapter.prepare()

    # -- loops -------------------------------------------------------------------------
    def _loader(self, data, batch_size, shuffle=False, drop_last=False, num_workers=0):
        """A DataLoader over a Dataset (Paddle's DistributedBatchSampler); loaders pass through."""
        from .. import io
        if data is not None and isinstance(data, io.Dataset):
            sampler = io.DistributedBatchSampler(data, batch_size=batch_size, shuffle=shuffle, drop_last=drop_last)
            return io.DataLoader(data, batch_sampler=sampler, num_workers=num_workers, return_list=True)
        return data

    def fit(self, train_data=None, eval_data=None, batch_size=1, epochs=1, eval_freq=1, log_freq=10,
            save_dir=None, save_freq=1, verbose=2, drop_last=False, shuffle=True, num_workers=0, callbacks=None,
            accumulate_grad_batches=1, num_iters=None):
        """Train for `epochs` over train_data (a Dataset or DataLoader), evaluating on eval_data every
        eval_freq epochs, logging and checkpointing through callbacks.

        Examples:
            .. code-block:: python

                >>> import numpy as np
                >>> import paddle
                >>> x = paddle.to_tensor(np.random.rand(32, 4).astype('float32'))
                >>> y = paddle.to_tensor(np.random.randint(0, 2, (32, 1)).astype('int64'))
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.prepare(paddle.optimizer.Adam(0.01, parameters=model.parameters()),
                ...               paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
                >>> model.fit(paddle.io.TensorDataset([x, y]), batch_size=16, epochs=2, verbose=0)
        """
        assert train_data is not None, "train_data must be given!"
        if isinstance(batch_size, (tuple, list)) and all(isinstance(x, int) for x in batch_size):
            assert len(batch_size) == 2, "batch_size length error, expected train_batch_size and eval_batch_size."
            train_batch_size, eval_batch_size = batch_size
        elif isinstance(batch_size, int):
            train_batch_size = eval_batch_size = batch_size
        else:
            raise TypeError(f"Model.fit: batch_size must be an int or a list of two ints, but received {batch_size!r}")
        train_loader = self._loader(train_data, train_batch_size, shuffle, drop_last, num_workers)
        eval_loader = self._loader(eval_data, eval_batch_size, num_workers=num_workers)
        do_eval = eval_loader is not None
        self._test_dataloader = eval_loader
        self._accumulate = accumulate_grad_batches
        steps = self._len_data_loader(train_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            epochs = num_iters // steps + 1
            steps = min(num_iters, steps)
        cbks = config_callbacks(callbacks, model=self, epochs=epochs, steps=steps, log_freq=log_freq,
                                save_freq=save_freq, save_dir=save_dir, verbose=verbose, metrics=self._metrics_name())
        if any(isinstance(k, EarlyStopping) for k in cbks) and not do_eval:
            warnings.warn("EarlyStopping needs validation data.")
        self.stop_training = False
        cbks.on_begin("train")
        logs = {}
        for epoch in range(epochs):
            cbks.on_epoch_begin(epoch)
            logs = self._run_one_epoch(train_loader, cbks, "train")
            cbks.on_epoch_end(epoch, logs)
            if do_eval and epoch % eval_freq == 0:
                cbks.on_begin("eval", {"steps": self._len_data_loader(eval_loader), "metrics": self._metrics_name()})
                eval_logs = self._run_one_epoch(eval_loader, cbks, "eval")
                cbks.on_end("eval", eval_logs)
            if self.stop_training:
                break
        cbks.on_end("train", logs)
        self._test_dataloader = None

    def evaluate(self, eval_data, batch_size=1, log_freq=10, verbose=2, num_workers=0, callbacks=None,
                 num_iters=None):
        """Loss and metrics over eval_data, as {'loss': [..], metric name: value}.

        Examples:
            .. code-block:: python

                >>> import numpy as np
                >>> import paddle
                >>> x = paddle.to_tensor(np.random.rand(8, 4).astype('float32'))
                >>> y = paddle.to_tensor(np.random.randint(0, 2, (8, 1)).astype('int64'))
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.prepare(metrics=paddle.metric.Accuracy())
                >>> list(model.evaluate(paddle.io.TensorDataset([x, y]), batch_size=4, verbose=0))
                ['acc']
        """
        eval_loader = self._loader(eval_data, batch_size, num_workers=num_workers)
        self._test_dataloader = eval_loader
        cbks = config_callbacks(callbacks, model=self, log_freq=log_freq, verbose=verbose,
                                metrics=self._metrics_name())
        eval_steps = self._len_data_loader(eval_loader)
        self.num_iters = num_iters
        if num_iters is not None and isinstance(num_iters, int) and isinstance(eval_steps, int):
            assert num_iters > 0, "num_iters must be greater than 0!"
            eval_steps = min(num_iters, eval_steps)
            self.num_iters = eval_steps
        cbks.on_begin("eval", {"steps": eval_steps, "metrics": self._metrics_name()})
        logs = self._run_one_epoch(eval_loader, cbks, "eval")
        cbks.on_end("eval", logs)
        self._test_dataloader = None
        return {k: logs[k] for k in self._metrics_name()}

    def predict(self, test_data, batch_size=1, num_workers=0, stack_outputs=False, verbose=1, callbacks=None):
        """The network's outputs over test_data: one list per output, holding per-batch arrays (or
        one stacked array per output with stack_outputs=True).

        Examples:
            .. code-block:: python

                >>> import numpy as np
                >>> import paddle
                >>> x = paddle.to_tensor(np.random.rand(10, 4).astype('float32'))
                >>> model = paddle.Model(paddle.nn.Linear(4, 2))
                >>> model.prepare()
                >>> out = model.predict(paddle.io.TensorDataset([x]), batch_size=4, stack_outputs=True, verbose=0)
                >>> out[0].shape
                (10, 2)
        """
        test_loader = self._loader(test_data, batch_size, num_workers=num_workers)
        self._test_dataloader = test_loader
        cbks = config_callbacks(callbacks, model=self, verbose=verbose)
        cbks.on_begin("predict", {"steps": self._len_data_loader(test_loader)})
        logs, outputs = self._run_one_epoch(test_loader, cbks, "predict")
        outputs = list(zip(*outputs))
        if stack_outputs:
            outputs = [np.vstack(outs) for outs in outputs]
        self._test_dataloader = None
        cbks.on_end("predict", logs)
        return outputs

    def _run_one_epoch(self, data_loader, callbacks, mode):
        """Run every batch of data_loader in mode ('train', 'eval', 'predict'); the last batch's logs."""
        logs, outputs = {}, []
        n_inputs = len(self._inputs) if self._inputs is not None else None
        try:
            n_batches = len(data_loader)
        except TypeError:
            n_batches = None
        for step, data in enumerate(data_loader):
            data = _flatten(data)
            first = data[0]
            batch_size = first.shape()[0] if callable(first.shape) else first.shape[0]
            callbacks.on_batch_begin(mode, step, logs)
            if mode != "predict":
                args = [data[:n_inputs], data[n_inputs:]]
                if mode == "train":
                    args.append((step + 1) % self._accumulate == 0 or step + 1 == n_batches)
                    outs = self.train_batch(*args)
                else:
                    outs = self.eval_batch(*args)
                if self._metrics and self._loss:
                    values = [[float(lv) for lv in outs[0]]]
                elif self._loss:
                    values = [[float(lv) for lv in outs]]
                else:
                    values = []
                for metric in self._metrics:
                    values.extend(to_list(metric.accumulate()))
                names = self._metrics_name()
                assert len(names) == len(values)
                logs.update(zip(names, values))
            else:
                outputs.append(self.predict_batch(data[:n_inputs] if n_inputs is not None else data))
            logs["step"] = step
            logs["batch_size"] = batch_size
            callbacks.on_batch_end(mode, step, logs)
            if getattr(self, "num_iters", None) is not None:
                self.num_iters -= 1
                if self.num_iters <= 0:
                    self.stop_training = True
                    del self.num_iters
                    break
        self._reset_metrics()
        return (logs, outputs) if mode == "predict" else logs

    def summary(self, input_size=None, dtype=None):
        """Print the network's layer table (paddle.summary) for input_size or the Model's inputs.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> from paddle.static import InputSpec
                >>> model = paddle.Model(paddle.nn.Linear(4, 2), InputSpec([None, 4], 'float32', 'x'))
                >>> info = model.summary()
                ---------------------------------------------------------------------------
                 Layer (type)       Input Shape          Output Shape         Param #
                ===========================================================================
                   Linear-1           [[1, 4]]              [1, 2]              10
                ===========================================================================
                Total params: 10
                Trainable params: 10
                Non-trainable params: 0
                ---------------------------------------------------------------------------
                Input size (MB): 0.00
                Forward/backward pass size (MB): 0.00
                Params size (MB): 0.00
                Estimated Total Size (MB): 0.00
                ---------------------------------------------------------------------------
                <BLANKLINE>
                >>> print(info['total_params'])
                10
        """
        from .model_summary import summary
        assert input_size is not None or self._inputs is not None, "'input_size' or 'self._input' must be set"
        return summary(self.network, input_size if input_size is not None else self._inputs, dtypes=dtype)

    def _verify_spec(self, specs, shapes=None, dtypes=None, is_input=False):
        if specs is None:
            if is_input:
                arg_names = extract_args(self.network.forward)[1:]
                if shapes is not None and dtypes is not None:
                    out_specs = [Input(name=n, dtype=dtypes[i], shape=shapes[i]) for i, n in enumerate(arg_names)]
                else:
                    out_specs = [Input(name=n, shape=[None]) for n in arg_names]
            else:
                out_specs = to_list(specs)
        elif isinstance(specs, dict):
            assert is_input is False
            out_specs = [specs[n] for n in extract_args(self.network.forward) if n != "self"]
        else:
            out_specs = to_list(specs)
        if out_specs is not None:
            for i, spec in enumerate(out_specs):
                assert isinstance(spec, Input)
                if spec.name is None:
                    raise ValueError(f"Requires Input[{i}].name != None, but receive `None` with {spec}.")
        return out_specs

    def _reset_metrics(self):
        for metric in self._metrics:
            metric.reset()

    def _metrics_name(self):
        names = ["loss"] if self._loss else []
        for m in self._metrics:
            names.extend(to_list(m.name()))
        return names

    @staticmethod
    def _len_data_loader(data_loader):
        try:
            return len(data_loader)
        except Exception:
            return None

    def _update_inputs(self):
        """Take input shapes/dtypes from the first batch when no InputSpec was given."""
        self._input_info = self._adapter._input_info
        if self._input_info is not None and len(self._input_info) == 2:
            self._inputs = self._verify_spec(None, self._input_info[0], self._input_info[1], True)
            self._is_shape_inferred = True
