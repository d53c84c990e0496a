"""Regression losses of paddle.nn.functional: mse_loss, square_error_cost, l1_loss, smooth_l1_loss and the
likelihood losses poisson_nll_loss, gaussian_nll_loss.
"""

from __future__ import annotations

import math

from .... import tensor as _T
from ...._core.dispatch import apply
from ...._core.mode import no_grad
from ...._core.tensor import Tensor
from ....ops import loss as _L
from ....tensor._check import _REDUCTIONS, check_float, check_reduction, check_var, same_dims
from ._reduction import reduce_loss


def mse_loss(input, label, reduction="mean", name=None):
    """Mean squared error (input - label)^2, reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.functional.mse_loss(paddle.to_tensor([1.5, 2.0]), paddle.to_tensor([1.7, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.51999998)
    """
    if reduction not in _REDUCTIONS:
        raise ValueError(f"'reduction' in 'mse_loss' should be 'sum', 'mean' or 'none', but received {reduction}.")
    return reduce_loss(_T.square(_T.subtract(input, label)), reduction)


def square_error_cost(input: Tensor, label: Tensor) -> Tensor:
    """Elementwise (input - label)^2.

    Args:
        input (Tensor): The predictions.
        label (Tensor): The targets, same shape.

    Returns:
        Tensor: (input - label) ** 2, elementwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.to_tensor([1.1, 1.9])
            >>> label = paddle.to_tensor([1.0, 2.0])
            >>> paddle.nn.functional.square_error_cost(input, label)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.01000000, 0.01000000])
    """
    return _T.square(_T.subtract(input, label))


def l1_loss(input, label, reduction="mean", name=None):
    """Mean absolute error |input - label|, reduced by `reduction`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> input = paddle.to_tensor([[1.5, 0.8], [0.2, 1.3]])
            >>> label = paddle.to_tensor([[1.7, 1.0], [0.4, 0.5]])
            >>> paddle.nn.functional.l1_loss(input, label, reduction='sum')
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   1.39999998)
    """
    check_reduction(reduction, "The value of 'reduction' in L1Loss")
    return reduce_loss(_T.abs(_T.subtract(input, label)), reduction)


def smooth_l1_loss(input, label, reduction="mean", delta=1.0, is_huber=True, name=None):
    """Huber loss: 0.5 r^2 for |r| <= delta, delta (|r| - delta / 2) beyond (divided by delta unless is_huber).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([0.0, 1.0, 3.0])
            >>> y = paddle.to_tensor([0.5, -1.0, 3.2])
            >>> paddle.nn.functional.smooth_l1_loss(x, y, reduction='none')
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.12500000, 1.50000000, 0.02000001])
    """
    check_float(input, "smooth_l1_loss")
    check_float(label, "smooth_l1_loss", "label")
    xs, ls = list(input.shape), list(label.shape)
    if not same_dims(xs, ls):
        raise ValueError(f"(InvalidArgument) The Input(input) and Input(label) should have the same shape, but "
                         f"received input shape {xs} != label shape {ls}")
    out, _ = apply(_L.HuberLoss, input, label, delta=float(delta))
    if not is_huber:
        out = out / delta
    check_reduction(reduction, "The value of 'reduction' in smooth_l1_loss")
    return reduce_loss(out, reduction)


def poisson_nll_loss(input, label, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
    """Poisson negative log likelihood: exp(input) - label * input (or input - label * log(input + eps)).

    full adds the Stirling term label log(label) - label + 0.5 log(2 pi label) where label > 1.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.poisson_nll_loss(paddle.to_tensor([0.5, 1.0]), paddle.to_tensor([1.0, 2.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.93350160)
    """
    if epsilon <= 0:
        raise ValueError(f"The value of `epsilon` in poisson_nll_loss should be positive, but received {epsilon:f}, "
                         "which is not allowed")
    check_reduction(reduction, "The value of 'reduction' in poisson_nll_loss")
    check_float(input, "poisson_nll_loss")
    check_float(label, "poisson_nll_loss", "label")
    if list(input.shape) != list(label.shape):
        raise ValueError("input's shape must equal to label's shape")
    if log_input:
        loss = _T.exp(input) - label * input
    else:
        loss = input - label * _T.log(input + epsilon)
    if full:
        stirling = label * _T.log(label) - label + 0.5 * _T.log(2 * math.pi * label)
        loss = loss + _T.where(label > 1, stirling, _T.zeros_like(stirling))
    return reduce_loss(loss, reduction)


def gaussian_nll_loss(input, label, variance, full=False, epsilon=1e-6, reduction="mean", name=None):
    """Gaussian negative log likelihood 0.5 (log(var) + (input - label)^2 / var) (+ 0.5 log(2 pi) if full).

    As in Paddle, the variance is clamped at epsilon without gradient: it receives none.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[0.5, 1.0]])
            >>> y = paddle.to_tensor([[0.2, 0.1]])
            >>> F.gaussian_nll_loss(x, y, paddle.ones([1, 2]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.22499999)
    """
    check_var(input, "gaussian_nll_loss", "input")
    check_var(variance, "gaussian_nll_loss", "variance")
    ishape, vshape = list(input.shape), list(variance.shape)
    if vshape != ishape:
        if ishape[:-1] == vshape:
            variance = variance.unsqueeze(-1)
        elif not (ishape[:-1] == vshape[:-1] and vshape[-1] == 1):
            raise ValueError("variance is of incorrect shape")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError(reduction + " is not valid")
    if isinstance(input, Tensor):  # Paddle's eager checks (static programs get check_float's TypeError)
        if input.dtype.name not in ("float32", "float64"):
            raise ValueError("The data type of input Variable must be 'float32' or 'float64'")
        if label.dtype.name not in ("float32", "float64"):
            raise ValueError("The data type of label Variable must be 'float32', 'float64'")
    check_float(input, "gaussian_nll_loss", "Input")
    check_float(label, "gaussian_nll_loss", "Label")
    check_float(variance, "gaussian_nll_loss", "Variance")
    if isinstance(variance, Tensor) and bool((variance._data < 0).any()):
        raise ValueError("variance has negative entry/entries")
    with no_grad():
        variance = _T.clip(variance, min=epsilon)
    loss = 0.5 * (_T.log(variance) + _T.square(input - label) / variance)
    if full:
        loss = loss + 0.5 * math.log(2 * math.pi)
    return reduce_loss(loss, reduction)
