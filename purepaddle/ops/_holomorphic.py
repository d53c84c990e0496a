"""Paddle's convention for the gradients of complex-differentiable (holomorphic) ops.

For out = f(z) Paddle's complex gradient is out_grad * conj(f'(z)) (torch's convention: the gradient a real
loss's steepest ascent follows), not out_grad * f'(z). The backward rule of a holomorphic op is written once
with the plain derivative, as for real inputs, and `@holomorphic` makes it Paddle's: for complex gradients it
runs the rule on conj(out_grad) and conjugates what comes out, conj(conj(g) * f'(z)) = g * conj(f'(z)), for
every input at once (matmul's g @ conj(y)^T, det's g * conj(det * inv^T), ...). Ops that are not holomorphic
(abs, angle, real, imag, conj) write Paddle's gradient directly and are not decorated.
"""
from .._core.dispatch import apply
from .._core.op import OPS


def _conj(t):
    return None if t is None else apply(OPS["conj"], t)


def _conj_all(grads):
    if type(grads) is tuple:
        return tuple(_conj_all(g) for g in grads)
    if type(grads) is list:
        return [_conj_all(g) for g in grads]
    return _conj(grads)


def _is_complex(grads):
    for g in grads:
        if type(g) is list:
            if _is_complex(g):
                return True
        elif g is not None:
            return g.dtype.is_complex
    return False


def holomorphic(cls):
    """Class decorator: cls.backward gives g * f'(z); complex gradients become Paddle's g * conj(f'(z))."""
    rule = cls.backward

    def backward(self, *out_grads):
        if len(out_grads) == 1:  # the usual single output: no star-call, no walk over the grads
            g = out_grads[0]
            if g is None or (type(g) is not list and not g.dtype.is_complex):
                return rule(self, g)
        if not _is_complex(out_grads):
            return rule(self, *out_grads)
        return _conj_all(rule(self, *_conj_all(out_grads)))

    backward.__doc__ = rule.__doc__
    backward.__wrapped__ = rule
    cls.backward = backward
    return cls
