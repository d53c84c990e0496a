"""paddle.optimizer.lr: learning-rate schedulers (LRScheduler and its 17 strategies).

A scheduler is a Python object: `step()` advances `last_epoch` and recomputes `last_lr`, calling it
returns `last_lr`. Optimizers read it at every update. In static mode the optimizer stores the rate in a
persistable `learning_rate_N` variable; `step()` writes the new value into the global scope so the next
`Executor.run` uses it (Paddle's Executor does the same from `program.lr_scheduler`).
"""
import math
import warnings

import numpy as np

from .._core.tensor import Tensor

__all__ = ["LRScheduler", "NoamDecay", "PiecewiseDecay", "NaturalExpDecay", "InverseTimeDecay", "PolynomialDecay",
           "LinearWarmup", "ExponentialDecay", "MultiStepDecay", "StepDecay", "LambdaDecay", "ReduceOnPlateau",
           "CosineAnnealingDecay", "MultiplicativeDecay", "OneCycleLR", "CyclicLR", "LinearLR",
           "CosineAnnealingWarmRestarts"]


def _push_to_scope(sched):
    """Static mode: copy the new rate into the scope variable the optimizer created for it."""
    name = sched._var_name
    if name is None:
        return
    from ..static.executor import global_scope
    var = global_scope().find_var(name)
    if var is None:
        return
    t = var.get_tensor()
    old = t._array
    dtype = old.dtype if old is not None else np.float32
    shape = old.shape if old is not None else ()
    t._array = np.full(shape, sched.last_lr, dtype=dtype)


class LRScheduler:
    """Base class of learning-rate schedulers: subclasses define `get_lr()` from `last_epoch`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.optimizer.lr import LRScheduler
            >>> class StepDecay(LRScheduler):
            ...     def __init__(self, learning_rate, step_size, gamma=0.1, last_epoch=-1, verbose=False):
            ...         self.step_size, self.gamma = step_size, gamma
            ...         super().__init__(learning_rate, last_epoch, verbose)
            ...     def get_lr(self):
            ...         return self.base_lr * (self.gamma ** (self.last_epoch // self.step_size))
            >>> s = StepDecay(0.5, step_size=2)
            >>> for _ in range(3):
            ...     s.step()
            >>> s()
            0.05
    """

    def __init__(self, learning_rate=0.1, last_epoch=-1, verbose=False):
        if not isinstance(learning_rate, (float, int)):
            raise TypeError(f"The type of learning rate must be float, but received {type(learning_rate)}")
        if learning_rate < 0:
            raise ValueError(f"Invalid learning rate: {learning_rate}")
        self.base_lr = float(learning_rate)
        self.last_lr = float(learning_rate)
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._var_name = None
        self.step()

    def __call__(self):
        """The learning rate of the current epoch."""
        return self.last_lr

    def step(self, epoch=None):
        """Advance to the next epoch (or jump to `epoch`) and recompute the learning rate.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> s = paddle.optimizer.lr.StepDecay(learning_rate=0.5, step_size=2, gamma=0.1)
                >>> s.step(4)
                >>> round(s(), 6)
                0.005
        """
        if epoch is None:
            self.last_epoch += 1
            self.last_lr = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = getattr(self, "_get_closed_form_lr", None)
            self.last_lr = closed() if closed is not None else self.get_lr()
        self._report()

    def _report(self):
        if self.verbose:
            print(f"Epoch {self.last_epoch}: {self.__class__.__name__} set learning rate to {self.last_lr}.")
        if self._var_name is not None:
            _push_to_scope(self)

    def state_keys(self):
        """Set `self.keys`, the attributes state_dict saves (last_epoch and last_lr by default)."""
        self.keys = ["last_epoch", "last_lr"]

    def state_dict(self):
        """The scheduler's state: {key: value} for the attributes named by state_keys()."""
        self.state_keys()
        out = {}
        for key in self.keys:
            if key not in self.__dict__:
                continue
            value = self.__dict__[key]
            if isinstance(value, Tensor):
                assert value.size == 1, "numel of Tensor in state_dict must be 1"
                value = float(value)
            out[key] = value
        return out

    def set_state_dict(self, state_dict):
        """Restore the state saved by state_dict()."""
        self.state_keys()
        for key in self.keys:
            if key not in state_dict:
                raise RuntimeError(f"Please check whether state_dict is correct for optimizer. Can't find [ {key} ] "
                                   "in state_dict")
            self.__dict__[key] = state_dict[key]
        if len(state_dict) > len(self.keys):
            warnings.warn("There are some unused values in state_dict. Maybe the optimizer have different "
                          "'LearningRateDecay' when invoking state_dict and set_dict")

    set_dict = set_state_dict

    def get_lr(self):
        """The learning rate for `self.last_epoch` (subclasses implement it)."""
        raise NotImplementedError


class NoamDecay(LRScheduler):
    """lr = learning_rate * d_model^-0.5 * min(epoch^-0.5, epoch * warmup_steps^-1.5) (Transformer schedule).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.NoamDecay(d_model=100, warmup_steps=100)
            >>> s.step()
            >>> round(s(), 8)
            1e-05
    """

    def __init__(self, d_model, warmup_steps, learning_rate=1.0, last_epoch=-1, verbose=False):
        if d_model <= 0:
            raise ValueError("d_model should be grater than 0")
        self.d_model = d_model
        self.warmup_steps = warmup_steps
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        a = 1 if self.last_epoch == 0 else self.last_epoch ** -0.5
        b = self.warmup_steps ** -1.5 * self.last_epoch
        return self.base_lr * self.d_model ** -0.5 * min(a, b)


class PiecewiseDecay(LRScheduler):
    """values[i] while epoch < boundaries[i]; the last value afterwards.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.PiecewiseDecay(boundaries=[2, 4], values=[1.0, 0.5, 0.1])
            >>> lrs = []
            >>> for _ in range(5):
            ...     lrs.append(s())
            ...     s.step()
            >>> lrs
            [1.0, 1.0, 0.5, 0.5, 0.1]
    """

    def __init__(self, boundaries, values, last_epoch=-1, verbose=False):
        if len(boundaries) == 0:
            raise ValueError("The boundaries cannot be empty.")
        if len(values) <= len(boundaries):
            raise ValueError(f"The values have one more element than boundaries, but received len(values) "
                             f"[{len(values)}] < len(boundaries) + 1 [{len(boundaries) + 1}].")
        self.boundaries = boundaries
        self.values = values
        super().__init__(last_epoch=last_epoch, verbose=verbose)

    def get_lr(self):
        for bound, value in zip(self.boundaries, self.values):
            if self.last_epoch < bound:
                return value
        return self.values[len(self.values) - 1]


class NaturalExpDecay(LRScheduler):
    """lr = learning_rate * e^(-gamma * epoch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.NaturalExpDecay(learning_rate=0.5, gamma=0.1)
            >>> s.step()
            >>> round(s(), 6)
            0.452419
    """

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        assert gamma > 0.0, " 'gamma' must be a positive number so that the learning rate will decay."
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * math.exp(-1 * self.gamma * self.last_epoch)


class InverseTimeDecay(LRScheduler):
    """lr = learning_rate / (1 + gamma * epoch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.InverseTimeDecay(learning_rate=0.5, gamma=0.1)
            >>> s.step()
            >>> round(s(), 6)
            0.454545
    """

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr / (1 + self.gamma * self.last_epoch)


class PolynomialDecay(LRScheduler):
    """lr = (learning_rate - end_lr) * (1 - epoch/decay_steps)^power + end_lr (restarting when cycle=True).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.PolynomialDecay(learning_rate=0.5, decay_steps=4, end_lr=0.1)
            >>> s.step(2)
            >>> round(s(), 6)
            0.3
    """

    def __init__(self, learning_rate, decay_steps, end_lr=0.0001, power=1.0, cycle=False, last_epoch=-1, verbose=False):
        assert decay_steps > 0 and isinstance(decay_steps, int), " 'decay_steps' must be a positive integer."
        self.decay_steps = decay_steps
        self.end_lr = end_lr
        assert power > 0.0, " 'power' must be greater than 0.0 so that the learning rate will decay."
        self.power = power
        self.cycle = cycle
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        epoch, steps = self.last_epoch, self.decay_steps
        if self.cycle:
            n = 1 if self.last_epoch == 0 else math.ceil(float(self.last_epoch) / float(self.decay_steps))
            steps = self.decay_steps * n
        else:
            epoch = min(self.last_epoch, self.decay_steps)
        return (self.base_lr - self.end_lr) * (1 - float(epoch) / float(steps)) ** self.power + self.end_lr


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


class ExponentialDecay(LRScheduler):
    """lr = learning_rate * gamma^epoch.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.ExponentialDecay(learning_rate=0.5, gamma=0.9)
            >>> s.step(2)
            >>> round(s(), 6)
            0.405
    """

    def __init__(self, learning_rate, gamma, last_epoch=-1, verbose=False):
        assert 0.0 < gamma < 1.0, " 'gamma' must be in interval (0.0, 1.0) so that the learning rate will decay."
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.gamma ** self.last_epoch


class MultiStepDecay(LRScheduler):
    """lr = learning_rate * gamma^(number of milestones reached).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.MultiStepDecay(learning_rate=0.5, milestones=[2, 4], gamma=0.1)
            >>> s.step(3)
            >>> round(s(), 6)
            0.05
    """

    def __init__(self, learning_rate, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(milestones, (tuple, list)):
            raise TypeError(f"The type of 'milestones' in 'MultiStepDecay' must be 'tuple, list', but received "
                            f"{type(milestones)}.")
        if not all(milestones[i] < milestones[i + 1] for i in range(len(milestones) - 1)):
            raise ValueError("The elements of milestones must be incremented")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        self.milestones = milestones
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        for i, m in enumerate(self.milestones):
            if self.last_epoch < m:
                return self.base_lr * self.gamma ** i
        return self.base_lr * self.gamma ** len(self.milestones)


class StepDecay(LRScheduler):
    """lr = learning_rate * gamma^(epoch // step_size).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.StepDecay(learning_rate=0.5, step_size=2, gamma=0.1)
            >>> s.step(2)
            >>> round(s(), 6)
            0.05
    """

    def __init__(self, learning_rate, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        if not isinstance(step_size, int):
            raise TypeError(f"The type of 'step_size' must be 'int', but received {type(step_size)}.")
        if gamma >= 1.0:
            raise ValueError("gamma should be < 1.0.")
        assert step_size > 0, " 'step_size' must be a positive integer."
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.gamma ** (self.last_epoch // self.step_size)


class LambdaDecay(LRScheduler):
    """lr = learning_rate * lr_lambda(epoch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.LambdaDecay(learning_rate=0.5, lr_lambda=lambda e: 0.9 ** e)
            >>> s.step(2)
            >>> round(s(), 6)
            0.405
    """

    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError(f"The type of 'lr_lambda' in 'LambdaDecay' must be 'function', but received "
                            f"{type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.base_lr * self.lr_lambda(self.last_epoch)


class MultiplicativeDecay(LRScheduler):
    """lr = learning_rate * prod(lr_lambda(e) for e in 1..epoch).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.MultiplicativeDecay(learning_rate=0.5, lr_lambda=lambda e: 0.9)
            >>> s.step(2)
            >>> round(s(), 6)
            0.405
    """

    def __init__(self, learning_rate, lr_lambda, last_epoch=-1, verbose=False):
        if not callable(lr_lambda):
            raise TypeError(f"The type of 'lr_lambda' in 'MultiplicativeDecay' must be 'function', but received "
                            f"{type(lr_lambda)}.")
        self.lr_lambda = lr_lambda
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        lr = self.base_lr
        for epoch in range(1, self.last_epoch + 1):
            lr = lr * self.lr_lambda(epoch)
        return lr


from .lr_extra import (CosineAnnealingDecay, CosineAnnealingWarmRestarts, CyclicLR, LinearLR,  # noqa: E402
                       OneCycleLR, ReduceOnPlateau)
# the fluid-era functions (not in __all__, as in Paddle)
from .lr_legacy import (autoincreased_step_counter, cosine_decay, exponential_decay,  # noqa: E402,F401
                        inverse_time_decay, linear_lr_warmup, natural_exp_decay, noam_decay, piecewise_decay,
                        polynomial_decay)
