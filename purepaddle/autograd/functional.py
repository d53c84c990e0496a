"""paddle.autograd.jacobian / hessian: dense derivative matrices built from paddle.grad(create_graph=True)."""
import numpy as np

from .._core.autograd import grad
from .._core.tensor import Tensor

__all__ = ["jacobian", "hessian", "Jacobian", "Hessian"]

_make = Tensor._make


def _onehot(shape, dtype, index):
    """A constant tensor of `shape`, zero except a one at flat `index` (or at column `index` of every row)."""
    a = np.zeros(shape, dtype=dtype)
    a.reshape(-1)[index] = 1
    return _make(a)


def _column(shape, dtype, col):
    a = np.zeros(shape, dtype=dtype)
    a[:, col] = 1
    return _make(a)


def _stack(rows, axis):
    """Differentiable stack of equally shaped tensors along a new `axis` (0 or 1)."""
    from .. import tensor as _tensor  # floor 4, looked up at call time
    stack = getattr(_tensor, "stack", None)
    if stack is not None:
        return stack(rows, axis=axis)
    # fallback with reshape/multiply/add only: sum_k onehot_k (x) row_k
    shape = list(rows[0].shape)
    n = len(rows)
    out = None
    for k, r in enumerate(rows):
        e_shape = [1] * (len(shape) + 1)
        e_shape[axis] = n
        e = np.zeros(e_shape, dtype=r._data.dtype)
        e.reshape(-1)[k] = 1
        term = r.reshape(shape[:axis] + [1] + shape[axis:]) * _make(e)
        out = term if out is None else out + term
    return out


def _grad_or_zeros(y, x, g_out):
    (g,) = grad(y, x, grad_outputs=g_out, retain_graph=True, create_graph=True, allow_unused=True)
    if g is None:
        g = _make(np.zeros(x._data.shape, dtype=x._data.dtype))
    return g


class Jacobian:
    """The Jacobian of ys with respect to xs, evaluated on first use; index it like a Tensor (J[:], J[0])."""

    def __init__(self, ys, xs, is_batched=False):
        _check_ndim(xs, "xs", is_batched)
        _check_ndim(ys, "ys", is_batched)
        self._ys, self._xs, self._batched = ys, xs, is_batched
        self._value = None

    @property
    def shape(self):
        y, x = list(self._ys.shape), list(self._xs.shape)
        if self._batched:
            return y + x[1:]
        return y + x

    def _evaluate(self):
        if self._value is None:
            y, x = self._ys, self._xs
            dt = y._data.dtype
            if not self._batched:
                if y.ndim == 0:
                    self._value = _grad_or_zeros(y, x, None)
                else:
                    rows = [_grad_or_zeros(y, x, _onehot(y._data.shape, dt, i)) for i in range(y._data.shape[0])]
                    self._value = _stack(rows, 0)
            elif y.ndim == 1:
                self._value = _grad_or_zeros(y, x, None)
            else:
                rows = [_grad_or_zeros(y, x, _column(y._data.shape, dt, m)) for m in range(y._data.shape[1])]
                self._value = _stack(rows, 1)
        return self._value

    def __getitem__(self, index):
        value = self._evaluate()
        if value.ndim == 0:
            raise IndexError("0-D tensor can not be indexed.")
        return value[index]

    def __repr__(self):
        return f"{type(self).__name__}(shape={self.shape})"


class Hessian(Jacobian):
    """The Hessian (Jacobian of the gradient) of a scalar ys with respect to xs."""


def _check_ndim(t, name, batched):
    if not isinstance(t, Tensor):
        raise TypeError(f"{name} should be a Tensor or a list/tuple of Tensors, but received {type(t).__name__}")
    if batched:
        if t.ndim not in (1, 2):
            raise ValueError(f"{name}.ndim should be 1 or 2 when is_batched=True but got {t.ndim}")
    elif t.ndim not in (0, 1):
        raise ValueError(f"{name}.ndim should be 0 or 1 when is_batched=False but got {t.ndim}")


def _batched(batch_axis):
    if batch_axis is None:
        return False
    if batch_axis == 0 and not isinstance(batch_axis, bool):
        return True
    raise ValueError(f"batch_axis should be None or 0, but got {batch_axis}.")


def jacobian(ys, xs, batch_axis=None):
    """Jacobian of ys with respect to xs (Tensors or sequences of Tensors), evaluated lazily.

    Without batch_axis, ys and xs are 0-D or 1-D and J has shape ys.shape + xs.shape; with
    batch_axis=0 they are [B] or [B, M] / [B, N] and J has shape [B, M, N].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> J = paddle.autograd.jacobian(x * x, x)
            >>> J.shape
            [2, 2]
            >>> J[:]
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[2., 0.],
                    [0., 4.]])
    """
    batched = _batched(batch_axis)
    multi_y, multi_x = isinstance(ys, (list, tuple)), isinstance(xs, (list, tuple))
    if multi_y and multi_x:
        return tuple(tuple(Jacobian(y, x, batched) for x in xs) for y in ys)
    if multi_y:
        return tuple(Jacobian(y, xs, batched) for y in ys)
    if multi_x:
        return tuple(Jacobian(ys, x, batched) for x in xs)
    return Jacobian(ys, xs, batched)


def hessian(ys, xs, batch_axis=None):
    """Hessian of a scalar ys (shape [] or [1]; [B] or [B, 1] with batch_axis=0) with respect to xs.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> H = paddle.autograd.hessian((x * x * x).sum(), x)
            >>> H[:]
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[6. , 0. ],
                    [0. , 12.]])
    """
    batched = _batched(batch_axis)
    if not isinstance(ys, Tensor):
        raise TypeError(f"ys should be a Tensor, but received {type(ys).__name__}")
    if not batched:
        if ys.size != 1:
            raise ValueError(f"Only support ys.numel()({ys.size})==1 when batch_axis is None.")
        ys = ys.reshape([])
    else:
        per = ys.size // ys.shape[0] if ys.ndim else ys.size
        if ys.ndim == 0 or per != 1:
            raise ValueError(f"Only support ys[0].numel()({per})==1 when batch_axis is int")
        ys = ys.reshape([ys.shape[0]])
    multi_x = isinstance(xs, (list, tuple))
    xs_list = list(xs) if multi_x else [xs]
    for x in xs_list:
        _check_ndim(x, "xs", batched)
    grads = grad(ys, xs_list, retain_graph=True, create_graph=True, allow_unused=True)
    grads = [g if g is not None else _make(np.zeros(x._data.shape, dtype=x._data.dtype))
             for g, x in zip(grads, xs_list)]
    if multi_x:
        return tuple(tuple(Hessian(g, x, batched) for x in xs_list) for g in grads)
    return Hessian(grads[0], xs_list[0], batched)
