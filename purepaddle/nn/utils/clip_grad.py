"""clip_grad_norm_ and clip_grad_value_: clip the .grad of parameters in place (dygraph only)."""
import numpy as np

from ..._core.dispatch import building_program
from ..._core.tensor import Tensor

__all__ = ["clip_grad_norm_", "clip_grad_value_"]


def _vector_norm(a, p):
    """Paddle's linalg.norm of a flattened array for p in {inf, 0, 1, 2}, in a's dtype."""
    a = a.reshape(-1)
    if p == np.inf:
        return np.abs(a).max() if a.size else a.dtype.type(0)
    if p == 0:
        return a.dtype.type(np.count_nonzero(a))
    if p == 1:
        return np.abs(a).sum(dtype=a.dtype)
    return np.sqrt(np.dot(a, a))


def _grads(parameters):
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    return [p.grad for p in parameters if p.grad is not None]


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """Scale the gradients so their total `norm_type` norm is at most max_norm; returns that total norm.

    The coefficient is min(max_norm / (total_norm + 1e-6), 1); gradients are scaled in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> linear(paddle.uniform([10, 10], min=-10.0, max=10.0)).sum().backward()
            >>> total = paddle.nn.utils.clip_grad_norm_(linear.parameters(), max_norm=1.0)
            >>> norm = paddle.sqrt(sum((p.grad ** 2).sum() for p in linear.parameters()))
            >>> bool(norm <= 1.0 + 1e-5)
            True
    """
    if building_program():  # works on the gradients' values
        raise RuntimeError("this API can only run in dynamic mode.")
    supported = [float("inf"), 0, 1, 2]
    if norm_type not in supported:
        raise ValueError(f"norm_type only support {supported}")
    grads = _grads(parameters)
    max_norm, norm_type = float(max_norm), float(norm_type)
    if not grads:
        return Tensor(np.asarray(0.0, dtype=np.float32))
    norms = np.stack([_vector_norm(g._data, norm_type) for g in grads])
    total = norms.max() if norm_type == np.inf else _vector_norm(norms, norm_type)
    if error_if_nonfinite and not np.isfinite(total):
        raise RuntimeError(f"The total norm of {norm_type} order of the gradients from `parameters` is non-finite, "
                           "so it cannot be clipped. In any case, disable this error and scale the gradient by "
                           "non-finite norm, set `error_if_nonfinite=False`")
    coef = min(total.dtype.type(max_norm) / (total + total.dtype.type(1e-6)), total.dtype.type(1.0))
    for g in grads:
        a = g._data
        g._set_data(a * a.dtype.type(coef))  # a fresh buffer: gradients may share arrays
    return Tensor(np.asarray(total))


def clip_grad_value_(parameters, clip_value):
    """Clamp every gradient element into [-clip_value, clip_value], in place.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> linear(paddle.uniform([10, 10], min=-10.0, max=10.0)).sum().backward()
            >>> paddle.nn.utils.clip_grad_value_(linear.parameters(), clip_value=1.0)
            >>> bool(all((p.grad.abs() <= 1.0).all() for p in linear.parameters()))
            True
    """
    if building_program():  # works on the gradients' values
        raise RuntimeError("this API can only run in dynamic mode.")
    v = float(clip_value)
    for g in _grads(parameters):
        a = g._data
        g._set_data(np.clip(a, a.dtype.type(-v), a.dtype.type(v)))
