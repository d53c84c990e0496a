"""fleet.save_inference_model / fleet.save_persistables: the 1.x directory layout, written by rank 0.

Both write a directory as paddle.static.save_inference_model(..., separate_parameters=True) and
1.x's save_persistables did: `dirname/__model__` (the pruned inference ProgramDesc) and one
tensor file per persistable variable named after it. Only the first worker writes (the others
hold the same parameters after data-parallel training) and nobody waits for anybody, so calling
it on rank 0 alone is fine. paddle.static.load_inference_model(dirname, exe, model_filename="__model__") and
paddle.static.load(program, dirname) read the results.
"""
import os

from ..._core.mode import in_dynamic_mode
from ..._core.storage import file_set
from ...static import io as _io
from ...static.files import write_file_atomic
from ...static.persistables import persistable_names, scope_arrays
from ...static.program import Program, default_main_program
from ...static.tensor_record import tensor_record

__all__ = ["save_inference_model", "save_persistables"]


def _program(main_program, api):
    program = default_main_program() if main_program is None else main_program
    if not isinstance(program, Program):
        raise TypeError(f"fleet.{api}: main_program must be a paddle.static.Program, but received "
                        f"{type(program).__name__}")
    return program


def save_inference_model(rank, executor, dirname, feeded_var_names, target_vars, main_program=None,
                         export_for_deployment=True, mode=0):
    """On rank 0: `dirname/__model__` (pruned to `target_vars` from the feeds) and one file per parameter.

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile
            >>> import paddle.distributed.fleet as fleet
            >>> paddle.enable_static()
            >>> fleet.init(is_collective=True)
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.static.nn.fc(x, 1)
            >>> exe = paddle.static.Executor()
            >>> _ = exe.run(startup)
            >>> d = tempfile.mkdtemp()
            >>> fleet.save_inference_model(exe, d, ['x'], [y], main_program=main)
            >>> prog, feeds, fetches = paddle.static.load_inference_model(d, exe, model_filename='__model__')
            >>> feeds
            ['x']
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        raise RuntimeError("fleet.save_inference_model works on static programs: call paddle.enable_static() and "
                           "build the program first (dygraph models are saved with paddle.jit.save)")
    program = _program(main_program, "save_inference_model")
    if isinstance(feeded_var_names, str):
        feeded_var_names = [feeded_var_names]
    if not isinstance(feeded_var_names, (list, tuple)) or not all(isinstance(n, str) for n in feeded_var_names):
        raise TypeError("fleet.save_inference_model: feeded_var_names must be a list of variable names (str), but "
                        f"received {feeded_var_names!r}")
    if not isinstance(target_vars, (list, tuple)):
        target_vars = [target_vars]
    block = program.global_block()
    missing = [n for n in feeded_var_names if not block.has_var(n)]
    if missing:
        raise ValueError(f"fleet.save_inference_model: feeded_var_names {missing} are not variables of the program")
    if rank != 0:
        return None
    feeds = [block.var(n) for n in feeded_var_names]
    os.makedirs(dirname, exist_ok=True)
    _io.save_inference_model(os.path.join(dirname, "__model__"), feeds, list(target_vars), executor,
                             program=program, separate_parameters=True)
    return None


def save_persistables(rank, executor, dirname, main_program=None, mode=0):
    """On rank 0: every persistable variable of the program (parameters, optimizer state, learning rate)
    as `dirname/<name>`, in Paddle's tensor file format.

    Examples:
        .. code-block:: python

            >>> import paddle, tempfile, os
            >>> import paddle.distributed.fleet as fleet
            >>> paddle.enable_static()
            >>> fleet.init(is_collective=True)
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.static.nn.fc(x, 1, name='fc')
            >>> exe = paddle.static.Executor()
            >>> _ = exe.run(startup)
            >>> d = tempfile.mkdtemp()
            >>> fleet.save_persistables(exe, d, main)
            >>> sorted(os.listdir(d))
            ['fc.b_0', 'fc.w_0']
            >>> paddle.disable_static()
    """
    if in_dynamic_mode():
        raise RuntimeError("fleet.save_persistables works on static programs: call paddle.enable_static() first "
                           "(dygraph state is saved with paddle.save(layer.state_dict(), path))")
    program = _program(main_program, "save_persistables")
    names = persistable_names(program)
    if rank != 0:
        return None
    arrays = scope_arrays(program, names)
    os.makedirs(dirname, exist_ok=True)
    with file_set():  # one file per variable: all of them land, or none
        for name, arr in arrays.items():
            path = os.path.join(dirname, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_file_atomic(path, tensor_record(arr))
    return None
