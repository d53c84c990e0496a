"""paddle.jit.set_verbosity / set_code_level: what to_static reports about its traces."""
import logging
import os
import sys

__all__ = ["set_verbosity", "set_code_level", "report_trace", "translator_warn"]

_logger = logging.getLogger("purepaddle.jit")


def _env_int(name):
    """An integer environment variable, or None."""
    try:
        return int(os.environ.get(name, ""))
    except ValueError:
        return None


class _Levels:
    """Levels set by the two functions (None: read TRANSLATOR_VERBOSITY / TRANSLATOR_CODE_LEVEL)."""

    verbosity = None
    code_level = None
    verbosity_stdout = False
    code_stdout = False


def _check(level, also_to_stdout, api):
    """Paddle's type checks of the two setters."""
    if not isinstance(level, int) or isinstance(level, bool):
        raise TypeError(f"The type of 'level' in {api} must be int, but received {type(level).__name__}.")
    if not isinstance(also_to_stdout, bool):
        raise TypeError(f"The type of 'also_to_stdout' in {api} must be bool, but received "
                        f"{type(also_to_stdout).__name__}.")


def set_verbosity(level=0, also_to_stdout=False):
    """Log what to_static does (level >= 1: each trace, with its input signature); 0 logs nothing.

    Takes precedence over the TRANSLATOR_VERBOSITY environment variable.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.jit.set_verbosity(1)
            >>> paddle.jit.set_verbosity(0)
    """
    _check(level, also_to_stdout, "paddle.jit.set_verbosity")
    _Levels.verbosity, _Levels.verbosity_stdout = level, also_to_stdout


def set_code_level(level=100, also_to_stdout=False):
    """Print the Program of each new trace (level > 0); to_static rewrites no code, so this is its code.

    Takes precedence over the TRANSLATOR_CODE_LEVEL environment variable.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.jit.set_code_level(100)
            >>> paddle.jit.set_code_level(0)
    """
    _check(level, also_to_stdout, "paddle.jit.set_code_level")
    _Levels.code_level, _Levels.code_stdout = level, also_to_stdout


def _emit(msg, to_stdout):
    """Log msg, and print it too when asked."""
    _logger.info(msg)
    if to_stdout:
        sys.stdout.write(msg + "\n")


def report_trace(name, key, program):
    """Called after each new trace: log it and/or print its Program, as the levels ask."""
    verbosity = _Levels.verbosity if _Levels.verbosity is not None else (_env_int("TRANSLATOR_VERBOSITY") or 0)
    code = _Levels.code_level if _Levels.code_level is not None else (_env_int("TRANSLATOR_CODE_LEVEL") or 0)
    if verbosity > 0:
        _emit(f"(Level 1) to_static traced '{name}' for the input signature {key}", _Levels.verbosity_stdout)
    if code > 0:
        _emit(f"The Program traced from '{name}':\n{program}", _Levels.code_stdout)


def translator_warn(msg):
    """A to_static warning on Paddle's channel: its translator log, silent until a verbosity is set
    (set_verbosity, or TRANSLATOR_VERBOSITY, at any level but -1), then logged (and printed when asked)."""
    level = _Levels.verbosity if _Levels.verbosity is not None else _env_int("TRANSLATOR_VERBOSITY")
    if level is None or level == -1:
        return
    _logger.warning(msg)
    if _Levels.verbosity_stdout:
        sys.stdout.write("WARNING: " + msg + "\n")
