"""The gradient-descent update ops: sgd, momentum, asgd (averaged SGD)."""
import numpy as np

from ..._core.half import astype
from ._update import RowGrad, _compiled, _Lower, _Update, _dense, _scalar, _sync, _target, _update_op

_F16, _F32 = np.dtype(np.float16), np.dtype(np.float32)


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
        elif p.dtype == _F16:
            # Paddle has a float16 sgd on GPUs only, and it computes in float32 with one rounding at the end
            # (bfloat16 stays as the CPU kernel computes it: in bfloat16, rounding after every operation)
            p[...] = astype(astype(p, _F32) - astype(g, _F32) * _F32.type(lr), _F16)
        elif (compiled := _compiled(p, g)) is not None:
            compiled.sgd(p, g, lr)  # the same float operations in one pass (_update_jit)
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
        nesterov = a.get("use_nesterov", False)
        compiled = None if nesterov else _compiled(p, g, velocity)
        if compiled is not None:
            compiled.momentum(p, g, velocity, mu, lr)  # the same float operations in one pass (_update_jit)
            _sync(param, master)
            return param, velocity, master
        velocity *= mu
        velocity += g
        if nesterov:
            step = velocity * mu
            step += g
            step *= lr
        else:
            step = velocity * lr
        p -= step
        _sync(param, master)
        return param, velocity, master


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

