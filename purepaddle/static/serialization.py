"""paddle.static's byte-level model API: serialize/deserialize a program or its persistables, save_to_file."""
import warnings

from .files import open_model_file, write_file_atomic
from .model_args import check_static_mode, check_vars, valid_program
from .persistables import (load_combined_params, params_to_bytes, persistable_names, scope_arrays,
                           set_scope_arrays)
from .program import Program, VarType
from .program_bytes import program_from_bytes, program_to_bytes
from .prune import normalize_program
from .variable import is_persistable

__all__ = ["serialize_program", "serialize_persistables", "deserialize_program", "deserialize_persistables",
           "save_to_file", "load_from_file"]


def serialize_program(feed_vars, fetch_vars, **kwargs):
    """Serialize the inference part of a program (default main) for `feed_vars` -> `fetch_vars` to bytes.

    Args:
        feed_vars (Variable|list[Variable]): the inputs.
        fetch_vars (Variable|list[Variable]): the outputs.
        kwargs: `program` (default: the default main program), `legacy_format` (accepted).

    Returns:
        bytes: a serialized ProgramDesc (the content of a `.pdmodel` file).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.nn.functional.relu(x)
            >>> data = paddle.static.serialize_program([x], [y], program=main)
            >>> prog = paddle.static.deserialize_program(data)
            >>> [op.type for op in prog.global_block().ops]
            ['feed', 'relu', 'fetch']
            >>> paddle.disable_static()
    """
    check_static_mode("serialize_program")
    feed_vars = check_vars("feed_vars", feed_vars)
    fetch_vars = check_vars("fetch_vars", fetch_vars)
    program = normalize_program(valid_program(kwargs.get("program")), feed_vars, fetch_vars)
    return program_to_bytes(program, tail=("feed", "fetch"))


def serialize_persistables(feed_vars, fetch_vars, executor, **kwargs):
    """Serialize the persistable values the inference program for `feed_vars` -> `fetch_vars` needs.

    Args:
        feed_vars (Variable|list[Variable]): the inputs.
        fetch_vars (Variable|list[Variable]): the outputs.
        executor (Executor): the executor whose scope (the global scope) holds the values.
        kwargs: `program` (default: the default main program).

    Returns:
        bytes: the `.pdiparams` content (None, with a warning, when there is nothing to save).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.nn.Linear(2, 1)(x)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> data = paddle.static.serialize_persistables([x], [y], exe, program=main)
            >>> paddle.static.deserialize_persistables(main, data, exe)
            >>> paddle.disable_static()
    """
    check_static_mode("serialize_persistables")
    feed_vars = check_vars("feed_vars", feed_vars)
    fetch_vars = check_vars("fetch_vars", fetch_vars)
    program = normalize_program(valid_program(kwargs.get("program")), feed_vars, fetch_vars)
    names = persistable_names(program)
    if not names:
        warnings.warn("no variable in your model, please ensure there are any variables in your model to save")
        return None
    return params_to_bytes(scope_arrays(program, names))


def save_to_file(path, content):
    """Write bytes `content` to `path` (atomically).

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile, os
            >>> path = os.path.join(tempfile.mkdtemp(), 'blob')
            >>> paddle.static.save_to_file(path, b'abc')
            >>> paddle.static.load_from_file(path)
            b'abc'
    """
    if not isinstance(content, bytes):
        raise ValueError("'content' type should be bytes.")
    write_file_atomic(path, content)


def load_from_file(path):
    """The bytes of the file at `path`.

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile, os
            >>> path = os.path.join(tempfile.mkdtemp(), 'blob')
            >>> paddle.static.save_to_file(path, b'xyz')
            >>> paddle.static.load_from_file(path)
            b'xyz'
    """
    with open_model_file(path) as f:
        return f.read()


def deserialize_program(data):
    """The Program held by serialized ProgramDesc bytes (from serialize_program or a `.pdmodel` file).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = x * 2.0
            >>> prog = paddle.static.deserialize_program(paddle.static.serialize_program([x], [y], program=main))
            >>> prog.global_block().var('x').shape
            (-1, 2)
            >>> paddle.disable_static()
    """
    check_static_mode("deserialize_program")
    return program_from_bytes(data)


def deserialize_persistables(program, data, executor):
    """Load serialized persistables (from serialize_persistables or a `.pdiparams` file) into the scope.

    Args:
        program (Program): the program whose persistable variables the data holds.
        data (bytes): the serialized values.
        executor (Executor): the executor (values go to the global scope).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.nn.Linear(2, 1)(x)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> data = paddle.static.serialize_persistables([x], [y], exe, program=main)
            >>> paddle.static.deserialize_persistables(main, data, exe)
            >>> paddle.disable_static()
    """
    check_static_mode("deserialize_persistables")
    if not isinstance(program, Program):
        raise TypeError(f"program type must be `base.Program`, but received `{type(program)}`")
    wanted = {}
    for v in program.list_vars():
        if is_persistable(v) and v.type != VarType.SELECTED_ROWS:
            wanted[v.name] = v
    if data is None:
        if any(v.is_parameter for v in wanted.values()):
            raise AssertionError("Required 'data' shall be not None if program contains parameter, but received "
                                 "'data' is None.")
        return None
    arrays = load_combined_params(data, list(wanted))
    for name, v in wanted.items():
        if v.is_parameter and tuple(arrays[name].shape) != tuple(v.shape):
            raise RuntimeError(f"Shape mismatch, program needs a parameter with shape ({tuple(v.shape)}), but the "
                               f"loaded parameter ('{name}') has a shape of ({tuple(arrays[name].shape)}).")
    set_scope_arrays(arrays)
    return None
