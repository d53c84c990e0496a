"""Cyclic and annealing schedulers: CosineAnnealingDecay, CosineAnnealingWarmRestarts, OneCycleLR, CyclicLR."""
import math

from .scheduler import LRScheduler


class CosineAnnealingDecay(LRScheduler):
    """Cosine annealing between learning_rate and eta_min with half-period T_max (SGDR without restarts).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.CosineAnnealingDecay(learning_rate=0.5, T_max=10)
            >>> s.step(5)
            >>> round(s(), 6)
            0.25
    """

    def __init__(self, learning_rate, T_max, eta_min=0, last_epoch=-1, verbose=False):
        if not isinstance(T_max, int):
            raise TypeError(f"The type of 'T_max' in 'CosineAnnealingDecay' must be 'int', but received "
                            f"{type(T_max)}.")
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"The type of 'eta_min' in 'CosineAnnealingDecay' must be 'float, int', but received "
                            f"{type(eta_min)}.")
        assert T_max > 0, " 'T_max' must be a positive integer."
        self.T_max = T_max
        self.eta_min = float(eta_min)
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        # recursive form (as Paddle): each step rescales the previous rate
        e, t = self.last_epoch, self.T_max
        if e == 0:
            return self.base_lr
        if (e - 1 - t) % (2 * t) == 0:
            return self.last_lr + (self.base_lr - self.eta_min) * (1 - math.cos(math.pi / t)) / 2
        return ((1 + math.cos(math.pi * e / t)) / (1 + math.cos(math.pi * (e - 1) / t))
                * (self.last_lr - self.eta_min) + self.eta_min)

    def _get_closed_form_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class OneCycleLR(LRScheduler):
    """The one-cycle policy: warm up from max/divide_factor to max_learning_rate, then anneal to
    end_learning_rate (optionally in three phases).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.OneCycleLR(max_learning_rate=1.0, total_steps=10)
            >>> s()
            0.04
    """

    def __init__(self, max_learning_rate, total_steps, divide_factor=25.0, end_learning_rate=0.0001, phase_pct=0.3,
                 anneal_strategy="cos", three_phase=False, last_epoch=-1, verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError(f"'max_learning_rate' must be 'float' or 'int', but received {type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError("'max_learning_rate' must be a positive integer.")
        if not isinstance(end_learning_rate, (float, int)):
            raise TypeError(f"'end_learning_rate' must be 'float' or 'int', but received {type(end_learning_rate)}")
        if end_learning_rate < 0:
            raise ValueError("'end_learning_rate' must be a positive integer.")
        if not isinstance(total_steps, int):
            raise TypeError(f"'total_step' must be 'int', but received {type(total_steps)}")
        if total_steps <= 0:
            raise ValueError("'total_step' must be a positive integer.")
        self.total_steps = total_steps
        if not isinstance(phase_pct, float):
            raise TypeError(f"'phase_pct' must be 'float', but received {type(phase_pct)}")
        if phase_pct < 0 or phase_pct > 1:
            raise ValueError(f"'phase_pct' must be between 0 and 1, but received {phase_pct}")
        if not isinstance(divide_factor, (float, int)):
            raise TypeError(f"'divide_factor' must be 'float' or 'int', but received {type(divide_factor)}")
        initial_lr = max_learning_rate / float(divide_factor)
        min_lr = float(end_learning_rate)
        n = self.total_steps
        if three_phase:
            if phase_pct >= 0.5:
                raise ValueError("When three_phase is True, 'phase_pct' must be less than 0.5")
            ends = [0, phase_pct * n - 1, 2 * phase_pct * n - 2, n - 1, n - 1]
            self._lr_config = [initial_lr, max_learning_rate, initial_lr, min_lr]
            sizes = [ends[1] - ends[0], ends[2] - ends[1], ends[3] - ends[2], ends[3] - ends[2]]
        else:
            ends = [0, phase_pct * n - 1, n - 1, n - 1]
            self._lr_config = [initial_lr, max_learning_rate, min_lr]
            sizes = [ends[1] - ends[0], ends[2] - ends[1], ends[2] - ends[1]]
        self._step_config, self._steps_size = ends, sizes
        if anneal_strategy == "cos":
            self.anneal_func = self._cos_annealing
        elif anneal_strategy == "linear":
            self.anneal_func = self._linear_annealing
        else:
            raise ValueError(f"'anneal_strategy' must by one of 'cos' or 'linear', but received {anneal_strategy}")
        super().__init__(initial_lr, last_epoch, verbose)

    def _cos_annealing(self, start_lr, end_lr, pct):
        return end_lr + (start_lr - end_lr) / 2.0 * (math.cos(math.pi * pct) + 1)

    def _linear_annealing(self, start_lr, end_lr, pct):
        return (end_lr - start_lr) * pct + start_lr

    def get_lr(self):
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"Tried to step {step} times. However the number of total steps is {self.total_steps}")
        last = len(self._lr_config) - 2
        for i, (end, size) in enumerate(zip(self._step_config[1:], self._steps_size)):
            if step <= end or i == last:
                pct = (step - self._step_config[i]) / size
                return self.anneal_func(self._lr_config[i], self._lr_config[i + 1], pct)


class CyclicLR(LRScheduler):
    """Cycle the rate between base_learning_rate and max_learning_rate (triangular, triangular2, exp_range
    or a custom scale_fn).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.CyclicLR(base_learning_rate=0.1, max_learning_rate=0.5, step_size_up=2)
            >>> s.step()
            >>> round(s(), 6)
            0.3
    """

    def __init__(self, base_learning_rate, max_learning_rate, step_size_up, step_size_down=None, mode="triangular",
                 exp_gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1, verbose=False):
        if not isinstance(max_learning_rate, (float, int)):
            raise TypeError(f"'max_learning_rate' must be 'float' or 'int', but received {type(max_learning_rate)}")
        if max_learning_rate < 0:
            raise ValueError(f"'max_learning_rate' must be a positive integer, but received {max_learning_rate}")
        if not isinstance(step_size_up, int):
            raise TypeError(f"The type of 'step_size_up' must be int, but received {type(step_size_up)}")
        if step_size_up <= 0:
            raise ValueError(f"'step_size_up' must be a positive integer, but received {step_size_up}")
        if step_size_down is not None:
            if not isinstance(step_size_down, int):
                raise TypeError(f"The type of 'step_size_down' must be int, but received {type(step_size_down)}")
            if step_size_down <= 0:
                raise ValueError(f"'step_size_down' must be a positive integer, but received {step_size_down}")
        if not isinstance(exp_gamma, float):
            raise TypeError(f"The type of 'exp_gamma' must be float, but received {type(exp_gamma)}")
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.cycle_size = up + down
        self.step_up_pct = up / self.cycle_size
        self.max_lr = float(max_learning_rate)
        self.amplitude = self.max_lr - base_learning_rate
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("'mode' is invalid and 'scale_fn' is not specified, make sure one of 'mode' or "
                             "'scale_fn' is valid")
        if scale_mode not in ("cycle", "iterations"):
            raise ValueError("'scale_mode' must be one of 'cycle' or 'iterations")
        self.mode = mode
        self.gamma = exp_gamma
        if scale_fn is not None:
            self.scale_fn, self.scale_mode = scale_fn, scale_mode
        elif mode == "triangular":
            self.scale_fn, self.scale_mode = self._triangular_scale_fn, "cycle"
        elif mode == "triangular2":
            self.scale_fn, self.scale_mode = self._triangular2_scale_fn, "cycle"
        else:
            self.scale_fn, self.scale_mode = self._exp_range_scale_fn, "iterations"
        super().__init__(base_learning_rate, last_epoch, verbose)

    def _triangular_scale_fn(self, x):
        return 1.0

    def _triangular2_scale_fn(self, x):
        return 1 / (2.0 ** (x - 1))

    def _exp_range_scale_fn(self, x):
        return self.gamma ** x

    def get_lr(self):
        iterations = self.last_epoch
        cycle = 1 + iterations // self.cycle_size
        pct = 1.0 + iterations / self.cycle_size - cycle
        if pct <= self.step_up_pct:
            scale = pct / self.step_up_pct
        else:
            scale = (1 - pct) / (1 - self.step_up_pct)
        x = cycle if self.scale_mode == "cycle" else iterations
        return self.base_lr + self.amplitude * scale * self.scale_fn(x)


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every T_i epochs (T_i = T_0 * T_mult^k).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> s = paddle.optimizer.lr.CosineAnnealingWarmRestarts(learning_rate=0.5, T_0=2)
            >>> s.step()
            >>> s.step()
            >>> s()
            0.5
    """

    def __init__(self, learning_rate, T_0, T_mult=1, eta_min=0, last_epoch=-1, verbose=False):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(learning_rate, last_epoch, verbose)

    def get_lr(self):
        return self.eta_min + (self.base_lr - self.eta_min) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch=None):
        """Advance one epoch (restarting when T_i is reached) or jump to `epoch`."""
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError(f"Expected non-negative epoch, but got {epoch}")
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        self.last_lr = self.get_lr()
        self._report()
