"""The py_func op: a Python function as an op of a static program, with an optional Python backward.

Functions are kept in PyFuncRegistry (the op's attrs hold their ids, as in Paddle). The forward
function gets one DenseTensor per input (np.array(t) reads it) and returns arrays (or None for an
output it leaves unset); the backward op is another `py_func` whose function gets the forward
inputs, the forward outputs (less `backward_skip_vars`) and the output gradients, and returns one
gradient per forward input.
"""
import inspect

import numpy as np

from .._core.dispatch import building_program
from .._core.op import Op, register

__all__ = ["PyFuncRegistry", "PyFunc"]


class PyFuncRegistry:
    """Process-wide list of the Python callables py_func ops run; an op names one by its index."""

    _register_funcs = []

    def __init__(self, func):
        if func is None or not callable(func):
            raise TypeError("func must be a Python function")
        self._func = func
        try:
            params = inspect.signature(func).parameters.values()
            self._takes_args = any(p.kind is not p.KEYWORD_ONLY for p in params)
        except (TypeError, ValueError):  # builtins without a signature take what they are given
            self._takes_args = True
        self._id = len(PyFuncRegistry._register_funcs)
        PyFuncRegistry._register_funcs.append(self)

    @classmethod
    def registered_func(cls, idx):
        return cls._register_funcs[idx]._func

    @classmethod
    def registered_func_num(cls):
        return len(cls._register_funcs)

    @property
    def id(self):
        return self._id

    def __call__(self, *args):
        """Run the function on arrays; a tuple of arrays (None where it returned None) comes back."""
        from ..static.scope import DenseTensor
        ret = self._func(*[DenseTensor(a) for a in args]) if self._takes_args else self._func()
        if not isinstance(ret, (list, tuple)):
            ret = (ret,)
        return tuple(None if r is None else np.asarray(r) for r in ret)


def _call(func_id, arrays, n_out, what):
    if not 0 <= func_id < len(PyFuncRegistry._register_funcs):
        raise ValueError(f"(InvalidArgument) py_func: no Python function is registered with id {func_id}")
    ret = PyFuncRegistry._register_funcs[func_id](*arrays)
    if n_out is not None and len(ret) != n_out and not (n_out == 0 and ret == (None,)):
        raise ValueError(f"(InvalidArgument) The number of {what} returned by the Python function of py_func is "
                         f"{len(ret)}, but the op has {n_out} outputs")
    return ret


@register("py_func")
class PyFunc(Op):
    """Out = func(*X) for the function `forward_callable_id` names (backward: `backward_callable_id`)."""

    inputs, outputs = ("X",), ("Out",)
    duplicable = ("X", "Out")
    saves = ("X", "Out")
    n_out = None

    def bind(self, op):
        """Executor hook: how many outputs the op declares."""
        self.n_out = len(op.output("Out"))

    def forward(self, xp, xs):
        ret = _call(self.attrs["forward_callable_id"], list(xs or []), self.n_out, "outputs")
        if self.n_out == 0:
            return ([],)
        return ([r for r in ret],)

    def infer_meta(self, xs):  # the outputs are variables the user declared, shapes included
        return ([],)

    def backward(self, out_grads):
        xs, outs = self.saved
        bid = self.attrs.get("backward_callable_id", -1)
        if bid < 0:
            return ([None] * len(xs),)
        skip = set(self.attrs.get("backward_skip_vars") or [])
        args = [v for v in list(xs) + list(outs) if v is None or getattr(v, "name", None) not in skip]
        args += list(out_grads)
        if building_program():  # the program runs the backward callable as a py_func op
            return (_append_grad_op(bid, args, xs),)
        arrays = [None if a is None else a._data for a in args]
        ret = _call(bid, arrays, len(xs), "gradients")
        from .._core.tensor import Tensor
        return ([None if g is None else Tensor._make(g.astype(x._data.dtype, copy=False))
                 for g, x in zip(ret, xs)],)


def _append_grad_op(bid, args, xs):
    """Static backward: a py_func op running the backward function, one fresh gradient var per input."""
    from ..static import builder as _b
    from ..static.program import Variable, default_main_program
    program = default_main_program()
    block = program.current_block()
    names = _b._out_names(program, len(xs), "py_func")
    grads = [Variable(block, name=n, shape=x.shape, dtype=x.dtype, stop_gradient=False) for n, x in zip(names, xs)]
    block.append_op(type="py_func", inputs={"X": [a for a in args if a is not None]}, outputs={"Out": grads},
                    attrs={"forward_callable_id": bid, "backward_callable_id": -1, "backward_skip_vars": []})
    return grads
