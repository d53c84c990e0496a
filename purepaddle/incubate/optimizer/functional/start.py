"""The start both quasi-Newton minimisers share: check the inputs as Paddle does, take the first value/gradient."""
from .... import tensor as _t
from ...._core.tensor import Tensor
from .line_search import value_and_gradient

__all__ = ["start"]


def _check_tensor(value):
    if not isinstance(value, Tensor):
        raise ValueError(f"The input: {value} must be tensor.")


def _check_inverse_hessian(h0):
    """A ValueError unless h0 is symmetric and positive definite (its Cholesky factorisation exists)."""
    message = ("The initial_inverse_hessian_estimate should be symmetric and positive definite, but the specified "
               "is not.")
    if not bool(_t.all(_t.equal(h0, h0.t()))):
        raise ValueError(message)
    try:
        factor = _t.linalg.cholesky(h0)
    except (RuntimeError, ValueError):
        raise ValueError(message) from None
    if not bool(_t.all(_t.isfinite(factor))):
        raise ValueError(message)


def start(objective_func, initial_position, initial_inverse_hessian_estimate, line_search_fn, dtype):
    """(H0, x0, f(x0), grad f(x0)) after Paddle's checks; H0 is the identity when no estimate is given."""
    if dtype not in ("float32", "float64"):
        raise ValueError(f"The dtype must be 'float32' or 'float64', but the specified is {dtype}.")
    _check_tensor(initial_position)
    if initial_inverse_hessian_estimate is None:
        h0 = _t.eye(initial_position.shape[0], dtype=dtype)
    else:
        _check_tensor(initial_inverse_hessian_estimate)
        _check_inverse_hessian(initial_inverse_hessian_estimate)
        h0 = initial_inverse_hessian_estimate
    if line_search_fn != "strong_wolfe":
        raise NotImplementedError(
            f"Currently only support line_search_fn = 'strong_wolfe', but the specified is '{line_search_fn}'")
    xk = initial_position.detach().clone()
    value, g1 = value_and_gradient(objective_func, xk)
    return h0, xk, value, g1
