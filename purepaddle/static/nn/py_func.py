"""paddle.static.py_func: run a Python function as an op of a static program (legacy `py_func` op)."""
from ...ops.py_func import PyFuncRegistry
from ..program import Variable
from .layer_helper import LayerHelper, static_only

__all__ = ["py_func", "PyFuncRegistry"]


def _as_list(v, arg):
    if v is None:
        return []
    if isinstance(v, Variable):
        return [v]
    if isinstance(v, (list, tuple)):
        return list(v)
    raise TypeError(f"The type of '{arg}' in py_func must be (<class 'list'>, <class 'tuple'>, <class "
                    f"'paddle.static.Variable'>, <class 'NoneType'>), but received {type(v)}. ")


def py_func(func, x, out, backward_func=None, skip_vars_in_backward_input=None):
    """Append a `py_func` op: out = func(*x) computed by Python when the program runs.

    `out` holds variables the caller created with their dtype and shape (None: no output, e.g. a
    debugging print). func gets one DenseTensor per input (np.array(t) reads it) and returns
    arrays. backward_func, when given, gets the inputs, then the outputs (less the variables in
    skip_vars_in_backward_input), then the output gradients, and returns one gradient per input.
    Returns `out`.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[2, 3], dtype='float32')
            >>> block = paddle.static.default_main_program().current_block()
            >>> y = block.create_var(name='y', dtype='float32', shape=[2, 3])
            >>> _ = paddle.static.py_func(func=lambda t: np.array(t) * 2, x=x, out=y)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> print(exe.run(feed={'x': np.ones([2, 3], 'float32')}, fetch_list=[y])[0])
            [[2. 2. 2.]
             [2. 2. 2.]]
            >>> paddle.disable_static()
    """
    static_only("py_func")
    xs = _as_list(x, "X")
    outs = _as_list(out, "Out")
    for v in xs + outs:
        if not isinstance(v, Variable):
            raise TypeError("Input must be Tensor/list(Tensor)/tuple(Tensor)")
    fwd_id = PyFuncRegistry(func).id
    bwd_id = PyFuncRegistry(backward_func).id if backward_func is not None else -1
    for v in outs:
        if len(v.shape) == 0:
            raise ValueError("Output shapes of py_func should be provided by users manually")
    skip = []
    if backward_func is not None and skip_vars_in_backward_input is not None:
        known = {v.name for v in xs + outs}
        for v in _as_list(skip_vars_in_backward_input, "skip_vars_in_backward_input"):
            if v.name not in known:
                raise ValueError(f"Tensor {v.name} is not found in forward inputs and outputs")
            if v.name not in skip:
                skip.append(v.name)
    helper = LayerHelper("py_func")
    helper.append_op("py_func", {"X": xs}, {"Out": outs},
                     {"forward_callable_id": fwd_id, "backward_callable_id": bwd_id, "backward_skip_vars": skip})
    return out
