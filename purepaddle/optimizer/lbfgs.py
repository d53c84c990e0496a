"""paddle.optimizer.LBFGS: limited-memory BFGS with an optional strong-Wolfe line search.

The algorithm runs on one flat NumPy vector of all parameters (gradients gathered, directions
applied in place); the closure re-evaluates the loss and its gradients when the line search asks.
"""
import math
from collections import defaultdict

import numpy as np

from .._core.mode import enable_grad
from .._core.tensor import Tensor
from .optimizer import OPTIMIZER_STEP, Optimizer, _GradOff
from .optimizer_state import _dygraph_only

__all__ = ["LBFGS"]


def _cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """Minimiser of the cubic through (x1, f1, g1) and (x2, f2, g2), clamped to `bounds`."""
    lo, hi = bounds if bounds is not None else (min(x1, x2), max(x1, x2))
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 * d1 - g1 * g2
    if d2_square < 0:
        return (lo + hi) / 2.0
    d2 = math.sqrt(d2_square)
    if x1 <= x2:
        pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(pos, lo), hi)


def _strong_wolfe(obj, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9, max_ls=25):
    """Line search for a step t along d meeting the strong Wolfe conditions (bracketing, then zoom).

    obj(x, t, d) -> (loss, flat grad) at x + t d. Returns (loss, grad, t, evaluations).
    """
    d_norm = float(np.abs(d).max())
    f_new, g_new = obj(x, t, d)
    evals = 1
    gtd_new = float(g_new @ d)
    t_prev, f_prev, g_prev, gtd_prev = 0.0, f, g.copy(), gtd
    done = False
    it = 0
    while it < max_ls:
        if f_new > f + c1 * t * gtd or (it > 1 and f_new >= f_prev):
            bracket, bf, bg, bgtd = [t_prev, t], [f_prev, f_new], [g_prev, g_new.copy()], [gtd_prev, gtd_new]
            break
        if abs(gtd_new) <= -c2 * gtd:
            bracket, bf, bg, bgtd = [t], [f_new], [g_new], [gtd_new]
            done = True
            break
        if gtd_new >= 0:
            bracket, bf, bg, bgtd = [t_prev, t], [f_prev, f_new], [g_prev, g_new.copy()], [gtd_prev, gtd_new]
            break
        lo, hi = t + 0.01 * (t - t_prev), t * 10
        t_prev, t = t, _cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, bounds=(lo, hi))
        f_prev, g_prev, gtd_prev = f_new, g_new.copy(), gtd_new
        f_new, g_new = obj(x, t, d)
        evals += 1
        gtd_new = float(g_new @ d)
        it += 1
    if it == max_ls:
        bracket, bf, bg, bgtd = [0.0, t], [f, f_new], [g, g_new], [gtd, gtd_new]

    # zoom: shrink the bracket until a point satisfies the conditions
    insufficient = False
    low, high = (0, 1) if bf[0] <= bf[-1] else (1, 0)
    while not done and it < max_ls:
        if abs(bracket[1] - bracket[0]) * d_norm < tolerance_change:
            break
        t = _cubic_interpolate(bracket[0], bf[0], bgtd[0], bracket[1], bf[1], bgtd[1])
        top, bottom = max(bracket), min(bracket)
        eps = 0.1 * (top - bottom)
        if min(top - t, t - bottom) < eps:
            # too close to an end: move away unless the last step already made progress
            if insufficient or t >= top or t <= bottom:
                t = top - eps if abs(t - top) < abs(t - bottom) else bottom + eps
                insufficient = False
            else:
                insufficient = True
        else:
            insufficient = False
        f_new, g_new = obj(x, t, d)
        evals += 1
        gtd_new = float(g_new @ d)
        it += 1
        if f_new > f + c1 * t * gtd or f_new >= bf[low]:
            bracket[high], bf[high], bg[high], bgtd[high] = t, f_new, g_new.copy(), gtd_new
            low, high = (0, 1) if bf[0] <= bf[1] else (1, 0)
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (bracket[high] - bracket[low]) >= 0:
                bracket[high], bf[high], bg[high], bgtd[high] = bracket[low], bf[low], bg[low], bgtd[low]
            bracket[low], bf[low], bg[low], bgtd[low] = t, f_new, g_new.copy(), gtd_new
    return bf[low], bg[low], bracket[low], evals


class LBFGS(Optimizer):
    """Limited-memory BFGS: `step(closure)` runs up to max_iter quasi-Newton iterations, the closure
    re-evaluating the loss (and calling backward) whenever a new point is tried.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> net = paddle.nn.Linear(10, 10)
            >>> inputs = paddle.rand([10, 10])
            >>> targets = inputs * 2
            >>> opt = paddle.optimizer.LBFGS(learning_rate=1, max_iter=1, line_search_fn='strong_wolfe',
            ...                              parameters=net.parameters())
            >>> def closure():
            ...     loss = paddle.nn.functional.mse_loss(net(inputs), targets)
            ...     opt.clear_grad()
            ...     loss.backward()
            ...     return loss
            >>> loss = opt.step(closure)
    """

    def __init__(self, learning_rate=1.0, max_iter=20, max_eval=None, tolerance_grad=1e-7, tolerance_change=1e-9,
                 history_size=100, line_search_fn=None, parameters=None, weight_decay=None, grad_clip=None,
                 name=None):
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        self.learning_rate = learning_rate
        self.max_iter = max_iter
        self.max_eval = max_eval
        self.tolerance_grad = tolerance_grad
        self.tolerance_change = tolerance_change
        self.history_size = history_size
        self.line_search_fn = line_search_fn
        if isinstance(parameters, Tensor):
            raise TypeError("parameters argument given to the optimizer should be an iterable of Tensors or dicts, "
                            f"but got {type(parameters)}")
        self.state = defaultdict(dict)
        super().__init__(learning_rate=1.0, parameters=parameters, weight_decay=weight_decay, grad_clip=grad_clip,
                         name=name)
        self._params = self._all_params()
        self._numel_cache = None

    def state_dict(self):
        """{'state': the algorithm's state} (func_evals, n_iter, history of steps and gradient changes)."""
        return {"state": dict(self.state)}

    def _numel(self):
        if self._numel_cache is None:
            self._numel_cache = sum(int(p.size) for p in self._params)
        return self._numel_cache

    def _gather_flat_grad(self):
        return np.concatenate([np.zeros(p._data.size, p._data.dtype) if p._grad is None else p._grad._data.reshape(-1)
                               for p in self._params])

    def _add_grad(self, alpha, direction):
        offset = 0
        for p in self._params:
            n = p._data.size
            if not p._data.flags.writeable:
                p._data = p._data.copy()
            p._data += (direction[offset:offset + n] * alpha).reshape(p._data.shape).astype(p._data.dtype, copy=False)
            p._version += 1
            offset += n
        assert offset == self._numel()

    def _clone_param(self):
        return [p._data.copy() for p in self._params]

    def _set_param(self, data):
        for p, a in zip(self._params, data):
            p._data = a.copy()
            p._version += 1

    def _directional_evaluate(self, closure, x, alpha, d):
        self._add_grad(alpha, d)
        loss = float(closure())
        flat_grad = self._gather_flat_grad()
        self._set_param(x)
        return loss, flat_grad

    def step(self, closure):
        """Run the L-BFGS iterations; `closure()` clears the gradients, computes the loss, calls backward and
        returns the loss. Returns the loss of the first evaluation."""
        around = OPTIMIZER_STEP.active
        if around is not None:
            return around(self, LBFGS._plain_step, (closure,), {})
        return LBFGS._plain_step(self, closure)

    def _plain_step(self, closure):
        """step() without the optimizer_step hook."""
        _dygraph_only("step")
        closure = enable_grad()(closure)
        with _GradOff():
            return self._run(closure)

    def _run(self, closure):
        lr, tol_grad, tol_change = self.learning_rate, self.tolerance_grad, self.tolerance_change
        state = self.state
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)
        orig_loss = closure()
        loss = float(orig_loss)
        evals = 1
        state["func_evals"] += 1
        g = self._gather_flat_grad()
        if np.abs(g).max() <= tol_grad:
            return orig_loss
        d, alpha = state.get("d"), state.get("alpha")
        old_yk, old_sk, ro = state.get("old_yk"), state.get("old_sk"), state.get("ro")
        h_diag, prev_g, prev_loss = state.get("H_diag"), state.get("prev_flat_grad"), state.get("prev_loss")
        n_iter = 0
        while n_iter < self.max_iter:
            n_iter += 1
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                d = -g
                old_yk, old_sk, ro = [], [], []
                h_diag = 1.0
            else:
                d = self._direction(g, prev_g, d, alpha, old_yk, old_sk, ro, h_diag, state)
                h_diag = state["H_diag"]
            prev_g = g.copy()
            prev_loss = loss
            alpha = (min(1.0, 1.0 / float(np.abs(g).sum())) if state["n_iter"] == 1 else 1.0) * lr
            gtd = float(g @ d)
            if gtd > -tol_change:
                break  # not a descent direction
            ls_evals = 0
            if self.line_search_fn is not None:
                if self.line_search_fn != "strong_wolfe":
                    raise RuntimeError("only 'strong_wolfe' is supported")
                x0 = self._clone_param()
                loss, g, alpha, ls_evals = _strong_wolfe(
                    lambda x, t, dd: self._directional_evaluate(closure, x, t, dd), x0, alpha, d, loss, g, gtd)
                self._add_grad(alpha, d)
                converged = np.abs(g).max() <= tol_grad
            else:
                self._add_grad(alpha, d)
                converged = False
                if n_iter != self.max_iter:
                    loss = float(closure())
                    g = self._gather_flat_grad()
                    converged = np.abs(g).max() <= tol_grad
                    ls_evals = 1
            evals += ls_evals
            state["func_evals"] += ls_evals
            if (converged or np.abs(d * alpha).max() <= tol_change or abs(loss - prev_loss) < tol_change
                    or evals >= self.max_eval or n_iter == self.max_iter):
                break
        state.update(d=d, alpha=alpha, old_yk=old_yk, old_sk=old_sk, ro=ro, H_diag=h_diag, prev_flat_grad=prev_g,
                     prev_loss=prev_loss)
        return orig_loss

    def _direction(self, g, prev_g, d, alpha, old_yk, old_sk, ro, h_diag, state):
        """The two-loop recursion: -H g from the stored curvature pairs (updated with the last step)."""
        y = g - prev_g
        s = d * alpha
        ys = float(y @ s)
        if ys > 1e-10:  # keep the pair only when the curvature condition holds
            if len(old_yk) == self.history_size:
                old_yk.pop(0)
                old_sk.pop(0)
                ro.pop(0)
            old_yk.append(y)
            old_sk.append(s)
            ro.append(1.0 / ys)
            h_diag = ys / float(y @ y)
        state["H_diag"] = h_diag
        al = state.setdefault("al", [None] * self.history_size)
        q = -g
        for i in range(len(old_yk) - 1, -1, -1):
            al[i] = float(old_sk[i] @ q) * ro[i]
            q = q - old_yk[i] * al[i]
        r = q * h_diag
        for i in range(len(old_yk)):
            be = float(old_yk[i] @ r) * ro[i]
            r = r + old_sk[i] * (al[i] - be)
        return r

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Not supported: LBFGS needs a closure; use step(closure)."""
        raise NotImplementedError("LBFGS optimizer does not use this way to minimize loss. Please refer 'Examples' "
                                  "of LBFGS() for usage.")
