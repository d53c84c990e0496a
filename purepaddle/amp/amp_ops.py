"""The loss-scaling ops: check_finite_and_unscale and update_loss_scaling (Paddle's op types and slots).

GradScaler runs them eagerly on the gradients; paddle.static.amp.decorate appends them to a Program.
Both write their outputs over their inputs (Out is X, LossScaling is PrevLossScaling), as in Paddle.
"""
import numpy as np

from .._core.op import Op, TensorMeta, register
from .._core import dtype as _dt

__all__ = ["CheckFiniteAndUnscale", "UpdateLossScaling", "unscale_arrays"]


def unscale_arrays(arrays, scale):
    """In place: every array times 1/scale until the first with a non-finite value; that one and
    the later ones are multiplied by 0 (as Paddle's kernel does). Returns whether one was found."""
    inv = np.float32(1.0) / np.float32(scale)
    found = False
    with np.errstate(invalid="ignore"):  # inf * 0 is the nan Paddle's kernel writes too
        for a in arrays:
            if not found and not np.isfinite(a).all():
                found = True
            np.multiply(a, a.dtype.type(0) if found else inv, out=a, casting="unsafe")
    return found


@register("check_finite_and_unscale")
class CheckFiniteAndUnscale(Op):
    """Out[i] = X[i] / Scale; FoundInfinite = whether any X holds inf or nan (then the X from the
    first bad one on come out as X * 0)."""

    inputs, outputs = ("X", "Scale"), ("Out", "FoundInfinite")
    duplicable = ("X", "Out")
    differentiable = False

    def forward(self, xp, xs, scale):
        outs = [np.array(x, copy=True) for x in xs]
        found = unscale_arrays(outs, np.asarray(scale).reshape(-1)[0])
        return outs, np.array([found])

    def infer_meta(self, xs, scale):
        return [TensorMeta(x.shape, x.dtype) for x in xs], TensorMeta([1], _dt.bool_)


@register("update_loss_scaling")
class UpdateLossScaling(Op):
    """Dynamic loss scaling, one step: on inf/nan zero the grads X, count a bad step and after
    `decr_every_n_nan_or_inf` of them multiply the scale by `decr_ratio` (never below 1); otherwise
    count a good step and after `incr_every_n_steps` multiply it by `incr_ratio` (if still finite).
    With StopUpdate true only the zeroing happens."""

    inputs = ("X", "FoundInfinite", "PrevLossScaling", "InGoodSteps", "InBadSteps", "StopUpdate")
    outputs = ("Out", "LossScaling", "OutGoodSteps", "OutBadSteps")
    duplicable = ("X", "Out")
    differentiable = False

    def forward(self, xp, xs, found, scale, good, bad, stop=None):
        a = self.attrs
        found = bool(np.asarray(found).reshape(-1)[0])
        outs = [np.zeros_like(x) if found else np.array(x, copy=True) for x in xs]
        scale, good, bad = np.array(scale, copy=True), np.array(good, copy=True), np.array(bad, copy=True)
        if bool(a.get("stop_update", False)) or (stop is not None and bool(np.asarray(stop).reshape(-1)[0])):
            return outs, scale, good, bad
        s = scale.reshape(-1)
        if found:
            good[...] = 0
            bad[...] = bad + 1
            if int(bad.reshape(-1)[0]) == int(a["decr_every_n_nan_or_inf"]):
                s[0] = max(s[0] * s.dtype.type(a["decr_ratio"]), s.dtype.type(1))
                bad[...] = 0
        else:
            bad[...] = 0
            good[...] = good + 1
            if int(good.reshape(-1)[0]) == int(a["incr_every_n_steps"]):
                with np.errstate(over="ignore"):
                    new = s[0] * s.dtype.type(a["incr_ratio"])
                if np.isfinite(new):
                    s[0] = new
                good[...] = 0
        return outs, scale, good, bad

    def infer_meta(self, xs, found, scale, good, bad, stop=None):
        return ([TensorMeta(x.shape, x.dtype) for x in xs], TensorMeta(scale.shape, scale.dtype),
                TensorMeta(good.shape, good.dtype), TensorMeta(bad.shape, bad.dtype))
