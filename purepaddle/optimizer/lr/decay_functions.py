"""The Paddle 1.x-style learning-rate decay functions of paddle.optimizer.lr (noam_decay, exponential_decay, ...).

In dynamic mode each returns the equivalent LRScheduler. In static mode each builds the rate from the
global step counter `@LR_DECAY_COUNTER@` (a persistable int64 variable the startup program sets to
begin - 1 and an `increment` op at the head of the main program advances every run), so the rate
Variable changes from one Executor.run to the next.
"""
import math

from ..._core.mode import in_dynamic_mode
from .cyclic import CosineAnnealingDecay
from .decay import ExponentialDecay, InverseTimeDecay, NaturalExpDecay, NoamDecay, PiecewiseDecay, PolynomialDecay
from .warmup import LinearWarmup


def _tensor():
    from ... import tensor
    return tensor


def autoincreased_step_counter(counter_name=None, begin=1, step=1):
    """The persistable int64 step counter of the main program: `begin` on the first run, then +step.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> global_step = paddle.optimizer.lr.autoincreased_step_counter(
            ...     counter_name='@LR_DECAY_COUNTER@', begin=0, step=1)
            >>> paddle.disable_static()
    """
    from ..._core import dtype as _dt
    from ...static.program import default_main_program, default_startup_program
    name = counter_name if counter_name is not None else "@STEP_COUNTER@"
    block = default_main_program().global_block()
    counter = block.vars.get(name)
    if counter is None:
        counter = block.create_var(name=name, shape=[1], dtype=_dt.int64, persistable=True, stop_gradient=True)
        sblock = default_startup_program().global_block()
        sblock.create_var(name=name, shape=[1], dtype=_dt.int64, persistable=True, stop_gradient=True)
        sblock.append_op(type="fill_constant", outputs={"Out": [name]},
                         attrs={"shape": [1], "dtype": _dt.int64.proto, "value": float(begin - 1),
                                "str_value": str(int(begin - 1)), "force_cpu": True, "place_type": -1})
        block._prepend_op(type="increment", inputs={"X": [counter]}, outputs={"Out": [counter]},
                          attrs={"step": float(step)})
        counter.stop_gradient = True
    return counter


def _decay_step_counter(begin=0):
    counter = autoincreased_step_counter(counter_name="@LR_DECAY_COUNTER@", begin=begin, step=1)
    return _tensor().cast(counter, "float32")


def noam_decay(d_model, warmup_steps, learning_rate=1.0):
    """Noam decay: NoamDecay in dynamic mode, the same rate built from the step counter in static mode.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.noam_decay(1 / (100 * (0.01 ** 2)), 100, 0.01)
    """
    if in_dynamic_mode():
        return NoamDecay(d_model, warmup_steps, learning_rate=learning_rate)
    step = _decay_step_counter(1)
    a = step ** -0.5
    b = step * (warmup_steps ** -1.5)
    return _tensor().minimum(a, b) * (learning_rate * d_model ** -0.5)


def _div_steps(decay_steps, staircase):
    div = _decay_step_counter() / float(decay_steps)
    return _tensor().floor(div) if staircase else div


def exponential_decay(learning_rate, decay_steps, decay_rate, staircase=False):
    """learning_rate * decay_rate ^ (step / decay_steps) (floored when staircase).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.exponential_decay(learning_rate=0.1, decay_steps=10000, decay_rate=0.5)
    """
    if in_dynamic_mode():
        return ExponentialDecay(learning_rate, decay_rate)
    div = _div_steps(decay_steps, staircase)
    return _tensor().exp(div * math.log(decay_rate)) * learning_rate


def natural_exp_decay(learning_rate, decay_steps, decay_rate, staircase=False):
    """learning_rate * e^(-decay_rate * step / decay_steps) (floored when staircase).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.natural_exp_decay(learning_rate=0.1, decay_steps=10000, decay_rate=0.5)
    """
    if in_dynamic_mode():
        return NaturalExpDecay(learning_rate, decay_rate)
    div = _div_steps(decay_steps, staircase)
    return _tensor().exp(div * (-1.0 * decay_rate)) * learning_rate


def inverse_time_decay(learning_rate, decay_steps, decay_rate, staircase=False):
    """learning_rate / (1 + decay_rate * step / decay_steps) (floored when staircase).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.inverse_time_decay(learning_rate=0.1, decay_steps=10000, decay_rate=0.5)
    """
    if in_dynamic_mode():
        return InverseTimeDecay(learning_rate, decay_rate)
    div = _div_steps(decay_steps, staircase)
    return 1.0 / (div * float(decay_rate) + 1.0) * learning_rate


def polynomial_decay(learning_rate, decay_steps, end_learning_rate=0.0001, power=1.0, cycle=False):
    """(learning_rate - end) * (1 - step / decay_steps)^power + end (restarting when cycle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.polynomial_decay(0.01, 5000, 0, power=1)
    """
    if in_dynamic_mode():
        return PolynomialDecay(learning_rate, decay_steps, end_learning_rate, power, cycle)
    T = _tensor()
    step = _decay_step_counter()
    if cycle:
        n = T.ceil(step / float(decay_steps))
        n = T.where(step == 0.0, T.ones_like(n), n)
        steps = n * float(decay_steps)
    else:
        step = T.minimum(step, T.full_like(step, float(decay_steps)))
        steps = float(decay_steps)
    return (1.0 - step / steps) ** float(power) * (learning_rate - end_learning_rate) + end_learning_rate


def piecewise_decay(boundaries, values):
    """values[i] while step < boundaries[i], the last value afterwards.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.piecewise_decay([10000, 20000], [1.0, 0.5, 0.1])
    """
    if len(values) - len(boundaries) != 1:
        raise ValueError("len(values) - len(boundaries) should be 1")
    if in_dynamic_mode():
        return PiecewiseDecay(boundaries, values)
    T = _tensor()
    step = _decay_step_counter()
    lr = T.full_like(step, float(values[-1]))
    for bound, value in reversed(list(zip(boundaries, values))):
        lr = T.where(step < float(bound), T.full_like(step, float(value)), lr)
    return lr


def cosine_decay(learning_rate, step_each_epoch, epochs):
    """learning_rate * 0.5 * (cos(floor(step / step_each_epoch) * pi / epochs) + 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.cosine_decay(learning_rate=0.1, step_each_epoch=10000, epochs=120)
    """
    if not isinstance(learning_rate, float) and not hasattr(learning_rate, "block"):
        raise TypeError(f"The type of 'learning_rate' in cosine_decay must be (<class 'float'>, <class "
                        f"'paddle.base.framework.Variable'>), but received {type(learning_rate)}. ")
    if in_dynamic_mode():
        return CosineAnnealingDecay(learning_rate, epochs)
    T = _tensor()
    epoch = T.floor(_decay_step_counter() / float(step_each_epoch))
    return (T.cos(epoch * (math.pi / epochs)) + 1.0) * (learning_rate * 0.5)


def linear_lr_warmup(learning_rate, warmup_steps, start_lr, end_lr):
    """Linear warmup from start_lr to end_lr over warmup_steps, then `learning_rate` (a float or Variable).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> lr = paddle.optimizer.lr.linear_lr_warmup(0.1, 50, 0.0, 0.1)
    """
    if in_dynamic_mode():
        return LinearWarmup(learning_rate, warmup_steps, start_lr, end_lr)
    T = _tensor()
    step = _decay_step_counter()
    linear = step * ((float(end_lr) - float(start_lr)) / float(warmup_steps)) + float(start_lr)
    after = learning_rate if hasattr(learning_rate, "block") else T.full_like(step, float(learning_rate))
    return T.where(step < float(warmup_steps), linear, T.cast(after, linear.dtype))
