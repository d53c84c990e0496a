"""Helpers behind nn.Layer: parameter creation (names, default initializers), hook handles, naming."""
import re
import weakref

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import building_program
from ..._core.tensor import Parameter
from ...static import name as _name
from ...static.program import default_main_program, default_startup_program
from ...tensor._check import check_param_shape
from ..initializer import Constant, XavierUniform
from ..initializer.base import global_bias_initializer, global_weight_initializer
from ..param_attr import ParamAttr

_FIRST_CAP = re.compile("(.)([A-Z][a-z]+)")
_ALL_CAP = re.compile("([a-z])([A-Z])")
_DIST_SCOPES = {"row_parallel_linear": "linear", "column_parallel_linear": "linear",
                "vocab_parallel_embedding": "embedding"}
_DEFAULT_INIT_DTYPES = ("float16", "float32", "float64", "bfloat16", "int8")

# dygraph parameter names already handed out, per global name generator (so
# `unique_name.guard()` starts a fresh record, as Paddle's name checker does)
_USED = weakref.WeakKeyDictionary()


def camel_to_snake(name):
    """Paddle's layer-name rule: `BatchNorm2D` -> `batch_norm2d`, `MyNet` -> `my_net`, `LSTM` -> `lstm`."""
    return _ALL_CAP.sub(r"\1_\2", _FIRST_CAP.sub(r"\1_\2", name)).lower()


def layer_scope_name(cls_name):
    """The unique-name key of a Layer class (distributed layers share their plain layer's key)."""
    snake = camel_to_snake(cls_name)
    return _DIST_SCOPES.get(snake, snake)


def _check_name_unused(name):
    gen = _name.generator
    used = _USED.get(gen)
    if used is None:
        used = _USED[gen] = set()
    if name in used:
        raise ValueError(f"parameter name [{name}] have be been used. In dygraph mode, the name of parameter "
                         f"can't be same.Please check the parameter attr value passed to self.create_parameter "
                         f"or constructor of dygraph Layers")
    used.add(name)


def create_parameter(prefix, attr, shape, dtype, is_bias=False, default_initializer=None):
    """A Parameter named `{prefix}.w_n` / `{prefix}.b_n` (or attr.name), filled by its initializer.

    The initializer is, in order: the ParamAttr's, the global one (set_global_initializer), the
    layer's `default_initializer`, then XavierUniform for weights and Constant(0) for biases.
    Returns None when attr is False. In static mode the parameter lives in the main program and
    its init op in the startup program.
    """
    attr = ParamAttr._to_attr(attr)
    if not attr:
        return None
    shape = check_param_shape(shape, prefix)
    d = _dt.convert_dtype(dtype)
    suffix = "b" if is_bias else "w"
    glob = global_bias_initializer() if is_bias else global_weight_initializer()
    if glob is not None:
        default_initializer = glob
    if attr.name is None:
        key = f"{prefix}.{suffix}"
        attr.name = default_main_program()._name_generator.generate(key) if building_program() else _name.generate(key)
    if default_initializer is None and attr.initializer is None:
        if d.name not in _DEFAULT_INIT_DTYPES:
            raise TypeError("Can not create parameter with default initializer when dtype is not ['float16', "
                            "'float32', 'float64', 'bfloat16', 'float'] type. Set default_initializer to fit the "
                            "parameter dtype!")
        attr._set_default_initializer(Constant(0.0) if is_bias else XavierUniform())
    else:
        attr._set_default_initializer(default_initializer)
    if building_program():  # declared in the program; the startup program initialises it
        default_startup_program().global_block().create_parameter(
            dtype=d, shape=shape, **attr._to_kwargs(with_initializer=True))
        return default_main_program().global_block().create_parameter(dtype=d, shape=shape, **attr._to_kwargs())
    _check_name_unused(attr.name)
    p = Parameter(np.zeros(shape, dtype=d.np_dtype), name=attr.name, trainable=attr.trainable,
                  optimize_attr={"learning_rate": attr.learning_rate}, regularizer=attr.regularizer,
                  do_model_average=attr.do_model_average, need_clip=attr.need_clip)
    attr.initializer(p)
    return p


class HookRemoveHelper:
    """Handle returned by register_forward_*_hook: `remove()` unregisters the hook."""

    next_hook_id = 0

    def __init__(self, hooks, *, extra_hook_dict=None):
        self._hooks_ref = weakref.ref(hooks)
        self._hook_id = HookRemoveHelper.next_hook_id
        HookRemoveHelper.next_hook_id += 1
        if extra_hook_dict is None:
            extra = ()
        elif isinstance(extra_hook_dict, list):
            extra = extra_hook_dict
        else:
            extra = (extra_hook_dict,)
        self._extra_hooks_ref = tuple(weakref.ref(d) for d in extra)

    def remove(self):
        """Unregister the hook (no-op when already removed)."""
        for ref in (self._hooks_ref,) + self._extra_hooks_ref:
            hooks = ref()
            if hooks is not None and self._hook_id in hooks:
                del hooks[self._hook_id]


def addindent(text, indent):
    """Indent every line but the first by `indent` spaces (nested Layer reprs)."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * indent + line for line in lines[1:])
