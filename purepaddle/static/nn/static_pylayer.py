"""paddle.static.nn.static_pylayer: a static-graph layer with a user-written backward (legacy `pylayer` op)."""
from ..._core.mode import in_dynamic_mode
from .. import pylayer as _pylayer  # noqa: F401  (registers the pylayer ops, runners and gradient)
from ..program import Variable, VarType, default_main_program
from .conditional_block import SubBlock
from .control_flow import _flatten, _pack

__all__ = ["static_pylayer"]


def _to_parent(program, var):
    """The forward block's result `var` assigned to a new variable of the enclosing block."""
    if not isinstance(var, Variable):
        return var
    block = program.current_block()
    parent = program.block(block.parent_idx)
    out = parent.create_var(dtype=var.dtype, shape=var.shape, type=var.type)
    block.append_op(type="assign", inputs={"X": [var]}, outputs={"Out": [out]})
    return out


def _backward_block(program, backward_fn, fwd_outputs, fwd_inputs):
    """Build backward_fn in a new block: it reads `{out}@GRAD` and leaves `{in}@GRAD` for each input."""
    with SubBlock(program) as bwd:
        grads = []
        for v in fwd_outputs:
            g = bwd.create_var(dtype=v.dtype, shape=v.shape, type=v.type)
            bwd.append_op(type="assign", inputs={"X": [v.name + "@GRAD"]}, outputs={"Out": [g]})
            grads.append(g)
        res = backward_fn(*grads)
        res = [] if res is None else _flatten(res)
        if len(res) != len(fwd_inputs):
            raise ValueError(f"needs to keep the number of inputs to ``forward_fn`` the same as the number of outputs "
                             f"to ``backward_fn``, but got {len(fwd_inputs)} and {len(res)}")
        for r, x in zip(res, fwd_inputs):
            if not isinstance(r, Variable):
                continue
            target = x.name + "@GRAD"
            if r.name in bwd.vars and r.name not in {v.name for v in fwd_inputs}:
                bwd._rename_var(r.name, target)
            else:  # a variable of an enclosing block: copy it under the gradient's name
                out = bwd.create_var(name=target, dtype=r.dtype, shape=r.shape)
                bwd.append_op(type="assign", inputs={"X": [r]}, outputs={"Out": [out]})
    return bwd


def static_pylayer(forward_fn, inputs, backward_fn=None, name=None):
    """out = forward_fn(*inputs) built in a sub-block (`pylayer` op) whose gradient is backward_fn:
    given one gradient per output it returns one gradient per input (None for none). Without a
    backward_fn every input must have stop_gradient=True.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name="X", shape=[None, 3], dtype="float32")
            >>> data.stop_gradient = False
            >>> ret = paddle.static.nn.static_pylayer(lambda x: x * 3, [data], lambda dy: dy * 10)
            >>> grad = paddle.static.gradients([ret], data)[0]
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> y, g = exe.run(feed={"X": np.ones([1, 3], "float32")}, fetch_list=[ret, grad])
            >>> print(y, g)
            [[3. 3. 3.]] [[10. 10. 10.]]
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        raise AssertionError("please use PyLayer instead of static_pylayer in dygraph mode")
    if not isinstance(inputs, list):
        raise AssertionError(f"inputs of static_pylayer must be a list, but received {type(inputs)}")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"The type of 'name' in base.layers.static_pylayer must be (<class 'str'>, <class "
                        f"'NoneType'>), but received {type(name)}. ")
    if forward_fn is None or not callable(forward_fn):
        raise ValueError("`forward_fn` should be callable")
    if backward_fn is None:
        for v in inputs:
            if isinstance(v, Variable) and v.stop_gradient is False:
                raise ValueError(f"``stop_gradient`` attr of all inputs to ``forward_fn`` are expected to be True, "
                                 f"when ``backward_fn == None``, but {v.name}.stop_gradient got {v.stop_gradient}")
    elif not callable(backward_fn):
        raise ValueError("`backward_fn` should be callable")
    program = default_main_program()
    fwd_inputs = [v for v in inputs if isinstance(v, Variable)]
    with SubBlock(program) as fwd:
        origin = forward_fn(*inputs)
        output = None if origin is None else _pack(origin, iter([_to_parent(program, v) for v in _flatten(origin)]))
    fwd_outputs = [] if output is None else [v for v in _flatten(output) if isinstance(v, Variable)]
    parent = program.current_block()
    scope = parent.create_var(type=VarType.STEP_SCOPES)
    op = parent.append_op(type="pylayer", inputs={"Input": fwd_inputs}, outputs={"Out": fwd_outputs, "Scope": [scope]},
                          attrs={"blocks": [fwd]})
    if backward_fn is not None:
        bwd = _backward_block(program, backward_fn, fwd_outputs, fwd_inputs)
        bwd.forward_block_idx = fwd.idx
        op.attrs["blocks"] = [fwd, bwd]
    for v in fwd_outputs:  # differentiable through backward_fn when some input is
        v.stop_gradient = backward_fn is None or all(x.stop_gradient for x in fwd_inputs)
    return output
