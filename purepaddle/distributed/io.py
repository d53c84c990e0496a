"""paddle.distributed.io: 1.x-style persistable saving and loading for (distributed) static programs.

save_persistables / load_persistables write and read every persistable variable of a program, one file per
variable in `dirname` (or all in `filename`), as paddle.static.io.save_vars / load_vars do. Paddle's
transpiler-era parameter-server programs (split and sliced variables on pservers) are not something purepaddle
builds: its parameter-server mode (distributed/ps/) saves through fleet.save_persistables.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..static import var_files
from ..static.variable import is_persistable

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.static import Executor, Program

__all__ = ["save_persistables", "load_persistables", "load_inference_model_distributed", "is_persistable"]


def _check_not_transpiled(main_program, api):
    if main_program is not None and getattr(main_program, "_is_distributed", False):
        raise NotImplementedError(f"paddle.distributed.io.{api}: programs of Paddle's 1.x DistributeTranspiler "
                                  "(pserver-sliced variables) do not exist in purepaddle; parameter-server jobs "
                                  "save with fleet.save_persistables")


def save_persistables(executor: Executor, dirname: str, main_program: Program | None = None,
                      filename: str | None = None) -> None:
    """Save every persistable variable of `main_program` (parameters, optimizer states, learning rates).

    Args:
        executor (Executor): The executor whose global scope holds the values.
        dirname (str): The directory to write to.
        main_program (Program|None, optional): The program; None means the default main program. Default: None.
        filename (str|None, optional): One file for all variables; None writes one file per variable.
            Default: None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.static.nn.fc(x, 1)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> d = tempfile.mkdtemp()
            >>> paddle.distributed.io.save_persistables(exe, d, main)
            >>> sorted(os.listdir(d))
            ['fc_0.b_0', 'fc_0.w_0']
            >>> paddle.disable_static()
    """
    _check_not_transpiled(main_program, "save_persistables")
    var_files.save_vars(executor, dirname=dirname, main_program=main_program, predicate=is_persistable,
                        filename=filename)


def load_persistables(executor: Executor, dirname: str, main_program: Program | None = None,
                      filename: str | None = None) -> None:
    """Load every persistable variable of `main_program` from what save_persistables wrote.

    Args:
        executor (Executor): The executor whose global scope receives the values.
        dirname (str): The directory to read from.
        main_program (Program|None, optional): The program; None means the default main program. Default: None.
        filename (str|None, optional): The one file holding all variables; None reads one file per variable.
            Default: None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> import paddle
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     y = paddle.static.nn.fc(x, 1)
            >>> exe = paddle.static.Executor(paddle.CPUPlace())
            >>> _ = exe.run(startup)
            >>> d = tempfile.mkdtemp()
            >>> paddle.distributed.io.save_persistables(exe, d, main, filename='params')
            >>> paddle.distributed.io.load_persistables(exe, d, main, filename='params')
            >>> paddle.disable_static()
    """
    _check_not_transpiled(main_program, "load_persistables")
    var_files.load_vars(executor, dirname=dirname, main_program=main_program, predicate=is_persistable,
                        filename=filename)


def load_inference_model_distributed(dirname: str, executor: Executor, model_filename: str | None = None,
                                     params_filename: str | None = None, pserver_endpoints: list[str] | None = None):
    """Load an inference model saved in the 1.x directory layout (fleet.save_inference_model writes it).

    Args:
        dirname (str): The model directory.
        executor (Executor): The executor whose global scope receives the parameters.
        model_filename (str|None, optional): The program file in `dirname`; None means "__model__". Default: None.
        params_filename (str|None, optional): The one file holding all parameters; None reads one file per
            parameter. Default: None.
        pserver_endpoints (list[str]|None, optional): Paddle's distributed lookup tables live on these servers;
            purepaddle keeps lookup tables in the program, so it must be None. Default: None.

    Returns:
        list: [program, feed_target_names, fetch_targets].

    Examples:
        .. code-block:: python

            >>> import tempfile
            >>> import paddle
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
            >>> prog, feeds, fetches = paddle.distributed.io.load_inference_model_distributed(d, exe)
            >>> feeds
            ['x']
            >>> paddle.disable_static()
    """
    from ..static.io import load_inference_model
    if pserver_endpoints:
        raise NotImplementedError("load_inference_model_distributed: pserver_endpoints load Paddle 1.x's "
                                  "distributed lookup tables from parameter servers, which purepaddle does not have")
    return load_inference_model(dirname, executor, model_filename=model_filename or "__model__",
                                params_filename=params_filename)
