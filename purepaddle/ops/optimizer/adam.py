"""The Adam family of update ops: adam, adamw, adamax, lamb, nadam, radam."""
import numpy as np

from ._update import RowGrad, _compiled, _Lower, _Update, _dense, _scalar, _skip, _sync, _target, _update_op


def _adam_moments(g, m1, m2, b1, b2, T):
    """m1 = b1 m1 + (1-b1) g; m2 = b2 m2 + (1-b2) g^2, in place; returns a scratch array like g."""
    one = T(1)
    m1 *= b1
    tmp = g * (one - b1)
    m1 += tmp
    m2 *= b2
    np.multiply(g, g, out=tmp)
    tmp *= one - b2
    m2 += tmp
    return tmp


@_update_op("adam")
class Adam(_Update):
    """Adam with Paddle's bias correction: lr_t = lr sqrt(1-b2^t)/(1-b1^t), eps scaled by sqrt(1-b2^t)."""

    inputs = ("Param", "Grad", "LearningRate", "Moment1", "Moment2", "Moment2Max", "Beta1Pow", "Beta2Pow",
              "MasterParam", "SkipUpdate", "Beta1Tensor", "Beta2Tensor", "EpsilonTensor")
    outputs = ("ParamOut", "Moment1Out", "Moment2Out", "Moment2MaxOut", "Beta1PowOut", "Beta2PowOut",
               "MasterParamOut")
    state = ("Param", "Moment1", "Moment2", "Moment2Max", "Beta1Pow", "Beta2Pow", "MasterParam")

    def update(self, xp, param, grad, lr, m1, m2, m2max, b1p, b2p, master=None, skip=None, b1t=None, b2t=None,
               epst=None):
        out = (param, m1, m2, m2max, b1p, b2p, master)
        if _skip(skip):
            return out
        a = self.attrs
        p, g = _target(param, grad, master)
        T = m1.dtype.type
        b1 = _scalar(b1t, T) if b1t is not None else T(a.get("beta1", 0.9))
        b2 = _scalar(b2t, T) if b2t is not None else T(a.get("beta2", 0.999))
        eps = _scalar(epst, T) if epst is not None else T(a.get("epsilon", 1e-8))
        one = T(1)
        sparse = type(g) is RowGrad
        advance = not a.get("use_global_beta_pow", False)
        if sparse and advance and self._sparse_pow_first:
            # Paddle's CPU adam kernel for SelectedRows gradients advances the beta powers before
            # using them (bias correction one step ahead of the dense kernel); kept for identical
            # results. (Its sparse adamw kernel crashes; ours is the dense-equivalent update.)
            b1p *= b1
            b2p *= b2
        b1pv, b2pv = _scalar(b1p, T), _scalar(b2p, T)
        lr = _scalar(lr, T) * self._lr_scale(T)
        self._decay(p, lr, T)
        corr = np.sqrt(one - b2pv)
        lr_t = lr * corr / (one - b1pv)
        eps_t = eps * corr
        amsgrad = a.get("amsgrad", False)
        if sparse and a.get("lazy_mode", False):
            rows = g.rows
            r1, r2 = m1[rows], m2[rows]
            rmax = m2max[rows] if amsgrad else None
            pr = p[rows]
            _adam_apply(pr, g.values, r1, r2, rmax, b1, b2, lr_t, eps_t, T)
            m1[rows], m2[rows], p[rows] = r1, r2, pr
            if amsgrad:
                m2max[rows] = rmax
        else:
            _adam_apply(p, _dense(g), m1, m2, m2max if amsgrad else None, b1, b2, lr_t, eps_t, T)
        if advance and not (sparse and self._sparse_pow_first):
            b1p *= b1
            b2p *= b2
        _sync(param, master)
        return out

    _sparse_pow_first = True

    def _lr_scale(self, T):
        return T(1)

    def _decay(self, p, lr, T):
        pass


def _adam_apply(p, g, m1, m2, m2max, b1, b2, lr_t, eps_t, T):
    if m2max is None and p.dtype.type is T:
        compiled = _compiled(p, g, m1, m2)
        if compiled is not None:  # the same float operations in one pass (_update_jit)
            return compiled.adam(p, g, m1, m2, b1, b2, lr_t, eps_t)
    tmp = _adam_moments(g, m1, m2, b1, b2, T)
    if m2max is not None:
        np.maximum(m2max, m2, out=m2max)
        np.sqrt(m2max, out=tmp)
    else:
        np.sqrt(m2, out=tmp)
    tmp += eps_t
    np.divide(m1, tmp, out=tmp)
    tmp *= lr_t
    p -= tmp


@_update_op("adamw")
class AdamW(Adam):
    """Adam with decoupled weight decay: param *= 1 - lr * lr_ratio * coeff before the Adam step."""

    _sparse_pow_first = False

    def _lr_scale(self, T):
        return T(self.attrs.get("lr_ratio", 1.0))

    def _decay(self, p, lr, T):
        a = self.attrs
        coeff = a.get("coeff", 0.01)
        if a.get("with_decay", True) and coeff:
            p *= T(1) - lr * T(coeff)


@_update_op("adamax")
class Adamax(_Update):
    """moment = b1 m + (1-b1) g; inf_norm = max(b2 inf_norm + eps, |g|); param -= lr/(1-b1^t) m/inf_norm.

    Beta1Pow is read here and advanced by a separate `scale` op, as in Paddle.
    """

    inputs = ("Param", "Grad", "LearningRate", "Moment", "InfNorm", "Beta1Pow", "MasterParam")
    outputs = ("ParamOut", "MomentOut", "InfNormOut", "MasterParamOut")
    state = ("Param", "Moment", "InfNorm", "MasterParam")

    def update(self, xp, param, grad, lr, moment, inf_norm, b1p, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = moment.dtype.type
        g = _dense(g)
        b1, b2, eps = T(a.get("beta1", 0.9)), T(a.get("beta2", 0.999)), T(a.get("epsilon", 1e-8))
        moment *= b1
        tmp = g * (T(1) - b1)
        moment += tmp
        inf_norm *= b2
        inf_norm += eps
        np.abs(g, out=tmp)
        np.maximum(inf_norm, tmp, out=inf_norm)
        lr_t = _scalar(lr, T) / (T(1) - _scalar(b1p, T))
        np.divide(moment, inf_norm, out=tmp)
        tmp *= lr_t
        p -= tmp
        _sync(param, master)
        return param, moment, inf_norm, master


@_update_op("lamb")
class Lamb(_Update):
    """LAMB: r = m_hat/(sqrt(v_hat)+eps) + wd param; param -= lr * (||param||/||r||) * r.

    The trust ratio is 1 when either norm is 0, and when weight_decay is 0 unless always_adapt.
    """

    inputs = ("Param", "Grad", "LearningRate", "Moment1", "Moment2", "Beta1Pow", "Beta2Pow", "MasterParam",
              "SkipUpdate")
    outputs = ("ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut", "MasterParamOut")
    state = ("Param", "Moment1", "Moment2", "Beta1Pow", "Beta2Pow", "MasterParam")

    def update(self, xp, param, grad, lr, m1, m2, b1p, b2p, master=None, skip=None):
        out = (param, m1, m2, b1p, b2p, master)
        if _skip(skip):
            return out
        a = self.attrs
        p, g = _target(param, grad, master)
        T = m1.dtype.type
        g = _dense(g)
        b1, b2, eps = T(a.get("beta1", 0.9)), T(a.get("beta2", 0.999)), T(a.get("epsilon", 1e-6))
        wd = T(a.get("weight_decay", 0.01))
        one = T(1)
        tmp = _adam_moments(g, m1, m2, b1, b2, T)
        np.divide(m2, one - _scalar(b2p, T), out=tmp)
        np.sqrt(tmp, out=tmp)
        tmp += eps
        r = m1 / (one - _scalar(b1p, T))
        r /= tmp
        if wd:
            np.multiply(p, wd, out=tmp)
            r += tmp
        ratio = one
        if wd or a.get("always_adapt", False):
            pn = np.sqrt(np.dot(p.ravel(), p.ravel()))
            rn = np.sqrt(np.dot(r.ravel(), r.ravel()))
            if pn > 0 and rn > 0:
                ratio = T(pn / rn)
        r *= _scalar(lr, T) * ratio
        p -= r
        b1p *= b1
        b2p *= b2
        _sync(param, master)
        return out


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
