"""The input checks minimize_bfgs and minimize_lbfgs share."""
from .... import tensor as _t
from ...._core.tensor import Tensor

__all__ = ["check_dtype", "check_tensor", "check_inverse_hessian"]


def check_dtype(dtype):
    if dtype not in ("float32", "float64"):
        raise ValueError(f"The dtype must be 'float32' or 'float64', but the specified is {dtype}.")


def check_tensor(value, name):
    if not isinstance(value, Tensor):
        raise ValueError(f"The input: {value} must be tensor.")


def check_inverse_hessian(h0):
    """A ValueError unless h0 is symmetric and positive definite (the Cholesky factorisation exists)."""
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
