"""paddle.incubate.optimizer.functional.minimize_lbfgs: limited-memory BFGS with Paddle's history ring."""
import numpy as np

from .... import tensor as _t
from .line_search import strong_wolfe
from .start import start

__all__ = ["minimize_lbfgs"]


def minimize_lbfgs(objective_func, initial_position, history_size=100, max_iters=50, tolerance_grad=1e-8,
                   tolerance_change=1e-8, initial_inverse_hessian_estimate=None, line_search_fn="strong_wolfe",
                   max_line_search_iters=50, initial_step_length=1.0, dtype="float32", name=None):
    r"""Minimise a function of one 1-D Tensor with limited-memory BFGS.

    The direction comes from the two-loop recursion over the stored (s, y) pairs and H0, the step from the
    strong-Wolfe line search. The pairs sit in a ring indexed as Paddle indexes it (head and tail modulo
    history_size); once more than history_size - 1 steps are stored Paddle's ring walk never ends, and purepaddle
    raises a RuntimeError there instead (docs/conformance.md). Stopping rules as in minimize_bfgs.

    Args:
        objective_func (Callable): Tensor of shape [n] -> scalar Tensor, differentiable.
        initial_position (Tensor): the start point, shape [n].
        history_size (int, optional): ring size of the stored pairs. Default 100.
        max_iters (int, optional): most iterations. Default 50.
        tolerance_grad (float, optional): gradient infinity-norm threshold. Default 1e-8.
        tolerance_change (float, optional): search-direction infinity-norm threshold. Default 1e-8.
        initial_inverse_hessian_estimate (Tensor, optional): symmetric positive definite [n, n] H0; the
            identity when None.
        line_search_fn (str, optional): only 'strong_wolfe'.
        max_line_search_iters (int, optional): most line-search iterations. Default 50.
        initial_step_length (float, optional): the line search's first trial step. Default 1.0.
        dtype (str, optional): 'float32' or 'float64'. Default 'float32'.
        name (str, optional): unused.

    Returns:
        tuple: (is_converge bool [1], num_func_calls int64 [1], position [n], objective value, objective gradient
        [n]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> def func(x):
            ...     return paddle.dot(x, x)
            >>> x0 = paddle.to_tensor([1.3, 2.7])
            >>> results = paddle.incubate.optimizer.functional.minimize_lbfgs(func, x0)
            >>> print(bool(results[0]), results[2].numpy())
            True [0. 0.]
    """
    h0, xk, value, g1 = start(objective_func, initial_position, initial_inverse_hessian_estimate, line_search_fn,
                              dtype)
    n = initial_position.shape[0]
    zero = _t.zeros([n], dtype=dtype)
    sk_vec, yk_vec = [zero] * (history_size + 1), [zero] * (history_size + 1)
    rho_vec = [_t.zeros([1], dtype=dtype)] * (history_size + 1)
    ai_vec = list(rho_vec)
    head, tail = 1, 0
    calls, k = 1, 0
    done = converged = False

    def walk(i, stop, step):
        seen = 0
        while i != stop:
            if seen > history_size + 1:
                raise RuntimeError(
                    f"minimize_lbfgs: history_size={history_size} is too small for {k + 1} iterations: the history "
                    "ring walk of Paddle's L-BFGS never ends here (Paddle hangs); use a larger history_size")
            yield i
            seen += 1
            i = (i + step) % history_size

    while k < max_iters and not done:
        q = g1
        for i in walk((head - 1) % history_size, tail, -1):
            ai_vec[i] = rho_vec[i] * _t.dot(sk_vec[i], q)
            q = q - ai_vec[i] * yk_vec[i]
        r = _t.matmul(h0, q)
        for i in walk(tail + 1, head, 1):
            beta = rho_vec[i] * _t.dot(yk_vec[i], r)
            r = r + sk_vec[i] * (ai_vec[i] - beta)
        pk = -r
        alpha, value, g2, ls_calls = strong_wolfe(objective_func, xk, pk, max_iters=max_line_search_iters,
                                                  initial_step_length=initial_step_length, dtype=dtype)
        calls += int(ls_calls)
        sk = alpha * pk
        yk = g2 - g1
        rho_inv = _t.dot(yk, sk)
        rho = _t.full([1], 1000.0, dtype) if bool(rho_inv == 0.0) else 1.0 / rho_inv
        sk_vec[head], yk_vec[head], rho_vec[head] = sk, yk, rho.reshape([1])
        head = (head + 1) % history_size
        if head == tail:
            tail += 1
        xk = xk + sk
        g1 = g2
        k += 1
        done = bool(_t.linalg.norm(g1, p=np.inf) < tolerance_grad) or bool(
            _t.linalg.norm(pk, p=np.inf) < tolerance_change)
        converged = done
        done = done or bool(alpha == 0.0)
    return (_t.full([1], converged, "bool"), _t.full([1], calls, "int64"), xk, value, g1)
