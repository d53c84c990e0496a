"""Update ops with per-element adaptive step sizes: adagrad, rmsprop, adadelta, rprop."""
import numpy as np

from ._update import RowGrad, _Lower, _Update, _dense, _scalar, _sync, _target, _update_op


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
