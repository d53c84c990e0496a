"""paddle.incubate.optimizer.functional.minimize_bfgs: BFGS with Paddle's strong-Wolfe line search."""
import numpy as np

from .... import tensor as _t
from .line_search import strong_wolfe
from .start import start

__all__ = ["minimize_bfgs"]


def minimize_bfgs(objective_func, initial_position, max_iters=50, tolerance_grad=1e-7, tolerance_change=1e-9,
                  initial_inverse_hessian_estimate=None, line_search_fn="strong_wolfe", max_line_search_iters=50,
                  initial_step_length=1.0, dtype="float32", name=None):
    r"""Minimise a function of one 1-D Tensor with the BFGS quasi-Newton method.

    Each step searches along p = -H g with the strong-Wolfe line search, then updates the inverse-Hessian estimate
    from s = alpha p and y = g_new - g as Paddle does, H <- (I - rho y s^T) H (I - rho s y^T) + rho s s^T with
    rho = 1 / (y . s) (1000 when y . s is 0). It stops after max_iters steps, when the largest |gradient| drops
    below tolerance_grad or the largest |p| below tolerance_change (both count as converged), or when the line
    search returns a zero step.

    Args:
        objective_func (Callable): Tensor of shape [n] -> scalar Tensor, differentiable.
        initial_position (Tensor): the start point, shape [n].
        max_iters (int, optional): most iterations. Default 50.
        tolerance_grad (float, optional): gradient infinity-norm threshold. Default 1e-7.
        tolerance_change (float, optional): search-direction infinity-norm threshold. Default 1e-9.
        initial_inverse_hessian_estimate (Tensor, optional): symmetric positive definite [n, n]; the identity
            when None.
        line_search_fn (str, optional): only 'strong_wolfe'.
        max_line_search_iters (int, optional): most line-search iterations. Default 50.
        initial_step_length (float, optional): the line search's first trial step. Default 1.0.
        dtype (str, optional): 'float32' or 'float64'. Default 'float32'.
        name (str, optional): unused.

    Returns:
        tuple: (is_converge bool [1], num_func_calls int64 [1], position [n], objective value, objective gradient
        [n], inverse Hessian estimate [n, n]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> def func(x):
            ...     return paddle.dot(x, x)
            >>> x0 = paddle.to_tensor([1.3, 2.7])
            >>> results = paddle.incubate.optimizer.functional.minimize_bfgs(func, x0)
            >>> print(bool(results[0]), results[2].numpy())
            True [0. 0.]
    """
    hk, xk, value, g1 = start(objective_func, initial_position, initial_inverse_hessian_estimate, line_search_fn,
                              dtype)
    hk = hk.clone().detach()
    eye = _t.eye(initial_position.shape[0], dtype=dtype)
    calls = 1
    done = converged = False
    k = 0
    while k < max_iters and not done:
        pk = -_t.matmul(hk, g1)
        alpha, value, g2, ls_calls = strong_wolfe(objective_func, xk, pk, max_iters=max_line_search_iters,
                                                  initial_step_length=initial_step_length, dtype=dtype)
        calls += int(ls_calls)
        sk = alpha * pk
        yk = g2 - g1
        xk = xk + sk
        g1 = g2
        s_row, y_row = sk.unsqueeze(0), yk.unsqueeze(0)
        rho_inv = _t.dot(y_row, s_row)
        rho = _t.full([1], 1000.0, dtype) if bool(rho_inv == 0.0) else 1.0 / rho_inv
        left = eye - rho * s_row * y_row.t()     # (I - rho y s^T): row s times column y
        right = eye - rho * y_row * s_row.t()    # (I - rho s y^T)
        hk = _t.matmul(_t.matmul(left, hk), right) + rho * s_row * s_row.t()
        k += 1
        done = bool(_t.linalg.norm(g1, p=np.inf) < tolerance_grad) or bool(
            _t.linalg.norm(pk, p=np.inf) < tolerance_change)
        converged = done
        done = done or bool(alpha == 0.0)
    return (_t.full([1], converged, "bool"), _t.full([1], calls, "int64"), xk, value, g1, hk)
