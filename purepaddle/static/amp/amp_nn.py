"""check_finite_and_unscale / update_loss_scaling as program-building functions (and eager calls)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ...amp.amp_ops import CheckFiniteAndUnscale, UpdateLossScaling
from ..program import default_main_program

__all__ = ["check_finite_and_unscale", "update_loss_scaling"]

_OK = ("float16", "float32", "float64", "bfloat16")


def _check_list(x, api):
    if not isinstance(x, (list, tuple)):
        raise TypeError(f"The type of 'x' in {api} must be (<class 'tuple'>, <class 'list'>), but received "
                        f"{type(x)}.")
    for e in x:
        if e.dtype.name not in _OK:
            raise TypeError(f"The data type of 'x' in {api} must be {list(_OK)}, but received {e.dtype.name}.")


def check_finite_and_unscale(x, scale, name=None, float_status=None):
    """Divide every tensor of `x` by `scale` in place; returns (x, found_inf) where found_inf says whether
    any held inf/nan (from the first such tensor on, the values are multiplied by 0 instead).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static.amp.amp_nn import check_finite_and_unscale
            >>> g = [paddle.to_tensor([2.0, 4.0])]
            >>> _, found = check_finite_and_unscale(g, paddle.to_tensor([2.0]))
            >>> g[0].numpy().tolist(), bool(found)
            ([1.0, 2.0], False)
    """
    _check_list(x, "check_finite_and_unscale")
    if in_dynamic_mode():
        outs, found = apply(CheckFiniteAndUnscale, list(x), scale)
        for t, o in zip(x, outs):
            np.copyto(t._data, o._data)
            t._version += 1
        return x, found
    block = default_main_program().current_block()
    found = block.create_var(name=block.program._name_generator.generate((name or "check_finite_and_unscale")
                                                                        + ".tmp"), dtype=_dt.bool_, shape=[1],
                             stop_gradient=True)
    block.append_op(type="check_finite_and_unscale", inputs={"X": list(x), "Scale": [scale]},
                    outputs={"Out": list(x), "FoundInfinite": [found]})
    return x, found


def update_loss_scaling(x, found_inf, prev_loss_scaling, num_good_steps, num_bad_steps, incr_every_n_steps,
                        decr_every_n_nan_or_inf, incr_ratio, decr_ratio, stop_update=False, name=None):
    """One step of dynamic loss scaling, in place: on inf/nan zero `x`, count a bad step and maybe
    shrink the scale; otherwise count a good step and maybe grow it (see the update_loss_scaling op).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static.amp.amp_nn import update_loss_scaling
            >>> g, scale = [paddle.to_tensor([1.0])], paddle.to_tensor([8.0])
            >>> good, bad = paddle.to_tensor([0], 'int32'), paddle.to_tensor([0], 'int32')
            >>> _ = update_loss_scaling(g, paddle.to_tensor([True]), scale, good, bad, 1000, 1, 2.0, 0.5)
            >>> g[0].numpy().tolist(), scale.numpy().tolist()
            ([0.0], [4.0])
    """
    _check_list(x, "update_loss_scaling")
    if prev_loss_scaling.dtype.name not in ("float32", "float64"):
        raise TypeError(f"The data type of 'prev_loss_scaling' in update_loss_scaling must be ['float32', "
                        f"'float64'], but received {prev_loss_scaling.dtype.name}.")
    for e in x:
        if e.dtype.name in ("float16", "bfloat16"):
            assert prev_loss_scaling.dtype == _dt.float32, ("The dtype of prev_loss_scaling should be float32 when "
                                                            "the dtype of x is float16 or bfloat16.")
        else:
            assert prev_loss_scaling.dtype == e.dtype, ("The dtype of prev_loss_scaling should be equal to the "
                                                        "dtype of x.")
    attrs = {"incr_every_n_steps": int(incr_every_n_steps), "decr_every_n_nan_or_inf": int(decr_every_n_nan_or_inf),
             "incr_ratio": float(incr_ratio), "decr_ratio": float(decr_ratio)}
    stop_var = None
    if isinstance(stop_update, bool):
        attrs["stop_update"] = stop_update
    else:
        stop_var = stop_update
    if in_dynamic_mode():
        outs, scale, good, bad = apply(UpdateLossScaling, list(x), found_inf, prev_loss_scaling, num_good_steps,
                                       num_bad_steps, stop_var, **attrs)
        for t, o in zip(list(x) + [prev_loss_scaling, num_good_steps, num_bad_steps], outs + [scale, good, bad]):
            np.copyto(t._data, o._data)
            t._version += 1
        return x
    block = default_main_program().current_block()
    inputs = {"X": list(x), "FoundInfinite": [found_inf], "PrevLossScaling": [prev_loss_scaling],
              "InGoodSteps": [num_good_steps], "InBadSteps": [num_bad_steps]}
    if stop_var is not None:
        inputs["StopUpdate"] = [stop_var]
    block.append_op(type="update_loss_scaling", inputs=inputs,
                    outputs={"Out": list(x), "LossScaling": [prev_loss_scaling], "OutGoodSteps": [num_good_steps],
                             "OutBadSteps": [num_bad_steps]}, attrs=attrs)
    return x
