"""paddle.nn.Layer: the base class of every layer (parameters, sublayers, buffers, hooks, state_dict)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike

import collections
import copy
import warnings

import numpy as np

from ..._core import dtype as _dt
from ..._core import hooks
from ..._core.dispatch import building_program
from ..._core.tensor import Parameter, Tensor
from ...static import name as _name
from ...static.variable import Parameter as StaticParameter
from ...static.variable import Variable
from ._convert import ConvertMixin
from ._helpers import HookRemoveHelper, addindent, create_parameter, layer_scope_name
from ._state import StateDictMixin

__all__ = ["Layer"]

_PARAM_TYPES = (Parameter, StaticParameter)

LAYER_CALL = hooks.declare(
    "layer_call", "around each Layer call: hook(layer, call, inputs, kwargs) must return call(layer, *inputs, "
    "**kwargs); Layer.__call__ calls it; the profiler times the outermost call as a Forward event")


class _IncompatibleKeys(collections.namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


class Layer(StateDictMixin, ConvertMixin):
    """Base class of layers: holds parameters, buffers and sublayers; subclasses define `forward`.

    Attributes set to a Parameter, a Layer or a Tensor are registered as parameter, sublayer or
    (non-persistable) buffer. `eval()`/`train()` only flip `training` (autograd stays on).

    Args:
        name_scope (str|None, optional): The prefix of the names of this layer's parameters; None uses the
            class name in lower case. Default: None.
        dtype (DTypeLike, optional): The data type of the layer's parameters. Default: "float32".

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> class MyLayer(paddle.nn.Layer):
            ...     def __init__(self):
            ...         super().__init__()
            ...         self._linear = paddle.nn.Linear(1, 1)
            ...         self._dropout = paddle.nn.Dropout(p=0.5)
            ...     def forward(self, input):
            ...         return self._dropout(self._linear(input))
            >>> mylayer = MyLayer()
            >>> out = mylayer.eval()(paddle.randn([10, 1], 'float32'))
            >>> out.shape, out.stop_gradient
            (paddle.Size([10, 1]), False)
    """

    def __init__(self, name_scope: str | None = None, dtype: DTypeLike = "float32") -> None:
        d = self.__dict__
        d["training"] = True
        if name_scope is None:
            name_scope = layer_scope_name(self.__class__.__name__)
        d["_full_name"] = _name.generate(name_scope)
        d["_built"] = False
        d["_dtype"] = dtype
        d["_init_in_dynamic_mode"] = not building_program()
        d["_parameters"] = collections.OrderedDict()
        d["_buffers"] = collections.OrderedDict()
        d["_non_persistable_buffer_names_set"] = set()
        d["_sub_layers"] = collections.OrderedDict()
        d["_loaddict_holder"] = collections.OrderedDict()
        d["_forward_pre_hooks"] = collections.OrderedDict()
        d["_forward_post_hooks"] = collections.OrderedDict()
        d["_forward_pre_hooks_with_kwargs_flag"] = collections.OrderedDict()
        d["_forward_post_hooks_with_kwargs_flag"] = collections.OrderedDict()
        d["_forward_post_hooks_always_called"] = collections.OrderedDict()
        d["_state_dict_hooks"] = collections.OrderedDict()
        d["_casted_by_pure_fp16"] = False
        d["_cast_to_low_precision"] = True

    @property
    def _modules(self):
        return self._sub_layers

    @_modules.setter
    def _modules(self, value):
        if not isinstance(value, dict):
            raise TypeError(f"_modules must be dict-like, got {type(value)}")
        self._sub_layers.clear()
        self._sub_layers.update(value)

    # -- modes ---------------------------------------------------------------------------
    def train(self, mode=True):
        """Set this layer and every sublayer to training mode (Dropout on, BatchNorm updates stats)."""
        self.training = mode
        for layer in self.sublayers():
            layer.training = mode
        return self

    def eval(self):
        """Set this layer and every sublayer to evaluation mode; gradients are still recorded."""
        return self.train(False)

    def apply(self, fn):
        """Call fn on every sublayer (children first) and then on self; returns self."""
        for layer in self.children():
            layer.apply(fn)
        fn(self)
        return self

    def full_name(self):
        """The unique name of this layer, e.g. `linear_0`."""
        return self._full_name

    # -- hooks ---------------------------------------------------------------------------
    def register_forward_post_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        """Run hook(layer, inputs, output) after forward; a non-None result replaces the output."""
        handle = HookRemoveHelper(self._forward_post_hooks, extra_hook_dict=[
            self._forward_post_hooks_with_kwargs_flag, self._forward_post_hooks_always_called])
        self._forward_post_hooks[handle._hook_id] = hook
        if with_kwargs:
            self._forward_post_hooks_with_kwargs_flag[handle._hook_id] = True
        if always_call:
            self._forward_post_hooks_always_called[handle._hook_id] = True
        if prepend:
            self._forward_post_hooks.move_to_end(handle._hook_id, last=False)
        return handle

    register_forward_hook = register_forward_post_hook

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        """Run hook(layer, inputs) before forward; a non-None result replaces the inputs."""
        handle = HookRemoveHelper(self._forward_pre_hooks, extra_hook_dict=self._forward_pre_hooks_with_kwargs_flag)
        self._forward_pre_hooks[handle._hook_id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs_flag[handle._hook_id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle._hook_id, last=False)
        return handle

    def register_state_dict_hook(self, hook):
        """Run hook(state_dict) at the end of state_dict(); a non-None result replaces it."""
        handle = HookRemoveHelper(self._state_dict_hooks)
        self._state_dict_hooks[handle._hook_id] = hook
        return handle

    # -- parameters and tensors ----------------------------------------------------------
    def create_parameter(self, shape, attr=None, dtype=None, is_bias=False, default_initializer=None, device=None):
        """A Parameter named `{full_name}.w_n` (bias `.b_n`), Xavier-uniform (weights) or zero (biases) by default.

        `dtype` defaults to the global default dtype (paddle.get_default_dtype()), as in Paddle.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> class MyLayer(paddle.nn.Layer):
                ...     def __init__(self):
                ...         super().__init__()
                ...         self.w_tmp = self.create_parameter([1, 1])
                >>> MyLayer().w_tmp.shape
                paddle.Size([1, 1])
        """
        attr = copy.deepcopy(attr)
        if isinstance(attr, str) and attr == "":
            attr = None
        # without a dtype Paddle takes the global default dtype, not the layer's own (`Layer(dtype=...)`, `.to()`)
        return create_parameter(self._full_name, attr, shape, dtype or _dt.get_default_dtype(), is_bias,
                                default_initializer)

    def create_variable(self, name=None, persistable=None, dtype=None):
        """Deprecated alias of create_tensor."""
        return self.create_tensor(name, persistable, dtype)

    def create_tensor(self, name=None, persistable=None, dtype=None):
        """An empty Tensor named `{full_name}.{name}` (or a fresh `_generated_var` name)."""
        name = f"{self._full_name}.{name}" if name is not None else _name.generate("_generated_var")
        d = _dt.convert_dtype(dtype or self._dtype)
        if building_program():
            from ...static.program import default_main_program
            return default_main_program().current_block().create_var(name=name, dtype=d,
                                                                     persistable=bool(persistable))
        return Tensor(np.zeros([], dtype=d.np_dtype), name=name, persistable=bool(persistable))

    def parameters(self, include_sublayers=True):
        """All parameters (each once), sublayers' included by default."""
        return [p for _, p in self.named_parameters(include_sublayers=include_sublayers)]

    def named_parameters(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """Yield (structured name, parameter), e.g. ('0.weight', ...)."""
        seen = set()
        layers = (self.named_sublayers(prefix=prefix, include_self=True, remove_duplicate=remove_duplicate)
                  if include_sublayers else [(prefix, self)])
        for layer_prefix, layer in layers:
            for key, p in layer._parameters.items():
                if p is None or id(p) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(p))
                yield (layer_prefix + "." + key if layer_prefix else key), p

    def children(self):
        """Iterate over the direct sublayers."""
        for _, layer in self.named_children():
            yield layer

    def named_children(self):
        """Iterate over (name, direct sublayer), each layer once."""
        seen = set()
        for name, layer in self._sub_layers.items():
            if layer is not None and id(layer) not in seen:
                seen.add(id(layer))
                yield name, layer

    def sublayers(self, include_self=False):
        """All sublayers, depth first (and self first when include_self)."""
        return [layer for _, layer in self.named_sublayers(include_self=include_self)]

    def named_sublayers(self, prefix="", include_self=False, layers_set=None, remove_duplicate=True):
        """Yield (structured name, layer) over all sublayers, each layer once."""
        if layers_set is None:
            layers_set = set()
        if include_self and id(self) not in layers_set:
            if remove_duplicate:
                layers_set.add(id(self))
            yield prefix, self
        for key, layer in self._sub_layers.items():
            if layer is None:
                continue
            yield from layer.named_sublayers(prefix=prefix + "." + key if prefix else key, include_self=True,
                                             layers_set=layers_set, remove_duplicate=remove_duplicate)

    def modules(self):
        """All layers including self (torch-style name)."""
        for _, layer in self.named_modules():
            yield layer

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """named_sublayers including self (torch-style name)."""
        return self.named_sublayers(prefix=prefix, include_self=True, layers_set=memo,
                                    remove_duplicate=remove_duplicate)

    def register_buffer(self, name, tensor, persistable=True):
        """Register a non-parameter Tensor; persistable buffers are saved in state_dict.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> linear = paddle.nn.Linear(10, 3)
                >>> linear.register_buffer("buf_name", paddle.to_tensor([0.0]), persistable=True)
                >>> list(linear.state_dict().keys())
                ['weight', 'bias', 'buf_name']
        """
        if "_buffers" not in self.__dict__:
            raise ValueError("super().__init__() should be called first")
        if not isinstance(name, str):
            raise TypeError(f"The name of buffer should be a string, but received {type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of buffer can not contain `.`, because when you access the newly added buffer "
                           "in the form of `self.**.**`, it will cause AttributeError.")
        if name == "":
            raise KeyError("The name of buffer can not be empty.")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists.")
        if tensor is not None and (isinstance(tensor, _PARAM_TYPES)
                                   or not isinstance(tensor, (Tensor, Variable))):
            raise TypeError(f"The registered buffer should be a Paddle.Tensor, but received "
                            f"{type(tensor).__name__}.")
        self._buffers[name] = tensor
        if persistable:
            self._non_persistable_buffer_names_set.discard(name)
        else:
            self._non_persistable_buffer_names_set.add(name)

    def buffers(self, include_sublayers=True):
        """All buffers (persistable or not)."""
        return [b for _, b in self.named_buffers(include_sublayers=include_sublayers)]

    def named_buffers(self, prefix="", include_sublayers=True, remove_duplicate=True):
        """Yield (structured name, buffer)."""
        seen = set()
        layers = (self.named_sublayers(prefix=prefix, include_self=True, remove_duplicate=remove_duplicate)
                  if include_sublayers else [(prefix, self)])
        for layer_prefix, layer in layers:
            for key, b in layer._buffers.items():
                if b is None or id(b) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(b))
                yield (layer_prefix + "." + key if layer_prefix else key), b

    def clear_gradients(self, set_to_zero=True):
        """Zero (or drop, set_to_zero=False) the gradients of all trainable parameters."""
        for p in self.parameters():
            if p.trainable:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        """Drop (or zero, set_to_none=False) all parameter gradients."""
        for p in self.parameters():
            if p.grad is not None:
                p.clear_gradient(not set_to_none)

    def requires_grad_(self, requires_grad=True):
        """Set stop_gradient = not requires_grad on every parameter; returns self."""
        for p in self.parameters():
            p.stop_gradient = not requires_grad
        return self

    # -- calling -------------------------------------------------------------------------
    def _build_once(self, *args, **kwargs):
        pass

    def __call__(self, *inputs, **kwargs):
        around = LAYER_CALL.active
        if around is not None:
            return around(self, Layer._plain_call, inputs, kwargs)
        if (not self._forward_pre_hooks and not self._forward_post_hooks
                and (self._built or type(self)._build_once is Layer._build_once)):
            return self.forward(*inputs, **kwargs)
        return self._dygraph_call_func(*inputs, **kwargs)

    def _plain_call(self, *inputs, **kwargs):
        """__call__ without the layer_call hook (what an installed hook runs)."""
        if (not self._forward_pre_hooks and not self._forward_post_hooks
                and (self._built or type(self)._build_once is Layer._build_once)):
            return self.forward(*inputs, **kwargs)
        return self._dygraph_call_func(*inputs, **kwargs)

    def _dygraph_call_func(self, *inputs, **kwargs):
        outputs = None
        called = set()
        try:
            for hid, hook in list(self._forward_pre_hooks.items()):
                if hid in self._forward_pre_hooks_with_kwargs_flag:
                    res = hook(self, inputs, kwargs)
                    if res is not None:
                        if not (isinstance(res, tuple) and len(res) == 2):
                            raise RuntimeError(f"forward pre-hook must return None or a tuple of (new_args, "
                                               f"new_kwargs), but got {res}.")
                        inputs, kwargs = res
                else:
                    res = hook(self, inputs)
                    if res is not None:
                        inputs = res if isinstance(res, tuple) else (res,)
            if not self._built:
                self._build_once(*inputs, **kwargs)
                self._built = True
            outputs = self.forward(*inputs, **kwargs)
            for hid, hook in list(self._forward_post_hooks.items()):
                if hid in self._forward_post_hooks_always_called:
                    called.add(hid)
                if hid in self._forward_post_hooks_with_kwargs_flag:
                    res = hook(self, inputs, kwargs, outputs)
                else:
                    res = hook(self, inputs, outputs)
                if res is not None:
                    outputs = res
            return outputs
        except Exception:
            for hid, hook in list(self._forward_post_hooks.items()):
                if hid in self._forward_post_hooks_always_called and hid not in called:
                    try:
                        if hid in self._forward_post_hooks_with_kwargs_flag:
                            res = hook(self, inputs, kwargs, outputs)
                        else:
                            res = hook(self, inputs, outputs)
                        if res is not None:
                            outputs = res
                    except Exception as e:
                        warnings.warn("forward hook with ``always_call=True`` raised an exception that was "
                                      f"silenced as another error was raised in forward: {e!s}")
            raise

    def forward(self, *inputs, **kwargs):
        """The computation of the layer; subclasses must override it."""
        raise NotImplementedError

    def backward(self, *inputs):
        raise ValueError("Layer shouldn't implement backward")

    # -- sublayers -----------------------------------------------------------------------
    def add_sublayer(self, name, sublayer):
        """Register `sublayer` (a Layer or None) under `name`; returns it."""
        assert isinstance(sublayer, Layer) or sublayer is None
        self._sub_layers[name] = sublayer
        return sublayer

    def add_module(self, name, module):
        """Alias of add_sublayer (returns None, as torch's does)."""
        self.add_sublayer(name, module)

    register_module = add_module

    def get_sublayer(self, target):
        """The sublayer at dotted path `target` ('' is self)."""
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Layer):
                raise AttributeError("`" + item + "` is not an nn.Layer")
        return mod

    get_submodule = get_sublayer

    def set_sublayer(self, target, layer, strict=False):
        """Replace (or add, unless strict) the sublayer at dotted path `target`."""
        if target == "":
            raise ValueError("Cannot set the sublayer without a target name!")
        atoms = target.split(".")
        if not isinstance(layer, Layer):
            raise ValueError(f"`module` is not an nn.Layer, found {type(layer)}")
        parent = self if len(atoms) == 1 else self.get_sublayer(".".join(atoms[:-1]))
        if strict and not hasattr(parent, atoms[-1]):
            raise AttributeError(parent._get_name() + " has no attribute `" + atoms[-1] + "`")
        if hasattr(parent, atoms[-1]) and not isinstance(getattr(parent, atoms[-1]), Layer):
            raise AttributeError("`" + atoms[-1] + "` is not an nn.Layer")
        setattr(parent, atoms[-1], layer)

    set_submodule = set_sublayer

    def get_parameter(self, target):
        """The parameter at dotted path `target` (e.g. 'fc.weight')."""
        path, _, pname = target.rpartition(".")
        mod = self.get_sublayer(path)
        if not hasattr(mod, pname):
            raise AttributeError(mod._get_name() + " has no attribute `" + pname + "`")
        p = getattr(mod, pname)
        if not isinstance(p, (Tensor, Variable)):
            raise AttributeError("`" + pname + "` is not an nn.Parameter")
        return p

    def get_buffer(self, target):
        """The buffer at dotted path `target`."""
        path, _, bname = target.rpartition(".")
        mod = self.get_sublayer(path)
        if not hasattr(mod, bname):
            raise AttributeError(mod._get_name() + " has no attribute `" + bname + "`")
        if bname not in mod._buffers:
            raise AttributeError("`" + bname + "` is not a buffer")
        return getattr(mod, bname)

    def add_parameter(self, name, parameter):
        """Register `parameter` (a Parameter or None) under `name`; returns it."""
        if "_parameters" not in self.__dict__:
            raise RuntimeError("super().__init__() should be called firstly.")
        if not isinstance(name, str):
            raise TypeError(f"The name of parameter should be a string, but received {type(name).__name__}.")
        if "." in name:
            raise KeyError("The name of parameter can not contain `.`, because when you access the newly added "
                           "parameter in the form of `self.**.**`, it will cause AttributeError.")
        if name == "":
            raise KeyError("The name of parameter can not be empty.")
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"The parameter '{name}' already exists.")
        if parameter is not None and not isinstance(parameter, _PARAM_TYPES):
            raise TypeError(f"The parameter to be added should be a Parameter, but received "
                            f"{type(parameter).__name__}.")
        if parameter is not None and self._loaddict_holder:
            parameter.set_value(self._loaddict_holder[parameter.name])
        self._parameters[name] = parameter
        return parameter

    def register_parameter(self, name, param):
        """Alias of add_parameter returning None."""
        self.add_parameter(name, param)

    # -- attribute routing ---------------------------------------------------------------
    def __getstate__(self):
        return self.__dict__

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __getattr__(self, name):
        # only reached when normal lookup fails: parameters, sublayers and buffers live in tables
        d = self.__dict__
        try:
            t = d["_parameters"]
            if name in t:
                return t[name]
            t = d["_sub_layers"]
            if name in t:
                return t[name]
            t = d["_buffers"]
            if name in t:
                return t[name]
        except KeyError:  # before Layer.__init__ ran
            pass
        return object.__getattribute__(self, name)

    def __setattr__(self, name, value):
        d = self.__dict__

        def drop(*tables):
            for t in tables:
                t.pop(name, None)

        if isinstance(getattr(type(self), name, None), property):
            object.__setattr__(self, name, value)
            return
        params = d.get("_parameters")
        if isinstance(value, _PARAM_TYPES):
            if params is None:
                raise ValueError("super().__init__() should be called first")
            if self._loaddict_holder:
                assert value.name in self._loaddict_holder, (
                    f"Parameter not found, Can't not find [ {value.name} ] in state_dict")
                value.set_value(self._loaddict_holder[value.name])
            drop(d, self._buffers, self._sub_layers)
            params[name] = value
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"assignment to parameter '{name}' should be of type Parameter or None, but got "
                                f"'{type(value).__name__}'")
            params[name] = None
        elif isinstance(value, Layer):
            layers = d.get("_sub_layers")
            if layers is None:
                raise ValueError("super().__init__() should be called first")
            drop(d, self._parameters, self._buffers)
            layers[name] = value
        elif d.get("_sub_layers") is not None and name in d["_sub_layers"]:
            if value is not None:
                raise TypeError(f"assignment to sublayer '{name}' should be of type Layer or None, but got "
                                f"'{type(value).__name__}'")
            d["_sub_layers"][name] = None
        else:
            buffers = d.get("_buffers")
            if isinstance(value, Tensor):
                if buffers is None:
                    raise ValueError("super().__init__() should be called first")
                drop(d, self._parameters, self._sub_layers)
                # a plain Tensor attribute is a non-persistable buffer; register_buffer makes persistable ones
                if name not in buffers:
                    self._non_persistable_buffer_names_set.add(name)
                if not value._name:
                    value.name = _name.generate("_buffers_" + name)
                buffers[name] = value
            elif buffers is not None and name in buffers:
                if isinstance(value, Variable):
                    buffers[name] = value
                elif value is not None:
                    raise TypeError(f"assignment to buffers '{name}' should be of type core.DenseTensor or None, "
                                    f"but got '{type(value).__name__}'")
                else:
                    buffers[name] = None
            else:
                object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._sub_layers:
            del self._sub_layers[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistable_buffer_names_set.discard(name)
        else:
            object.__delattr__(self, name)

    def __dir__(self):
        return (dir(self.__class__) + list(self.__dict__.keys()) + list(self._parameters.keys())
                + list(self._sub_layers.keys()) + list(self._buffers.keys()))

    def extra_repr(self):
        """Extra text inside this layer's repr parentheses (override in subclasses)."""
        return ""

    def __repr__(self):
        extra = self.extra_repr().split("\n")
        subs = [f"({name}): " + addindent(repr(layer), 2) for name, layer in self._sub_layers.items()]
        text = self.__class__.__name__ + "("
        if len(extra) > 1:
            text += "\n  " + "\n  ".join(extra) + "\n"
        elif len(extra) == 1:
            text += extra[0]
        if subs:
            text += "\n  " + "\n  ".join(subs) + "\n"
        return text + ")"

    def _get_name(self):
        return self.__class__.__name__
