"""Argument checks shared by paddle.static's model save/load APIs: static mode, variable lists, path
prefixes and the program argument, with Paddle's error messages."""
import os
import warnings

from .._core.mode import in_dynamic_mode
from .executor import FLAG_READER, CompiledProgram
from .program import Program, Variable, default_main_program

__all__ = ["check_static_mode", "check_vars", "normalize_path_prefix", "valid_program", "pir_model_files",
           "model_suffix", "model_file_of_prefix", "PIR_MODEL_SUFFIX", "LEGACY_MODEL_SUFFIX"]

PIR_MODEL_SUFFIX, LEGACY_MODEL_SUFFIX = ".json", ".pdmodel"


def pir_model_files():
    """FLAGS_enable_pir_api (Paddle 3's default True): whether jit.save / save_inference_model write a PIR
    `.json` model (else a legacy `.pdmodel`), and which of the two the loaders look for first."""
    get = FLAG_READER.active
    if get is not None:
        return bool(get("FLAGS_enable_pir_api", True))
    return os.environ.get("FLAGS_enable_pir_api", "1").strip().lower() in ("1", "true")


def model_suffix():
    """The model file suffix the save APIs write under the current FLAGS_enable_pir_api."""
    return PIR_MODEL_SUFFIX if pir_model_files() else LEGACY_MODEL_SUFFIX


def model_file_of_prefix(prefix):
    """The model file of a path prefix: `prefix.json` or `prefix.pdmodel`, the one FLAGS_enable_pir_api names
    first (Paddle 3 loads only that one; purepaddle takes the other when only it exists); None when neither."""
    first = model_suffix()
    for suffix in (first, LEGACY_MODEL_SUFFIX if first == PIR_MODEL_SUFFIX else PIR_MODEL_SUFFIX):
        if os.path.exists(prefix + suffix):
            return prefix + suffix
    return None


def check_static_mode(name):
    """AssertionError (Paddle's words) when the API `name` is called outside static mode."""
    if in_dynamic_mode():
        raise AssertionError(f"In PaddlePaddle 2.x, we turn on dynamic graph mode by default, and '{name}()' is only "
                             "supported in static graph mode. So if you want to use this api, please call "
                             "'paddle.enable_static()' before this api to enter static graph mode.")


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
