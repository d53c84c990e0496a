"""The learning-rate and state_dict halves of the Optimizer base class (mixins of optimizer.Optimizer)."""
import numpy as np

from .._core import dtype as _dt
from .._core.mode import in_dynamic_mode
from .._core.tensor import Tensor
from ..static import name as _unique
from .lr import LRScheduler

__all__ = []


def _is_low_precision(dtype):
    return getattr(dtype, "name", str(dtype)) in ("float16", "bfloat16")


def _dygraph_only(api):
    """Paddle's error for the optimizer methods that exist only in dynamic mode."""
    if not in_dynamic_mode():
        raise AssertionError(f"We only support '{api}()' in dynamic graph mode, please call 'paddle.disable_static()' "
                             "to enter dynamic graph mode.")


class _LRMixin:
    """get_lr/set_lr/set_lr_scheduler and the rate each update uses (eager scalar or static Variable)."""

    # -- learning rate ----------------------------------------------------------------------
    def _lr_np_dtype(self):
        d = self._dtype
        if d is None:
            d = _dt.default_float()
        if _is_low_precision(d):
            return np.dtype(np.float32)
        return np.dtype(d.np_dtype)

    def get_lr(self):
        """The current learning rate (the scheduler's value when the rate is an LRScheduler).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> emb = paddle.nn.Embedding(10, 3)
                >>> adam = paddle.optimizer.Adam(0.01, parameters=emb.parameters())
                >>> adam.get_lr()
                0.01
        """
        if isinstance(self._learning_rate, float):
            return self._learning_rate
        return self._learning_rate()

    def set_lr(self, value):
        """Set a float learning rate (RuntimeError when the rate is an LRScheduler).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 10)
                >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
                >>> adam.set_lr(0.2)
                >>> adam.get_lr()
                0.2
        """
        _dygraph_only("set_lr")
        if not isinstance(value, (int, float)):
            raise TypeError(f"The type of 'value' in optimizer.set_lr must be float, but received {type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("optimizer's learning rate can't be LRScheduler when invoke this API, because this "
                               "will lead to conflict.")
        self._learning_rate = float(value)

    def set_lr_scheduler(self, scheduler):
        """Use `scheduler` as the learning rate from now on.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 10)
                >>> adam = paddle.optimizer.Adam(0.1, parameters=linear.parameters())
                >>> adam.set_lr_scheduler(paddle.optimizer.lr.StepDecay(learning_rate=0.5, step_size=2))
                >>> adam.get_lr()
                0.5
        """
        _dygraph_only("set_lr_scheduler")
        if not isinstance(scheduler, LRScheduler):
            raise TypeError(f"The type of 'scheduler' in optimizer.set_lr_scheduler must be LRScheduler, but "
                            f"received {type(scheduler)}.")
        self._learning_rate = scheduler

    def _global_learning_rate(self, program=None):
        """The static learning-rate Variable of `program` (default main), or None."""
        if program is None:
            from ..static.program import default_main_program
            program = default_main_program()
        return self._learning_rate_map.get(program)

    def _eager_lr(self):
        """The global rate as a scalar of the rate's dtype (float32 for float32 parameters, as Paddle)."""
        lr = self._learning_rate
        value = lr() if isinstance(lr, LRScheduler) else lr
        key, cached = self._lr_cache
        if key == value:
            return cached
        arr = self._lr_np_dtype().type(value)
        self._lr_cache = (value, arr)
        return arr

    # -- static learning rate -----------------------------------------------------------------
    def _create_global_learning_rate(self):
        """The program's persistable `learning_rate_N` variable, created (with its startup fill) once."""
        from ..static.program import default_main_program
        program = default_main_program()
        var = self._learning_rate_map.get(program)
        if var is not None:
            return var
        dtype = _dt.from_numpy(self._lr_np_dtype())
        name = _unique.generate("learning_rate")
        sched = self._learning_rate if isinstance(self._learning_rate, LRScheduler) else None
        var = self._static_global_var(name, [], dtype, sched() if sched is not None else self._learning_rate)
        if sched is not None:
            sched._var_name = name
            program.lr_scheduler = sched
            program.lr_var = var
        self._learning_rate_map[program] = var
        return var



class _StateMixin:
    """state_dict/set_state_dict with Paddle's accumulator names and loading checks."""

    # -- state ------------------------------------------------------------------------------
    def state_dict(self):
        """The optimizer's state: accumulators by name, 'master_weights', 'LR_Scheduler' (a scheduler's
        state). Empty until the first step creates the accumulators.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> emb = paddle.nn.Embedding(10, 10)
                >>> adam = paddle.optimizer.Adam(0.001, parameters=emb.parameters())
                >>> adam.state_dict()
                {}
        """
        _dygraph_only("state_dict")
        out = {}
        if not self._accumulators and self._accumulators_holder:
            out.update(self._accumulators_holder)
        else:
            for accs in self._accumulators.values():
                for var in accs.values():
                    out[var.name] = var
        if self._master_weights:
            out["master_weights"] = self._master_weights
        if isinstance(self._learning_rate, LRScheduler):
            out["LR_Scheduler"] = self._learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        """Load a state_dict(): values of existing accumulators are replaced now, the others when the
        accumulators are created (AssertionError if one is then missing).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> emb = paddle.nn.Embedding(10, 10)
                >>> adam = paddle.optimizer.Adam(0.001, parameters=emb.parameters())
                >>> adam.set_state_dict(adam.state_dict())
        """
        _dygraph_only("set_state_dict")
        from .lr import LambdaDecay
        if isinstance(self._learning_rate, LRScheduler):
            lr_state = state_dict.get("LR_Scheduler", None)
            if not isinstance(self._learning_rate, LambdaDecay):
                assert lr_state is not None, "LR_Scheduler state must be included in the state dict except LambdaDecay"
            if lr_state:
                self._learning_rate.set_state_dict(lr_state)
        state_dict = dict(state_dict)
        state_dict.pop("LR_Scheduler", None)
        master = state_dict.pop("master_weights", None)
        live = [var for accs in self._accumulators.values() for var in accs.values()]
        for var in live:  # check everything first: a bad state dict leaves the optimizer as it was
            assert var.name in state_dict, f"optimizer Tensor {var.name} not found"
            _check_shape(var, state_dict[var.name])
        if master is not None:
            self._load_master_weights(master)
        self._accumulators_holder = state_dict
        for var in live:
            _load_into(var, state_dict[var.name])

    load_state_dict = set_state_dict

    def _load_master_weights(self, master):
        for k, v in master.items():
            cur = self._master_weights.get(k)
            if cur is not None and in_dynamic_mode():
                _load_into(cur, v)
            elif isinstance(v, Tensor):
                self._master_weights[k] = v
            else:
                t = Tensor._make(np.array(v, dtype=np.float32))
                t.name = k + "_fp32_master_0"
                self._master_weights[k] = t

    def get_opti_var_name_list(self):
        """The names of the accumulators created so far."""
        return self._opti_name_list


def _check_shape(var, value):
    """Paddle's AssertionError when a saved accumulator's size does not match the live one."""
    shape = value.shape if hasattr(value, "shape") else np.shape(value)
    want = var._data.shape if isinstance(var, Tensor) else tuple(var.shape)
    if int(np.prod(shape)) != int(np.prod(want)):
        raise AssertionError(f"Variable Shape not match, Variable [ {var.name} ] need tensor with shape "
                             f"paddle.Size({list(want)}) but load set tensor with shape paddle.Size({list(shape)})")


def _load_into(var, value):
    """Copy a saved value (Tensor or ndarray) into an accumulator, keeping its dtype."""
    src = value._data if isinstance(value, Tensor) else np.asarray(value)
    if isinstance(var, Tensor):
        if tuple(src.shape) != tuple(var._data.shape):
            src = src.reshape(var._data.shape)
        var._data = np.array(src, dtype=var._data.dtype, copy=True)
        var._version += 1
    else:
        var.set_value(src)
