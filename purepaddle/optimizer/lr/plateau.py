"""ReduceOnPlateau, the metric-driven scheduler: the rate drops when a metric stops improving."""
import numpy as np

from ..._core.tensor import Tensor
from .scheduler import LRScheduler


class ReduceOnPlateau(LRScheduler):
    """Multiply the rate by `factor` when `metrics` stopped improving for more than `patience` steps.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.ReduceOnPlateau(learning_rate=1.0, factor=0.5, patience=1)
            >>> for loss in [3.0, 2.0, 2.0, 2.0]:
            ...     s.step(loss)
            >>> s()
            0.5
    """

    def __init__(self, learning_rate, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, epsilon=1e-8, verbose=False):
        mode = mode.lower()
        if mode not in ("min", "max"):
            raise ValueError("mode: " + mode + " is unknown!")
        self.mode = mode
        if factor >= 1.0:
            raise ValueError("new_lr = origin_lr * gamma and gamma should be < 1.0.")
        self.factor = factor
        threshold_mode = threshold_mode.lower()
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode: " + threshold_mode + " is unknown!")
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(f"The type of 'learning_rate' in 'ReduceOnPlateau' must be 'float', but received "
                            f"{type(learning_rate)}.")
        self.threshold_mode = threshold_mode
        self.patience = patience
        self.threshold = threshold
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.epsilon = epsilon
        self.cooldown_counter = 0
        self.best = None
        self.num_bad_epochs = 0
        # no initial step(): the first step needs a metric
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = 0
        self.verbose = verbose
        self._var_name = None

    def state_keys(self):
        """ReduceOnPlateau also saves its cooldown, best metric and bad-epoch count."""
        self.keys = ["cooldown_counter", "best", "num_bad_epochs", "last_epoch", "last_lr"]

    def step(self, metrics, epoch=None):
        """Record this epoch's metric (a number or a 1-element Tensor/ndarray) and maybe lower the rate."""
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        if isinstance(metrics, (Tensor, np.ndarray)):
            assert metrics.size == 1, (f"the size of metrics must be 1, but the current metrics.size is "
                                       f"{metrics.size}. Maybe that you should call paddle.mean to process it first.")
        elif not isinstance(metrics, (int, float, np.float32, np.float64)):
            raise TypeError(f"metrics must be 'int', 'float', 'np.float64', 'numpy.ndarray' or 'paddle.Tensor', but "
                            f"receive {type(metrics)}")
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            return
        if self.best is None or self._is_better(metrics, self.best):
            self.best = metrics
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.num_bad_epochs > self.patience:
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
            new_lr = max(self.last_lr * self.factor, self.min_lr)
            if self.last_lr - new_lr > self.epsilon:
                self.last_lr = new_lr
                self._report()

    def _is_better(self, current, best):
        if self.mode == "min":
            return current < (best - best * self.threshold if self.threshold_mode == "rel" else best - self.threshold)
        return current > (best + best * self.threshold if self.threshold_mode == "rel" else best + self.threshold)
