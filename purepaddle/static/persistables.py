"""A program's persistable values: which they are, the `.pdiparams` layout that holds them, and the global scope.

- `persistable_names(program)`: which values a program's parameter file holds (sorted by name).
- `params_to_bytes(named_arrays)` / `save_combined_params(path, named_arrays)`: the `.pdiparams` layout,
  one DenseTensor record per array, sorted by name, nothing else (PADDLE_REFERENCE §3.4).
- `load_combined_params(path_or_bytes, names)`: {name: ndarray}, reading records in sorted-name order.
- `load_params_into(program, params, dirname=None)`: reading them (combined file/bytes, or one file per variable).
- `scope_arrays(program, names)` / `set_scope_arrays(arrays)`: the values in the global scope.
"""
import os
import struct

import numpy as np

from .files import open_model_file, write_file_atomic
from .scope import global_scope
from .tensor_record import read_tensor_record_at, tensor_record
from .variable import is_persistable

__all__ = ["persistable_names", "params_to_bytes", "save_combined_params", "load_combined_params",
           "load_params_into", "check_declared", "scope_arrays", "set_scope_arrays"]


def persistable_names(program):
    """Sorted names of the variables `.pdiparams` holds for program (every block)."""
    return sorted({v.name for v in program.list_vars() if is_persistable(v)})


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
        with open_model_file(where) as f:
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


def check_declared(program, arrays, source):
    """Raise ValueError naming the variable when a stored array differs from the program's declared shape
    (-1 matches any size; a 0-D scalar and shape [1] are the same, as Paddle stores them) or dtype: a model
    file from another model (or a mixed set) must not load."""
    declared = {}
    for v in program.list_vars():
        declared.setdefault(v.name, v)
    for name, arr in arrays.items():
        var = declared.get(name)
        if var is None:
            continue
        shape, stored = var.shape, tuple(np.shape(arr))
        scalar = {len(shape or ()), len(stored)} == {0, 1} and 1 in (tuple(shape or ()) + stored)
        if shape is not None and not scalar and (len(shape) != len(stored) or
                                                 any(d >= 0 and d != s for d, s in zip(shape, stored))):
            raise ValueError(f"The stored value of variable '{name}' in {source} has shape {list(stored)}, but the "
                             f"program declares {list(shape)}: the file belongs to another model (or to another "
                             "save of it).")
        want = getattr(var.dtype, "np_dtype", None)
        if want is not None and np.dtype(want) != np.asarray(arr).dtype:
            raise ValueError(f"The stored value of variable '{name}' in {source} has dtype {np.asarray(arr).dtype}, "
                             f"but the program declares {np.dtype(want)}: the file belongs to another model (or to "
                             "another save of it).")


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
        check_declared(program, out, dirname)
        return out
    out = load_combined_params(params, names)
    check_declared(program, out, params if isinstance(params, (str, os.PathLike)) else "<memory>")
    return out
