"""Optimizer update rules as ops, under Paddle's static op types and slots: sgd, momentum, adam, adamw,
adamax, adagrad, rmsprop, adadelta, lamb.

`update(xp, *arrays)` applies a rule IN PLACE to the state arrays it is given (Param, moments, beta
powers, MasterParam) and returns them in output-slot order. `forward` runs it on copies, so a static
program never sees an input array change (the executor shares buffers between variables), while the
eager optimizer calls `update` on the live arrays: each rule is written once, and an eager step
allocates only a temporary or two per parameter.

Scalars are computed in the state's dtype (float32 for float32 parameters), as Paddle's kernels do.
Grad may be a dense array or a `RowGrad` (the merged rows of a SelectedRows gradient): sgd, adagrad and
adam/adamw with lazy_mode update only those rows, the other rules see the dense equivalent (which is
what Paddle's sparse kernels compute for them).
"""
import numpy as np

from .._core.op import Op, TensorMeta, register

__all__ = ["RowGrad", "SGD", "Momentum", "Adam", "AdamW", "Adamax", "Adagrad", "RMSProp", "Adadelta", "Lamb"]


class RowGrad:
    """A row-sparse gradient for `update`: unique int64 `rows` and their summed `values`."""

    __slots__ = ("rows", "values", "height")

    def __init__(self, rows, values, height):
        self.rows, self.values, self.height = rows, values, int(height)

    def dense(self):
        """The equivalent dense gradient."""
        d = np.zeros((self.height,) + self.values.shape[1:], dtype=self.values.dtype)
        d[self.rows] = self.values
        return d

    def astype(self, dtype):
        """The same rows with values cast to dtype."""
        return RowGrad(self.rows, self.values.astype(dtype, copy=False), self.height)


def _dense(g):
    return g.dense() if type(g) is RowGrad else g


def _scalar(a, T):
    """A 1-element array (or number) as a scalar of numpy type T."""
    return T(a.item() if hasattr(a, "item") else a)


def _target(param, grad, master):
    """(the array a rule updates, the grad in its dtype): the fp32 master weight under multi_precision."""
    if master is None:
        return param, grad
    gdt = grad.values.dtype if type(grad) is RowGrad else grad.dtype
    if gdt != master.dtype:
        grad = grad.astype(master.dtype)
    return master, grad


def _sync(param, master):
    """Write the updated master weight back into the low-precision parameter."""
    if master is not None:
        np.copyto(param, master, casting="unsafe")


class _Update(Op):
    """Base of the update ops: no gradient; outputs are the updated `state` input slots."""

    differentiable = False
    state = ()         # input slots the rule updates, in output-slot order
    _state_idx = ()
    # the slots an optimizer fills for every parameter, and how an updated slot's output is named
    param_slot, grad_slot, lr_slot, out_suffix = "Param", "Grad", "LearningRate", "Out"

    def forward(self, xp, *arrays):
        arrays = list(arrays) + [None] * (len(self.inputs) - len(arrays))  # trailing optional inputs
        for i in self._state_idx:
            if arrays[i] is not None:
                arrays[i] = arrays[i].copy()
        out = self.update(xp, *arrays)
        return out if self._multi else out[0]

    def update(self, xp, *arrays):
        """Apply the rule in place on the state arrays; return them, one per output slot."""
        raise NotImplementedError

    def infer_meta(self, *metas):
        outs = tuple(None if i >= len(metas) or metas[i] is None else TensorMeta(metas[i].shape, metas[i].dtype)
                     for i in self._state_idx)
        return outs if self._multi else outs[0]


def _update_op(op_type):
    """register() for update ops: also resolves the state slots to input positions."""
    def deco(cls):
        cls._state_idx = tuple(cls.inputs.index(s) for s in cls.state)
        cls._pos = {s: i for i, s in enumerate(cls.inputs)}
        return register(op_type)(cls)
    return deco


def _skip(skip):
    return skip is not None and bool(np.asarray(skip).reshape(-1)[0])


@_update_op("sgd")
class SGD(_Update):
    """param -= lr * grad (only the gradient's rows for a row-sparse grad)."""

    inputs = ("Param", "LearningRate", "Grad", "MasterParam")
    outputs = ("ParamOut", "MasterParamOut")
    state = ("Param", "MasterParam")

    def update(self, xp, param, lr, grad, master=None):
        p, g = _target(param, grad, master)
        lr = _scalar(lr, p.dtype.type)
        if type(g) is RowGrad:
            p[g.rows] -= g.values * lr
        else:
            p -= g * lr
        _sync(param, master)
        return param, master


@_update_op("momentum")
class Momentum(_Update):
    """velocity = mu * velocity + grad (+ l2 decay); param -= lr * velocity (or the Nesterov step).

    rescale_grad scales row-sparse gradients only: Paddle's CPU kernel for dense ones ignores it.
    """

    inputs = ("Param", "Grad", "Velocity", "LearningRate", "MasterParam")
    outputs = ("ParamOut", "VelocityOut", "MasterParamOut")
    state = ("Param", "Velocity", "MasterParam")

    def update(self, xp, param, grad, velocity, lr, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = velocity.dtype.type
        rescale = a.get("rescale_grad", 1.0)
        if type(g) is RowGrad:
            g = g.dense()
            if rescale != 1.0:  # Paddle's CPU kernels apply rescale_grad to sparse gradients only
                g *= T(rescale)
        if a.get("regularization_method", "") == "l2_decay":
            g = g + p * T(a.get("regularization_coeff", 0.0))
        mu, lr = T(a.get("mu", 0.9)), _scalar(lr, T)
        velocity *= mu
        velocity += g
        if a.get("use_nesterov", False):
            step = velocity * mu
            step += g
            step *= lr
        else:
            step = velocity * lr
        p -= step
        _sync(param, master)
        return param, velocity, master


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


@_update_op("adagrad")
class Adagrad(_Update):
    """moment += g^2; param -= lr g / (sqrt(moment) + eps) (only the gradient's rows when row-sparse)."""

    inputs = ("Param", "Grad", "Moment", "LearningRate", "MasterParam")
    outputs = ("ParamOut", "MomentOut", "MasterParamOut")
    state = ("Param", "Moment", "MasterParam")

    def update(self, xp, param, grad, moment, lr, master=None):
        p, g = _target(param, grad, master)
        T = moment.dtype.type
        eps, lr = T(self.attrs.get("epsilon", 1e-6)), _scalar(lr, T)
        if type(g) is RowGrad:
            rows, v = g.rows, g.values
            mr = moment[rows] + v * v
            moment[rows] = mr
            p[rows] -= lr * v / (np.sqrt(mr) + eps)
        else:
            tmp = g * g
            moment += tmp
            np.sqrt(moment, out=tmp)
            tmp += eps
            np.divide(g, tmp, out=tmp)
            tmp *= lr
            p -= tmp
        _sync(param, master)
        return param, moment, master


@_update_op("rmsprop")
class RMSProp(_Update):
    """mean_square = rho ms + (1-rho) g^2; moment = momentum moment + lr g / sqrt(ms (- mean_grad^2) + eps)."""

    inputs = ("Param", "MeanSquare", "Grad", "Moment", "LearningRate", "MeanGrad", "MasterParam")
    outputs = ("ParamOut", "MomentOut", "MeanSquareOut", "MeanGradOut", "MasterParamOut")
    state = ("Param", "Moment", "MeanSquare", "MeanGrad", "MasterParam")

    def update(self, xp, param, mean_square, grad, moment, lr, mean_grad=None, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = moment.dtype.type
        g = _dense(g)
        rho, eps, mom = T(a.get("decay", 0.9)), T(a.get("epsilon", 1e-10)), T(a.get("momentum", 0.0))
        one = T(1)
        mean_square *= rho
        tmp = g * g
        tmp *= one - rho
        mean_square += tmp
        if a.get("centered", False):
            mean_grad *= rho
            np.multiply(g, one - rho, out=tmp)
            mean_grad += tmp
            np.multiply(mean_grad, mean_grad, out=tmp)
            np.subtract(mean_square, tmp, out=tmp)
        else:
            np.copyto(tmp, mean_square)
        tmp += eps
        np.sqrt(tmp, out=tmp)
        np.divide(g, tmp, out=tmp)
        tmp *= _scalar(lr, T)
        moment *= mom
        moment += tmp
        p -= moment
        _sync(param, master)
        return param, moment, mean_square, mean_grad, master


@_update_op("adadelta")
class Adadelta(_Update):
    """avg_g2 = rho avg_g2 + (1-rho) g^2; update = -sqrt((avg_u2 + eps)/(avg_g2 + eps)) g;
    avg_u2 = rho avg_u2 + (1-rho) update^2; param += lr * update."""

    inputs = ("Param", "Grad", "AvgSquaredGrad", "AvgSquaredUpdate", "LearningRate", "MasterParam")
    outputs = ("ParamOut", "AvgSquaredGradOut", "AvgSquaredUpdateOut", "MasterParamOut")
    state = ("Param", "AvgSquaredGrad", "AvgSquaredUpdate", "MasterParam")

    def update(self, xp, param, grad, avg_g2, avg_u2, lr, master=None):
        a = self.attrs
        p, g = _target(param, grad, master)
        T = avg_g2.dtype.type
        g = _dense(g)
        rho, eps = T(a.get("rho", 0.95)), T(a.get("epsilon", 1e-6))
        one = T(1)
        avg_g2 *= rho
        tmp = g * g
        tmp *= one - rho
        avg_g2 += tmp
        upd = avg_u2 + eps
        np.add(avg_g2, eps, out=tmp)
        upd /= tmp
        np.sqrt(upd, out=upd)
        upd *= g
        np.negative(upd, out=upd)
        avg_u2 *= rho
        np.multiply(upd, upd, out=tmp)
        tmp *= one - rho
        avg_u2 += tmp
        upd *= _scalar(lr, T)
        p += upd
        _sync(param, master)
        return param, avg_g2, avg_u2, master


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
