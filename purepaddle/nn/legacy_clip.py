"""The v2-era clipping knobs of the seeds' "Floating point exception" FAQ, in the 2.x API.

- `gradient_clipping_threshold=t` (on the optimizer, or per parameter): at update time each parameter
  gradient is clipped element-wise to [-t, t]. In 2.x that is `grad_clip=paddle.nn.ClipGradByValue(t)`;
  `ClipGradByThreshold` adds the v2 per-parameter override (`param.gradient_clipping_threshold = t`).
  `v2_optimizer_args(...)` turns the v2 keyword arguments (and `L2Regularization(rate)`) into 2.x ones.
- `error_clipping_threshold=t` (on a layer): in the layer's backward the gradient of its output is
  clipped element-wise to [-t, t] before it flows on, so earlier layers (and the layer's own weights)
  see the clipped gradient. `set_error_clip(layer, t)` does that eagerly and in static programs: the
  layer's outputs pass through an `error_clip` op, identity forward, whose backward clips.
"""
import numpy as np

from .._core.dispatch import apply
from .._core.op import Op, register
from ..tensor.math.unary import clip as _clip
from ._regularizer import L2Decay
from .clip import ClipGradByValue, ErrorClipByValue, _each

__all__ = ["ClipGradByThreshold", "L2Regularization", "v2_optimizer_args", "error_clip", "set_error_clip"]


class ClipGradByThreshold(ClipGradByValue):
    """v2's gradient_clipping_threshold: clip each gradient element to [-t, t] at update time; a
    parameter's own `gradient_clipping_threshold` attribute overrides t.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.legacy_clip import ClipGradByThreshold
            >>> fc = paddle.nn.Linear(2, 2)
            >>> opt = paddle.optimizer.RMSProp(learning_rate=1e-3, parameters=fc.parameters(),
            ...                                grad_clip=ClipGradByThreshold(10.0))
    """

    def __init__(self, threshold):
        threshold = float(threshold)
        if not threshold > 0:
            raise ValueError(f"gradient_clipping_threshold must be > 0, but received {threshold}")
        super().__init__(threshold)

    def __str__(self):
        return f"Clip Gradient By Threshold, threshold={self.max:f}"

    def _dygraph_clip(self, params_grads):
        out = []
        for p, g in params_grads:
            t = getattr(p, "gradient_clipping_threshold", None)
            if t is None or g is None:
                out.extend(_each([(p, g)], self._clip_array))
            else:
                out.append((p, ClipGradByValue(float(t))._clip_array(g)))
        return out


def L2Regularization(rate):  # noqa: N802  (the v2 name)
    """v2's `paddle.optimizer.L2Regularization(rate=...)`: the 2.x `paddle.regularizer.L2Decay(rate)`."""
    return L2Decay(float(rate))


def v2_optimizer_args(gradient_clipping_threshold=None, regularization=None, **kwargs):
    """2.x optimizer keyword arguments for v2 ones: gradient_clipping_threshold -> grad_clip,
    regularization -> weight_decay (other arguments pass through).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.legacy_clip import L2Regularization, v2_optimizer_args
            >>> fc = paddle.nn.Linear(2, 2)
            >>> opt = paddle.optimizer.RMSProp(parameters=fc.parameters(), **v2_optimizer_args(
            ...     learning_rate=1e-3, gradient_clipping_threshold=10.0,
            ...     regularization=L2Regularization(rate=8e-4)))
            >>> print(opt._grad_clip)
            Clip Gradient By Threshold, threshold=10.000000
    """
    out = dict(kwargs)
    if gradient_clipping_threshold is not None:
        out["grad_clip"] = ClipGradByThreshold(gradient_clipping_threshold)
    if regularization is not None:
        out["weight_decay"] = regularization
    return out


@register("error_clip")
class ErrorClip(Op):
    """Out = X; X@GRAD = clip(Out@GRAD, min, max): v2's error_clipping_threshold on a layer's output."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        """Identity."""
        return x

    def backward(self, out_grad):
        """The output gradient clipped to [min, max]."""
        return _clip(out_grad, min=self.attrs["min"], max=self.attrs["max"])


def error_clip(x, max, min=None):  # noqa: A002  (ErrorClipByValue's argument names)
    """`x` unchanged, but the gradient flowing back through it is clipped to [min, max] (min = -max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.legacy_clip import error_clip
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> (error_clip(x, 0.5) * 100).sum().backward()
            >>> x.grad.numpy()
            array([0.5, 0.5], dtype=float32)
    """
    spec = ErrorClipByValue(max, min)
    if not np.isfinite(spec.max) or not np.isfinite(spec.min) or spec.min > spec.max:
        raise ValueError(f"error_clip: need finite min <= max, but received min={spec.min}, max={spec.max}")
    return apply(ErrorClip, x, min=spec.min, max=spec.max)


def _clip_outputs(out, spec):
    """Pass a layer's floating outputs through error_clip."""
    if isinstance(out, (list, tuple)):
        return type(out)(_clip_outputs(o, spec) for o in out)
    if hasattr(out, "dtype") and getattr(out.dtype, "is_floating", False):
        return error_clip(out, spec.max, spec.min)
    return out


def set_error_clip(layer, error_clipping_threshold):
    """v2's `ExtraLayerAttribute(error_clipping_threshold=t)` on `layer`: clip the gradient of its outputs
    to [-t, t] in backward. `error_clipping_threshold` may also be an ErrorClipByValue. Returns the hook
    handle (`handle.remove()` undoes it).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.legacy_clip import set_error_clip
            >>> fc = paddle.nn.Linear(2, 2, bias_attr=False)
            >>> handle = set_error_clip(fc, 100.0)
    """
    spec = error_clipping_threshold
    if not isinstance(spec, ErrorClipByValue):
        t = float(spec)
        if not t > 0:
            raise ValueError(f"set_error_clip: error_clipping_threshold must be > 0, but received {t}")
        spec = ErrorClipByValue(t)

    def hook(lay, inputs, output):
        return _clip_outputs(output, spec)

    return layer.register_forward_post_hook(hook)
