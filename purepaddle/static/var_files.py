"""paddle.static.io.save_vars / load_vars / get_program_persistable_vars: variables of the global scope
to and from files.

Without a filename each variable is one file `dirname/<var name>` holding one DenseTensor record
(what Paddle's `save` op writes); with a filename all of them go to `dirname/filename`, records in
sorted-name order (`save_combine`). With neither dirname nor filename save_vars returns the
combined bytes, and load_vars(dirname=None, filename=bytes) reads them back.
"""
import os
import warnings

from .executor import global_scope
from .files import file_set, open_model_file, write_file_atomic
from .model_args import check_static_mode, valid_program
from .persistables import load_combined_params, params_to_bytes, scope_arrays
from .program import Parameter, Variable, VarType, default_main_program
from .tensor_record import read_tensor_record, tensor_record
from .variable import is_persistable

__all__ = ["save_vars", "load_vars", "get_program_persistable_vars"]


def _selected(program, vars, predicate, api):
    if vars is not None:
        vars = list(vars)
        for v in vars:
            if not isinstance(v, Variable):
                raise TypeError(f"The type of each element of 'vars' in {api} must be Variable, but received "
                                f"{type(v)}")
        return vars
    return list(filter(predicate, program.list_vars()))


def save_vars(executor, dirname, main_program=None, vars=None, predicate=None, filename=None):
    """Save variables of the global scope: `vars`, or those of main_program that `predicate` accepts.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.static as static
            >>> paddle.enable_static()
            >>> main_prog, startup_prog = static.Program(), static.Program()
            >>> with static.program_guard(main_prog, startup_prog):
            ...     w = paddle.create_parameter(shape=[4, 2], dtype='float32', name='fc_w')
            >>> exe = static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup_prog)
            >>> data = paddle.static.io.save_vars(executor=exe, dirname=None, vars=[w])
            >>> len(data) > 32
            True
            >>> paddle.disable_static()
    """
    check_static_mode("save_vars")
    program = valid_program(main_program)
    chosen = [v for v in _selected(program, vars, predicate, "save_vars") if v.type != VarType.RAW]
    if not chosen:
        warnings.warn("no variable in your model, please ensure there are any variables in your model to save")
        return None
    arrays = scope_arrays(program, [v.name for v in chosen])
    if dirname is None and filename is None:
        return params_to_bytes(arrays)
    if filename is None:
        with file_set():  # one file per variable: all of them land, or none
            for v in chosen:
                path = os.path.normpath(os.path.join(dirname, v.name))
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                write_file_atomic(path, tensor_record(arrays[v.name]))
        return None
    path = os.path.join(os.path.normpath(dirname), filename) if dirname is not None else filename
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    write_file_atomic(path, params_to_bytes(arrays))
    return None


def _read_one(path):
    if not os.path.isfile(path):
        raise ValueError(f"(NotFound) Cannot open file {path} for load op, please check whether the file exists.")
    with open_model_file(path) as f:
        raw = f.read()
    try:
        return read_tensor_record(raw)
    except (ValueError, IndexError, KeyError, TypeError) as e:
        raise ValueError(f"Deserialize to tensor failed, maybe the loaded file is not a paddle model: {path} "
                         f"({e})") from None


def load_vars(executor, dirname, main_program=None, vars=None, predicate=None, filename=None):
    """Load variables into the global scope, from files save_vars wrote with the same arguments.

    A Parameter must come back with its declared shape (RuntimeError otherwise); nothing is
    written into the scope unless every variable was read.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> import paddle.static as static
            >>> paddle.enable_static()
            >>> main_prog, startup_prog = static.Program(), static.Program()
            >>> with static.program_guard(main_prog, startup_prog):
            ...     w = paddle.create_parameter(shape=[4, 2], dtype='float32', name='fc_w')
            >>> exe = static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup_prog)
            >>> before = np.array(static.global_scope().find_var('fc_w').get_tensor())
            >>> data = paddle.static.io.save_vars(executor=exe, dirname=None, vars=[w])
            >>> static.global_scope().find_var('fc_w').get_tensor().set(np.zeros([4, 2], 'float32'))
            >>> paddle.static.io.load_vars(executor=exe, dirname=None, vars=[w], filename=data)
            >>> bool((np.array(static.global_scope().find_var('fc_w').get_tensor()) == before).all())
            True
            >>> paddle.disable_static()
    """
    check_static_mode("load_vars")
    if filename == "":
        filename = None
    if main_program is None:
        main_program = default_main_program()
    program = valid_program(main_program)
    chosen = [v for v in _selected(program, vars, predicate, "load_vars") if v.type != VarType.RAW]
    if filename is None:
        if dirname is None:
            raise ValueError("The directory path and params cannot be None at the same time.")
        loaded = {v.name: _read_one(os.path.join(os.path.normpath(dirname), v.name)) for v in chosen}
    else:
        for v in chosen:
            if v.type == VarType.SELECTED_ROWS:
                raise ValueError("SelectedRows can not be load with load_combine")
        source = filename if dirname is None else os.path.join(os.path.normpath(dirname), filename)
        loaded = load_combined_params(source, [v.name for v in chosen]) if chosen else {}
    for v in chosen:
        if isinstance(v, Parameter):
            got, want = tuple(loaded[v.name].shape), tuple(v.shape)
            if got != want:
                raise RuntimeError(f"Variable's shape does not match, the Program requires a parameter with the shape "
                                   f"of ({want}), while the loaded parameter (namely [ {v.name} ]) has a shape of  "
                                   f"({got}).")
    scope = global_scope()
    for name, arr in loaded.items():
        scope.var(name).get_tensor().set(arr)


def get_program_persistable_vars(program):
    """The persistable variables of program (parameters, optimizer state, ...), feed/fetch excluded.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.static.io as io
            >>> paddle.enable_static()
            >>> w = paddle.create_parameter(shape=[784, 200], dtype='float32', name='fc_w')
            >>> [v.name for v in io.get_program_persistable_vars(paddle.static.default_main_program())]
            ['fc_w']
            >>> paddle.disable_static()
    """
    check_static_mode("get_program_persistable_vars")
    return list(filter(is_persistable, program.list_vars()))
