"""A program's persistable values by name: paddle.static.save / load / load_program_state /
set_program_state (`.pdparams` + `.pdopt` pickles and a `.pdmodel`, or the 1.x per-variable files)."""
import os
import pickle
import warnings

import numpy as np

from .._core import hooks
from .._core.pickle_safe import safe_load
from .._core.storage import file_set, is_temporary, open_model_file, recover
from .files import write_file_atomic
from .model_args import check_static_mode
from .persistables import check_declared, load_combined_params
from .program import Parameter
from .program_bytes import program_to_bytes
from .scope import global_scope
from .variable import is_optimizer_state, is_persistable

__all__ = ["save", "load", "load_program_state", "set_program_state"]


def _is_parameter(var):
    return isinstance(var, Parameter)


def _prefix(model_path):
    for suffix in (".pdparams", ".pdopt", ".pdmodel", ".json"):
        if model_path.endswith(suffix):
            return model_path[:-len(suffix)]
    return model_path


def _array(name):
    held = global_scope().find_var(name)
    a = None if held is None else held.get_tensor()._array
    if a is None:
        raise RuntimeError(f"(PreconditionNotMet) The Tensor of Variable({name}) to be saved is not initialized. "
                           "Run the startup program (and training) before saving the model.")
    return np.array(a)


def save(program, model_path, protocol=4, **configs):
    """Write program's parameters (`.pdparams`), optimizer state (`.pdopt`) and description (`.pdmodel`).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[10, 10], dtype='float32')
            >>> y = paddle.static.nn.fc(x, 10)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
            >>> paddle.static.save(paddle.static.default_main_program(), prefix)
            >>> sorted(os.listdir(os.path.dirname(prefix)))
            ['model.pdmodel', 'model.pdopt', 'model.pdparams']
            >>> paddle.disable_static()
    """
    base_name = os.path.basename(model_path)
    assert base_name != "", ("The input model_path MUST be format of dirname/filename [dirname\\filename in Windows "
                             "system], but received model_path is empty string.")
    if "pickle_protocol" in configs:
        protocol = configs["pickle_protocol"]
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' instead.")
    if not isinstance(protocol, int):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if protocol < 2 or protocol > 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")
    params = {v.name: _array(v.name) for v in program.list_vars() if _is_parameter(v)}
    opt = {v.name: _array(v.name) for v in program.list_vars() if is_optimizer_state(v)}
    model = program_to_bytes(program)
    dir_name = os.path.dirname(model_path)
    if dir_name and not os.path.exists(dir_name):
        os.makedirs(dir_name)
    codec = PICKLE_CODEC.active
    if codec is not None:
        params, opt = codec[0](params, protocol), codec[0](opt, protocol)
    with file_set():  # the three files land together or not at all
        write_file_atomic(model_path + ".pdparams", pickle.dumps(params, protocol=protocol))
        write_file_atomic(model_path + ".pdopt", pickle.dumps(opt, protocol=protocol))
        write_file_atomic(model_path + ".pdmodel", model)


PICKLE_CODEC = hooks.declare(
    "pickle_codec", "paddle.save's (pack(dict, protocol) -> dict with arrays over 1 GiB in slices, load(file, source) "
    "-> dict, unpickled safely and reassembled); static.save/load use it; framework/io installs it")


def _read_pickle(path):
    """{name: ndarray} of a .pdparams / .pdopt file (restricted unpickler; an interrupted save completed first)."""
    with open_model_file(path) as f:
        codec = PICKLE_CODEC.active
        state = codec[1](f, path) if codec is not None else safe_load(f, source=path)
    if not isinstance(state, dict):
        raise ValueError(f"{path} is not a parameter file: it holds a {type(state).__name__}, not a dict of arrays")
    return state


def _legacy_arrays(model_path, names, what):
    """{name: ndarray} from 1.x files: a directory of per-variable files, or one combined file."""
    if os.path.isdir(model_path):
        recover(model_path)
        found = {}
        for root, _, files in os.walk(model_path):
            for f in files:
                if is_temporary(f):  # a save in progress beside us
                    continue
                rel = os.path.relpath(os.path.join(root, f), model_path).replace("\\", "/")
                if names is None or rel in names:
                    found[rel] = os.path.join(root, f)
        return {n: load_combined_params(p, [n])[n] for n, p in found.items()}
    if names is None:
        raise ValueError(what)
    return load_combined_params(model_path, names)


def load(program, model_path, executor=None, var_list=None):
    """Set program's persistables from files written by static.save (or 1.x save_vars/save_params).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[10, 10], dtype='float32')
            >>> y = paddle.static.nn.fc(x, 10)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
            >>> paddle.static.save(paddle.static.default_main_program(), prefix)
            >>> paddle.static.load(paddle.static.default_main_program(), prefix)
            >>> paddle.disable_static()
    """
    check_static_mode("load")
    prefix = _prefix(model_path)
    params_file = prefix + ".pdparams"
    if not os.path.exists(params_file):
        if executor is None:
            raise ValueError("executor is required when loading model file saved with [ save_params, "
                             "save_persistables, save_vars ]")
        names = None if var_list is None else [v.name for v in var_list]
        if os.path.isfile(model_path):
            if var_list is None:
                raise ValueError("var_list is required when loading model file saved with [ save_params, "
                                 "save_persistables, save_vars ]")
            known = {v.name for v in program.list_vars()}
            for v in var_list:
                if v.name not in known:
                    raise LookupError(f"loaded var [{v.name}] is not in program variable list")
        elif os.path.isdir(model_path):
            known = {v.name for v in program.list_vars()}
            names = [n for n in known if names is None or n in names]
        else:
            raise ValueError(f"(NotFound) Cannot find model file {model_path}")
        arrays = _legacy_arrays(model_path, names, "")
        check_declared(program, arrays, model_path)
        _set_arrays(arrays)
        return
    params = [v for v in program.list_vars() if _is_parameter(v)]
    loaded = _read_pickle(params_file)
    for v in params:
        assert v.name in loaded, f"Cannot find [{v.name}] in model file [{params_file}]"
    opt = [v for v in program.list_vars() if is_optimizer_state(v)]
    opt_loaded = {}
    if opt:
        opt_file = prefix + ".pdopt"
        assert os.path.exists(opt_file), f"Optimizer file [{opt_file}] not exits"
        opt_loaded = _read_pickle(opt_file)
        for v in opt:
            assert v.name in opt_loaded, f"Can not find [{v.name}] in model file [{opt_file}]"
    check_declared(program, {v.name: loaded[v.name] for v in params}, params_file)
    check_declared(program, {v.name: opt_loaded[v.name] for v in opt}, prefix + ".pdopt")
    _set_arrays({v.name: loaded[v.name] for v in params})
    _set_arrays({v.name: opt_loaded[v.name] for v in opt})


def _set_arrays(arrays):
    scope = global_scope()
    for n, a in arrays.items():
        scope.var(n).get_tensor().set(np.asarray(a))


def load_program_state(model_path, var_list=None):
    """{name: ndarray} of the values saved by static.save (or 1.x save_vars/save_params files).

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[10, 10], dtype='float32')
            >>> y = paddle.static.nn.fc(x, 10)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
            >>> paddle.static.save(paddle.static.default_main_program(), prefix)
            >>> sorted(paddle.static.load_program_state(prefix))
            ['fc_0.b_0', 'fc_0.w_0']
            >>> paddle.disable_static()
    """
    prefix = _prefix(model_path)
    params_file = prefix + ".pdparams"
    if not os.path.exists(params_file):
        if var_list is None and os.path.isfile(model_path):
            raise ValueError("var_list can not be None when model_path is a file type")
        names = None if var_list is None else [v.name for v in var_list]
        return _legacy_arrays(model_path, names, "var_list can not be None when model_path is a file type")
    state = dict(_read_pickle(params_file))
    if os.path.exists(prefix + ".pdopt"):
        state.update(_read_pickle(prefix + ".pdopt"))
    return state


def set_program_state(program, state_dict):
    """Set program's persistables (in the global scope) from {name: ndarray}; unknown names warn.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[10, 10], dtype='float32')
            >>> y = paddle.static.nn.fc(x, 10)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> paddle.static.set_program_state(paddle.static.default_main_program(),
            ...                                 {'fc_0.b_0': np.ones(10, 'float32')})
            >>> paddle.static.global_scope().find_var('fc_0.b_0').get_tensor()._array.tolist()[:2]
            [1.0, 1.0]
            >>> paddle.disable_static()
    """
    check_static_mode("set_program_state")
    used = set()
    for var in program.list_vars():
        if not is_persistable(var):
            continue
        held = global_scope().find_var(var.name)
        assert held is not None, f"Variable [ {var.name} ] Not found, Please make sure run startup program"
        if var.name not in state_dict:
            continue
        old = np.array(held.get_tensor())
        new = np.asarray(state_dict[var.name])
        assert old.shape == new.shape, (
            f"Parameter's shape does not match, the Program requires a parameter with the shape of ({old.shape}), "
            f"while the loaded parameter (namely [ {var.name} ]) has a shape of  ({new.shape}).")
        assert old.dtype == new.dtype, (
            f"Parameter's data type does not match, the Program requires a parameter with a dtype of ({old.dtype}), "
            f"while the loaded parameter (namely [ {var.name} ]) has a dtype of  ({new.dtype}).")
        held.get_tensor().set(new)
        used.add(var.name)
    unused = [k for k in state_dict if k not in used]
    if unused:
        warnings.warn("This list is not set, Because of Parameter not found in program. There are: "
                      + " ".join(unused))
