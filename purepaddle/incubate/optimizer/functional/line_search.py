"""The strong-Wolfe line search of paddle.incubate.optimizer.functional, step for step as Paddle runs it.

Paddle's search is written as static while-loops over in-place `assign`s; run eagerly, those assigns alias the
caller's tensors, which fixes a few of its choices that differ from the textbook (Nocedal & Wright, Alg. 3.5/3.6):
the bracketing phase keeps using phi'(0) as the derivative at its lower end, accepts "phi rose" only from the third
trial on (i > 1), a zoom iteration that finishes is not counted among the function calls, and the zoom returns its
final lower end. Matching those keeps the iterates (and the call counts) equal to Paddle's.
"""
from .... import tensor as _t
from ...._core.autograd import grad as _grad

__all__ = ["value_and_gradient", "strong_wolfe"]


def value_and_gradient(f, x):
    """(f(x), df/dx) at x, both detached (first order only)."""
    x = x.detach()
    x.stop_gradient = False
    value = f(x)
    gradient = _grad([value], [x], create_graph=False)[0]
    return value.detach(), gradient.detach()


def _cubic_min(x1, f1, g1, x2, f2, g2):
    """Minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2), clipped to [min, max] of x1, x2."""
    xmin, xmax = (x1, x2) if bool(x1 <= x2) else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if not bool(d2_square >= 0.0):
        return (xmin + xmax) / 2.0
    d2 = d2_square.sqrt()
    if bool(x1 <= x2):
        pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return pos.maximum(xmin).minimum(xmax)


def strong_wolfe(f, xk, pk, max_iters=20, tolerance_change=1e-8, initial_step_length=1.0, c1=1e-4, c2=0.9,
                 alpha_max=10, dtype="float32"):
    """Step length along pk satisfying the strong Wolfe conditions.

    Args:
        f (Callable): the objective, Tensor -> scalar Tensor.
        xk (Tensor): the start point, 1-D.
        pk (Tensor): the search direction, 1-D.
        max_iters (int, optional): most bracketing (and, per zoom, zoom) iterations. Default 20.
        tolerance_change (float, optional): the zoom stops when its bracket is narrower. Default 1e-8.
        initial_step_length (float, optional): the first trial step. Default 1.0.
        c1 (float, optional): sufficient-decrease constant. Default 1e-4.
        c2 (float, optional): curvature constant. Default 0.9.
        alpha_max (float, optional): the largest trial step. Default 10.
        dtype (str, optional): dtype of the step ("float32" or "float64"). Default "float32".

    Returns:
        tuple: (alpha, f(xk + alpha pk), its gradient, number of function calls), alpha of shape [1].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.incubate.optimizer.functional.line_search import strong_wolfe
            >>> f = lambda x: (x * x).sum()
            >>> x = paddle.to_tensor([1.0, 2.0])
            >>> alpha, value, g, calls = strong_wolfe(f, x, -2 * x)
            >>> print(float(value))
            0.0
    """
    def phi(a):
        value, g = value_and_gradient(f, xk + a * pk)
        return value, g, g.dot(pk)

    def zoom(lo, hi, phi_0, derphi_0):
        # lo, hi: [a, phi(a), phi'(a)] (+ grad for lo); returns the zoom's count of function calls
        j = 0
        while j < max_iters and not bool((hi[0] - lo[0]).abs() < tolerance_change):
            aj = _cubic_min(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2])
            if bool(((aj - lo[0]).abs().minimum((aj - hi[0]).abs())) < 0.1 * (hi[0] - lo[0]).abs()):
                aj = 0.5 * (lo[0] + hi[0])
            phi_j, derf_j, derphi_j = phi(aj)
            done = False
            if bool((phi_j > phi_0 + c1 * aj * derphi_0) | (phi_j >= lo[1])):
                hi[:] = [aj, phi_j, derphi_j]
            else:
                done = bool(derphi_j.abs() <= -c2 * derphi_0)
                if not done and bool(derphi_j * (hi[0] - lo[0]) >= 0):
                    hi[:] = lo[:3]
                lo[:] = [aj, phi_j, derphi_j, derf_j]
            if done:
                break
            j += 1
        return j

    alpha_max = _t.full([1], alpha_max, dtype)
    a1 = _t.full([1], 0.0, dtype)
    a2 = _t.full([1], initial_step_length, dtype)
    phi_1, derf_1, derphi_0 = phi(a1)
    phi_0 = phi_1
    calls = 1
    star = (_t.full([1], 0, dtype), phi_1, derf_1)
    for i in range(max_iters):
        phi_2, derf_2, derphi_2 = phi(a2)
        calls += 1
        if bool((phi_2.isinf()).any()):
            break
        if bool(phi_2 > phi_0 + c1 * a2 * derphi_0) or (i > 1 and bool(phi_2 >= phi_1)):
            lo = [a1, phi_1, derphi_0, derf_1]  # Paddle's bracketing keeps phi'(0) as the lower end's slope
            calls += zoom(lo, [a2, phi_2, derphi_2], phi_0, derphi_0)
            star = (lo[0], lo[1], lo[3])
            break
        if bool(derphi_2.abs() <= -c2 * derphi_0):
            star = (a2, phi_2, derf_2)
            break
        if bool(derphi_2 >= 0):
            lo = [a2, phi_2, derphi_2, derf_2]
            calls += zoom(lo, [a1, phi_1, derphi_0], phi_0, derphi_0)
            star = (lo[0], lo[1], lo[3])
            break
        a1, phi_1, derf_1 = a2, phi_2, derf_2
        a2 = (2 * a2).minimum(alpha_max)
    return star[0], star[1], star[2], _t.full([1], calls, "int64")
