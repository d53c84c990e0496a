"""paddle.static.ExponentialMovingAverage: moving averages of the parameters of a static program.

update() appends to the main program, per parameter with do_model_average, the op sequence
ema = ema * decay + param * (1 - decay) (the averages are persistable `{param}_ema_N` vars; the
step counter is `@EMA_STEP_COUNTER@`). apply(executor) runs a separate program that saves each
parameter to `{param}.ema_tmp_N` and loads the bias-corrected average ema / (1 - decay^step) into
it; restore(executor) runs the program copying the saved values back.
"""
import contextlib

import numpy as np

from ..._core.mode import in_dynamic_mode
from ..input import create_global_var
from ..name import name_scope
from ..program import Program, default_main_program, program_guard

__all__ = ["ExponentialMovingAverage"]


def _tensor():
    from ... import tensor
    return tensor


class ExponentialMovingAverage:
    """Exponential moving averages of the trainable parameters, for evaluation with averaged weights.

    decay is the averaging rate; with thres_steps (a step Variable) the rate used is
    min(decay, (thres_steps + 1) / (thres_steps + 10)).

    Examples:
        .. code-block:: python

            >>> import numpy
            >>> import paddle
            >>> import paddle.static as static
            >>> paddle.enable_static()
            >>> data = static.data(name='x', shape=[-1, 5], dtype='float32')
            >>> hidden = static.nn.fc(x=data, size=10)
            >>> cost = paddle.mean(hidden)
            >>> test_program = static.default_main_program().clone(for_test=True)
            >>> _ = paddle.optimizer.Adam(learning_rate=0.001).minimize(cost)
            >>> ema = static.ExponentialMovingAverage(0.999)
            >>> ema.update()
            >>> exe = static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(static.default_startup_program())
            >>> _ = exe.run(feed={'x': numpy.ones((10, 5), 'float32')}, fetch_list=[cost])
            >>> with ema.apply(exe):
            ...     out = exe.run(test_program, feed={'x': numpy.ones((10, 5), 'float32')}, fetch_list=[hidden])
            >>> paddle.disable_static()
    """

    def __init__(self, decay=0.999, thres_steps=None, name=None):
        if in_dynamic_mode():
            raise Exception("In dygraph, don't support ExponentialMovingAverage.")
        self._decay = decay
        self._thres_steps = thres_steps
        self._name = name if name is not None else ""
        self._decay_var = self._get_ema_decay()
        self._step_counter_name = "@EMA_STEP_COUNTER@"
        main = default_main_program()
        gen = main._name_generator
        self._params_tmps = []
        for param in main.global_block().all_parameters():
            if param.do_model_average:
                tmp = param.block.create_var(name=gen.generate(f"{self._name}{param.name}.ema_tmp"),
                                             dtype=param.dtype, persistable=False, stop_gradient=True)
                self._params_tmps.append((param, tmp))
        self._ema_vars = {}
        for param, tmp in self._params_tmps:
            with param.block.program._optimized_guard([param, tmp]), name_scope("moving_average"):
                self._ema_vars[param.name] = create_global_var(
                    name=gen.generate(f"{self._name}{param.name}_ema"), shape=list(param.shape), value=0.0,
                    dtype=param.dtype, persistable=True)
        self.apply_program = self._build_apply_program()
        self.restore_program = Program()
        block = self.restore_program.global_block()
        with program_guard(main_program=self.restore_program):
            for param, tmp in self._params_tmps:
                tmp = block._clone_variable(tmp)
                param = block._clone_variable(param)
                _tensor().assign(tmp, output=param)

    def _get_ema_decay(self):
        with default_main_program()._lr_schedule_guard():
            decay_var = create_global_var(shape=[1], value=self._decay, dtype="float32", persistable=True,
                                          name="scheduled_ema_decay_rate")
            if self._thres_steps is not None:
                from .control_flow import cond
                decay_t = (self._thres_steps + 1.0) / (self._thres_steps + 10.0)
                decay_val = cond(decay_t < self._decay, lambda: decay_t,
                                 lambda: np.array([self._decay], dtype=np.float32))
                _tensor().assign(decay_val, decay_var)
        return decay_var

    def _build_apply_program(self):
        from .control_flow import cond
        t = _tensor()
        program = Program()
        block = program.global_block()
        with program_guard(main_program=program):
            step = create_global_var(name=self._step_counter_name, shape=[1], value=0, dtype="int64",
                                     persistable=True)
            step = t.cast(step, "float32")
            decay_pow = t.pow(block._clone_variable(self._decay_var), step)
            for param, tmp in self._params_tmps:
                param = block._clone_variable(param)
                tmp = block._clone_variable(tmp)
                ema = block._clone_variable(self._ema_vars[param.name])
                t.assign(param, output=tmp)
                value = cond(step > 0, lambda ema=ema: ema / (1.0 - decay_pow), lambda ema=ema: ema)
                t.assign(value, output=param)
        return program

    def update(self):
        """Append the moving-average update of every averaged parameter to the main program (call it
        after the optimizer's minimize)."""
        from ...optimizer.lr import autoincreased_step_counter
        t = _tensor()
        autoincreased_step_counter(counter_name=self._step_counter_name)
        for param, tmp in self._params_tmps:
            with param.block.program._optimized_guard([param, tmp]), name_scope("moving_average"):
                ema = self._ema_vars[param.name]
                t.assign(ema * self._decay_var + param * (1 - self._decay_var), output=ema)

    @contextlib.contextmanager
    def apply(self, executor, need_restore=True):
        """Inside the `with` block the parameters hold their (bias-corrected) averages; restored on
        leaving unless need_restore=False (then call restore())."""
        executor.run(self.apply_program)
        try:
            yield
        finally:
            if need_restore:
                self.restore(executor)

    def restore(self, executor):
        """Put the parameters saved by apply() back."""
        executor.run(self.restore_program)
