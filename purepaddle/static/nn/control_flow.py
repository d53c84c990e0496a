"""paddle.static.nn control flow (cond, while_loop, case, switch_case) and paddle.static.Print.

In a static program a branch or loop body becomes a sub-block run by a `conditional_block` or
`while` op, as in Paddle's legacy ProgramDesc: each branch's results are assigned to variables of
the enclosing block, and `select_input` picks the taken branch's by the predicate. A while loop
assigns the body's results back into the loop variables (the same variables, updated in place).
In dynamic mode the Python functions simply run.
"""
import contextlib
import functools

import numpy as np

from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ...ops.fluid.assertion import Assert as _AssertOp
from ..._core.tensor import Tensor
from ..control_flow import Print as _PrintOp, block_io
from ..program import Variable, VarType, default_main_program
from .conditional_block import ConditionalBlock, If, SubBlock as _SubBlock, append_conditional_block
from .conditional_block import resolvable as _resolvable, writes as _writes
from ...tensor._check import check_variable

__all__ = ["cond", "while_loop", "case", "switch_case", "Print", "While", "Assert", "ConditionalBlock", "If"]


# -- nested structures -------------------------------------------------------------------------
def _flatten(obj):
    """The leaves of nested lists/tuples/dicts, in order."""
    if isinstance(obj, (list, tuple)):
        return [leaf for x in obj for leaf in _flatten(x)]
    if isinstance(obj, dict):
        return [leaf for k in sorted(obj) for leaf in _flatten(obj[k])]
    return [obj]


def _pack(like, leaves):
    """Rebuild the structure of `like` from an iterator of leaves."""
    if isinstance(like, (list, tuple)):
        return type(like)(_pack(x, leaves) for x in like) if not hasattr(like, "_fields") else \
            type(like)(*(_pack(x, leaves) for x in like))
    if isinstance(like, dict):
        return {k: _pack(like[k], leaves) for k in sorted(like)}
    return next(leaves)


def _same_structure(a, b):
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same_structure(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return sorted(a) == sorted(b) and all(_same_structure(a[k], b[k]) for k in a)
    return not isinstance(a, (list, tuple, dict)) and not isinstance(b, (list, tuple, dict))


# -- sub-blocks ---------------------------------------------------------------------------------
def _to_parent(program, var):
    """A variable of the parent block that the current sub-block assigns `var` to (non-Variables pass)."""
    if not isinstance(var, Variable):
        return var
    block = program.current_block()
    parent = program.block(block.parent_idx)
    out = parent.create_var(dtype=var.dtype, shape=var.shape, type=var.type, stop_gradient=var.stop_gradient)
    block.append_op(type="assign", inputs={"X": [var]}, outputs={"Out": [out]})
    return out


def _conditional_block(program, pred, fn):
    """Build fn() in a sub-block run by a conditional_block op on scalar `pred`; returns its results."""
    with _SubBlock(program) as sub:
        result = fn()
        result = _pack(result, iter([_to_parent(program, v) for v in _flatten(result)])) \
            if result is not None else None
    append_conditional_block(program.current_block(), sub, [pred], True)
    return result


def _as_static(value):
    """A Python bool/int/float returned by a branch, as a constant variable."""
    from ...tensor.creation.fill import assign
    return assign(np.asarray(value))


def _merge(false_out, true_out, mask, parent):
    """select_input between the two branches' results (equal Python constants pass through)."""
    if not isinstance(false_out, Variable) and not isinstance(true_out, Variable):
        if false_out is None and true_out is None:
            return None
        if type(false_out) is type(true_out) and false_out == true_out:
            return false_out
    if false_out is None or true_out is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: one branch returns None "
                         "where the other returns a value")
    if not isinstance(false_out, Variable):
        false_out = _as_static(false_out)
    if not isinstance(true_out, Variable):
        true_out = _as_static(true_out)
    a, b = false_out.shape, true_out.shape
    shape = [p if p == q else -1 for p, q in zip(a, b)] if len(a) == len(b) else list(b)
    out = parent.create_var(dtype=true_out.dtype, shape=shape, type=true_out.type)
    parent.append_op(type="select_input", inputs={"X": [false_out, true_out], "Mask": [mask]},
                     outputs={"Out": [out]})
    return out


def cond(pred, true_fn=None, false_fn=None, name=None, return_names=None):
    """true_fn() if pred else false_fn(): both branches are built as sub-blocks in static mode.

    `pred` is a bool Tensor with one element. The branches return the same structure (nested
    lists/tuples/dicts) of Tensors; the result holds the taken branch's values. Gradients flow
    into the taken branch only.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.full(shape=[1], dtype='float32', fill_value=0.1)
            >>> y = paddle.full(shape=[1], dtype='float32', fill_value=0.23)
            >>> out = paddle.static.nn.cond(x < y, lambda: x + y, lambda: x - y)
            >>> exe = paddle.static.Executor()
            >>> print(exe.run(fetch_list=[out])[0])
            [0.33]
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        if not isinstance(pred, Tensor):
            raise AssertionError("The pred in cond must be Variable")
        if pred.size != 1:
            raise AssertionError("condition input's numel should be 1")
        fn = true_fn if bool(pred.item()) else false_fn
        if fn is None:
            return None
        if not callable(fn):
            which = "true_fn" if fn is true_fn else "false_fn"
            raise TypeError(f"The {which} in cond must be callable, but received {type(fn).__name__}")
        return fn()
    check_variable(pred, "pred", "paddle.static.nn.cond", ("bool",))
    if name is not None and not isinstance(name, str):
        raise TypeError(f"The type of 'name' in paddle.static.nn.cond must be (<class 'str'>, <class "
                        f"'NoneType'>), but received {type(name)}. ")
    for fn, which in ((true_fn, "true_fn"), (false_fn, "false_fn")):
        if fn is not None and not callable(fn):
            raise TypeError(f"The {which} in cond must be callable, but received {type(fn).__name__}")
    from ...tensor.logic import logical_not
    from ...tensor.creation.fill import cast
    program = default_main_program()
    true_out = _conditional_block(program, pred, true_fn) if true_fn is not None else None
    false_out = _conditional_block(program, logical_not(pred), false_fn) if false_fn is not None else None
    if true_out is None and false_out is None:
        return None
    if true_out is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn returns None while "
                         "false_fn returns non-None")
    if false_out is None:
        raise ValueError("Incompatible return values of true_fn and false_fn in cond: true_fn returns non-None "
                         "while false_fn returns None")
    t_leaves, f_leaves = _flatten(true_out), _flatten(false_out)
    if not _same_structure(true_out, false_out):
        raise ValueError(f"true fn returns {len(t_leaves)} vars, but false fn returns {len(f_leaves)} vars, which "
                         "is not equals" if len(t_leaves) != len(f_leaves) else
                         "Incompatible return values of true_fn and false_fn in cond: the two structures differ")
    mask = cast(pred, "int32")
    parent = program.current_block()
    merged = [_merge(f, t, mask, parent) for f, t in zip(f_leaves, t_leaves)]
    return _pack(false_out, iter(merged))


def while_loop(cond, body, loop_vars, is_test=False, name=None):
    """Repeat `loop_vars = body(*loop_vars)` while cond(*loop_vars) holds; returns the final loop_vars.

    In static mode the body is a sub-block run by a `while` op and the loop variables are updated
    in place (the returned variables are the ones passed in). `cond` returns a bool Tensor with
    one element.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> i = paddle.full(shape=[1], fill_value=0, dtype='int64')
            >>> ten = paddle.full(shape=[1], fill_value=10, dtype='int64')
            >>> i, ten = paddle.static.nn.while_loop(lambda i, ten: i < ten, lambda i, ten: [i + 1, ten], [i, ten])
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> print(exe.run(paddle.static.default_main_program(), feed={}, fetch_list=[i]))
            [array([10], dtype=int64)]
            >>> paddle.disable_static()
    """
    if not callable(cond):
        raise TypeError("cond in while_loop should be callable")
    if not callable(body):
        raise TypeError("body in while_loop should be callable")
    if not isinstance(loop_vars, (list, tuple)):
        raise TypeError(f"The type of 'loop_vars' in static.nn.while_loop must be (<class 'list'>, <class "
                        f"'tuple'>), but received {type(loop_vars)}. ")
    if len(loop_vars) == 0:
        raise ValueError("loop_vars in while_loop should not be empty")
    pre_cond = cond(*loop_vars)
    if not in_dynamic_mode():
        check_variable(pre_cond, "var of cond returned", "static.nn.while_loop", ("bool",))
    if int(np.prod(pre_cond.shape)) != 1:
        raise TypeError(f"the shape of the variable returned by cond should be [1],but given shape as "
                        f"{list(pre_cond.shape)}.")
    if in_dynamic_mode():
        return _eager_while(cond, body, list(loop_vars), pre_cond)
    program = default_main_program()
    with _SubBlock(program) as sub:
        outs = body(*loop_vars)
        if not isinstance(outs, (list, tuple)):
            outs = [outs]
        if len(outs) != len(loop_vars) or not all(_same_structure(o, v) for o, v in zip(outs, loop_vars)):
            raise ValueError("body in while_loop should return the same arity (length and structure) as "
                             f"loop_vars: body returned {len(outs)} values for {len(loop_vars)} loop_vars")
        now = cond(*outs)
        for o, v in zip(_flatten(list(outs)), _flatten(list(loop_vars))):
            if isinstance(v, Variable) and o is not v:
                if not isinstance(o, Variable):
                    o = _as_static(o)
                sub.append_op(type="assign", inputs={"X": [o]}, outputs={"Out": [v]})
        sub.append_op(type="assign", inputs={"X": [now]}, outputs={"Out": [pre_cond]})
    _append_while(program, sub, pre_cond, is_test)
    return list(loop_vars)


def _append_while(program, sub, cond_var, is_test):
    """The `while` op running block `sub` while cond_var holds: X is what the body reads from outside
    (and the loop variables), Out what it writes there."""
    parent = program.current_block()
    ext, _ = block_io(sub)
    out_names = _resolvable(parent, _writes(sub))
    x_names = _resolvable(parent, [n for n in ext + out_names if n != cond_var.name])
    scopes = parent.create_var(type=VarType.STEP_SCOPES)
    parent.append_op(type="while", inputs={"X": x_names, "Condition": [cond_var]},
                     outputs={"Out": out_names, "StepScopes": [scopes]},
                     attrs={"sub_block": sub, "is_test": bool(is_test)})


class While:
    """The low-level while loop: ops built inside `with w.block():` repeat while `cond` holds.

    The block must update `cond` (e.g. `paddle.assign(paddle.less_than(i, n), output=cond)`);
    in-place updates of outer variables inside the block (paddle.increment, assign with output=)
    write those variables. Prefer paddle.static.nn.while_loop.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> i = paddle.full(shape=[1], dtype='int64', fill_value=0)
            >>> loop_len = paddle.full(shape=[1], dtype='int64', fill_value=10)
            >>> cond = paddle.less_than(x=i, y=loop_len)
            >>> while_op = paddle.static.nn.control_flow.While(cond=cond)
            >>> with while_op.block():
            ...     i = paddle.increment(x=i, value=1)
            ...     _ = paddle.assign(paddle.less_than(x=i, y=loop_len), output=cond)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> print(exe.run(paddle.static.default_main_program(), feed={}, fetch_list=[i]))
            [array([10], dtype=int64)]
            >>> paddle.disable_static()
    """

    def __init__(self, cond, is_test=False, name=None):
        check_variable(cond, "cond", "static.nn.While", ("bool",))
        if int(np.prod(cond.shape)) != 1:
            raise TypeError(f"condition expected shape as [1], but given shape as {list(cond.shape)}.")
        self.cond_var = cond
        self.is_test = is_test

    @contextlib.contextmanager
    def block(self):
        """Build the loop body inside the `with` block."""
        program = default_main_program()
        with _SubBlock(program) as sub:
            yield sub
        _append_while(program, sub, self.cond_var, self.is_test)


def _eager_while(cond, body, loop_vars, now):
    """Dynamic mode: run the loop, writing each step's results into the loop variables."""
    from ...tensor.creation.fill import assign
    while bool(now.item()):
        outs = body(*loop_vars)
        if not isinstance(outs, (list, tuple)):
            outs = [outs]
        if len(outs) != len(loop_vars):
            raise ValueError("body in while_loop should return the same arity (length and structure) and types as "
                             "loop_vars")
        now = cond(*outs)
        for i, (o, v) in enumerate(zip(outs, loop_vars)):
            if isinstance(v, Tensor) and isinstance(o, Tensor):
                assign(o, v)
            else:
                loop_vars[i] = o
    return loop_vars


def _error(what, arg, op, right, got):
    return f"{what} of '{arg}' in {op} must be {right}, but received: {got}."


def case(pred_fn_pairs, default=None, name=None):
    """if/elif/else: the fn of the first pair whose pred holds, else default() (or the last pair's fn).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.full(shape=[1], dtype='float32', fill_value=0.3)
            >>> y = paddle.full(shape=[1], dtype='float32', fill_value=0.1)
            >>> out = paddle.static.nn.case([(x < y, lambda: x), (x > y, lambda: y)], default=lambda: x + y)
            >>> print(paddle.static.Executor().run(fetch_list=[out])[0])
            [0.1]
            >>> paddle.disable_static()
    """
    if not isinstance(pred_fn_pairs, (list, tuple)):
        raise TypeError(f"The type of 'pred_fn_pairs' in case must be (<class 'list'>, <class 'tuple'>), but "
                        f"received {type(pred_fn_pairs)}. ")
    for pair in pred_fn_pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error("The elements' type", "pred_fn_pairs", "case", tuple, type(pair)))
        if len(pair) != 2:
            raise TypeError(_error("The tuple's size", "pred_fn_pairs", "case", "2", f"{len(pair)}-tuple"))
        pred, fn = pair
        if not in_dynamic_mode():
            check_variable(pred, "pred", "paddle.static.nn.case", ("bool",))
        if not callable(fn):
            raise TypeError("The fn of pred_fn_pairs in Op(case) must be callable.")
    if default is None:
        pred_fn_pairs, default = list(pred_fn_pairs[:-1]), pred_fn_pairs[-1][1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    fn = default
    for pred, true_fn in reversed(pred_fn_pairs):
        fn = functools.partial(globals()["cond"], pred, true_fn, fn)
    return fn()


def switch_case(branch_index, branch_fns, default=None, name=None):
    """switch: the fn whose key equals branch_index, else default() (or the fn with the largest key).

    `branch_fns` is a dict {int: fn}, a list of (int, fn) pairs, or a list of fns (keyed 0, 1, ...).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> index = paddle.full(shape=[1], dtype='int32', fill_value=1)
            >>> out = paddle.static.nn.switch_case(index, {0: lambda: paddle.full([1], 0.0),
            ...                                            1: lambda: paddle.full([1], 1.0)})
            >>> print(paddle.static.Executor().run(fetch_list=[out])[0])
            [1.]
            >>> paddle.disable_static()
    """
    from ...tensor.creation.fill import full
    from ...tensor.logic import equal
    from ...tensor.creation.fill import cast
    if not in_dynamic_mode():
        check_variable(branch_index, "branch_index", "static.nn.switch_case", ("uint8", "int32", "int64"))
    if branch_index.dtype.name != "int64":
        branch_index = cast(branch_index, "int64")
    if not isinstance(branch_fns, (list, tuple, dict)):
        raise TypeError(f"The type of 'branch_fns' in switch_case must be (<class 'list'>, <class 'tuple'>, <class "
                        f"'dict'>), but received {type(branch_fns)}. ")
    pairs = list(branch_fns.items()) if isinstance(branch_fns, dict) else list(branch_fns)
    if all(callable(fn) for fn in pairs):
        pairs = list(enumerate(pairs))
    keys = []
    for pair in pairs:
        if not isinstance(pair, tuple):
            raise TypeError(_error("The elements' type", "branch_fns", "switch_case", tuple, type(branch_fns)))
        if len(pair) != 2:
            raise TypeError(_error("The tuple's size", "branch_fns", "switch_case", "2", f"{len(pair)}-tuple"))
        key, fn = pair
        if not isinstance(key, int):
            raise TypeError(_error("The key's type", "branch_fns", "switch_case", int, type(key)))
        if key in keys:
            raise ValueError(f"The key in 'branch_fns' must be unique, but '{key}' appears more than once.")
        keys.append(key)
        if not callable(fn):
            raise TypeError(_error(f"The type of function for key {key}", "branch_fns", "switch_case", "callable",
                                   type(fn)))
    pairs.sort(key=lambda kv: kv[0])
    if default is None:
        pairs, default = pairs[:-1], pairs[-1][1]
    elif not callable(default):
        raise TypeError("The default in Op(case) must be callable.")
    fn = default
    for key, branch in pairs:
        pred = equal(branch_index, full([1], key, "int64"))
        fn = functools.partial(cond, pred, branch, fn)
    return fn()


def Print(input, first_n=-1, message=None, summarize=20, print_tensor_name=True, print_tensor_type=True,
          print_tensor_shape=True, print_tensor_layout=True, print_tensor_lod=True, print_phase="both"):
    """A `print` op: whenever the program runs it, input's name, shape, dtype and values go to stdout.

    Returns a new variable (`print_N.tmp_0`) equal to input; use it in place of input so that
    backward prints the gradient too (its `@GRAD`), as `print_phase` ('forward', 'backward',
    'both') selects. `summarize` limits the values shown (-1: all); `first_n` the runs printed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.full(shape=[2, 3], fill_value=3, dtype='int64')
            >>> out = paddle.static.Print(x, message="The content of input layer:")
            >>> res = paddle.static.Executor().run(paddle.static.default_main_program(), fetch_list=[out])
            Variable: fill_constant_1.tmp_0
              - message: The content of input layer:
              - lod: {}
              - place: Place(cpu)
              - shape: [2, 3]
              - layout: NCHW
              - dtype: int64
              - data: [3.000000 3.000000 3.000000 3.000000 3.000000 3.000000]
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        raise AssertionError(
            "In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and 'Print()' is only supported in "
            "static graph mode. So if you want to use this api, please call 'paddle.enable_static()' before this "
            "api to enter static graph mode.")
    check_variable(input, "input", "paddle.static.Print",
                   ("uint16", "bfloat16", "float16", "float32", "float64", "int32", "int64", "bool"))
    phase = str(print_phase).upper()
    if phase not in ("FORWARD", "BACKWARD", "BOTH"):
        raise ValueError(f"print_phase of paddle.static.Print must be 'forward', 'backward' or 'both', but "
                         f"received {print_phase!r}")
    return apply(_PrintOp, input, first_n=int(first_n), message=message or "", summarize=int(summarize),
                 print_tensor_name=bool(print_tensor_name), print_tensor_type=bool(print_tensor_type),
                 print_tensor_shape=bool(print_tensor_shape), print_tensor_layout=bool(print_tensor_layout),
                 print_tensor_lod=bool(print_tensor_lod), print_phase=phase, is_forward=True)


def Assert(cond, data=None, summarize=20, name=None):  # noqa: N802  (Paddle's name)
    """Fail the run when `cond` (one bool) is false: the `assert` op prints the first `summarize`
    values of each tensor in `data` and raises ValueError. Returns the op (static mode).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static.nn.control_flow import Assert
            >>> paddle.enable_static()
            >>> x = paddle.full([2, 3], 2.0, 'float32')
            >>> _ = Assert(paddle.max(x) < 1.0, [x], 10, "example_assert_layer")
            >>> try:
            ...     _ = paddle.static.Executor().run(paddle.static.default_main_program())
            ... except ValueError:
            ...     print("assertion failed")
            Variable: fill_constant_1.tmp_0
              - lod: {}
              - place: Place(cpu)
              - shape: [2, 3]
              - layout: NCHW
              - dtype: float32
              - data: [2.000000 2.000000 2.000000 2.000000 2.000000 2.000000]
            assertion failed
            >>> paddle.disable_static()
    """
    api = "static.nn.control_flow.Assert"
    if data is not None and not isinstance(data, (list, tuple)):
        raise TypeError(f"The type of 'data' in {api} must be (<class 'list'>, <class 'tuple'>, <class "
                        f"'NoneType'>), but received {type(data)}. ")
    if not isinstance(summarize, int) or isinstance(summarize, bool):
        raise TypeError(f"The type of 'summarize' in {api} must be <class 'int'>, but received {type(summarize)}. ")
    if name is not None and not isinstance(name, str):
        raise TypeError(f"The type of 'name' in {api} must be (<class 'str'>, <class 'NoneType'>), but received "
                        f"{type(name)}. ")
    data = [] if data is None else list(data)
    if in_dynamic_mode():  # eager: check now
        if cond.dtype.name != "bool":
            raise TypeError(f"The data type of 'cond' in {api} must be ['bool'], but received {cond.dtype.name}. ")
        apply(_AssertOp, cond, data, summarize=summarize)
        return None
    check_variable(cond, "cond", api, ("bool",))
    return default_main_program().current_block().append_op(
        type="assert", inputs={"Cond": [cond], "Data": data}, outputs={}, attrs={"summarize": summarize})
