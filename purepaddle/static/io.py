"""paddle.static.io: inference model files (a PIR `.json` or legacy `.pdmodel` program + `.pdiparams`
persistables, as paddlepaddle writes them) through save_inference_model / load_inference_model, and the rest of
Paddle's paddle.static.io API from the modules that hold it (serialization, program_state, var_files).

The pieces jit.save/jit.load and paddle.inference build on live below this module: `program_bytes`
(Program <-> ProgramDesc bytes), `persistables` (the `.pdiparams` layout and the global scope's values),
`files` (atomic writes), `model_args` (the save/load APIs' argument checks), `prune` (inference_program,
feed_fetch_targets, normalize_program).
"""
import logging
import os
import warnings

from .executor import CompiledProgram, global_scope  # noqa: F401  (names Paddle's static.io holds too)
from .files import file_set, load_from_path, write_file_atomic
from .model_args import (LEGACY_MODEL_SUFFIX, PIR_MODEL_SUFFIX, check_static_mode, check_vars, model_file_of_prefix,
                         model_suffix, normalize_path_prefix, pir_model_files, valid_program)
from .pir.writer import program_to_pir_bytes
from .persistables import load_params_into, persistable_names, save_combined_params, scope_arrays, set_scope_arrays
from .program import Program, Variable, default_main_program  # noqa: F401  (names Paddle's static.io holds too)
from .program_bytes import program_from_bytes, program_from_file, program_to_bytes
from .program_state import load, load_program_state, save, set_program_state  # noqa: F401  (Paddle's static.io API)
from .prune import feed_fetch_targets, normalize_program
from .serialization import (deserialize_persistables, deserialize_program, load_from_file,  # noqa: F401
                            save_to_file, serialize_persistables, serialize_program)
from .tensor_record import tensor_record
from .var_files import get_program_persistable_vars, load_vars, save_vars  # noqa: F401
from .variable import is_persistable  # noqa: F401  (a name Paddle's static.io holds too)

__all__ = ["save_inference_model", "load_inference_model"]

_logger = logging.getLogger(__name__)


# -- save_inference_model / load_inference_model ----------------------------------------------------------
def save_inference_model(path_prefix, feed_vars, fetch_vars, executor, **kwargs):
    """Save the inference part of a program and its parameters as `path_prefix.json` + `.pdiparams`.

    Under FLAGS_enable_pir_api (Paddle 3's default) the model is a PIR program (`.json`, what Paddle 3
    writes); with FLAGS_enable_pir_api=0 a legacy ProgramDesc (`.pdmodel`).

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
            `separate_parameters` (write the 1.x layout: a legacy `__model__` and one file per variable in the
            directory, whatever FLAGS_enable_pir_api says).

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
    pir = pir_model_files() and not kwargs.get("separate_parameters", False)
    model_path = path_prefix + (PIR_MODEL_SUFFIX if pir else LEGACY_MODEL_SUFFIX)
    params_path = path_prefix + ".pdiparams"
    feed_vars = check_vars("feed_vars", feed_vars)
    fetch_vars = check_vars("fetch_vars", fetch_vars)
    program = valid_program(kwargs.get("program"))
    program = normalize_program(program, feed_vars, fetch_vars,
                                skip_prune_program=kwargs.get("skip_prune_program", False))
    if pir:
        model = program_to_pir_bytes(program, model_path)
    else:
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
    with file_set():  # the model and its parameters land together or not at all
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
        return model_file_of_prefix(path_prefix) or path_prefix + model_suffix(), path_prefix + ".pdiparams"
    model_filename, params_filename = kwargs.get("model_filename"), kwargs.get("params_filename")
    if model_filename is None:
        model_path = os.path.join(path_prefix, "__model__")
    else:
        model_path = model_file_of_prefix(os.path.join(path_prefix, model_filename)) or os.path.join(
            path_prefix, model_filename)
    if params_filename is None:
        params_path = os.path.join(path_prefix, "")
    else:
        params_path = os.path.join(path_prefix, params_filename + ".pdiparams")
        if not os.path.exists(params_path):
            params_path = os.path.join(path_prefix, params_filename)
    _logger.warning("The old way to load inference model is deprecated. Please specify path_prefix. model path: "
                    f"{model_path}, params path: {params_path}")
    return model_path, params_path


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
        program = program_from_file(model_path)
        if os.path.isdir(params_path):
            arrays = load_params_into(program, None, dirname=params_path)
        else:
            arrays = load_params_into(program, params_path)
    set_scope_arrays(arrays)
    feed_names, fetch_names = feed_fetch_targets(program)
    block = program.global_block()
    return [program, feed_names, [block.var(n) for n in fetch_names]]
