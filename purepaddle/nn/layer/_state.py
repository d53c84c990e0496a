"""Layer.state_dict / set_state_dict / load_state_dict (a mixin of nn.Layer)."""
import collections
import warnings

import numpy as np

from ..._core import dtype as _dt
from ..._core.tensor import Tensor


def _array_of(state):
    """A numpy view of a state value (Tensor, ndarray, scalar or nested list)."""
    if isinstance(state, Tensor):
        return state._data
    if hasattr(state, "block"):  # a static Variable: its value lives in the global scope
        from ...static.scope import global_scope
        return np.asarray(global_scope().find_var(state.name).get_tensor())
    return np.asarray(state)


def _set_param(param, state):
    """Copy `state` into `param`, refusing another dtype as Paddle's set_value does."""
    src = _array_of(state)
    want = param.dtype
    got = _dt.from_numpy(src.dtype)
    if want.np_dtype is not None and got != want:
        raise AssertionError(f"Variable dtype not match, Variable [ {param.name} ] need tensor with dtype {want}  "
                             f"but load tensor with dtype {got}")
    if isinstance(param, Tensor):
        param._write(src)
    else:
        from ...static.scope import global_scope
        global_scope().var(param.name).get_tensor().set(np.array(src, copy=True))


def _shape_of(state):
    shape = state.shape
    return shape() if callable(shape) else shape


class StateDictMixin:
    """state_dict and friends; structured keys are attribute paths ('0.weight', 'fc.bias', 'bn._mean')."""

    def _obtain_parameters_buffers(self, destination=None, include_sublayers=True, structured_name_prefix=""):
        """Parameters and persistable buffers by structured name, without running state_dict hooks."""
        if destination is None:
            destination = collections.OrderedDict()
        for name, p in self._parameters.items():
            if p is not None:
                destination[structured_name_prefix + name] = p
        for name, b in self._buffers.items():
            if b is not None and name not in self._non_persistable_buffer_names_set:
                destination[structured_name_prefix + name] = b
        if include_sublayers:
            for lname, layer in self._sub_layers.items():
                if layer is not None:
                    layer._obtain_parameters_buffers(destination, include_sublayers,
                                                     structured_name_prefix + lname + ".")
        return destination

    def _state_dict_impl(self, destination=None, include_sublayers=True, structured_name_prefix="",
                         include_non_persistable_buffer=False, use_hook=True, keep_vars=True):
        if destination is None:
            destination = collections.OrderedDict()
        for name, p in self._parameters.items():
            if p is not None:
                destination[structured_name_prefix + name] = p if keep_vars else p.detach()
        for name, b in self._buffers.items():
            if b is None:
                continue
            if include_non_persistable_buffer or name not in self._non_persistable_buffer_names_set:
                destination[structured_name_prefix + name] = b if keep_vars else b.detach()
        if include_sublayers:
            for lname, layer in self._sub_layers.items():
                if layer is not None:
                    layer._state_dict_impl(destination, include_sublayers, structured_name_prefix + lname + ".",
                                           include_non_persistable_buffer, use_hook, keep_vars)
        if use_hook:
            for hook in self._state_dict_hooks.values():
                res = hook(destination)
                if res is not None:
                    destination = res
        return destination

    def to_static_state_dict(self, destination=None, include_sublayers=True, structured_name_prefix="",
                             use_hook=True, keep_vars=True):
        """state_dict including non-persistable buffers (what jit.save stores)."""
        return self._state_dict_impl(destination=destination, include_sublayers=include_sublayers,
                                     structured_name_prefix=structured_name_prefix,
                                     include_non_persistable_buffer=True, use_hook=use_hook, keep_vars=keep_vars)

    def state_dict(self, *args, **kwargs):
        """An OrderedDict of parameters and persistable buffers keyed by structured name.

        Paddle's signature is (destination=None, include_sublayers=True, structured_name_prefix='',
        use_hook=True, keep_vars=True); torch's (destination, prefix, keep_vars) is accepted too.

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> emb = paddle.nn.Embedding(10, 10)
                >>> list(emb.state_dict().keys())
                ['weight']
        """
        if (len(args) >= 2 and isinstance(args[1], str)) or "prefix" in kwargs:  # torch's call style
            for key, value in zip(("destination", "prefix", "keep_vars"), args):
                if key in kwargs:
                    raise TypeError(f"got multiple values for argument '{key}'")
                kwargs[key] = value
            return self._state_dict_impl(destination=kwargs.get("destination"), include_sublayers=True,
                                         structured_name_prefix=kwargs.get("prefix", ""), use_hook=True,
                                         keep_vars=kwargs.get("keep_vars", False))
        return self._state_dict_impl(*args, **kwargs)

    def set_state_dict(self, state_dict, use_structured_name=True):
        """Copy values from `state_dict` into parameters and persistable buffers.

        Returns (missing_keys, unexpected_keys); a missing key or a shape mismatch is skipped with
        a warning, a dtype mismatch raises AssertionError (as Paddle's set_value does).

        Examples:
            .. code-block:: python

                >>> import paddle
                >>> emb = paddle.nn.Embedding(10, 10)
                >>> missing, unexpected = emb.set_state_dict(emb.state_dict())
                >>> missing, unexpected
                ([], [])
        """
        missing, unexpected, matched = [], [], set()
        pairs = []
        for key, param in self._state_dict_impl(use_hook=False).items():
            key_name = key if use_structured_name else param.name
            state = state_dict.get(key_name, None)
            try:
                if state is None:
                    missing.append(key_name)
                    raise ValueError(f"{key_name} is not found in the provided dict.")
                if isinstance(state, (dict, list)):
                    if len(state) != len(param):
                        missing.append(key_name)
                        raise ValueError(f"{key_name} receives the length of {len(state)}, but the expected "
                                         f"shape is {len(param)}")
                elif list(_shape_of(state)) != list(param.shape):
                    missing.append(key_name)
                    raise ValueError(f"{key_name} receives a shape {list(_shape_of(state))}, but the expected "
                                     f"shape is {list(param.shape)}.")
                matched.add(key_name)
                pairs.append((param, state))
            except ValueError as err:
                warnings.warn(f"Skip loading for {key}. " + str(err))
        unexpected = [k for k in state_dict.keys() if k not in matched]
        for param, state in pairs:
            _set_param(param, state)
        return missing, unexpected

    set_dict = set_state_dict
    load_dict = set_state_dict

    def load_state_dict(self, state_dict, strict=True, assign=False):
        """torch-style loading: set_state_dict, raising RuntimeError on key mismatches when strict."""
        from .layers import _IncompatibleKeys
        missing, unexpected = self.set_state_dict(state_dict, use_structured_name=True)
        errors = []
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing)))
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                self.__class__.__name__, "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)

