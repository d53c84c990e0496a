"""paddle.callbacks: hooks that paddle.Model.fit/evaluate/predict call around epochs and batches."""
import numbers
import os
import time
import warnings

import numpy as np

from ..optimizer import lr as _lr
from .progressbar import ProgressBar

__all__ = ["Callback", "ProgBarLogger", "ModelCheckpoint", "VisualDL", "WandbCallback", "LRScheduler",
           "EarlyStopping", "ReduceLROnPlateau"]

_MODES = ("train", "eval", "predict")


def config_callbacks(callbacks=None, model=None, batch_size=None, epochs=None, steps=None, log_freq=2,
                     verbose=2, save_freq=1, save_dir=None, metrics=None, mode="train"):
    """The CallbackList a Model run uses: the user's callbacks plus the default logger, checkpointer
    and LR stepper when the user gave none of that kind."""
    cbks = callbacks or []
    cbks = list(cbks) if isinstance(cbks, (list, tuple)) else [cbks]
    if verbose and not any(isinstance(k, ProgBarLogger) for k in cbks):
        cbks = [ProgBarLogger(log_freq, verbose=verbose)] + cbks
    if not any(isinstance(k, ModelCheckpoint) for k in cbks):
        cbks = cbks + [ModelCheckpoint(save_freq, save_dir)]
    for k in cbks:
        if isinstance(k, EarlyStopping):
            k.save_dir = save_dir
    if not any(isinstance(k, LRScheduler) for k in cbks):
        cbks = cbks + [LRScheduler()]
    cbk_list = CallbackList(cbks)
    cbk_list.set_model(model)
    metrics = (metrics or []) if mode != "test" else []
    cbk_list.set_params({"batch_size": batch_size, "epochs": epochs, "steps": steps, "verbose": verbose,
                         "metrics": metrics})
    return cbk_list


class CallbackList:
    """Dispatches each event to every callback in order."""

    def __init__(self, callbacks=None):
        assert callbacks is not None
        self.callbacks = list(callbacks)
        self.params = {}
        self.model = None

    def append(self, callback):
        self.callbacks.append(callback)

    def __iter__(self):
        return iter(self.callbacks)

    def set_params(self, params):
        for c in self.callbacks:
            c.set_params(params)

    def set_model(self, model):
        for c in self.callbacks:
            c.set_model(model)

    def _call(self, name, *args):
        for c in self.callbacks:
            getattr(c, name)(*args)

    @staticmethod
    def _check_mode(mode):
        assert mode in _MODES, "mode should be train, eval or predict"

    def on_begin(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_begin", logs)

    def on_end(self, mode, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_end", logs)

    def on_epoch_begin(self, epoch=None, logs=None):
        self._call("on_epoch_begin", epoch, logs)

    def on_epoch_end(self, epoch=None, logs=None):
        self._call("on_epoch_end", epoch, logs)

    def on_batch_begin(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_begin", step, logs)

    def on_batch_end(self, mode, step=None, logs=None):
        self._check_mode(mode)
        self._call(f"on_{mode}_batch_end", step, logs)


class Callback:
    """Base class of callbacks: override the on_* hooks you need; `self.model` is the running Model.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> class CountSteps(paddle.callbacks.Callback):
            ...     def __init__(self):
            ...         super().__init__()
            ...         self.steps = 0
            ...     def on_train_batch_end(self, step, logs=None):
            ...         self.steps += 1
            >>> CountSteps().steps
            0
    """

    def __init__(self):
        self.model = None
        self.params = {}

    def set_params(self, params):
        """Receive the run's parameters: batch_size, epochs, steps, verbose, metrics."""
        self.params = params

    def set_model(self, model):
        """Receive the paddle.Model being run."""
        self.model = model

    def on_train_begin(self, logs=None):
        """Called once at the start of fit."""

    def on_train_end(self, logs=None):
        """Called once at the end of fit; logs are the last epoch's."""

    def on_eval_begin(self, logs=None):
        """Called at the start of an evaluation; logs hold 'steps' and 'metrics'."""

    def on_eval_end(self, logs=None):
        """Called at the end of an evaluation; logs hold the loss and metrics."""

    def on_predict_begin(self, logs=None):
        """Called at the start of predict."""

    def on_predict_end(self, logs=None):
        """Called at the end of predict."""

    def on_epoch_begin(self, epoch, logs=None):
        """Called at the start of each training epoch."""

    def on_epoch_end(self, epoch, logs=None):
        """Called at the end of each training epoch with its last batch's logs."""

    def on_train_batch_begin(self, step, logs=None):
        """Called before each training batch."""

    def on_train_batch_end(self, step, logs=None):
        """Called after each training batch with its loss, metrics and batch_size."""

    def on_eval_batch_begin(self, step, logs=None):
        """Called before each evaluation batch."""

    def on_eval_batch_end(self, step, logs=None):
        """Called after each evaluation batch."""

    def on_predict_batch_begin(self, step, logs=None):
        """Called before each prediction batch."""

    def on_predict_batch_end(self, step, logs=None):
        """Called after each prediction batch."""


def _new_timer():
    return {"data_time": 0, "batch_time": 0, "count": 0, "samples": 0}


class ProgBarLogger(Callback):
    """Prints loss and metrics: verbose 0 silent, 1 a live progress bar, 2 one line per log_freq
    steps, 3 as 2 plus reader cost, batch cost and samples/s.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> logger = paddle.callbacks.ProgBarLogger(log_freq=10, verbose=1)
            >>> logger.log_freq, logger.verbose
            (10, 1)
    """

    def __init__(self, log_freq=1, verbose=2):
        self.epochs = None
        self.steps = None
        self.progbar = None
        self.verbose = verbose
        self.log_freq = log_freq

    def _is_print(self):
        return bool(self.verbose)

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._train_timer = _new_timer()
        if self._is_print():
            print("The loss value printed in the log is the current step, and the metric is the average "
                  "value of previous steps.")

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch
        self.train_step = 0
        if self.epochs and self._is_print():
            print(f"Epoch {epoch + 1}/{self.epochs}")
        self.train_progbar = ProgressBar(num=self.steps, verbose=self.verbose)
        self._train_timer["batch_start_time"] = time.time()

    def _updates(self, logs, mode):
        metrics = getattr(self, f"{mode}_metrics")
        values = [(k, logs[k]) for k in metrics if k in logs]
        timer = getattr(self, f"_{mode}_timer", None)
        if self.verbose == 3 and timer is not None:
            cnt = timer["count"] if timer["count"] > 0 else 1.0
            samples = timer["samples"] if timer["samples"] > 0 else 1.0
            busy = timer["data_time"] + timer["batch_time"]
            values.append(("avg_reader_cost", f"{timer['data_time'] / cnt:.5f} sec"))
            values.append(("avg_batch_cost", f"{timer['batch_time'] / cnt:.5f} sec"))
            values.append(("ips", f"{samples / busy if busy else 0.0:.5f} samples/sec"))
            timer.update(count=0, samples=0, data_time=0.0, batch_time=0.0)
        getattr(self, f"{mode}_progbar").update(getattr(self, f"{mode}_step"), values)

    def _batch_begin(self, mode):
        timer = getattr(self, f"_{mode}_timer")
        timer["batch_data_end_time"] = time.time()
        timer["data_time"] += timer["batch_data_end_time"] - timer["batch_start_time"]

    def _batch_end(self, mode, logs):
        """Count the step and its samples; log every log_freq steps except the last one (the end
        of the epoch or evaluation logs that)."""
        timer = getattr(self, f"_{mode}_timer")
        step = getattr(self, f"{mode}_step") + 1
        setattr(self, f"{mode}_step", step)
        timer["batch_time"] += time.time() - timer["batch_data_end_time"]
        timer["count"] += 1
        timer["samples"] += logs.get("batch_size", 1)
        total = getattr(self, f"{mode}_steps")
        if self._is_print() and step % self.log_freq == 0 and (total is None or step < total):
            self._updates(logs, mode)
        timer["batch_start_time"] = time.time()

    def on_train_batch_begin(self, step, logs=None):
        self._batch_begin("train")

    def on_train_batch_end(self, step, logs=None):
        self._batch_end("train", logs or {})

    @property
    def train_steps(self):
        return self.steps

    def on_epoch_end(self, epoch, logs=None):
        if self._is_print() and self.steps is not None:
            self._updates(logs or {}, "train")

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0
        self._eval_timer = _new_timer()
        self.eval_progbar = ProgressBar(num=self.eval_steps, verbose=self.verbose)
        if self._is_print():
            print("Eval begin...")
        self._eval_timer["batch_start_time"] = time.time()

    def on_eval_batch_begin(self, step, logs=None):
        self._batch_begin("eval")

    def on_eval_batch_end(self, step, logs=None):
        logs = logs or {}
        self.evaled_samples += logs.get("batch_size", 1)
        self._batch_end("eval", logs)

    def on_eval_end(self, logs=None):
        if self._is_print() and self.eval_steps is not None:
            self._updates(logs or {}, "eval")
            print(f"Eval samples: {self.evaled_samples}")

    def on_predict_begin(self, logs=None):
        logs = logs or {}
        self.test_steps = logs.get("steps", None)
        self.test_metrics = logs.get("metrics", [])
        self.test_step = 0
        self.tested_samples = 0
        self._test_timer = _new_timer()
        self.test_progbar = ProgressBar(num=self.test_steps, verbose=self.verbose)
        if self._is_print():
            print("Predict begin...")
        self._test_timer["batch_start_time"] = time.time()

    def on_predict_batch_begin(self, step, logs=None):
        self._batch_begin("test")

    def on_predict_batch_end(self, step, logs=None):
        logs = logs or {}
        self.tested_samples += logs.get("batch_size", 1)
        self._batch_end("test", logs)

    def on_predict_end(self, logs=None):
        if self._is_print():
            if self.test_step % self.log_freq != 0 or self.verbose == 1:
                self._updates(logs or {}, "test")
            print(f"Predict samples: {self.tested_samples}")


class ModelCheckpoint(Callback):
    """Saves the model (Model.save) every save_freq epochs to save_dir/{epoch} and at the end to
    save_dir/final; does nothing without save_dir.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> ckpt = paddle.callbacks.ModelCheckpoint(save_freq=2, save_dir='./checkpoints')
            >>> ckpt.save_freq, ckpt.save_dir
            (2, './checkpoints')
    """

    def __init__(self, save_freq=1, save_dir=None):
        self.save_freq = save_freq
        self.save_dir = save_dir

    def on_epoch_begin(self, epoch=None, logs=None):
        self.epoch = epoch

    def _is_save(self):
        return self.model and self.save_dir

    def on_epoch_end(self, epoch, logs=None):
        if self._is_save() and self.epoch % self.save_freq == 0:
            path = f"{self.save_dir}/{epoch}"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)

    def on_train_end(self, logs=None):
        if self._is_save():
            path = f"{self.save_dir}/final"
            print(f"save checkpoint at {os.path.abspath(path)}")
            self.model.save(path)


def _lr_scheduler_of(model):
    """The optimizer's LRScheduler, or None when the learning rate is a plain number."""
    opt = getattr(model, "_optimizer", None)
    sched = getattr(opt, "_learning_rate", None) if opt else None
    return sched if isinstance(sched, _lr.LRScheduler) else None


class LRScheduler(Callback):
    """Steps the optimizer's learning-rate scheduler after every batch (by_step) or epoch (by_epoch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cb = paddle.callbacks.LRScheduler(by_step=False, by_epoch=True)
            >>> cb.by_epoch
            True
    """

    def __init__(self, by_step=True, by_epoch=False):
        if by_step and by_epoch:
            raise ValueError("by_step option is mutually exclusive with by_epoch")
        self.by_step = by_step
        self.by_epoch = by_epoch

    def on_epoch_end(self, epoch, logs=None):
        if self.by_epoch:
            sched = _lr_scheduler_of(self.model)
            if sched is not None:
                sched.step()

    def on_train_batch_end(self, step, logs=None):
        if self.by_step:
            sched = _lr_scheduler_of(self.model)
            if sched is not None:
                sched.step()


def _monitored(logs, monitor, who):
    """The monitored number from eval logs (first entry of a list), or None (warned) when absent."""
    if logs is None or monitor not in logs:
        warnings.warn(f"Monitor of {who} should be loss or metric name.")
        return None
    current = logs[monitor]
    if isinstance(current, (list, tuple)):
        return current[0]
    return current if isinstance(current, numbers.Number) else None


class EarlyStopping(Callback):
    """Stops fit when the monitored eval quantity has not improved by min_delta for `patience`
    evaluations; with save_best_model, saves the best model to save_dir/best_model.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> stop = paddle.callbacks.EarlyStopping('acc', mode='max', patience=2)
            >>> stop.monitor, stop.patience
            ('acc', 2)
    """

    def __init__(self, monitor="loss", mode="auto", patience=0, verbose=1, min_delta=0, baseline=None,
                 save_best_model=True):
        super().__init__()
        self.monitor = monitor
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.min_delta = abs(min_delta)
        self.wait_epoch = 0
        self.best_weights = None
        self.stopped_epoch = 0
        self.save_best_model = save_best_model
        self.save_dir = None  # set by fit from its save_dir
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"EarlyStopping mode {mode} is unknown, fallback to auto mode.")
            mode = "auto"
        if mode == "max" or (mode == "auto" and "acc" in self.monitor):
            self.monitor_op = np.greater
        else:
            self.monitor_op = np.less
            self.min_delta *= -1  # improving means going down by at least min_delta

    def on_train_begin(self, logs=None):
        self.wait_epoch = 0
        if self.baseline is not None:
            self.best_value = self.baseline
        else:
            self.best_value = np.inf if self.monitor_op == np.less else -np.inf
            self.best_weights = None

    def on_eval_end(self, logs=None):
        current = _monitored(logs, self.monitor, "EarlyStopping")
        if current is None:
            return
        if self.monitor_op(current - self.min_delta, self.best_value):
            self.best_value = current
            self.wait_epoch = 0
            if self.save_best_model and self.save_dir is not None:
                self.model.save(os.path.join(self.save_dir, "best_model"))
        else:
            self.wait_epoch += 1
        if self.wait_epoch >= self.patience:
            self.model.stop_training = True
            if self.verbose > 0:
                print(f"Epoch {self.stopped_epoch + 1}: Early stopping.")
                if self.save_best_model and self.save_dir is not None:
                    best = os.path.abspath(os.path.join(self.save_dir, "best_model"))
                    print(f"Best checkpoint has been saved at {best}")
        self.stopped_epoch += 1


class VisualDL(Callback):
    """Logs the training metrics (per batch, tags "train/<name>") and evaluation metrics (per epoch, "eval/<name>")
    as scalar curves for the VisualDL board, through the optional `visualdl` package (pip install visualdl).

    Args:
        log_dir (str): directory the log files go to; open it with `visualdl --logdir log_dir`.

    Returns:
        VisualDL: a Callback for paddle.Model.fit / evaluate.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cb = paddle.callbacks.VisualDL(log_dir='visualdl_log_dir')
            >>> cb.log_dir
            'visualdl_log_dir'
    """

    def __init__(self, log_dir):
        self.log_dir = log_dir
        self.epochs = None
        self.steps = None
        self.epoch = 0

    def _open_writer(self):
        try:
            import visualdl
        except ImportError as e:
            raise ImportError("paddle.callbacks.VisualDL needs the `visualdl` package (pip install visualdl); "
                              "paddle.callbacks.TensorBoard writes TensorBoard files without extra packages") from e
        return visualdl.LogWriter(self.log_dir)

    def _is_write(self):
        return int(os.environ.get("PADDLE_TRAINER_ID", "0")) == 0

    def on_train_begin(self, logs=None):
        self.epochs = self.params["epochs"]
        assert self.epochs
        self.train_metrics = self.params["metrics"]
        assert self.train_metrics
        self._is_fit = True
        self.train_step = 0

    def on_epoch_begin(self, epoch=None, logs=None):
        self.steps = self.params["steps"]
        self.epoch = epoch

    def _updates(self, logs, mode):
        if not self._is_write():
            return
        if not hasattr(self, "writer"):
            self.writer = self._open_writer()
        metrics = getattr(self, f"{mode}_metrics")
        step = getattr(self, f"{mode}_step") if mode == "train" else self.epoch
        for k in metrics:
            if k not in logs:
                continue
            value = logs[k]
            if isinstance(value, (list, tuple)):
                value = value[0]
            elif not isinstance(value, numbers.Number):
                continue
            self.writer.add_scalar(tag=f"{mode}/{k}", step=step, value=value)

    def on_train_batch_end(self, step, logs=None):
        self.train_step += 1
        self._updates(logs or {}, "train")

    def on_eval_begin(self, logs=None):
        logs = logs or {}
        self.eval_steps = logs.get("steps", None)
        self.eval_metrics = logs.get("metrics", [])
        self.eval_step = 0
        self.evaled_samples = 0

    def on_train_end(self, logs=None):
        if hasattr(self, "writer"):
            self.writer.close()
            delattr(self, "writer")

    def on_eval_end(self, logs=None):
        if self._is_write():
            self._updates(logs or {}, "eval")
            if not hasattr(self, "_is_fit") and hasattr(self, "writer"):
                self.writer.close()
                delattr(self, "writer")


class TensorBoard(VisualDL):
    """VisualDL's curves written as TensorBoard event files instead (no extra package needed; purepaddle's own
    writer, purepaddle.hapi.event_file). Not in Paddle: a purepaddle addition.

    Args:
        log_dir (str): directory of the event files; open it with `tensorboard --logdir log_dir`.

    Returns:
        TensorBoard: a Callback for paddle.Model.fit / evaluate.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> cb = paddle.callbacks.TensorBoard(log_dir='tb_log_dir')
            >>> cb.log_dir
            'tb_log_dir'
    """

    def _open_writer(self):
        from .event_file import EventFileWriter
        return EventFileWriter(self.log_dir)


class WandbCallback(Callback):
    """Logs to Weights & Biases (needs the `wandb` package, which purepaddle does not ship)."""

    def __init__(self, project=None, entity=None, name=None, dir=None, mode=None, job_type=None, **kwargs):
        try:
            import wandb  # noqa: F401
        except ImportError as e:
            raise ImportError("You want to use `wandb` which is not installed yet install it with "
                              "`pip install wandb`") from e
        raise NotImplementedError("paddle.callbacks.WandbCallback is not supported by purepaddle yet")


class ReduceLROnPlateau(Callback):
    """Multiplies a float learning rate by `factor` when the monitored eval quantity has not
    improved for `patience` evaluations (then waits `cooldown` evaluations; never below min_lr).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> cb = paddle.callbacks.ReduceLROnPlateau(patience=3, verbose=1)
            >>> cb.factor, cb.patience
            (0.1, 3)
    """

    def __init__(self, monitor="loss", factor=0.1, patience=10, verbose=1, mode="auto", min_delta=1e-4,
                 cooldown=0, min_lr=0):
        super().__init__()
        self.monitor = monitor
        if factor >= 1.0:
            raise ValueError("ReduceLROnPlateau does not support a factor >= 1.0.")
        self.factor = factor
        self.min_lr = min_lr
        self.min_delta = min_delta
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.wait = 0
        self.best = 0
        self.mode = mode
        self.monitor_op = None
        self.epoch = 0
        self._reset()

    def _reset(self):
        """Reset the wait and cooldown counters and the best value."""
        if self.mode not in ("auto", "min", "max"):
            warnings.warn(f"Learning rate reduction mode {self.mode} is unknown, fallback to auto mode.")
            self.mode = "auto"
        if self.mode == "min" or (self.mode == "auto" and "acc" not in self.monitor):
            self.monitor_op = lambda a, b: np.less(a, b - self.min_delta)
            self.best = np.inf
        else:
            self.monitor_op = lambda a, b: np.greater(a, b + self.min_delta)
            self.best = -np.inf
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self._reset()

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_eval_end(self, logs=None):
        if logs is None or self.monitor not in logs:
            warnings.warn("Monitor of ReduceLROnPlateau should be loss or metric name.")
            return
        try:
            lr = self.model._optimizer._learning_rate
        except Exception as e:  # no optimizer prepared
            warnings.warn(f"There are something wrong when get learning_rate from optimizer: {e}.")
            return
        if not isinstance(lr, float):  # an LRScheduler owns the learning rate
            warnings.warn(f"Expected learning_rate be float, bug got {type(lr)}.")
            return
        current = _monitored(logs, self.monitor, "ReduceLROnPlateau")
        if current is None:
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self.monitor_op(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                old_lr = self.model._optimizer.get_lr()
                if old_lr > np.float32(self.min_lr):
                    new_lr = max(old_lr * self.factor, self.min_lr)
                    self.model._optimizer._learning_rate = new_lr
                    if self.verbose > 0:
                        print(f"\nEpoch {self.epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.")
                    self.cooldown_counter = self.cooldown
                    self.wait = 0
        self.epoch += 1
