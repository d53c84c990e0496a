"""LRScheduler, the base of the learning-rate schedulers.

A scheduler is a Python object: `step()` advances `last_epoch` and recomputes `last_lr`, calling it
returns `last_lr`. Optimizers read it at every update. In static mode the optimizer stores the rate in a
persistable `learning_rate_N` variable; `step()` writes the new value into the global scope so the next
`Executor.run` uses it (Paddle's Executor does the same from `program.lr_scheduler`).
"""
import warnings

import numpy as np

from ..._core.tensor import Tensor


def _push_to_scope(sched):
    """Static mode: copy the new rate into the scope variable the optimizer created for it."""
    name = sched._var_name
    if name is None:
        return
    from ...static.executor import global_scope
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
