"""Sub-blocks run by a `conditional_block` op: the low-level ConditionalBlock and If of
paddle.static.nn.control_flow (cond, case and switch_case are built on the same op).

Ops built inside `with ConditionalBlock(...).block():` go to a child block; on leaving it the
`conditional_block` op is appended to the parent with Input = what the block reads from outside
and Out = the outer variables it writes (in-place updates such as `paddle.assign(x, output=y)`).
"""
import contextlib

from ..._core.mode import in_dynamic_mode
from ..control_flow import block_io, op_io
from ..program import Variable, VarType, default_main_program
from ...tensor._check import check_variable

__all__ = ["ConditionalBlock", "If"]


class SubBlock:
    """`with SubBlock(program) as block:` appends the ops built inside to a new child block."""

    def __init__(self, program):
        self.program = program

    def __enter__(self):
        return self.program._create_block()

    def __exit__(self, *exc):
        self.program._rollback()
        return False


def resolvable(block, names):
    """The names (in order, once) that resolve to a variable of `block` or its ancestors."""
    out, seen = [], set()
    for n in names:
        if n not in seen and block._find_var_recursive(n) is not None:
            seen.add(n)
            out.append(n)
    return out


def writes(block):
    """The names block's ops write, in order (a nested control-flow op's sub-block included)."""
    return [n for op in block.ops for n in op_io(op)[1]]


def append_conditional_block(parent, sub, conds, is_scalar_condition):
    """The conditional_block op running `sub` under `conds` (appended to `parent`)."""
    ext, _ = block_io(sub)
    scope = parent.create_var(type=VarType.STEP_SCOPES)
    return parent.append_op(type="conditional_block",
                            inputs={"Cond": list(conds), "Input": resolvable(parent, ext)},
                            outputs={"Out": resolvable(parent, writes(sub)), "Scope": [scope]},
                            attrs={"sub_block": sub, "is_scalar_condition": bool(is_scalar_condition)})


class ConditionalBlock:
    """Ops built inside `with cb.block():` run only when the condition holds: the single value of
    `inputs[0]` with is_scalar_condition=True, otherwise when every variable in `inputs` is non-empty.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static.nn.control_flow import ConditionalBlock
            >>> paddle.enable_static()
            >>> x = paddle.full([1], 3.0)
            >>> out = paddle.full([1], 0.0)
            >>> cond = paddle.less_than(x, paddle.full([1], 5.0))
            >>> cb = ConditionalBlock([cond], is_scalar_condition=True)
            >>> with cb.block():
            ...     _ = paddle.assign(x * 2, output=out)
            >>> print(paddle.static.Executor().run(fetch_list=[out])[0])
            [6.]
            >>> paddle.disable_static()
    """

    def __init__(self, inputs, is_scalar_condition=False, name=None):
        if in_dynamic_mode():
            raise RuntimeError("ConditionalBlock builds a sub-block of a static program: call "
                               "paddle.enable_static() first")
        inputs = list(inputs)
        for v in inputs:
            if not isinstance(v, Variable):
                raise TypeError(f"The type of 'input' in ConditionalBlock must be <class "
                                f"'paddle.static.Variable'>, but received {type(v)}. ")
        if is_scalar_condition and len(inputs) != 1:
            raise TypeError("ConditionalBlock with is_scalar_condition=True takes exactly one condition")
        self.inputs = inputs
        self.is_scalar_condition = bool(is_scalar_condition)
        self.program = default_main_program()

    @contextlib.contextmanager
    def block(self):
        """Build the conditional ops inside the `with` block."""
        with SubBlock(self.program) as sub:
            yield sub
        append_conditional_block(self.program.current_block(), sub, self.inputs, self.is_scalar_condition)


class If:
    """`with if_op.true_block():` builds ops run when `cond` (one bool) holds, `with
    if_op.false_block():` ops run when it does not; results leave the blocks by writing outer
    variables (paddle.assign(..., output=var)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.static.nn.control_flow import If
            >>> paddle.enable_static()
            >>> x = paddle.full([1], 7.0)
            >>> out = paddle.full([1], 0.0)
            >>> if_op = If(paddle.less_than(x, paddle.full([1], 5.0)))
            >>> with if_op.true_block():
            ...     _ = paddle.assign(x + 1, output=out)
            >>> with if_op.false_block():
            ...     _ = paddle.assign(x - 1, output=out)
            >>> print(paddle.static.Executor().run(fetch_list=[out])[0])
            [6.]
            >>> paddle.disable_static()
    """

    def __init__(self, cond):
        check_variable(cond, "cond", "static.nn.If", ("bool",))
        n = 1
        for d in cond.shape:
            n *= d
        if n != 1:
            raise TypeError(f"condition expected shape as [1], but given shape as {list(cond.shape)}.")
        self.cond_var = cond
        self._not_cond = None

    def true_block(self):
        """The block run when cond holds."""
        return ConditionalBlock([self.cond_var], is_scalar_condition=True).block()

    def false_block(self):
        """The block run when cond does not hold."""
        if self._not_cond is None:
            from ...tensor.logic import logical_not
            self._not_cond = logical_not(self.cond_var)
        return ConditionalBlock([self._not_cond], is_scalar_condition=True).block()
