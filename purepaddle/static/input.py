"""paddle.static.data, InputSpec, create_parameter and create_global_var."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, ParamAttrLike, ShapeLike
    from purepaddle.nn.initializer.base import Initializer

import math

import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import building_program
from .._core.mode import in_dynamic_mode
from .._core.tensor import Tensor
from .program import VarType, default_main_program, default_startup_program

__all__ = ["data", "InputSpec", "create_parameter", "create_global_var"]


def data(name: str, shape: ShapeLike, dtype: DTypeLike | None = None, lod_level: int = 0) -> Tensor:
    """A feed variable of the current main program: fill it through Executor.run(feed={name: array}).

    `None` or -1 dims are unknown (any size is accepted there); dtype defaults to the default float.

    Args:
        name (str): The name of the variable, the key its value is fed under.
        shape (ShapeLike): The shape; -1 or None marks a size known only when data is fed.
        dtype (DTypeLike|None, optional): The data type; None means the default float dtype. Default: None.
        lod_level (int, optional): The level of LoD (variable-length sequence) information. Default: 0.

    Returns:
        Tensor: the placeholder variable of the current program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[None, 3], dtype='float32')
            >>> print(x)
            var x : DENSE_TENSOR.shape(-1, 3).dtype(float32).stop_gradient(True)
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        raise AssertionError(
            "In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and 'data()' is only supported in "
            "static graph mode. So if you want to use this api, please call 'paddle.enable_static()' before this "
            "api to enter static graph mode.")
    if not isinstance(name, (bytes, str)):
        raise TypeError(f"The type of 'name' in data must be (<class 'bytes'>, <class 'str'>), but received "
                        f"{type(name)}. ")
    if isinstance(name, bytes):
        name = name.decode()
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in data must be (<class 'list'>, <class 'tuple'>), but received "
                        f"{type(shape)}. ")
    dims = []
    for d in shape:
        if d is None:
            dims.append(-1)
        elif isinstance(d, (int, np.integer)):
            if d < -1:
                raise ValueError(f"Only -1 can be used in shape to indicate unknown dimension, but received {d}")
            dims.append(int(d))
        else:
            dims.append(d)
    d = _dt.default_float() if dtype is None else _dt.convert_dtype(dtype)
    block = default_main_program().global_block()
    return block.create_var(name=name, shape=dims, dtype=d, type=VarType.DENSE_TENSOR, stop_gradient=True,
                            lod_level=lod_level, is_data=True, need_check_feed=True, persistable=False)


class InputSpec:
    """Describes a model input: shape (None/-1 = any), dtype and name (used by jit.to_static and save).

    Args:
        shape (ShapeLike): The shape; -1 or None marks a size known only at run time.
        dtype (DTypeLike, optional): The data type of the input. Default: "float32".
        name (str|None, optional): The name of the input (the feed name of a saved model). Default: None.
        stop_gradient (bool, optional): Whether gradients stop at the input. Default: False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.static.InputSpec([None, 784], 'float32', 'x')
            InputSpec(shape=(-1, 784), dtype=paddle.float32, name=x, stop_gradient=False)
    """

    def __init__(self, shape: ShapeLike, dtype: DTypeLike = "float32", name: str | None = None,
                 stop_gradient: bool = False) -> None:
        self.shape = self._verify(shape)
        self.dtype = _dt.convert_dtype(dtype)
        self.name = name
        self.stop_gradient = stop_gradient

    @staticmethod
    def _verify(shape):
        if not isinstance(shape, (list, tuple)):
            raise TypeError(f"Type of `shape` in InputSpec should be one of (tuple, list), but received "
                            f"{type(shape).__name__}.")
        out = []
        for i, d in enumerate(shape):
            if d is None:
                d = -1
            elif isinstance(d, (Tensor,)):
                d = int(d.item())
            elif not isinstance(d, (int, np.integer)) or isinstance(d, bool):
                raise ValueError(f"shape[{i}] should be an `int`, but received `{type(d).__name__}`:{d}.")
            out.append(int(d))
        return tuple(out)

    @classmethod
    def from_tensor(cls, tensor, name=None):
        """An InputSpec with the shape and dtype of `tensor` (name defaults to the tensor's)."""
        if isinstance(tensor, Tensor) or hasattr(tensor, "block"):
            return cls(list(tensor.shape), tensor.dtype, name or tensor.name)
        raise ValueError(f"Input `tensor` should be a Tensor, but received {type(tensor).__name__}.")

    @classmethod
    def from_numpy(cls, ndarray, name=None):
        """An InputSpec with the shape and dtype of a numpy array."""
        return cls(ndarray.shape, ndarray.dtype, name)

    def batch(self, batch_size):
        """Prepend a batch dim (in place); returns self."""
        if isinstance(batch_size, (list, tuple)):
            if len(batch_size) != 1:
                raise ValueError(f"Length of batch_size: {batch_size} shall be 1, but received "
                                 f"{len(batch_size)}.")
            batch_size = batch_size[0]
        elif not isinstance(batch_size, (int, np.integer)):
            raise TypeError(f"type(batch_size) shall be `int`, but received {type(batch_size).__name__}.")
        self.shape = (int(batch_size),) + tuple(self.shape)
        return self

    def unbatch(self):
        """Remove the leading batch dim (in place); returns self."""
        if len(self.shape) == 0:
            raise ValueError("Not support to unbatch a InputSpec when len(shape) == 0.")
        self.shape = tuple(self.shape[1:])
        return self

    def __repr__(self):
        return (f"InputSpec(shape={self.shape}, dtype={self.dtype}, name={self.name}, "
                f"stop_gradient={self.stop_gradient})")

    def __eq__(self, other):
        if not isinstance(other, InputSpec):
            return False
        return (self.shape, self.dtype, self.name, self.stop_gradient) == (
            other.shape, other.dtype, other.name, other.stop_gradient)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash((self.shape, self.dtype.name, self.name, self.stop_gradient))


def _xavier_init(shape, dtype):
    fan_in = shape[0] if len(shape) >= 1 else 1
    fan_out = shape[1] if len(shape) >= 2 else shape[0] if shape else 1
    if len(shape) > 2:
        rf = int(np.prod(shape[2:]))
        fan_in, fan_out = shape[1] * rf, shape[0] * rf
    limit = math.sqrt(6.0 / float(fan_in + fan_out))
    return "uniform_random", {"shape": list(shape), "dtype": dtype.proto, "min": -limit, "max": limit,
                              # the random_seed of the program the op goes to (eagerly: the main program's)
                              "seed": (default_startup_program() if building_program()
                                       else default_main_program()).random_seed,
                              "diag_num": 0, "diag_step": 0, "diag_val": 1.0}


def _const_init(shape, dtype, value=0.0):
    return "fill_constant", {"shape": list(shape), "dtype": dtype.proto, "value": float(value),
                             "str_value": str(float(value)), "force_cpu": False, "place_type": -1}


def _init_op(var, block, op_type, attrs):
    block.append_op(type=op_type, inputs={}, outputs={"Out": [var]}, attrs=attrs)


def create_parameter(shape: ShapeLike, dtype: DTypeLike, name: str | None = None,
                     attr: ParamAttrLike | None = None, is_bias: bool = False,
                     default_initializer: Initializer | None = None) -> Tensor:
    """A trainable Parameter in the main program, initialised by an op in the startup program.

    The default initialiser is Xavier-uniform for weights and zeros for biases.

    Args:
        shape (ShapeLike): The shape of the result: a list or tuple of ints (or 1-element int Tensors), or an
            int Tensor.
        dtype (DTypeLike): The data type of the parameter.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        attr (ParamAttrLike|None, optional): Its ParamAttr (name, initializer, ...). Default: None.
        is_bias (bool, optional): Whether it is a bias (zeros by default instead of Xavier). Default: False.
        default_initializer (Initializer|None, optional): The initializer used when `attr` gives none.
            Default: None.

    Returns:
        Tensor: the new parameter (trainable, stop_gradient False).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> w = paddle.static.create_parameter([2, 3], 'float32', name='w')
            >>> print(w)
            persist trainable param w : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(False)
            >>> paddle.disable_static()
    """
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in create_parameter must be (<class 'list'>, <class 'tuple'>), "
                        f"but received {type(shape)}. ")
    d = _dt.convert_dtype(dtype)
    if in_dynamic_mode():
        return _eager_parameter(shape, d, name, attr, is_bias, default_initializer)
    main = default_main_program()
    if attr is not None and getattr(attr, "name", None):
        name = attr.name
    if name is None:
        helper = main._name_generator.generate("create_parameter")
        name = main._name_generator.generate(helper + (".b" if is_bias else ".w"))
    trainable = getattr(attr, "trainable", True) if attr is not None else True
    init = getattr(attr, "initializer", None) if attr is not None else None
    init = init or default_initializer
    startup_block = default_startup_program().global_block()
    sp = startup_block.create_parameter(name=name, shape=list(shape), dtype=d, trainable=trainable)
    if init is not None:
        init(sp, startup_block)
    else:
        op_type, attrs = _const_init(shape, d) if is_bias else _xavier_init(shape, d)
        _init_op(sp, startup_block, op_type, attrs)
    kwargs = {}
    if attr is not None:
        for k in ("optimize_attr", "regularizer", "do_model_average", "need_clip"):
            if hasattr(attr, k):
                kwargs[k] = getattr(attr, k)
        if hasattr(attr, "learning_rate"):
            kwargs["optimize_attr"] = {"learning_rate": attr.learning_rate}
    return main.global_block().create_parameter(name=name, shape=list(shape), dtype=d, trainable=trainable,
                                                **kwargs)


def _eager_parameter(shape, d, name, attr, is_bias, default_initializer):
    """Dygraph create_parameter: an eager Parameter, Xavier-uniform (weights) or zeros (biases)."""
    from .._core.op import OPS
    from .._core.tensor import Parameter as EagerParameter
    from . import name as _name
    if attr is not None and getattr(attr, "name", None):
        name = attr.name
    if name is None:
        name = _name.generate(_name.generate("create_parameter") + (".b" if is_bias else ".w"))
    shape = [int(s) for s in shape]
    trainable = getattr(attr, "trainable", True) if attr is not None else True
    p = EagerParameter(np.zeros(shape, dtype=d.np_dtype), name=name, trainable=trainable)
    init = (getattr(attr, "initializer", None) if attr is not None else None) or default_initializer
    if init is not None:
        init(p)
    elif not is_bias:  # the default Xavier-uniform op, run eagerly: one draw of the global stream, as Paddle
        op_type, attrs = _xavier_init(shape, d)
        p._set_data(OPS[op_type](attrs).forward(np).astype(d.np_dtype, copy=False))
    return p


def create_global_var(shape, value, dtype, persistable=False, force_cpu=False, name=None):
    """A global variable of the main program filled with `value` by the startup program.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> var = paddle.static.create_global_var(shape=[2, 3], value=1.0, dtype='float32',
            ...                                       persistable=True, name='new_var')
            >>> print(var)
            persist var new_var : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(True)
            >>> paddle.disable_static()
    """
    if not isinstance(shape, (list, tuple)):
        raise TypeError(f"The type of 'shape' in create_global_var must be (<class 'list'>, <class 'tuple'>), "
                        f"but received {type(shape)}. ")
    d = _dt.convert_dtype(dtype)
    main = default_main_program()
    if name is None:
        name = main._name_generator.generate(main._name_generator.generate("global_var") + ".tmp")
    var = main.global_block().create_var(name=name, shape=list(shape), dtype=d, persistable=persistable,
                                         stop_gradient=True)
    sblock = default_startup_program().global_block()
    sv = sblock.create_var(name=name, shape=list(shape), dtype=d, persistable=True, stop_gradient=True)
    op_type, attrs = _const_init(shape, d, value)
    attrs["force_cpu"] = bool(force_cpu)
    _init_op(sv, sblock, op_type, attrs)
    return var
