"""Regression loss layers of paddle.nn: MSELoss, L1Loss, SmoothL1Loss, PoissonNLLLoss, GaussianNLLLoss."""

from __future__ import annotations

from ... import functional as F
from ...functional._param_alias import param_alias
from ..layers import Layer
from ....tensor._check import check_reduction
from ._reduction import _legacy_reduction


class MSELoss(Layer):
    """Mean squared error (see F.mse_loss).

    Args:
        reduction (str, optional): How the per-element losses are combined: 'mean', 'sum' or 'none'. Default:
            "mean".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.MSELoss()(paddle.to_tensor([1.5]), paddle.to_tensor([1.7]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.04000002)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in ("sum", "mean", "none"):
            raise ValueError(f"'reduction' in 'MSELoss' should be 'sum', 'mean' or 'none', but received {reduction}.")
        self.reduction = reduction

    def forward(self, input, label):
        return F.mse_loss(input, label, self.reduction)


class L1Loss(Layer):
    """Mean absolute error (see F.l1_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.L1Loss(reduction='sum')(paddle.to_tensor([1.5, 0.8]), paddle.to_tensor([1.7, 1.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.40000004)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", name=None):
        check_reduction(reduction, "The value of 'reduction' in L1Loss")
        super().__init__()
        self.reduction = reduction
        self.name = name

    def forward(self, input, label):
        return F.l1_loss(input, label, self.reduction, name=self.name)


class PoissonNLLLoss(Layer):
    """Poisson negative log likelihood (see F.poisson_nll_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.PoissonNLLLoss()(paddle.to_tensor([0.5, 1.0]), paddle.to_tensor([1.0, 2.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.93350160)
    """

    @_legacy_reduction(2, 4)
    def __init__(self, log_input=True, full=False, epsilon=1e-8, reduction="mean", name=None):
        if epsilon <= 0:
            raise ValueError(f"The value of `epsilon` in PoissonNLLLoss should be positive, but received "
                             f"{epsilon:f}, which is not allowed")
        check_reduction(reduction, "The value of 'reduction' in PoissonNLLLoss")
        super().__init__()
        self._log_input = log_input
        self._full = full
        self._epsilon = epsilon
        self._reduction = reduction
        self._name = name

    def forward(self, input, label):
        return F.poisson_nll_loss(input, label, log_input=self._log_input, full=self._full, epsilon=self._epsilon,
                                  reduction=self._reduction, name=self._name)


class SmoothL1Loss(Layer):
    """Huber loss (see F.smooth_l1_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.SmoothL1Loss()(paddle.to_tensor([0.0, 3.0]), paddle.to_tensor([0.5, 0.0]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   1.31250000)
    """

    @_legacy_reduction(0, 1)
    def __init__(self, reduction="mean", delta=1.0, is_huber=True, name=None):
        super().__init__()
        self.reduction = reduction
        self.delta = delta
        self.is_huber = is_huber
        self.name = name

    @param_alias(target="label")
    def forward(self, input, label):
        return F.smooth_l1_loss(input, label, reduction=self.reduction, delta=self.delta, is_huber=self.is_huber,
                                name=self.name)


class GaussianNLLLoss(Layer):
    """Gaussian negative log likelihood (see F.gaussian_nll_loss).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> m = paddle.nn.GaussianNLLLoss()
            >>> m(paddle.to_tensor([[0.5, 1.0]]), paddle.to_tensor([[0.2, 0.1]]), paddle.ones([1, 2]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   0.22499999)
    """

    def __init__(self, full=False, epsilon=1e-6, reduction="mean", name=None):
        check_reduction(reduction, "The value of 'reduction' in GaussianNLLLoss")
        super().__init__()
        self.full = full
        self.epsilon = epsilon
        self.reduction = reduction
        self.name = name

    def forward(self, input, label, variance):
        return F.gaussian_nll_loss(input, label, variance, self.full, self.epsilon, self.reduction, self.name)
