"""paddle.amp.GradScaler (and AmpScaler): dynamic loss scaling for float16 training.

The loss is multiplied by the scale before backward so small float16 gradients do not flush to
zero; before the update the gradients are divided by it again (`check_finite_and_unscale`). A step
whose gradients hold inf/nan is skipped and, after `decr_every_n_nan_or_inf` such steps, the
scale shrinks by `decr_ratio`; after `incr_every_n_steps` good steps in a row it grows by
`incr_ratio`. Paddle's optimizers receive the inf flag and skip their own update; purepaddle's
scaler simply does not call `optimizer.step()` on such a step (same parameters, same state).
On the CPU place a scaler is disabled with Paddle's warning, as in real Paddle's CPU build (scale returns
the loss, step/minimize just step), unless FLAGS_purepaddle_cpu_amp turns on the emulation of a GPU's AMP.
"""

from __future__ import annotations

import warnings
from collections import defaultdict
from enum import Enum

import numpy as np

from .._core.mode import in_dynamic_mode
from .._core.tensor import Tensor
from .amp_ops import unscale_arrays
from .auto_cast import amp_global_state
from .support import cpu_amp, place_text

__all__ = ["AmpScaler", "GradScaler", "OptimizerState"]


class OptimizerState(Enum):
    """Where an optimizer is in the scaler's step: nothing done, gradients unscaled, stepped."""

    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_optimizer_state():
    return {"state": OptimizerState.INIT}


def _params_of(optimizer):
    """The parameters an optimizer updates (its param groups flattened)."""
    groups = getattr(optimizer, "_param_groups", None)
    if groups and isinstance(groups[0], dict):
        return [p for g in groups for p in g["params"]]
    params = getattr(optimizer, "_parameter_list", None)
    return list(params or [])


class AmpScaler:
    """The loss scaler of Paddle 2.x (defaults init_loss_scaling=2**15, incr_every_n_steps=1000);
    GradScaler is the same with Paddle 3's defaults. See GradScaler."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 15, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=1000, decr_every_n_nan_or_inf=1, use_dynamic_loss_scaling=True):
        if not in_dynamic_mode():
            raise RuntimeError("GradScaler works in dynamic mode; in static mode use paddle.static.amp.decorate")
        if enable and not cpu_amp():
            warnings.warn(f"AmpScaler can only be enabled on CUDAPlace, XPUPlace and CustomPlace, current place is "
                          f"{place_text()}, so it makes no effect.")
            enable = False
        self._enable = bool(enable)
        self._use_dynamic_loss_scaling = False
        self._init_loss_scaling = 1.0
        self._scale = None
        if self._enable:
            assert incr_ratio > 1.0, "The incr_ratio must be > 1.0."
            assert decr_ratio < 1.0, "The decr_ratio must be < 1.0."
            self._init_loss_scaling = init_loss_scaling
            self._incr_ratio = incr_ratio
            self._decr_ratio = decr_ratio
            self._incr_every_n_steps = incr_every_n_steps
            self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
            self._incr_count = 0
            self._decr_count = 0
            self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
            self._found_inf = False
            self._cache_found_inf = None
            self._scale = Tensor._make(np.array([self._init_loss_scaling], dtype=np.float32))
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def scale(self, var):
        """The loss times the current scale (the loss itself when the scaler is off).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})  # else the scaler is off on the CPU
                >>> scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
                >>> with paddle.amp.auto_cast():  # float16 autocast: dynamic loss scaling stays on
                ...     loss = paddle.to_tensor(0.5)
                >>> float(scaler.scale(loss))
                512.0
        """
        if not isinstance(var, Tensor):
            raise TypeError(f"The type of 'var' in AmpScaler.scale() must be paddle.Tensor, but received "
                            f"{type(var).__name__}.")
        if self._enable and amp_global_state().amp_dtype != "float16" and self._use_dynamic_loss_scaling:
            self._enable = False
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn(f"It is not recommended to use dynamic loss scaling for {amp_global_state().amp_dtype}, "
                          "so GradScaler is disable by default.")
        if not self._enable:
            return var
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        """Unscale (unless unscale_ ran), update unless a gradient is inf/nan, then adjust the scale.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})  # else the scaler is off on the CPU
                >>> model = paddle.nn.Linear(2, 2)
                >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
                >>> scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
                >>> with paddle.amp.auto_cast():
                ...     loss = model(paddle.ones([1, 2])).mean()
                >>> scaler.scale(loss).backward()
                >>> _ = scaler.minimize(opt, scaler.scale(loss))
                >>> opt.clear_grad()
        """
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimize_ops, params_grads = None, None
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimize_ops, params_grads = optimizer.minimize(*args, **kwargs)
            self._cache_found_inf = False
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return optimize_ops, params_grads

    def _unscale(self, optimizer):
        """Divide the optimizer's gradients by the scale in place and note whether any is inf/nan."""
        if not self._enable:
            return
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the last update().")
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        by_dtype = {}  # Paddle checks the float16, bfloat16 and float32 gradients as three groups
        for p in _params_of(optimizer):
            g = p._grad
            if g is None:
                continue
            if g.is_selected_rows():
                g._dense = None  # rebuilt from the unscaled values on demand
                arr = g.values
            else:
                arr = g._data
                if not arr.flags.writeable:
                    arr = g._data = arr.copy()
            by_dtype.setdefault(arr.dtype.name, []).append(arr)
            g._version += 1
        scale = float(self._scale._data.reshape(-1)[0])
        found = False
        for name in ("float16", "bfloat16", "float32", "float64"):
            if name in by_dtype:
                found = unscale_arrays(by_dtype[name], scale) or found
        self._found_inf = found
        state["state"] = OptimizerState.UNSCALED

    def _update(self):
        """Move the scale after a step: down after decr_every_n_nan_or_inf bad steps, up after
        incr_every_n_steps good ones."""
        if not self._enable:
            return
        if self._cache_found_inf:
            self._incr_count = 0
            self._decr_count = self._decr_count + 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                print(f"Found inf or nan, current scale is: {float(self._scale)}, decrease to: "
                      f"{float(self._scale)}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count = self._incr_count + 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    def is_enable(self):
        """Whether loss scaling is on."""
        return self._enable

    def is_use_dynamic_loss_scaling(self):
        """Whether the scale moves with inf/nan and good steps."""
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self):
        """The initial scale."""
        return self._init_loss_scaling

    def set_init_loss_scaling(self, new_init_loss_scaling):
        """Reset the scale to `new_init_loss_scaling`."""
        self._init_loss_scaling = new_init_loss_scaling
        self._scale = Tensor._make(np.array([self._init_loss_scaling], dtype=np.float32))

    def get_incr_ratio(self):
        """The factor the scale grows by."""
        return self._incr_ratio

    def set_incr_ratio(self, new_incr_ratio):
        """Set the growth factor (> 1)."""
        assert new_incr_ratio > 1.0, "The new_incr_ratio must be > 1.0."
        self._incr_ratio = new_incr_ratio

    def get_decr_ratio(self):
        """The factor the scale shrinks by."""
        return self._decr_ratio

    def set_decr_ratio(self, new_decr_ratio):
        """Set the shrink factor (< 1)."""
        assert new_decr_ratio < 1.0, "The new_decr_ratio must be < 1.0."
        self._decr_ratio = new_decr_ratio

    def get_incr_every_n_steps(self):
        """Good steps in a row before the scale grows."""
        return self._incr_every_n_steps

    def set_incr_every_n_steps(self, new_incr_every_n_steps):
        """Set the good steps needed before the scale grows."""
        self._incr_every_n_steps = new_incr_every_n_steps

    def get_decr_every_n_nan_or_inf(self):
        """inf/nan steps before the scale shrinks."""
        return self._decr_every_n_nan_or_inf

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf):
        """Set the inf/nan steps needed before the scale shrinks."""
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    def state_dict(self):
        """The scaler's state ({} when disabled): scale (ndarray), ratios, intervals, counters.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.amp.GradScaler(init_loss_scaling=1024).state_dict()  # disabled on the CPU place
                {}
                >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})
                >>> paddle.amp.GradScaler(init_loss_scaling=1024).state_dict()["scale"]
                array([1024.], dtype=float32)
        """
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), "incr_ratio": self._incr_ratio, "decr_ratio": self._decr_ratio,
                "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf, "incr_count": self._incr_count,
                "decr_count": self._decr_count, "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict):
        """Restore a state_dict() (RuntimeError for the empty dict of a disabled scaler)."""
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The input state dict is empty, possibly because it was saved from a disabled "
                               "instance of GradScaler.")
        keys = ("scale", "incr_ratio", "decr_ratio", "incr_every_n_steps", "decr_every_n_nan_or_inf",
                "incr_count", "decr_count", "use_dynamic_loss_scaling")
        missing = [k for k in keys if k not in state_dict]
        if missing:
            raise KeyError(f"GradScaler.load_state_dict: the state dict lacks {missing}")
        scale = np.asarray(state_dict["scale"]).reshape(-1)
        self._init_loss_scaling = scale[0]
        self._scale = Tensor._make(np.array([self._init_loss_scaling], dtype=np.float32))
        self._incr_ratio = state_dict["incr_ratio"]
        self._decr_ratio = state_dict["decr_ratio"]
        self._incr_every_n_steps = state_dict["incr_every_n_steps"]
        self._decr_every_n_nan_or_inf = state_dict["decr_every_n_nan_or_inf"]
        self._incr_count = state_dict["incr_count"]
        self._decr_count = state_dict["decr_count"]
        self._use_dynamic_loss_scaling = state_dict["use_dynamic_loss_scaling"]


class GradScaler(AmpScaler):
    """Dynamic loss scaling for float16 training: scale(loss).backward(), then step(optimizer) and
    update(), or minimize(optimizer, scaled_loss) which does both.

    Args:
        enable (bool): scale at all. Default True.
        init_loss_scaling (float): the first scale. Default 2**16.
        incr_ratio (float): growth factor after `incr_every_n_steps` good steps. Default 2.0.
        decr_ratio (float): shrink factor after `decr_every_n_nan_or_inf` inf/nan steps. Default 0.5.
        incr_every_n_steps (int): Default 2000.
        decr_every_n_nan_or_inf (int): Default 1.
        use_dynamic_loss_scaling (bool): move the scale; False keeps it fixed. Default True.

    On the CPU place the scaler is disabled with Paddle's warning, as in real Paddle's CPU build:
    is_enable() is False, scale() returns the loss itself, step()/minimize() just step.
    FLAGS_purepaddle_cpu_amp (purepaddle's own flag) enables it together with auto_cast's emulation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.amp.GradScaler().is_enable()  # warns: no effect on the CPU place
            False
            >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})
            >>> model = paddle.nn.Linear(4, 2)
            >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
            >>> scaler = paddle.amp.GradScaler(init_loss_scaling=1024)
            >>> with paddle.amp.auto_cast():
            ...     loss = model(paddle.rand([3, 4])).mean()
            >>> scaler.scale(loss).backward()
            >>> scaler.step(opt)
            >>> scaler.update()
            >>> opt.clear_grad()
    """

    def __init__(self, enable: bool = True, init_loss_scaling: float = 2.0 ** 16, incr_ratio: float = 2.0,
                 decr_ratio: float = 0.5, incr_every_n_steps: int = 2000, decr_every_n_nan_or_inf: int = 1,
                 use_dynamic_loss_scaling: bool = True) -> None:
        super().__init__(enable, init_loss_scaling, incr_ratio, decr_ratio, incr_every_n_steps,
                         decr_every_n_nan_or_inf, use_dynamic_loss_scaling)

    def step(self, optimizer):
        """Unscale the gradients (unless unscale_ ran) and update, unless one is inf/nan."""
        if not self._enable:
            return optimizer.step()
        state = self._optimizer_states[id(optimizer)]
        if state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimizer.step()
            self._cache_found_inf = False
        state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def update(self):
        """Adjust the scale after step() (dynamic loss scaling only)."""
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def unscale_(self, optimizer):
        """Divide the optimizer's gradients by the scale now (e.g. to clip them before step()).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.set_flags({'FLAGS_purepaddle_cpu_amp': True})  # else the scaler is off on the CPU
                >>> model = paddle.nn.Linear(2, 1)
                >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
                >>> scaler = paddle.amp.GradScaler(init_loss_scaling=8)
                >>> with paddle.amp.auto_cast():
                ...     loss = model(paddle.ones([1, 2])).sum()
                >>> scaler.scale(loss).backward()
                >>> model.bias.grad.numpy()
                array([8.], dtype=float32)
                >>> scaler.unscale_(opt)
                >>> model.bias.grad.numpy()
                array([1.], dtype=float32)
        """
        return self._unscale(optimizer)
