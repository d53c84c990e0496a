"""The Initializer protocol, fan computation, calculate_gain and the global initializers.

An initializer is called as `init(param, block=None)`. Each one describes its fill as one
Paddle op (`fill_constant`, `uniform_random`, `gaussian_random`, `truncated_gaussian_random`,
`assign_value`) with Paddle's attrs; `_emit` runs that op's kernel straight into an eager
Parameter's buffer (no graph is recorded), or appends the op to `block` (the startup block when
called by create_parameter) for a static Variable.
"""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.op import OPS
from ..._core.tensor import Tensor
from ...ops.creation.fill import assign_value_attrs
from .lazy_init import lazy_init_helper

__all__ = ["Initializer", "calculate_gain", "set_global_initializer"]

_GLOBAL = {"weight": None, "bias": None}


class Initializer:
    """Base class of parameter initializers: `init(param, block=None)` fills `param`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> w = paddle.create_parameter([2, 3], 'float32')
            >>> paddle.nn.initializer.Constant(1.5)(w)
            >>> w.numpy().tolist()
            [[1.5, 1.5, 1.5], [1.5, 1.5, 1.5]]
    """

    # the prefix of the float32 temporary Paddle's static initializer fills and casts into a float16 (and,
    # unless the op is uniform_random, which has a bfloat16 kernel, a bfloat16) parameter; None: no staging
    _stage_prefix = None

    def __init__(self):
        pass

    def __call__(self, param, block=None):
        if isinstance(param, Tensor) and lazy_init_helper().state:
            param._init_func = self.forward  # run by param.initialize() (LazyGuard)
            return param
        return self.forward(param, block)

    def forward(self, param, block=None):
        """Fill `param` eagerly, or append the init op to `block` (static)."""
        op_type, attrs = self._op(param, block)
        return _emit(param, block, op_type, attrs, self._stage_prefix)

    def _op(self, var, block):
        """(op_type, attrs) of the op that fills `var`."""
        raise NotImplementedError

    def _check_block(self, block):
        if block is None:
            from ...static.program import default_main_program
            block = default_main_program().global_block()
        return block

    def _compute_fans(self, var):
        """(fan_in, fan_out) as Paddle estimates them from the shape.

        [] -> (1, 1); [n] -> (n, n); [in, out] -> (in, out) (Paddle stores Linear weights as
        [in, out]); conv kernels [out_c, in_c, *k] -> (in_c * prod(k), out_c * prod(k)).
        """
        return compute_fans(var.shape)


def compute_fans(shape):
    """(fan_in, fan_out) of a parameter shape (see Initializer._compute_fans)."""
    shape = list(shape)
    if not shape:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    rf = int(np.prod(shape[2:]))
    return shape[1] * rf, shape[0] * rf


def _seed(var, block):
    """The seed attr Paddle's legacy-IR initializers write: the random_seed of the program `block` belongs to (the
    startup program when create_parameter calls), else of the default main program (so eagerly too); 0 draws from
    the global generator. (Paddle's PIR mode reads a separate program there: FLAGS_enable_pir_api=0 is the rule.)"""
    if block is None:
        from ...static.program import default_main_program
        block = default_main_program().global_block()
    return block.program.random_seed


def _proto(var):
    return var.dtype.proto


def _emit(var, block, op_type, attrs, stage_prefix=None):
    """Run op `op_type` with `attrs` into eager `var`, or append it to `block` for a static var.

    With `stage_prefix`, a static float16/bfloat16 var is filled as Paddle does: the op writes a float32
    temporary `{stage_prefix}.{var}.tmp_k` and a `cast` op writes the var (the values are the same: the
    kernels draw float32 numbers for those dtypes either way).
    """
    if isinstance(var, Tensor):
        arr = OPS[op_type](attrs).forward(np)
        dt = var._data.dtype
        if arr.dtype != dt:
            arr = arr.astype(dt)
        if tuple(arr.shape) != var._data.shape:
            arr = arr.reshape(var._data.shape)
        var._set_data(arr)
        return None
    if block is None:
        from ...static.program import default_main_program
        block = default_main_program().global_block()
    name = var.dtype.name
    if stage_prefix is not None and (name == "float16" or (name == "bfloat16" and op_type != "uniform_random")):
        from ...static.program import default_main_program
        tmp = block.create_var(name=default_main_program()._name_generator.generate(f"{stage_prefix}.{var.name}.tmp"),
                               shape=list(var.shape), dtype=_dt.float32, persistable=False)
        if op_type == "assign_value":
            value = np.asarray(attrs.get("values", attrs.get("fp32_values")), dtype=np.float32)
            attrs = assign_value_attrs(value.reshape(attrs["shape"]))
        else:
            attrs = dict(attrs, dtype=_dt.float32.proto)
        block.append_op(type=op_type, inputs={}, outputs={"Out": [tmp]}, attrs=attrs)
        return block.append_op(type="cast", inputs={"X": [tmp]}, outputs={"Out": [var]},
                               attrs={"in_dtype": _dt.float32.proto, "out_dtype": var.dtype.proto})
    return block.append_op(type=op_type, inputs={}, outputs={"Out": [var]}, attrs=attrs)


def _emit_from(var, block, x, op_type, attrs):
    """Run the one-input op `op_type` (slots X -> Out) on `x` into eager `var`, or append it to `block`."""
    if isinstance(var, Tensor):
        arr = OPS[op_type](attrs).forward(np, x._data)
        var._set_data(arr.astype(var._data.dtype, copy=False).reshape(var._data.shape))
        return None
    if block is None:
        from ...static.program import default_main_program
        block = default_main_program().global_block()
    return block.append_op(type=op_type, inputs={"X": [x]}, outputs={"Out": [var]}, attrs=attrs)


def _shape(var):
    return [int(s) for s in var.shape]


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a nonlinearity (relu: sqrt(2), tanh: 5/3, leaky_relu: sqrt(2/(1+slope^2)), ...).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.nn.initializer.calculate_gain('tanh')
            1.6666666666666667
            >>> paddle.nn.initializer.calculate_gain('leaky_relu', param=1.0)
            1.0
    """
    if param is None:
        param = 0.01
    else:
        assert isinstance(param, (bool, int, float))
        param = float(param)
    gains = {"sigmoid": 1, "linear": 1, "conv1d": 1, "conv2d": 1, "conv3d": 1, "conv1d_transpose": 1,
             "conv_transpose1d": 1, "conv2d_transpose": 1, "conv_transpose2d": 1, "conv3d_transpose": 1,
             "conv_transpose3d": 1, "tanh": 5.0 / 3, "relu": math.sqrt(2.0),
             "leaky_relu": math.sqrt(2.0 / (1 + param ** 2)), "selu": 3.0 / 4}
    if nonlinearity in gains:
        return gains[nonlinearity]
    raise ValueError(f"nonlinearity function {nonlinearity} is not supported now.")


def set_global_initializer(weight_init, bias_init=None):
    """Make `weight_init`/`bias_init` the initializers of every parameter created afterwards.

    They win over a layer's own defaults but not over an initializer given in ParamAttr;
    `set_global_initializer(None)` restores the defaults.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> nn = paddle.nn
            >>> nn.initializer.set_global_initializer(nn.initializer.Uniform(), nn.initializer.Constant())
            >>> linear = nn.Linear(2, 2)
            >>> linear.bias.numpy().tolist()
            [0.0, 0.0]
            >>> nn.initializer.set_global_initializer(None)
    """
    if not (weight_init is None or isinstance(weight_init, Initializer)):
        raise TypeError(f"The type of 'weight_init' in set_global_initializer must be (Initializer, NoneType), "
                        f"but received {type(weight_init)}. ")
    if not (bias_init is None or isinstance(bias_init, Initializer)):
        raise TypeError(f"The type of 'bias_init' in set_global_initializer must be (Initializer, NoneType), "
                        f"but received {type(bias_init)}. ")
    _GLOBAL["weight"] = weight_init
    _GLOBAL["bias"] = bias_init


def global_weight_initializer():
    """The weight initializer set by set_global_initializer, or None."""
    return _GLOBAL["weight"]


def global_bias_initializer():
    """The bias initializer set by set_global_initializer, or None."""
    return _GLOBAL["bias"]
