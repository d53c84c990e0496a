"""paddle.incubate.ModelAverage: average each parameter over a sliding window of recent steps, for evaluation.

Each step() adds the current parameters to running sums (Paddle's average_accumulates rules, below); apply()
swaps in sum / count for the duration of a `with` block and restore() puts the trained values back.
"""
import contextlib

import numpy as np

from ..._core.mode import in_dynamic_mode, no_grad
from ...optimizer.optimizer import Optimizer

__all__ = ["ModelAverage"]

_MAX_NUM_ACCUMULATES = 16384  # sum_1 folds into sum_2 this often, so float sums don't lose precision


class ModelAverage(Optimizer):
    r"""Keep the average of the parameters over a window of recent steps.

    Per step (with num_updates and num_accumulates counted from 1): sum_1 += param; every 16384 updates sum_2 +=
    sum_1 and sum_1 = 0; when num_accumulates >= min_average_window and >= min(max_average_window, int(num_updates *
    average_window_rate)) the window closes: sum_3 = sum_1 + sum_2, sum_1 = sum_2 = 0, old_num_accumulates =
    num_accumulates, num_accumulates = 0. The average is (sum_1 + sum_2 + sum_3) / (num_accumulates +
    old_num_accumulates), in float32.

    Args:
        average_window_rate (float): the window as a share of the steps taken so far.
        parameters (list, optional): the parameters to average (required in dynamic mode).
        min_average_window (int, optional): the smallest window. Default 10000.
        max_average_window (int, optional): the largest window. Default 10000.
        name (str, optional): prefix of the accumulators' names.

    Returns:
        ModelAverage: call step() after the training optimizer's step; `with model_average.apply():` evaluates
        with the averages.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(2, 1)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters())
            >>> average = paddle.incubate.ModelAverage(0.15, parameters=linear.parameters(),
            ...                                        min_average_window=2, max_average_window=10)
            >>> for _ in range(3):
            ...     loss = linear(paddle.ones([4, 2])).mean()
            ...     loss.backward()
            ...     sgd.step()
            ...     average.step()
            ...     sgd.clear_grad()
            >>> with average.apply():
            ...     averaged = linear.weight.numpy().copy()
            >>> print(averaged.shape)
            (2, 1)
    """

    def __init__(self, average_window_rate, parameters=None, min_average_window=10000, max_average_window=10000,
                 name=None):
        super().__init__(learning_rate=0.0, parameters=parameters, weight_decay=None, grad_clip=None, name=name)
        self.average_window = average_window_rate
        self.min_average_window = min_average_window
        self.max_average_window = max_average_window
        self.type = "average_accumulates"
        if not in_dynamic_mode():
            raise NotImplementedError("ModelAverage in a static program (apply_program/restore_program) is not "
                                      "supported by purepaddle; use it in dynamic mode")

    def _create_accumulators(self, block, parameters):
        for param in parameters:
            for name in ("sum_1", "sum_2", "sum_3", "restore"):
                self._add_accumulator(name, param)
            for name in ("num_accumulates", "old_num_accumulates", "num_updates"):
                self._add_accumulator(name, param, dtype="int64", shape=[1])

    def _accumulate(self, param):
        if self.min_average_window > self.max_average_window:
            raise ValueError(f"The min_average_window > max_average_window is not right, min_average_window is "
                             f"{self.min_average_window}, max_average_window is {self.max_average_window}.")
        acc = {n: self._get_accumulator(n, param) for n in
               ("sum_1", "sum_2", "sum_3", "num_accumulates", "old_num_accumulates", "num_updates")}
        s1, s2, s3 = (acc[n].numpy() for n in ("sum_1", "sum_2", "sum_3"))
        updates = int(acc["num_updates"].numpy()[0]) + 1
        count = int(acc["num_accumulates"].numpy()[0]) + 1
        old = int(acc["old_num_accumulates"].numpy()[0])
        s1 = s1 + param.numpy()
        if updates % _MAX_NUM_ACCUMULATES == 0:
            s2, s1 = s2 + s1, np.zeros_like(s1)
        # Paddle's kernel: the rate is a float32 attribute and the product is truncated to int64
        window = int(np.float32(updates) * np.float32(self.average_window))
        if count >= self.min_average_window and count >= min(self.max_average_window, window):
            s3, s1, s2 = s1 + s2, np.zeros_like(s1), np.zeros_like(s2)
            old, count = count, 0
        for n, v in (("sum_1", s1), ("sum_2", s2), ("sum_3", s3)):
            acc[n].set_value(v.astype(acc[n].numpy().dtype, copy=False))
        for n, v in (("num_accumulates", count), ("old_num_accumulates", old), ("num_updates", updates)):
            acc[n].set_value(np.array([v], dtype=np.int64))

    def step(self):
        """Add the current values of the parameters that have gradients to the running sums.

        Returns:
            None.
        """
        with no_grad():
            params = [p for p in self._parameter_list if p.trainable and p.grad is not None]
            self._create_accumulators(None, self._parameter_list)
            for param in params:
                self._accumulate(param)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Same as step() (the loss is not used).

        Returns:
            None.
        """
        self.step()

    @contextlib.contextmanager
    def apply(self, executor=None, need_restore=True):
        """Context manager: the parameters hold their averages inside the block.

        Args:
            executor (Executor, optional): static mode only (unused).
            need_restore (bool, optional): restore the trained values on exit. Default True.

        Returns:
            contextmanager: the `with` block.
        """
        with no_grad():
            for param in self._parameter_list:
                get = lambda n: self._get_accumulator(n, param).numpy()  # noqa: E731
                self._get_accumulator("restore", param).set_value(param.numpy())
                total = (get("sum_1") + get("sum_2") + get("sum_3")).astype(np.float32)
                count = (get("num_accumulates") + get("old_num_accumulates")).astype(np.float32)
                param.set_value((total / count).astype(param.numpy().dtype, copy=False))
        try:
            yield
        finally:
            if need_restore:
                self.restore()

    def restore(self, executor=None):
        """Put back the values the parameters had before apply().

        Args:
            executor (Executor, optional): static mode only (unused).

        Returns:
            None.
        """
        with no_grad():
            for param in self._parameter_list:
                param.set_value(self._get_accumulator("restore", param).numpy())
