"""Schedulers whose rate is a closed-form function of the epoch: NoamDecay, PiecewiseDecay, NaturalExpDecay,
InverseTimeDecay, PolynomialDecay, ExponentialDecay, MultiStepDecay, StepDecay, LambdaDecay,
MultiplicativeDecay.
"""
import math

from .scheduler import LRScheduler


class NoamDecay(LRScheduler):
    """lr = learning_rate * d_model^-0.5 * min(epoch^-0.5, epoch * warmup_steps^-1.5) (Transformer schedule).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.NoamDecay(d_model=100, warmup_steps=100)
            >>> s.step()
            >>> round(s(), 8)
            0.0001
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
