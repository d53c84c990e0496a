"""The multivariate normal distribution, parameterised by a covariance, a precision or a scale_tril matrix."""
import math
from collections.abc import Sequence

from .. import tensor as _T
from .. import linalg as _linalg
from .._core.dtype import get_default_dtype
from .._core.mode import no_grad
from .distribution import Distribution


def _dtype_name(dtype):
    return str(dtype).replace('paddle.', '')


def _transpose_last2(x):
    perm = list(range(x.dim()))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return x.transpose(perm)


def _precision_to_scale_tril(P):
    """The lower Cholesky factor of inv(P), from the Cholesky factor of P flipped (no explicit inverse)."""
    L_inv = _transpose_last2(_T.flip(_linalg.cholesky(_T.flip(P, (-2, -1))), (-2, -1)))
    return _linalg.triangular_solve(L_inv, _T.eye(P.shape[-1], dtype=P.dtype), upper=False)


def _batch_mahalanobis(bL, bx):
    """Squared Mahalanobis norm of bx (..., n) under L L^T, for bL (..., n, n) broadcast against bx."""
    batch = list(_T.broadcast_shape(list(bL.shape[:-2]), list(bx.shape[:-1])))
    n = bx.shape[-1]
    L = bL.expand(batch + [n, n])
    x = bx.expand(batch + [n]).unsqueeze(-1)
    return _linalg.triangular_solve(L, x, upper=False).pow(2).sum([-2, -1])


class MultivariateNormal(Distribution):
    r"""The multivariate normal distribution with mean ``loc`` and exactly one of ``covariance_matrix``,
    ``precision_matrix`` or ``scale_tril``.

    Args:
        loc (float|Tensor): The mean, shape (..., k).
        covariance_matrix (Tensor|None, optional): Positive-definite covariance (..., k, k).
        precision_matrix (Tensor|None, optional): Positive-definite precision (..., k, k).
        scale_tril (Tensor|None, optional): Lower-triangular factor of the covariance (..., k, k).

    Returns:
        MultivariateNormal: the distribution.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import MultivariateNormal
            >>> rv = MultivariateNormal(paddle.to_tensor([2., 5.]),
            ...                         covariance_matrix=paddle.to_tensor([[2., 1.], [1., 2.]]))
            >>> print(rv.entropy().numpy().round(4))
            3.3872
    """

    def __init__(self, loc, covariance_matrix=None, precision_matrix=None, scale_tril=None):
        self.dtype = get_default_dtype()
        if isinstance(loc, (float, int)):
            loc = _T.to_tensor([loc], dtype=self.dtype)
        else:
            self.dtype = _dtype_name(loc.dtype)
        if loc.dim() < 1:
            loc = loc.reshape((1,))
        self.covariance_matrix = self.precision_matrix = self.scale_tril = None
        given = [(n, m) for n, m in (('scale_tril', scale_tril), ('covariance_matrix', covariance_matrix),
                                     ('precision_matrix', precision_matrix)) if m is not None]
        if len(given) != 1:
            raise ValueError("Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
        what, matrix = given[0]
        if matrix.dim() < 2:
            raise ValueError(f"{'scale_tril matrix' if what == 'scale_tril' else what} must be at least "
                             "two-dimensional, with optional leading batch dimensions")
        matrix = _T.cast(matrix, dtype=self.dtype)
        batch_shape = tuple(_T.broadcast_shape(list(matrix.shape[:-2]), list(loc.shape[:-1])))
        setattr(self, what, matrix.expand([*batch_shape, matrix.shape[-2], matrix.shape[-1]]))
        self.loc = loc.expand([*batch_shape, -1])
        if what == 'scale_tril':
            self._unbroadcasted_scale_tril = matrix
        elif what == 'covariance_matrix':
            self._unbroadcasted_scale_tril = _linalg.cholesky(matrix)
        else:
            self._unbroadcasted_scale_tril = _precision_to_scale_tril(matrix)
        super().__init__(batch_shape, self.loc.shape[-1:])

    @property
    def mean(self):
        return self.loc

    @property
    def variance(self):
        return _T.square(self._unbroadcasted_scale_tril).sum(-1).expand(self._batch_shape + self._event_shape)

    def sample(self, shape=()):
        with no_grad():
            return self.rsample(shape)

    def rsample(self, shape=()):
        """Reparameterized samples loc + L eps."""
        if not isinstance(shape, Sequence):
            raise TypeError('sample shape must be Sequence object.')
        eps = _T.cast(_T.normal(shape=self._extend_shape(shape)), dtype=self.dtype)
        return self.loc + _T.matmul(self._unbroadcasted_scale_tril, eps.unsqueeze(-1)).squeeze(-1)

    def _half_log_det(self, L):
        return L.diagonal(axis1=-2, axis2=-1).log().sum(-1)

    def log_prob(self, value):
        value = _T.cast(value, dtype=self.dtype)
        M = _batch_mahalanobis(self._unbroadcasted_scale_tril, value - self.loc)
        return (-0.5 * (self._event_shape[0] * math.log(2 * math.pi) + M)
                - self._half_log_det(self._unbroadcasted_scale_tril))

    def prob(self, value):
        return _T.exp(self.log_prob(value))

    def entropy(self):
        H = (0.5 * self._event_shape[0] * (1.0 + math.log(2 * math.pi))
             + self._half_log_det(self._unbroadcasted_scale_tril))
        return H if len(self._batch_shape) == 0 else H.expand(self._batch_shape)

    def kl_divergence(self, other):
        if self._batch_shape != other._batch_shape and self._event_shape != other._event_shape:
            raise ValueError("KL divergence of two Multivariate Normal distributions should share the same "
                             "`batch_shape` and `event_shape`.")
        L1, L2 = self._unbroadcasted_scale_tril, other._unbroadcasted_scale_tril
        cov1, cov2 = _T.matmul(L1, _transpose_last2(L1)), _T.matmul(L2, _transpose_last2(L2))
        expectation = _linalg.solve(cov2, cov1).diagonal(axis1=-2, axis2=-1).sum(-1)
        expectation += _batch_mahalanobis(L2, self.loc - other.loc)
        return self._half_log_det(L2) - self._half_log_det(L1) + 0.5 * (expectation - self._event_shape[0])
