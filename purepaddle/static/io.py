# API READY: program_to_bytes, program_from_bytes, save_combined_params, load_combined_params,
# save_inference_model, load_inference_model (and inference_program, feed_fetch_targets, params_to_bytes)
"""Inference model files: `.pdmodel` (ProgramDesc) + `.pdiparams` (persistables), as paddlepaddle writes them.

Reusable pieces (jit.save/jit.load and paddle.inference build on them):

- `program_to_bytes(program, ...)` / `program_from_bytes(data)`: a Program <-> serialized ProgramDesc.
- `params_to_bytes(named_arrays)` / `save_combined_params(path, named_arrays)`: the `.pdiparams` layout,
  one DenseTensor record per array, sorted by name, nothing else (PADDLE_REFERENCE §3.4).
- `load_combined_params(path_or_bytes, names)`: {name: ndarray}, reading records in sorted-name order.
- `inference_program(program, feed_names, fetch_names)`: pruned, is_test copy with feed/fetch ops.
- `feed_fetch_targets(program)`: the feed names and fetch names of a loaded inference program.
- `persistable_names(program)`, `load_params_into(program, params, dirname=None)`: which values a
  program's parameter file holds, and reading them (combined file/bytes, or one file per variable).
- `write_file_atomic(path, data)`, `load_from_path(path)`: file writes that never leave half a file.
- `save_inference_model` / `load_inference_model`: Paddle's public API over the above.
"""
import logging
import os
import struct
import warnings

import numpy as np

from .._core.mode import in_dynamic_mode
from .._core.storage import write_atomic
from .executor import CompiledProgram, global_scope
from .program import Program, Variable, default_main_program, set_program_codec
from .program_desc import desc_to_program, program_to_desc
from .proto_text import PROGRAM_VERSION
from .prune import feed_fetch_targets, inference_program, normalize_program  # noqa: F401  (re-exported)
from .tensor_record import read_tensor_record_at, tensor_record
from .variable import is_persistable

__all__ = ["save_inference_model", "load_inference_model"]

_logger = logging.getLogger(__name__)


# -- small shared pieces -------------------------------------------------------------------------------
def check_static_mode(name):
    """AssertionError (Paddle's words) when the API `name` is called outside static mode."""
    if in_dynamic_mode():
        raise AssertionError(f"In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and '{name}()' is only "
                             "supported in static graph mode. So if you want to use this api, please call "
                             "'paddle.enable_static()' before this api to enter static graph mode.")


def write_file_atomic(path, data):
    """Write bytes to path through a temporary file and a rename: a failure leaves an old file as it was."""
    write_atomic(path, lambda f: f.write(data))


def persistable_names(program):
    """Sorted names of the variables `.pdiparams` holds for program (every block)."""
    return sorted({v.name for v in program.list_vars() if is_persistable(v)})


def check_vars(name, var_list):
    if not isinstance(var_list, list):
        var_list = [var_list]
    if not all(isinstance(v, Variable) for v in var_list):
        raise ValueError(f"'{name}' should be a Variable or a list of Variable.")
    return var_list


def normalize_path_prefix(path_prefix):
    if not isinstance(path_prefix, (str, os.PathLike)):
        raise ValueError("'path_prefix' should be a string.")
    path_prefix = os.fspath(path_prefix)
    if path_prefix.endswith("/"):
        raise ValueError("'path_prefix' should not be a directory")
    return os.path.abspath(os.path.normpath(path_prefix))


def valid_program(program=None):
    if program is None:
        program = default_main_program()
    elif isinstance(program, CompiledProgram):
        program = program._program
        if program is None:
            raise TypeError("The type of input program is invalid, expected type is Program, but received None")
        warnings.warn("The input is a CompiledProgram, this is not recommended.")
    if not isinstance(program, Program):
        raise TypeError(f"The type of input program is invalid, expected type is base.Program, but received "
                        f"{type(program)}")
    return program


# -- Program <-> bytes -------------------------------------------------------------------------------------
def program_to_bytes(program, training_info=True, clip_extra=False, tail=()):
    """The serialized ProgramDesc of program (what a `.pdmodel` file holds).

    training_info=False leaves out each var's is_parameter/stop_gradient, as Paddle's inference
    files do; clip_extra drops op_callstack/with_quant_attr; `tail` names vars listed last
    (('feed', 'fetch') for an inference program). Needs protobuf (`pip install purepaddle[model]`).
    """
    return program_to_desc(program, training_info, clip_extra, tail).SerializeToString()


def program_from_bytes(data):
    """The Program held by a serialized ProgramDesc (ValueError for other bytes or a newer version)."""
    from .framework_proto import messages
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"a serialized ProgramDesc must be bytes, but received {type(data)}")
    m = messages()
    try:
        desc = m.ProgramDesc.FromString(bytes(data))
    except Exception as e:  # noqa: BLE001 - protobuf's DecodeError, or a missing required field
        raise ValueError(f"the data is not a serialized ProgramDesc (a .pdmodel file): {e}") from None
    if not desc.blocks:
        raise ValueError("the data is not a serialized ProgramDesc (a .pdmodel file): it holds no block")
    version = desc.version.version
    if version > PROGRAM_VERSION:
        raise ValueError(f"Unsupported program version: {version}\n")
    return desc_to_program(desc)


set_program_codec(program_to_bytes, program_from_bytes)


# -- parameters <-> bytes -----------------------------------------------------------------------------------
def params_to_bytes(named_arrays):
    """The `.pdiparams` bytes of {name: ndarray}: one DenseTensor record per array, sorted by name."""
    return b"".join(tensor_record(np.asarray(named_arrays[n])) for n in sorted(named_arrays))


def save_combined_params(path, named_arrays):
    """Write {name: ndarray} to path as a `.pdiparams` file (records sorted by name; atomic write)."""
    write_file_atomic(path, params_to_bytes(named_arrays))


def load_combined_params(path_or_bytes, names):
    """{name: ndarray} read from a `.pdiparams` file (or its bytes); names are matched in sorted order.

    The file holds no names: its records belong to the program's persistable vars sorted by name,
    so `names` must be exactly those (ValueError when the file holds fewer or more records).
    """
    if isinstance(path_or_bytes, (bytes, bytearray, memoryview)):
        raw, where = bytes(path_or_bytes), "<memory>"
    else:
        where = os.fspath(path_or_bytes)
        if not os.path.isfile(where):
            raise ValueError(f"(NotFound) Cannot open file {where} for load op, please check whether the file "
                             "exists.")
        with open(where, "rb") as f:
            raw = f.read()
    out, pos = {}, 0
    for name in sorted(names):
        if pos >= len(raw):
            raise ValueError(f"(PreconditionNotMet) Cannot read more from file {where}: it holds "
                             f"{len(out)} tensors, but the program has {len(names)} persistable variables "
                             f"(the first missing one is '{name}').")
        try:
            out[name], pos = read_tensor_record_at(raw, pos)
        except (ValueError, IndexError, KeyError, TypeError, struct.error) as e:
            raise ValueError(f"Deserialize to tensor failed, maybe the loaded file is not a paddle model: "
                             f"{where} (at variable '{name}': {e})") from None
    if pos != len(raw):
        raise ValueError(f"(InvalidArgument) You are not allowed to load partial data via load_combine_op, use "
                         f"load_op instead: {where} holds more tensors than the {len(names)} persistable "
                         "variables of the program.")
    return out


def scope_arrays(program, names):
    scope = global_scope()
    out = {}
    for n in names:
        a = scope._array(n)
        if a is None:
            raise RuntimeError(f"(PreconditionNotMet) The Tensor of Variable({n}) to be saved is not initialized. "
                               "Run the startup program (and training) before saving the model.")
        out[n] = a
    return out


def set_scope_arrays(arrays):
    scope = global_scope()
    for n, a in arrays.items():
        scope.var(n).get_tensor().set(a)




# -- save_inference_model / load_inference_model ----------------------------------------------------------
def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Save the inference part of a program and its parameters as `path_prefix.pdmodel` + `.pdiparams`.

    The program (kwargs `program`, default: the default main program) is pruned to what
    `fetch_vars` need from `feed_vars` (backward and optimizer ops go), switched to inference
    (is_test) and given feed/fetch ops; the persistable values come from the global scope.
    Both files are in paddlepaddle's format: real Paddle (and paddle.inference) loads them.

    Args:
        path_prefix (str): directory + model name without suffix.
        feed_vars (Variable|list[Variable]): the inputs.
        fetch_vars (Variable|list[Variable]): the outputs.
        executor (Executor): the executor that ran the startup program.
        kwargs: `program`, `clip_extra` (default True), `legacy_format`, `skip_prune_program`,
            `separate_parameters` (write `__model__` and one file per variable in the directory).

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile, os
            >>> import numpy as np
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.nn.Linear(2, 1)(x)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
            >>> paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
            >>> prog, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
            >>> feeds
            ['x']
            >>> exe.run(prog, feed={'x': np.ones([3, 2], 'float32')}, fetch_list=fetches)[0].shape
            (3, 1)
            >>> paddle.disable_static()
    """
    check_static_mode("save_inference_model")
    path_prefix = normalize_path_prefix(path_prefix)
    model_path, params_path = path_prefix + ".pdmodel", path_prefix + ".pdiparams"
    feed_vars = check_vars("feed_vars", feed_vars)
    fetch_vars = check_vars("fetch_vars", fetch_vars)
    program = valid_program(kwargs.get("program"))
    program = normalize_program(program, feed_vars, fetch_vars,
                                skip_prune_program=kwargs.get("skip_prune_program", False))
    model = program_to_bytes(program, training_info=False, clip_extra=kwargs.get("clip_extra", True),
                             tail=("feed", "fetch"))
    names = persistable_names(program)
    if not names:
        warnings.warn("no variable in your model, please ensure there are any variables in your model to save")
    arrays = scope_arrays(program, names)
    dirname = os.path.dirname(path_prefix)
    os.makedirs(dirname, exist_ok=True)
    for p in (model_path, params_path):
        if os.path.isdir(p):
            raise ValueError(f"'{p}' is an existing directory.")
    if kwargs.get("separate_parameters", False):  # the 1.x layout: __model__ and one file per variable
        write_file_atomic(os.path.join(dirname, "__model__"), model)
        for n, a in arrays.items():
            os.makedirs(os.path.dirname(os.path.join(dirname, n)), exist_ok=True)
            write_file_atomic(os.path.join(dirname, n), tensor_record(a))
        return
    write_file_atomic(model_path, model)
    if names:
        save_combined_params(params_path, arrays)


def _check_load_kwargs(kwargs):
    supported, deprecated = ("model_filename", "params_filename"), ("pserver_endpoints",)
    for arg in kwargs:
        if arg in deprecated:
            raise ValueError(f"argument '{arg}' in function 'load_inference_model' is deprecated, only "
                             f"{list(supported)} are supported.")
        if arg not in supported:
            raise ValueError(f"function 'load_inference_model' doesn't support argument '{arg}',\n only "
                             f"{list(supported)} are supported.")


def _model_paths(path_prefix, kwargs):
    """(model file, params file or directory of per-variable files) for a prefix or 1.x directory."""
    if not kwargs:
        return path_prefix + ".pdmodel", path_prefix + ".pdiparams"
    model_filename, params_filename = kwargs.get("model_filename"), kwargs.get("params_filename")
    if model_filename is None:
        model_path = os.path.join(path_prefix, "__model__")
    else:
        model_path = os.path.join(path_prefix, model_filename + ".pdmodel")
        if not os.path.exists(model_path):
            model_path = os.path.join(path_prefix, model_filename)
    if params_filename is None:
        params_path = os.path.join(path_prefix, "")
    else:
        params_path = os.path.join(path_prefix, params_filename + ".pdiparams")
        if not os.path.exists(params_path):
            params_path = os.path.join(path_prefix, params_filename)
    _logger.warning("The old way to load inference model is deprecated. Please specify path_prefix. model path: "
                    f"{model_path}, params path: {params_path}")
    return model_path, params_path


def load_params_into(program, params, dirname=None):
    """{name: ndarray} of program's persistables from a combined file/bytes, or per-variable files in dirname."""
    names = persistable_names(program)
    if not names:
        return {}
    if dirname is not None:
        out = {}
        for n in names:
            path = os.path.join(dirname, n)
            if not os.path.isfile(path):
                raise ValueError(f"(NotFound) Cannot open file {path} for load op, please check whether the file "
                                 "exists.")
            out[n] = load_combined_params(path, [n])[n]
        return out
    return load_combined_params(params, names)


def load_inference_model(path_prefix, executor, **kwargs):
    """Load an inference model written by save_inference_model (purepaddle's or paddlepaddle's).

    Args:
        path_prefix (str|None): directory + model name without suffix; with `model_filename` /
            `params_filename` kwargs, a directory (the 1.x layout); None to load from memory
            (`model_filename` and `params_filename` are then the bytes).
        executor (Executor): the executor to run the program with (values go to the global scope).

    Returns:
        list: [program, feed_target_names, fetch_targets]; run it with
        `executor.run(program, feed={name: array}, fetch_list=fetch_targets)`.

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile, os
            >>> import numpy as np
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 3], 'float32')
            ...     y = paddle.nn.functional.softmax(paddle.nn.Linear(3, 2)(x))
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> prefix = os.path.join(tempfile.mkdtemp(), 'model')
            >>> paddle.static.save_inference_model(prefix, [x], [y], exe, program=main)
            >>> prog, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
            >>> out = exe.run(prog, feed={feeds[0]: np.ones([4, 3], 'float32')}, fetch_list=fetches)
            >>> np.allclose(out[0].sum(axis=1), 1.0)
            True
            >>> paddle.disable_static()
    """
    check_static_mode("load_inference_model")
    _check_load_kwargs(kwargs)
    if path_prefix is None:
        _logger.warning("Load inference model from memory is deprecated. Please specify path_prefix.")
        params = kwargs.get("params_filename")
        if params is None:
            raise ValueError("params_filename cannot be None when path_prefix is None.")
        program = program_from_bytes(kwargs.get("model_filename"))
        arrays = load_params_into(program, params)
    else:
        path_prefix = normalize_path_prefix(path_prefix)
        dir_path = os.path.dirname(path_prefix)
        if not os.path.isdir(dir_path):
            raise ValueError(f"There is no directory named {dir_path}")
        model_path, params_path = _model_paths(path_prefix, kwargs)
        if not os.path.isfile(model_path):
            raise ValueError(f"(NotFound) Cannot open file {model_path}, please confirm whether the file is normal.")
        program = program_from_bytes(load_from_path(model_path))
        if os.path.isdir(params_path):
            arrays = load_params_into(program, None, dirname=params_path)
        else:
            arrays = load_params_into(program, params_path)
    set_scope_arrays(arrays)
    feed_names, fetch_names = feed_fetch_targets(program)
    block = program.global_block()
    return [program, feed_names, [block.var(n) for n in fetch_names]]


def load_from_path(path):
    """The bytes of a file."""
    with open(path, "rb") as f:
        return f.read()


_ELSEWHERE = {"serialize_program": "serialization", "serialize_persistables": "serialization",
              "deserialize_program": "serialization", "deserialize_persistables": "serialization",
              "save_to_file": "serialization", "load_from_file": "serialization", "save": "program_state",
              "load": "program_state", "load_program_state": "program_state", "set_program_state": "program_state",
              "save_vars": "var_files", "load_vars": "var_files", "get_program_persistable_vars": "var_files"}


def __getattr__(name):
    """paddle.static.io.<name> for the APIs Paddle keeps in that module and purepaddle in its neighbours."""
    module = _ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"{__package__}.{module}"), name)
