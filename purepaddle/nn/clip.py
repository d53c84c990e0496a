"""Gradient clipping: ClipGradByValue, ClipGradByNorm, ClipGradByGlobalNorm and clip_by_norm.

A clip object is called with `[(param, grad), ...]` and returns the new list; params with
`need_clip=False` keep their gradient and pairs with a None gradient are dropped. Eagerly the
work is done on the arrays (no graph, as Paddle runs it under no_grad); while building a static
program it appends Paddle's ops (clip, clip_by_norm, squared_l2_norm, sum, sqrt, ...).
"""

from __future__ import annotations

import contextlib
import copy
import warnings

import numpy as np

from .._core.dispatch import apply, building_program
from .._core.tensor import SelectedRows, Tensor
from ..ops.clip import ClipByNorm, SquaredL2Norm, sum_squares
from ..static.backward import error_clip_callback  # noqa: F401  (paddle.nn.clip.error_clip_callback)

__all__ = ["ClipGradByValue", "ClipGradByNorm", "ClipGradByGlobalNorm"]

_OP_ROLE_OPTIMIZE = 2


def _tensor_api():
    from .. import tensor
    return tensor


def clip_by_norm(x, max_norm, name=None):
    """x scaled to L2 norm `max_norm` when its norm is larger (no gradient flows).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn import clip
            >>> x = paddle.to_tensor([[2.0, 2.0], [2.0, 2.0]], dtype='float32')
            >>> clip.clip_by_norm(x=x, max_norm=1.0).numpy().tolist()
            [[0.5, 0.5], [0.5, 0.5]]
    """
    if not isinstance(x, Tensor) and not hasattr(x, "block"):
        raise TypeError(f"The type of 'x' in clip_by_norm must be Tensor, but received {type(x)}. ")
    if x.dtype.name not in ("float16", "bfloat16", "float32"):
        raise TypeError(f"The data type of 'X' in clip_by_norm must be ['float16', 'float32', 'uint16'], "
                        f"but received {x.dtype.name}. ")
    if not isinstance(max_norm, (float, int)):
        raise TypeError(f"The type of 'max_norm' in clip_by_norm must be (<class 'float'>, <class 'int'>), "
                        f"but received {type(max_norm)}. ")
    return apply(ClipByNorm, x, max_norm=float(max_norm))


def merge_selected_rows(x, name=None):
    """A SelectedRows gradient with its duplicated rows summed (dense tensors pass through); in a static
    program the `merge_selected_rows` op."""
    if building_program():  # a SELECTED_ROWS variable: the program merges it
        from ..ops.fluid.selected_rows import MergeSelectedRows
        return apply(MergeSelectedRows, x)
    if isinstance(x, SelectedRows):
        rows, values = x.merged_rows()
        return SelectedRows.make(rows, values, x.height, x.place)
    return x


def get_tensor_from_selected_rows(x, name=None):
    """The value tensor of a SelectedRows: one data row per entry of its rows. In a static program x
    must be a SELECTED_ROWS variable and the `get_tensor_from_selected_rows` op reads it.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.base import core
            >>> paddle.enable_static()
            >>> scope = core.Scope()
            >>> rows = scope.var('X').get_selected_rows()
            >>> rows.set_rows([0, 5, 5])
            >>> rows.set_height(20)
            >>> rows.get_tensor().set(np.arange(6, dtype='float32').reshape(3, 2), core.CPUPlace())
            >>> block = paddle.static.default_main_program().global_block()
            >>> x = block.create_var(name="X", dtype="float32", persistable=True,
            ...                      type=core.VarDesc.VarType.SELECTED_ROWS)
            >>> z = paddle.nn.clip.get_tensor_from_selected_rows(x)
            >>> with paddle.static.scope_guard(scope):
            ...     print(paddle.static.Executor().run(fetch_list=[z])[0])
            [[0. 1.]
             [2. 3.]
             [4. 5.]]
            >>> paddle.disable_static()
    """
    if building_program():  # a SELECTED_ROWS variable: the program reads its values
        from ..ops.fluid.selected_rows import GetTensorFromSelectedRows
        from ..static.program import Variable, VarType
        if not isinstance(x, Variable):
            raise TypeError(f"The type of 'x' in get_tensor_from_selected_rows must be <class "
                            f"'paddle.static.Variable'>, but received {type(x)}. ")
        if x.type != VarType.SELECTED_ROWS:
            raise TypeError("The type of 'x' in get_tensor_from_selected_rows must be SELECTED_ROWS.")
        return apply(GetTensorFromSelectedRows, x)
    if isinstance(x, SelectedRows):
        return Tensor._make(x.values.copy())
    return x


def _map_values(g, fn):
    """fn applied to a gradient's array; a SelectedRows keeps its (merged) rows."""
    if isinstance(g, SelectedRows):
        rows, values = g.merged_rows()
        return SelectedRows.make(rows, fn(values), g.height, g.place)
    return Tensor._make(fn(g._data))


def _scale_inplace(g, scale):
    """g *= scale, into a fresh buffer (gradients of different params may share an array)."""
    if isinstance(g, SelectedRows):
        g.values = g.values * g.values.dtype.type(scale)
        g._dense = None
        g._version += 1
    else:
        a = g._data
        g._set_data(a * a.dtype.type(scale))


class BaseErrorClipAttr:
    """Base class of error clips (clip a variable's gradient while the backward pass runs; static)."""

    def __str__(self):
        raise NotImplementedError

    def _append_clip_op(self, block, grad_name):
        raise NotImplementedError


class ErrorClipByValue(BaseErrorClipAttr):
    """Clip the gradient flowing into a variable to [min, max] (min defaults to -max); attach with
    `var._set_error_clip(...)` in a static program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> clip = paddle.nn.clip.ErrorClipByValue(max=2e-6, min=-1e-6)
            >>> print(clip)
            ByValue, min=-0.000001, max=0.000002
    """

    def __init__(self, max, min=None):  # noqa: A002
        max = float(max)
        if min is None:
            min = -max
        else:
            min = float(min)
        self.max = max
        self.min = min

    def __str__(self):
        return f"ByValue, min={self.min:f}, max={self.max:f}"

    def _append_clip_op(self, block, grad_name):
        var = block.var(grad_name)
        return block.append_op(type="clip", inputs={"X": [var]}, outputs={"Out": [var]},
                               attrs={"min": self.min, "max": self.max})


@contextlib.contextmanager
def _optimize_role(params_grads):
    """Mark ops appended to a static program as optimizer ops (Paddle's _optimized_guard)."""
    if not params_grads:
        yield
        return
    program = params_grads[0][0].block.program
    prev = program._op_role
    program._op_role = _OP_ROLE_OPTIMIZE
    try:
        yield
    finally:
        program._op_role = prev


def _name_scope(prefix):
    from ..static.name import name_scope
    return name_scope(prefix)


class ClipGradBase:
    """Base class of the gradient-clip strategies: call it with [(param, grad)] pairs."""

    def __init__(self):
        super().__init__()

    def __str__(self):
        raise NotImplementedError

    def __call__(self, params_grads):
        if building_program():  # Paddle appends the clip ops under the gradient_clip name scope
            for p, _ in params_grads:
                if getattr(p, "gradient_clip_attr", None) is not None:
                    warnings.warn("'set_gradient_clip' will be ineffective, because you have set 'need_clip' in "
                                  "'ParamAttr'. So, 'set_gradient_clip' is redundant and you can remove it.")
                    break
            with _name_scope("gradient_clip"), _optimize_role(params_grads):
                return self._static_clip(params_grads)
        return self._dygraph_clip(params_grads)

    def _dygraph_clip(self, params_grads):
        raise NotImplementedError

    def _static_clip(self, params_grads):
        raise NotImplementedError

    def _process_context(self, context, param, grad):
        raise NotImplementedError

    def _create_operators(self, param, grad):
        raise NotImplementedError


def _each(params_grads, fn):
    """[(p, fn(g))] over pairs with a gradient; need_clip=False pairs pass unchanged."""
    out = []
    for p, g in params_grads:
        if g is None:
            continue
        out.append((p, g) if getattr(p, "need_clip", True) is False else (p, fn(g)))
    return out


class ClipGradByValue(ClipGradBase):
    """Clip every gradient element into [min, max] (min defaults to -max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10, bias_attr=paddle.ParamAttr(need_clip=False))
            >>> clip = paddle.nn.ClipGradByValue(min=-1, max=1)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(), grad_clip=clip)
    """

    def __init__(self, max, min=None):  # noqa: A002  (Paddle's argument names)
        super().__init__()
        if min is None:
            assert max > 0.0
            min = -max
        self.max = float(max)
        self.min = float(min)

    def __str__(self):
        return f"Clip Gradient By Value, min = {self.min:f}, max={self.max:f}"

    def _clip_array(self, g):
        def fn(a):  # np.clip is SIMD-fast on large arrays (about 8x np.minimum(np.maximum(...)))
            return np.clip(a, a.dtype.type(self.min), a.dtype.type(self.max))
        return _map_values(g, fn)

    def _dygraph_clip(self, params_grads):
        return _each(params_grads, self._clip_array)

    def _static_clip(self, params_grads):
        clip = _tensor_api().clip
        return _each(params_grads, lambda g: clip(g, min=self.min, max=self.max))

    def _process_context(self, context, param, grad):
        pass

    def _create_operators(self, param, grad):
        return param, _tensor_api().clip(grad, min=self.min, max=self.max)


class ClipGradByNorm(ClipGradBase):
    """Scale each gradient to L2 norm `clip_norm` when its own norm is larger.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> clip = paddle.nn.ClipGradByNorm(clip_norm=1.0)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(), grad_clip=clip)
    """

    def __init__(self, clip_norm):
        super().__init__()
        self.clip_norm = float(clip_norm)

    def __str__(self):
        return f"Gradient Clip By Norm, clip_norm={self.clip_norm:f}"

    def _clip_array(self, g):
        op = ClipByNorm({"max_norm": self.clip_norm})
        return _map_values(g, lambda a: op.forward(np, a))

    def _dygraph_clip(self, params_grads):
        return _each(params_grads, self._clip_array)

    def _static_clip(self, params_grads):
        return _each(params_grads, lambda g: apply(ClipByNorm, g, max_norm=self.clip_norm))

    def _process_context(self, context, param, grad):
        pass

    def _create_operators(self, param, grad):
        return param, apply(ClipByNorm, grad, max_norm=self.clip_norm)


class ClipGradByGlobalNorm(ClipGradBase):
    """Scale all clipped gradients by clip_norm / max(global_norm, clip_norm), global_norm = sqrt(sum ||g||^2).

    With auto_skip_clip=True the gradients are left alone unless global_norm > clip_norm.
    Eagerly the gradients are scaled in place (param.grad shows the clipped values).

    Args:
        clip_norm (float): The largest global norm allowed.
        group_name (str, optional): The name of the group of parameters clipped together. Default:
            "default_group".
        auto_skip_clip (bool, optional): Whether clipping is skipped when the norm is already small enough.
            Default: False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> clip = paddle.nn.ClipGradByGlobalNorm(clip_norm=1.0)
            >>> sgd = paddle.optimizer.SGD(learning_rate=0.1, parameters=linear.parameters(), grad_clip=clip)
    """

    def __init__(self, clip_norm: float, group_name: str = "default_group",
                 auto_skip_clip: bool = False) -> None:
        super().__init__()
        self.clip_norm = float(clip_norm)
        self.group_name = group_name
        assert isinstance(auto_skip_clip, bool)
        self.auto_skip_clip = auto_skip_clip
        self.should_comm_on_shard_dim = False

    def __str__(self):
        return f"Gradient Clip By GlobalNorm, global_norm={self.clip_norm:f}"

    def _dygraph_clip(self, params_grads):
        clipped = [g for p, g in params_grads if g is not None and getattr(p, "need_clip", True) is not False]
        if not clipped:
            return params_grads
        # float64 gradients make Paddle sum in float64, otherwise in float32
        acc = np.float64 if any(g._data.dtype == np.float64 for g in clipped) else np.float32
        total = acc(0)
        for g in clipped:
            total += acc(sum_squares(g._data))
        norm = np.sqrt(total)
        limit = acc(self.clip_norm)
        if not self.auto_skip_clip:
            scale = limit / max(norm, limit)
        elif norm > limit:
            scale = limit / norm
        else:
            return _each(params_grads, lambda g: g)
        for g in clipped:
            _scale_inplace(g, scale)
        return _each(params_grads, lambda g: g)

    def _static_clip(self, params_grads):
        t = _tensor_api()
        squares = [apply(SquaredL2Norm, g) for p, g in params_grads
                   if g is not None and getattr(p, "need_clip", True) is not False]
        if not squares:
            return params_grads
        dtype = "float64" if any(s.dtype.name == "float64" for s in squares) else "float32"
        squares = [s if s.dtype.name == dtype else s.astype(dtype) for s in squares]
        global_norm = t.sqrt(t.add_n(squares) if len(squares) > 1 else squares[0])
        max_norm = t.full(shape=[1], dtype=dtype, fill_value=self.clip_norm)
        scale = t.divide(max_norm, t.maximum(global_norm, max_norm))

        def mul(g):
            s = scale if scale.dtype == g.dtype else scale.astype(g.dtype)
            return t.multiply(g, s)
        return _each(params_grads, mul)

    def _process_context(self, context, param, grad):
        raise NotImplementedError("ClipGradByGlobalNorm through set_gradient_clip: use grad_clip= of the optimizer")

    def _create_operators(self, param, grad):
        raise NotImplementedError("ClipGradByGlobalNorm through set_gradient_clip: use grad_clip= of the optimizer")


def set_gradient_clip(clip, param_list=None, program=None):
    """Legacy static API: attach `clip` to the parameters (all of `program`'s, or those named in param_list)."""
    warnings.warn("Caution! 'set_gradient_clip' is not recommended and may be deprecated in future! We recommend "
                  "a new strategy: set 'grad_clip' when initializing the 'optimizer'. This method can reduce the "
                  "mistakes, please refer to documention of 'optimizer'.")
    if not isinstance(clip, ClipGradBase):
        raise TypeError("'clip' should be an instance of ClipGradBase's derived class")
    if program is None:
        from ..static.program import default_main_program
        program = default_main_program()
    for op in program.block(0).ops:
        if "op_namescope" in op.all_attrs() and "optimizer" in op.attr("op_namescope"):
            warnings.warn("'minimize' has been invoked before, this will make 'set_gradient_clip' be ineffective! "
                          "Please invoke 'set_gradient_clip' before 'minimize'.")
            break
    if param_list is None:
        param_list = program.block(0).all_parameters()
    if all(isinstance(e, str) for e in param_list):
        param_list = [program.block(0).var(name) for name in param_list]
    elif not all(hasattr(e, "block") for e in param_list):
        raise TypeError("'param_list' should be a list of Parameter or basestring(parameter's name).")
    for param in param_list:
        param.gradient_clip_attr = copy.deepcopy(clip)


def append_gradient_clip_ops(param_grads):
    """Apply each parameter's `gradient_clip_attr` (set by set_gradient_clip) to its gradient (static)."""
    clip_attrs = [getattr(p, "gradient_clip_attr", None) for p, g in param_grads]
    if all(c is None for c in clip_attrs):
        return param_grads
    out = []
    with _name_scope("gradient_clip"), _optimize_role(param_grads):
        for (p, g), c in zip(param_grads, clip_attrs):
            if g is None or c is None or getattr(p, "need_clip", True) is False:
                out.append((p, g))
            else:
                out.append(c._create_operators(p, g))
    return out
