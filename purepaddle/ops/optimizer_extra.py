"""The newer optimizer update ops, with Paddle's lower-case slots: nadam, radam, asgd, rprop.

Same conventions as ops/optimizer.py: `update` works in place on the state arrays, `forward` on
copies. Their accumulators are elementwise (shaped like the parameter), as Paddle lays them out.
"""
import numpy as np

from .optimizer import _dense, _scalar, _sync, _target, _Update, _update_op

__all__ = ["NAdam", "RAdam", "ASGD", "Rprop"]


class _Lower(_Update):
    param_slot, grad_slot, lr_slot, out_suffix = "param", "grad", "learning_rate", "_out"


@_update_op("nadam")
class NAdam(_Lower):
    """Nesterov Adam with momentum decay (mu_t = beta1 (1 - 0.5 * 0.96^(t * momentum_decay)))."""

    inputs = ("param", "grad", "learning_rate", "momentum_decay_pow", "beta2_pow", "mu_product", "moment1",
              "moment2", "master_param")
    outputs = ("param_out", "momentum_decay_pow_out", "beta2_pow_out", "mu_product_out", "moment1_out",
               "moment2_out", "master_param_out")
    state = ("param", "momentum_decay_pow", "beta2_pow", "mu_product", "moment1", "moment2", "master_param")

    def update(self, xp, param, grad, lr, md_pow, b2_pow, mu_prod, m1, m2, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = m1.dtype.type
        g = _dense(g)
        b1, b2, eps = T(a.get("beta1", 0.9)), T(a.get("beta2", 0.999)), T(a.get("epsilon", 1e-8))
        md, one, half, base = T(a.get("momentum_decay", 0.004)), T(1), T(0.5), T(0.96)
        md_pow *= base
        b2_pow *= b2
        mu_t = b1 * (one - half * md_pow ** md)
        mu_t1 = b1 * (one - half * (md_pow * base) ** md)
        mu_prod *= mu_t
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        m1_hat = mu_t1 * m1 / (one - mu_prod * mu_t1) + (one - mu_t) * g / (one - mu_prod)
        m2_hat = m2 / (one - b2_pow)
        p -= _scalar(lr, T) * m1_hat / (np.sqrt(m2_hat) + eps)
        _sync(param, master)
        return param, md_pow, b2_pow, mu_prod, m1, m2, master


@_update_op("radam")
class RAdam(_Lower):
    """Rectified Adam: the adaptive step only once the variance estimate is tractable (rho_t > 5).

    The `rho` accumulator holds t * beta2^t / (1 - beta2^t), so rho_t = rho_inf - 2 * rho.
    """

    inputs = ("param", "grad", "learning_rate", "beta1_pow", "beta2_pow", "rho", "moment1", "moment2",
              "master_param")
    outputs = ("param_out", "beta1_pow_out", "beta2_pow_out", "rho_out", "moment1_out", "moment2_out",
               "master_param_out")
    state = ("param", "beta1_pow", "beta2_pow", "rho", "moment1", "moment2", "master_param")

    def update(self, xp, param, grad, lr, b1_pow, b2_pow, rho, m1, m2, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = m1.dtype.type
        g = _dense(g)
        b1, b2, eps = T(a.get("beta1", 0.9)), T(a.get("beta2", 0.999)), T(a.get("epsilon", 1e-8))
        one, two = T(1), T(2)
        b1_pow *= b1
        b2_pow *= b2
        rho_inf = two / (one - b2) - one
        rho[...] = (rho * (b2 - b2_pow) + b2_pow) / (one - b2_pow)
        rho_t = rho_inf - two * rho
        m1 *= b1
        m1 += (one - b1) * g
        m2 *= b2
        m2 += (one - b2) * g * g
        m1_hat = m1 / (one - b1_pow)
        four = T(4)
        with np.errstate(invalid="ignore", divide="ignore"):
            r = np.sqrt((rho_t - four) * (rho_t - two) * rho_inf / ((rho_inf - four) * (rho_inf - two) * rho_t))
            l_t = np.sqrt(one - b2_pow) / (np.sqrt(m2) + eps)
        step = np.where(rho_t > T(5), m1_hat * r * l_t, m1_hat)
        p -= _scalar(lr, T) * step
        _sync(param, master)
        return param, b1_pow, b2_pow, rho, m1, m2, master


@_update_op("asgd")
class ASGD(_Lower):
    """Averaged SGD over the last n gradients: d += grad - y; y = grad; param -= lr * d / n."""

    inputs = ("param", "grad", "learning_rate", "d", "y", "n", "master_param")
    outputs = ("param_out", "d_out", "y_out", "master_param_out")
    state = ("param", "d", "y", "master_param")

    def update(self, xp, param, grad, lr, d, y, n, master=None):
        p, g = _target(param, grad, master)
        T = d.dtype.type
        g = _dense(g)
        d -= y
        d += g
        y[...] = g
        p -= _scalar(lr, T) * d / T(np.asarray(n).reshape(-1)[0])
        _sync(param, master)
        return param, d, y, master


@_update_op("rprop")
class Rprop(_Lower):
    """Resilient propagation: per-element rates grow by etas[1] while the gradient keeps its sign and
    shrink by etas[0] when it flips (that step is skipped); param -= rate * sign(grad)."""

    lr_slot = None  # the `learning_rate` input is the per-element rate accumulator
    inputs = ("param", "grad", "prev", "learning_rate", "master_param", "learning_rate_range", "etas")
    outputs = ("param_out", "prev_out", "learning_rate_out", "master_param_out")
    state = ("param", "prev", "learning_rate", "master_param")

    def update(self, xp, param, grad, prev, rates, master=None, lr_range=None, etas=None):
        p, g = _target(param, grad, master)
        T = rates.dtype.type
        g = _dense(g).copy()
        lo, hi = (T(v) for v in np.asarray(lr_range).reshape(-1)[:2])
        eta_minus, eta_plus = (T(v) for v in np.asarray(etas).reshape(-1)[:2])
        prod = g * prev
        rates[prod > 0] *= eta_plus
        neg = prod < 0
        rates[neg] *= eta_minus
        np.clip(rates, lo, hi, out=rates)
        g[neg] = 0
        p -= rates * np.sign(g)
        prev[...] = g
        _sync(param, master)
        return param, prev, rates, master
