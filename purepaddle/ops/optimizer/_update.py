"""The base of the optimizer update ops: `_Update` and its helpers, `RowGrad`.

`update(xp, *arrays)` applies a rule IN PLACE to the state arrays it is given (Param, moments, beta
powers, MasterParam) and returns them in output-slot order. `forward` runs it on copies, so a static
program never sees an input array change (the executor shares buffers between variables), while the
eager optimizer calls `update` on the live arrays: each rule is written once, and an eager step
allocates only a temporary or two per parameter.

Scalars are computed in the state's dtype (float32 for float32 parameters), as Paddle's kernels do.
Grad may be a dense array or a `RowGrad` (the merged rows of a SelectedRows gradient): sgd, adagrad and
adam/adamw with lazy_mode update only those rows, the other rules see the dense equivalent (which is
what Paddle's sparse kernels compute for them). The newer ops (nadam, radam, asgd, rprop) use Paddle's
lower-case slots (`_Lower`) and elementwise accumulators shaped like the parameter.
"""
import numpy as np

from ..._core import jit
from ..._core.half import astype
from ..._core.op import Op, TensorMeta, register


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


def _compiled(*arrays):
    """The compiled dense updates (_update_jit) when the optional JIT is on and the arrays (param, grad, state...)
    fit them; else None."""
    if not jit.enabled() or type(arrays[1]) is RowGrad:
        return None
    from . import _update_jit  # imports numba: only here, on first use
    return _update_jit if _update_jit.fits(*arrays) else None


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
        if param.dtype == master.dtype:
            np.copyto(param, master)
        else:  # float32 -> float16: the fast conversion (NumPy's bits); bfloat16 and the rest: NumPy's cast
            param[...] = astype(master, param.dtype)


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




class _Lower(_Update):
    param_slot, grad_slot, lr_slot, out_suffix = "param", "grad", "learning_rate", "_out"
