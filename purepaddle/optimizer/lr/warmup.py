"""Schedulers that ramp the rate linearly: LinearWarmup (in front of another rate or scheduler) and LinearLR."""
from .scheduler import LRScheduler


class LinearWarmup(LRScheduler):
    """Rise linearly from start_lr to end_lr over warmup_steps, then follow `learning_rate` (a float or a
    scheduler, stepped from 0 after the warmup).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.LinearWarmup(learning_rate=0.5, warmup_steps=4, start_lr=0.0, end_lr=0.5)
            >>> s.step(2)
            >>> s()
            0.25
    """

    def __init__(self, learning_rate, warmup_steps, start_lr, end_lr, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int, LRScheduler)):
            raise TypeError(f"the type of learning_rate should be [int, float or LRScheduler], the current type is "
                            f"{learning_rate}")
        self.learning_rate = learning_rate
        assert warmup_steps > 0 and isinstance(warmup_steps, int), " 'warmup_steps' must be a positive integer."
        self.warmup_steps = warmup_steps
        self.start_lr = start_lr
        self.end_lr = end_lr
        assert end_lr > start_lr, f"end_lr {end_lr} must be greater than start_lr {start_lr}"
        super().__init__(start_lr, last_epoch, verbose)

    def state_dict(self):
        """The warmup's state, with the wrapped scheduler's under 'LinearWarmup_LR'."""
        out = super().state_dict()
        if isinstance(self.learning_rate, LRScheduler):
            out["LinearWarmup_LR"] = self.learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        """Restore the warmup's state and the wrapped scheduler's."""
        super().set_state_dict(state_dict)
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.set_state_dict(state_dict["LinearWarmup_LR"])

    def get_lr(self):
        if self.last_epoch < self.warmup_steps:
            return (self.end_lr - self.start_lr) * float(self.last_epoch) / float(self.warmup_steps) + self.start_lr
        if isinstance(self.learning_rate, LRScheduler):
            self.learning_rate.step(self.last_epoch - self.warmup_steps)
            return self.learning_rate()
        return self.learning_rate


class LinearLR(LRScheduler):
    """Scale learning_rate by a factor moving linearly from start_factor to end_factor over total_steps.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.LinearLR(learning_rate=0.5, total_steps=4, start_factor=0.5)
            >>> s()
            0.25
    """

    def __init__(self, learning_rate, total_steps, start_factor=1.0 / 3, end_factor=1.0, last_epoch=-1,
                 verbose=False):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError(f"`start_factor` must be greater than 0 and less or equal to 1, but got {start_factor}")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError(f"`end_factor` must be greater than 0 and less than 1, but got {end_factor}")
        if total_steps <= 0:
            raise ValueError(f"`total_steps` must be greater than 0, but got {total_steps}")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_steps = total_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return self.base_lr * self.start_factor
        if self.last_epoch > self.total_steps:
            return self.last_lr
        delta = self.end_factor - self.start_factor
        return self.last_lr * (1.0 + delta / (self.total_steps * self.start_factor + (self.last_epoch - 1) * delta))
