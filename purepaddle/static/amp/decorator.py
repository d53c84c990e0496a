"""paddle.static.amp.decorate: an optimizer whose minimize() builds a mixed-precision training program.

minimize(loss) = backward + apply_gradients, as Paddle's OptimizerWithMixedPrecision does it:
backward rewrites the forward program (cast_model_to_fp16), creates `loss_scaling_N` (and, with
dynamic scaling, `num_good_steps_N` / `num_bad_steps_N`), multiplies the loss by the scale and
appends the grad ops; apply_gradients appends `check_finite_and_unscale` over the gradients, then
`update_loss_scaling` (which zeroes the gradients of a step with inf/nan and moves the scale),
then the inner optimizer's update ops. With level O2 (use_pure_fp16) the parameters are float16
in the program; `amp_init(place)` converts their values after the startup program ran.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from typing import Any
    from purepaddle.optimizer.optimizer import Optimizer

import warnings

from ..._core import dtype as _dt
from .. import name as _unique
from ..input import create_global_var
from ..program import program_guard
from .amp_nn import check_finite_and_unscale, update_loss_scaling
from .fp16_lists import AutoMixedPrecisionLists, check_amp_dtype
from .fp16_utils import cast_model_to_fp16, cast_parameters_to_fp16

__all__ = ["decorate", "OptimizerWithMixedPrecision"]


class _DecoratedOptimizer:
    """What both AMP decorators share: minimize() = backward() + apply_optimize(), and the wrapped
    optimizer's other attributes read through."""

    def apply_optimize(self, loss, startup_program, params_grads):
        """apply_gradients inside loss's program."""
        with program_guard(loss.block.program, startup_program):
            return self.apply_gradients(params_grads)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """backward() then apply_optimize(); returns (optimize ops, scaled (param, grad) pairs).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.enable_static()
                >>> main, startup = paddle.static.Program(), paddle.static.Program()
                >>> with paddle.static.program_guard(main, startup):
                ...     x = paddle.static.data('x', [None, 4], 'float32')
                ...     loss = paddle.mean(paddle.static.nn.fc(x, 2))
                ...     opt = paddle.static.amp.decorate(paddle.optimizer.SGD(0.1), init_loss_scaling=128.0)
                ...     _ = opt.minimize(loss)
                >>> 'update_loss_scaling' in [op.type for op in main.global_block().ops]
                True
                >>> paddle.disable_static()
        """
        opt_dict = type(self._optimizer).__dict__
        if "minimize" in opt_dict and callable(opt_dict["minimize"]):
            warnings.warn("The decorated optimizer has its own `minimize` method, but it will not be executed.")
        params_grads = self.backward(loss, startup_program=startup_program, parameter_list=parameter_list,
                                     no_grad_set=no_grad_set)
        ops = self.apply_optimize(loss, startup_program, params_grads)
        return ops, params_grads

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.__dict__["_optimizer"], name)


class OptimizerWithMixedPrecision(_DecoratedOptimizer):
    """The optimizer paddle.static.amp.decorate returns: minimize(), amp_init(), get_loss_scaling()."""

    def __init__(self, optimizer, amp_lists, level, dtype, init_loss_scaling, use_dynamic_loss_scaling,
                 incr_every_n_steps, decr_every_n_nan_or_inf, incr_ratio, decr_ratio, use_amp_guard=None,
                 use_master_grad=False, use_promote=False):
        self._optimizer = optimizer
        self._amp_lists = amp_lists
        self._param_grads = None
        self._train_program = None
        self._is_distributed = False
        self._use_master_grad = False
        self._scaled_loss = None
        self._loss_scaling = None
        self._init_loss_scaling = init_loss_scaling
        self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
        if dtype == "bfloat16":
            if use_dynamic_loss_scaling:
                self._use_dynamic_loss_scaling = False
                self._init_loss_scaling = 1.0
                warnings.warn("Dynamic loss scaling for bfloat16 amp training is disabled, and the init_loss_scaling "
                              "is changed to 1.0 automatically by PaddlePaddle.")
            self._amp_vartype = _dt.bfloat16
        else:
            self._amp_vartype = _dt.float16
        self._learning_rate = optimizer._learning_rate
        self._learning_rate_map = optimizer._learning_rate_map
        self._use_pure_fp16 = level == "O2"
        self._amp_level = level
        self._use_fp16_guard = use_amp_guard
        self._to_fp16_var_names = None
        if self._use_dynamic_loss_scaling:
            self._incr_every_n_steps = incr_every_n_steps
            self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
            self._incr_ratio = incr_ratio
            self._decr_ratio = decr_ratio
            self._num_good_steps = None
            self._num_bad_steps = None
        self.use_promote = use_promote

    def _set_distributed(self, flag):
        self._is_distributed = flag

    def get_loss_scaling(self):
        """The loss-scaling variable (after minimize)."""
        assert self._loss_scaling is not None, "Please call minimize() before calling get_loss_scaling()."
        return self._loss_scaling

    def get_scaled_loss(self):
        """The scaled loss variable (after minimize)."""
        return self._scaled_loss

    def _init_amp_var(self):
        self._loss_scaling = create_global_var(name=_unique.generate("loss_scaling"), shape=[1],
                                               value=self._init_loss_scaling, dtype="float32", persistable=True)
        if self._use_dynamic_loss_scaling:
            self._num_good_steps = create_global_var(name=_unique.generate("num_good_steps"), shape=[1], value=0,
                                                     dtype="int32", persistable=True)
            self._num_bad_steps = create_global_var(name=_unique.generate("num_bad_steps"), shape=[1], value=0,
                                                    dtype="int32", persistable=True)
        if isinstance(self._optimizer._learning_rate, float):
            self._optimizer._create_global_learning_rate()

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None, callbacks=None):
        """Rewrite the program for AMP, scale the loss and append the grad ops; returns (param, grad) pairs."""
        self._train_program = loss.block.program
        with program_guard(self._train_program, startup_program):
            self._init_amp_var()
            if self._use_pure_fp16:
                self._to_fp16_var_names = cast_model_to_fp16(self._train_program, self._amp_lists,
                                                             self._use_fp16_guard, self._amp_vartype, level="O2",
                                                             use_promote=self.use_promote)
            else:
                cast_model_to_fp16(self._train_program, self._amp_lists, use_fp16_guard=False,
                                   dest_type=self._amp_vartype, level=self._amp_level, use_promote=self.use_promote)
            if loss.dtype != _dt.float32:
                loss = loss.astype("float32")
            if self._use_dynamic_loss_scaling or self._init_loss_scaling != 1.0:
                self._scaled_loss = loss * self._loss_scaling
            else:
                self._scaled_loss = loss
            return self._optimizer.backward(self._scaled_loss, startup_program, parameter_list, no_grad_set,
                                            callbacks)

    def amp_init(self, place, scope=None, test_program=None, use_fp16_test=False):
        """After the startup program ran: turn the float32 parameter values to float16 (O2), and
        rewrite `test_program` the same way (O2, or O1 with use_fp16_test).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> paddle.enable_static()
                >>> main, startup = paddle.static.Program(), paddle.static.Program()
                >>> with paddle.static.program_guard(main, startup):
                ...     x = paddle.static.data('x', [None, 4], 'float32')
                ...     loss = paddle.mean(paddle.static.nn.fc(x, 2))
                ...     opt = paddle.static.amp.decorate(paddle.optimizer.SGD(0.1), use_pure_fp16=True,
                ...                                      use_fp16_guard=False)
                ...     _ = opt.minimize(loss)
                >>> exe = paddle.static.Executor()
                >>> _ = exe.run(startup)
                >>> opt.amp_init(paddle.CPUPlace())
                >>> import numpy as np
                >>> w = main.global_block().all_parameters()[0].name
                >>> np.array(paddle.static.global_scope().find_var(w).get_tensor()).dtype
                dtype('float16')
                >>> paddle.disable_static()
        """
        assert self._train_program is not None, "Please call the minimize method first."
        if self._use_pure_fp16:
            inner = self._optimizer
            cast_parameters_to_fp16(place, self._train_program, scope, self._to_fp16_var_names, self._amp_vartype,
                                    getattr(inner, "_multi_precision", False), getattr(inner, "_master_weights", {}))
        if test_program is not None:
            if self._use_pure_fp16:
                cast_model_to_fp16(test_program, self._amp_lists, self._use_fp16_guard, self._amp_vartype,
                                   level="O2", use_promote=self.use_promote)
            elif use_fp16_test:
                cast_model_to_fp16(test_program, self._amp_lists, use_fp16_guard=False,
                                   dest_type=self._amp_vartype, level=self._amp_level, use_promote=self.use_promote)

    def _split_grads(self, params_grads):
        grads = [g for _, g in params_grads]
        fp32 = [g for g in grads if g.dtype == _dt.float32]
        low = [g for g in grads if g.dtype == self._amp_vartype]
        assert len(fp32) + len(low) == len(grads), "Data types of all grads must be either fp16/bf16 or fp32."
        return grads, fp32, low

    def _check_finite_and_unscale(self, params_grads):
        grads, fp32, low = self._split_grads(params_grads)
        program = self._train_program
        found = []
        if self._use_pure_fp16:
            for gs, suffix in ((fp32, "fp32"), (low, "fp16")):
                if gs:
                    with program._optimized_guard(gs):
                        found.append(check_finite_and_unscale(gs, self._loss_scaling,
                                                              name=f"find_infinite_scale_{suffix}")[1])
        else:
            with program._optimized_guard(grads):
                found.append(check_finite_and_unscale(grads, self._loss_scaling, name="find_infinite_scale")[1])
        if len(found) > 1:
            from ... import tensor as _T
            with program._optimized_guard([]):
                return _T.any(_T.concat(found))
        return found[0]

    def _add_dynamic_loss_scaling(self, params_grads, found_inf):
        grads, fp32, low = self._split_grads(params_grads)
        args = (self._loss_scaling, self._num_good_steps, self._num_bad_steps, self._incr_every_n_steps,
                self._decr_every_n_nan_or_inf, self._incr_ratio, self._decr_ratio)
        with self._train_program._optimized_guard([]):
            if self._use_pure_fp16:
                stop = False
                for gs, suffix in ((fp32, "fp32"), (low, "fp16")):
                    if gs:
                        update_loss_scaling(gs, found_inf, *args, stop_update=stop,
                                            name=f"update_loss_scaling_{suffix}")
                        stop = True
            else:
                update_loss_scaling(grads, found_inf, *args, name="update_loss_scaling")

    def apply_gradients(self, params_grads):
        """Unscale and check the gradients, move the loss scale, then append the inner optimizer's updates."""
        if not self._use_dynamic_loss_scaling and self._init_loss_scaling == 1.0:
            return self._optimizer.apply_gradients(params_grads)
        found_inf = self._check_finite_and_unscale(params_grads)
        if self._use_dynamic_loss_scaling and self._amp_vartype == _dt.float16:
            self._add_dynamic_loss_scaling(params_grads, found_inf)
        # the innermost optimizer's update ops read found_inf (Adam/AdamW: SkipUpdate), so an overflowing
        # step moves neither the parameters nor the moments and beta powers, as in Paddle
        real = self._optimizer
        while hasattr(real, "inner_opt"):
            real = real.inner_opt
        if hasattr(real, "_set_auxiliary_var"):
            real._set_auxiliary_var("found_inf", found_inf)
        return self._optimizer.apply_gradients(params_grads)

_FP16_ONLY = ("use_pure_fp16", "use_fp16_guard", "use_bf16")
_COMMON = ("level", "dtype", "master_weight", "master_grad", "use_amp_guard")


def _decorate_fp16_only(optimizer, amp_lists=None, init_loss_scaling=2 ** 15, incr_every_n_steps=1000,
                        decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.8, use_dynamic_loss_scaling=True,
                        use_pure_fp16=False, use_fp16_guard=None, use_bf16=False, use_promote=False):
    amp_dtype = "bfloat16" if use_bf16 else "float16"
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionLists(dtype=amp_dtype)
    if use_fp16_guard is None:
        use_fp16_guard = use_pure_fp16
    return OptimizerWithMixedPrecision(optimizer, amp_lists, level="O2" if use_pure_fp16 else "O1", dtype=amp_dtype,
                                       init_loss_scaling=init_loss_scaling,
                                       use_dynamic_loss_scaling=use_dynamic_loss_scaling,
                                       incr_every_n_steps=incr_every_n_steps,
                                       decr_every_n_nan_or_inf=decr_every_n_nan_or_inf, incr_ratio=incr_ratio,
                                       decr_ratio=decr_ratio, use_amp_guard=use_fp16_guard, use_promote=use_promote)


def _decorate_common(optimizer, amp_lists=None, level="O1", dtype="float16", master_weight=None, master_grad=False,
                     init_loss_scaling=2 ** 16, incr_every_n_steps=2000, decr_every_n_nan_or_inf=1, incr_ratio=2.0,
                     decr_ratio=0.5, use_dynamic_loss_scaling=None, use_amp_guard=False, use_promote=False):
    level = level.upper()
    if level not in ("O0", "OD", "O1", "O2"):
        raise ValueError("level should be O0, OD, O1 or O2.")
    amp_dtype = check_amp_dtype(dtype)
    if amp_lists is None or level == "OD":
        if level == "OD" and amp_lists is not None:
            warnings.warn("If the Amp level is set to OD, the amp list will not be used.")
        amp_lists = AutoMixedPrecisionLists(dtype=amp_dtype)
    if level == "OD":
        amp_lists.black_list = amp_lists.all_list - amp_lists.white_list
    if use_dynamic_loss_scaling is None:
        use_dynamic_loss_scaling = amp_dtype == "float16"
    if optimizer is not None and hasattr(optimizer, "_multi_precision"):
        optimizer._multi_precision = master_weight is not False
    return OptimizerWithMixedPrecision(optimizer, amp_lists, level=level, dtype=amp_dtype,
                                       init_loss_scaling=init_loss_scaling,
                                       use_dynamic_loss_scaling=use_dynamic_loss_scaling,
                                       incr_every_n_steps=incr_every_n_steps,
                                       decr_every_n_nan_or_inf=decr_every_n_nan_or_inf, incr_ratio=incr_ratio,
                                       decr_ratio=decr_ratio, use_amp_guard=use_amp_guard, use_promote=use_promote,
                                       use_master_grad=master_grad)


def decorate(optimizer: Optimizer, *args: Any, **kwargs: Any) -> Any:
    """Wrap an optimizer for mixed-precision static training (an OptimizerWithMixedPrecision).

    Two signatures, as in Paddle, chosen by the arguments given: the 2.x one
    `decorate(optimizer, amp_lists=None, init_loss_scaling=2**15, incr_every_n_steps=1000,
    decr_every_n_nan_or_inf=2, incr_ratio=2.0, decr_ratio=0.8, use_dynamic_loss_scaling=True,
    use_pure_fp16=False, use_fp16_guard=None, use_bf16=False, use_promote=False)` (when one of its own
    keywords is used, or the third positional argument is a float) and the 3.x one
    `decorate(optimizer, amp_lists=None, level='O1', dtype='float16', master_weight=None,
    master_grad=False, init_loss_scaling=2**16, incr_every_n_steps=2000, decr_every_n_nan_or_inf=1,
    incr_ratio=2.0, decr_ratio=0.5, use_dynamic_loss_scaling=None, use_amp_guard=False,
    use_promote=False)` otherwise.

    Args:
        optimizer (Optimizer): The optimizer to wrap.
        *args (Any): Paddle's further options (amp_lists, init_loss_scaling, ...).
        **kwargs (Any): The same options by name.

    Returns:
        An optimizer that scales the loss and casts ops per the amp lists.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> opt = paddle.static.amp.decorate(paddle.optimizer.SGD(0.1), use_pure_fp16=True)
            >>> type(opt).__name__, opt._amp_level, opt._init_loss_scaling
            ('OptimizerWithMixedPrecision', 'O2', 32768)
            >>> paddle.disable_static()
    """
    if any(k in kwargs for k in _FP16_ONLY) and not any(k in kwargs for k in _COMMON):
        return _decorate_fp16_only(optimizer, *args, **kwargs)
    if any(k in kwargs for k in _COMMON):
        return _decorate_common(optimizer, *args, **kwargs)
    if len(args) >= 2 and isinstance(args[1], float):  # decorate(opt, lists, 128.0): the 2.x order
        return _decorate_fp16_only(optimizer, *args, **kwargs)
    return _decorate_common(optimizer, *args, **kwargs)
