"""paddle.static.amp.bf16.decorate_bf16: an optimizer whose minimize() builds a bfloat16 training program.

backward(loss) rewrites the forward program (rewrite_program_bf16, or cast_model_to_bf16 for pure
bfloat16), casts a bfloat16 loss to float32 and appends the grad ops; apply_gradients is the inner
optimizer's (bfloat16 needs no loss scaling). With use_pure_bf16 the parameters are bfloat16 in the
program; `amp_init(place)` converts their values after the startup program ran.
"""

from ...._core import dtype as _dt
from ... import name as _unique
from ...input import create_global_var
from ...program import default_main_program, program_guard
from ..decorator import _DecoratedOptimizer
from .amp_lists import AutoMixedPrecisionListsBF16
from .amp_utils import cast_model_to_bf16, cast_parameters_to_bf16, rewrite_program_bf16

__all__ = ["decorate_bf16", "OptimizerWithMixedPrecision"]


class OptimizerWithMixedPrecision(_DecoratedOptimizer):
    """The optimizer decorate_bf16 returns: backward(), apply_gradients(), minimize(), amp_init()."""

    def __init__(self, optimizer, amp_lists, use_pure_bf16, use_bf16_guard):
        self._optimizer = optimizer
        self._amp_lists = amp_lists
        self._param_grads = None
        self._train_program = None
        self._learning_rate = optimizer._learning_rate
        self._learning_rate_map = optimizer._learning_rate_map
        self._use_pure_bf16 = use_pure_bf16
        self._use_bf16_guard = use_bf16_guard
        self._to_bf16_var_names = None

    def _init_amp_var(self):
        # a float learning rate becomes a persistable variable now, so its reader ops stay float32
        if isinstance(self._optimizer._learning_rate, float):
            self._optimizer._learning_rate_map[default_main_program()] = create_global_var(
                name=_unique.generate("learning_rate"), shape=[1], value=float(self._optimizer._learning_rate),
                dtype="float32", persistable=True)

    def backward(self, loss, startup_program=None, parameter_list=None, no_grad_set=None, callbacks=None):
        """Rewrite the program for bfloat16 and append the grad ops; returns (param, grad) pairs."""
        self._train_program = loss.block.program
        with program_guard(self._train_program, startup_program):
            self._init_amp_var()
            if self._use_pure_bf16:
                self._to_bf16_var_names = cast_model_to_bf16(self._train_program, startup_program, self._amp_lists,
                                                             self._use_bf16_guard)
            else:
                rewrite_program_bf16(self._train_program, self._amp_lists)
            if loss.dtype != _dt.float32:
                loss = loss.astype("float32")
            return self._optimizer.backward(loss, startup_program, parameter_list, no_grad_set, callbacks)

    def amp_init(self, place, scope=None, test_program=None, use_bf16_test=False):
        """After the startup program ran: turn the parameters' float32 values bfloat16 (pure bf16), and
        rewrite `test_program` the same way (pure bf16, or O1 with use_bf16_test).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> import numpy as np
                >>> paddle.enable_static()
                >>> main, startup = paddle.static.Program(), paddle.static.Program()
                >>> with paddle.static.program_guard(main, startup):
                ...     x = paddle.static.data('x', [None, 4], 'float32')
                ...     with paddle.static.amp.bf16.bf16_guard():
                ...         loss = paddle.mean(paddle.static.nn.fc(x, 2))
                ...     opt = paddle.static.amp.bf16.decorate_bf16(paddle.optimizer.SGD(0.1), use_pure_bf16=True)
                ...     _ = opt.minimize(loss)
                >>> exe = paddle.static.Executor()
                >>> _ = exe.run(startup)
                >>> opt.amp_init(paddle.CPUPlace())
                >>> np.array(paddle.static.global_scope().find_var('fc_0.w_0').get_tensor()).dtype.name
                'bfloat16'
                >>> paddle.disable_static()
        """
        assert self._train_program is not None, "Please call the minimize method first."
        if self._use_pure_bf16:
            cast_parameters_to_bf16(place, self._train_program, scope, self._to_bf16_var_names)
        if test_program is not None:
            if self._use_pure_bf16:
                cast_model_to_bf16(test_program, amp_lists=self._amp_lists, use_bf16_guard=self._use_bf16_guard)
            elif use_bf16_test:
                rewrite_program_bf16(test_program, amp_lists=self._amp_lists)

    def apply_gradients(self, params_grads):
        """The inner optimizer's update ops."""
        return self._optimizer.apply_gradients(params_grads)


def decorate_bf16(optimizer, amp_lists=None, use_pure_bf16=False, use_bf16_guard=None):
    """Wrap an optimizer for bfloat16 static training (an OptimizerWithMixedPrecision).

    Args:
        optimizer (Optimizer): the optimizer to wrap.
        amp_lists (AutoMixedPrecisionListsBF16|None): the op lists; default lists when None.
        use_pure_bf16 (bool): pure bfloat16 (parameters bfloat16 too) instead of O1. Default False.
        use_bf16_guard (bool|None): with pure bfloat16, only ops built in bf16_guard turn bfloat16.
            None means use_pure_bf16.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> opt = paddle.static.amp.bf16.decorate_bf16(paddle.optimizer.SGD(0.1), use_pure_bf16=True)
            >>> type(opt).__name__, opt._use_pure_bf16, opt._use_bf16_guard
            ('OptimizerWithMixedPrecision', True, True)
            >>> paddle.disable_static()
    """
    if amp_lists is None:
        amp_lists = AutoMixedPrecisionListsBF16()
    if use_bf16_guard is None:
        use_bf16_guard = use_pure_bf16
    return OptimizerWithMixedPrecision(optimizer, amp_lists, use_pure_bf16, use_bf16_guard)
