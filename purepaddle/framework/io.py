"""paddle.save / paddle.load in Paddle's on-disk format (PADDLE_REFERENCE §3.1-3.2).

- A state dict (every value a Tensor, or a dict holding no Tensors, like `LR_Scheduler`) is saved
  as `{key: ndarray, ..., "StructuredToParameterName@@": {key: tensor.name}}`.
- Anything else is pickled as is, each Tensor becoming the tuple `(name, ndarray)` and a static
  DenseTensor the form `eval('data', {'data': ndarray})`, as real Paddle writes them.
- Protocol 2/3 split arrays over 1 GiB into slices listed under `UnpackBigParamInfor@@`.
- A static Program is saved as its serialized ProgramDesc (`.pdmodel`); loading such a file gives a Program.
- `paddle.load(prefix)` of a jit.save / save_inference_model model, or of a 1.x model directory,
  returns its parameters as {name: ndarray} (structured names when `.pdiparams.info` exists).

Files move both ways between purepaddle and paddlepaddle. Writes are atomic (temporary file in the
same directory, fsync, rename). Loads are safe by default: see `pickle_safe`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from typing import Any, IO
    import os

import collections
import io as _pyio
import math
import os
import pickle
import struct
import threading
import warnings

import numpy as np

from .._core.mode import in_dynamic_mode
from .._core import pickle_safe
from .._core.storage import is_temporary, open_model_file, recover, write_atomic
from .._core.tensor import Tensor
from ..static.files import load_from_path as _load_from_path
from ..static.persistables import load_combined_params as _load_combined_params
from ..static.persistables import load_params_into as _load_params_into
from ..static.model_args import model_file_of_prefix as _model_file_of_prefix
from ..static.program_bytes import program_from_bytes as _program_from_bytes
from ..static.program_bytes import program_from_file as _program_from_file
from ..static.program_bytes import program_to_bytes as _program_to_bytes
from ..static import program_state as _program_state
from ..static.tensor_record import TensorRecordError as _TensorRecordError
from ..static.tensor_record import read_tensor_record as _read_tensor_record
from ..static.tensor_record import tensor_record as _tensor_record

__all__ = ["save", "load", "async_save", "clear_async_save_task_queue"]

NAME_TABLE = "StructuredToParameterName@@"
UNPACK_INFO = "UnpackBigParamInfor@@"  # sic: Paddle's key
_SLICE_BYTES = 2 ** 30 - 1  # protocol 2/3 cannot pickle one object over 4 GB: Paddle slices at 1 GiB
_SAVE_CONFIGS = ("use_binary_format", "pickle_protocol", "safetensors")
_LOAD_CONFIGS = ("model_filename", "params_filename", "keep_name_table", "return_numpy", "safetensors", "safe")


# -- helpers over Paddle's object kinds ------------------------------------------------------------
def _layer_cls():
    try:
        from ..nn.layer.layers import Layer
        return Layer
    except (ImportError, AttributeError):  # the nn floor is being built: nothing is a Layer yet
        return ()


def _program_cls():
    from ..static import Program
    return Program


def _dense_cls():
    from ..static import DenseTensor
    return DenseTensor


def _variable_cls():
    from ..static import Variable
    return Variable


def _is_path(path):
    return isinstance(path, (str, os.PathLike))


def _is_buffer(path):
    return isinstance(path, _pyio.BytesIO)


def _contains(obj, cond):
    """Whether cond holds for obj or anything inside its dict/list/tuple containers.

    Each object is visited once (by identity, without recursion): a small file of shared or cyclic
    references cannot make the walk exponential or deep."""
    seen, stack = set(), [obj]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if cond(x):
            return True
        if type(x) in (dict, collections.OrderedDict):
            stack.extend(x.values())
        elif type(x) in (list, tuple):
            stack.extend(x)
    return False


def _is_paddle_object(v):
    return isinstance(v, (Tensor, _dense_cls(), _program_cls()) + _as_tuple(_layer_cls()))


def _as_tuple(cls):
    return cls if isinstance(cls, tuple) else (cls,)


def _is_state_dict(obj):
    """Paddle's rule: a dict whose values are Tensors, or dicts holding no paddle objects."""
    if not isinstance(obj, dict):
        return False
    tensor_types = (Tensor, _dense_cls(), _variable_cls())
    for value in obj.values():
        if isinstance(value, dict):
            if any(_contains(v, _is_paddle_object) for v in value.values()):
                return False
        elif not isinstance(value, tensor_types):
            return False
    return True


def _to_numpy(value):
    if isinstance(value, Tensor):
        if not value._is_initialized():
            raise ValueError("The saved tensor is not initialized.")
        return np.asarray(value._data)
    return np.asarray(value)


def _check_iterables(obj):
    """Paddle refuses iterables other than tuple/list/dict/set/str inside a pickled object."""
    if type(obj) in (dict, collections.OrderedDict):
        for v in obj.values():
            _check_iterables(v)
    elif type(obj) in (list, tuple, set):
        for v in obj:
            _check_iterables(v)
    elif hasattr(obj, "__iter__") and not isinstance(obj, (str, np.ndarray, Tensor, _dense_cls())):
        raise NotImplementedError("The iterable objects supported are tuple, list, dict, OrderedDict, string. "
                                  f"But received {type(obj)}.")


def _check_protocol(protocol):
    if not isinstance(protocol, int):
        raise ValueError(f"The 'protocol' MUST be `int`, but received {type(protocol)}")
    if protocol < 2 or protocol > 4:
        raise ValueError(f"Expected 1<'protocol'<5, but received protocol={protocol}")


def _build_saved_state_dict(state_dict):
    saved, names = {}, {}
    for key, value in state_dict.items():
        if isinstance(value, (Tensor, _variable_cls())):
            saved[key] = _to_numpy(value) if isinstance(value, Tensor) else np.asarray(value.get_value())
            names[key] = value.name
        elif isinstance(value, _dense_cls()):
            saved[key] = np.asarray(value)
        else:
            saved[key] = value
    saved[NAME_TABLE] = names
    return saved


def _unpack_saved_dict(saved, protocol):
    """Protocol 2/3: replace each array over 1 GiB by flat slices `key@@.i` (Paddle's layout)."""
    if protocol >= 4 or not isinstance(saved, dict):
        return saved
    info = {}
    for key, value in list(saved.items()):
        if not isinstance(value, np.ndarray):
            continue
        per_slice = int(_SLICE_BYTES / value.dtype.itemsize)
        if value.size <= per_slice:
            continue
        flat = value.reshape(-1)
        info[key] = {"OriginShape": value.shape, "slices": []}
        del saved[key]
        for i in range(int(math.ceil(value.size / per_slice))):
            part = f"{key}@@.{i}"
            info[key]["slices"].append(part)
            saved[part] = flat[i * per_slice:(i + 1) * per_slice]
    if info:
        saved[UNPACK_INFO] = info
    return saved


def _pack_loaded_dict(obj, source="<buffer>"):
    """Undo _unpack_saved_dict: concatenate the slices back into their arrays (each checked first)."""
    if isinstance(obj, dict) and UNPACK_INFO in obj:
        info = obj.pop(UNPACK_INFO)
        if not isinstance(info, dict):
            raise ValueError(f"{source}: the field '{UNPACK_INFO}' is malformed (a dict is expected)")
        for key, value in info.items():
            slices = value.get("slices") if isinstance(value, dict) else None
            shape = value.get("OriginShape") if isinstance(value, dict) else None
            parts = [obj.get(p) for p in slices] if isinstance(slices, (list, tuple)) else None
            if parts is None or not all(isinstance(a, np.ndarray) for a in parts) or \
                    not isinstance(shape, (list, tuple)) or not all(type(d) is int and d >= 0 for d in shape) or \
                    math.prod(shape) != sum(a.size for a in parts):
                raise ValueError(f"{source}: the field '{UNPACK_INFO}' is malformed at '{key}' (its slices must be "
                                 "arrays of the file whose sizes add up to OriginShape)")
            for p in slices:
                obj.pop(p)
            obj[key] = np.concatenate([a.reshape(-1) for a in parts]).reshape(shape)
    return obj


class _PaddlePickler(pickle.Pickler):
    """Writes Tensors as (name, ndarray) and DenseTensors as eval('data', ...), like Paddle's dispatch table."""

    def __init__(self, file, protocol, layer_cls):
        super().__init__(file, protocol)
        self._layer, self._dense = layer_cls, _dense_cls()

    def reducer_override(self, obj):
        if isinstance(obj, Tensor):
            return tuple, ((obj.name, _to_numpy(obj)),)
        if isinstance(obj, self._dense):
            return eval, ("data", {"data": np.asarray(obj)})
        if self._layer and isinstance(obj, self._layer):
            raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")
        return NotImplemented


def _write(path, write):
    if _is_path(path):
        write_atomic(path, write)
    else:
        write(path)


def _check_save_path(path):
    if _is_path(path):
        path = os.fspath(path)
        if os.path.basename(path) == "":
            raise ValueError("The input path MUST be format of dirname/filename [dirname\\filename in Windows "
                             "system], but received filename is empty string.")
        dirname = os.path.dirname(path)
        if dirname and not os.path.exists(dirname):
            os.makedirs(dirname, exist_ok=True)
    elif not _is_buffer(path):
        raise ValueError(f"only supports saving objects to file and `BytesIO`, but got {type(path)}")


# -- save ---------------------------------------------------------------------------------------------
def save(obj: Any, path: str | os.PathLike | IO[bytes], protocol: int = 4, **configs: Any) -> None:
    """Save a state_dict, Tensor or nested structure of them to a file or BytesIO (Paddle's pickle format).

    Args:
        obj (Any): What to save: a state_dict, a Tensor, or nested lists/dicts of them.
        path (str|os.PathLike|IO[bytes]): The file to write, or a writable binary file object.
        protocol (int, optional): The pickle protocol, 2 to 4. Default: 4.
        **configs (Any): Paddle's extra options (use_binary_format, ...).

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from io import BytesIO
            >>> buf = BytesIO()
            >>> paddle.save({'w': paddle.to_tensor([1.0, 2.0])}, buf)
            >>> _ = buf.seek(0)
            >>> paddle.load(buf)['w']
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 2.])
    """
    _check_save_path(path)
    for key in configs:
        if key not in _SAVE_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.save` is not supported.")
    binary = configs.get("use_binary_format", False)
    if not isinstance(binary, bool):
        raise TypeError(f"Type of `use_binary_format` should be bool, but received {type(binary)}.")
    if configs.get("safetensors", False):
        raise NotImplementedError("paddle.save(..., safetensors=True) needs the safetensors package, which "
                                  "purepaddle does not use; save without it (Paddle's pickle format).")
    if binary:
        if not isinstance(obj, (Tensor, _dense_cls())):
            raise NotImplementedError("When use_binary_format = True, `paddle.save`  expected Tensor, but "
                                      f"received {type(obj)}.")
        record = _tensor_record(_to_numpy(obj) if isinstance(obj, Tensor) else np.asarray(obj))
        return _write(path, lambda f: f.write(record))
    if configs.get("pickle_protocol") is not None:
        protocol = configs["pickle_protocol"]
        warnings.warn("'pickle_protocol' is a deprecated argument. Please use 'protocol' instead.")
    if isinstance(obj, _program_cls()):
        return _write(path, lambda f: f.write(_serialize_program(obj)))
    if _is_state_dict(obj):
        if len(obj) == 0:
            warnings.warn("The input state dict is empty, no need to save.")
        _check_protocol(protocol)
        if not in_dynamic_mode():  # Paddle's static save: plain {name: ndarray}, no name table
            saved = {k: (np.asarray(v) if isinstance(v, _dense_cls()) else _to_numpy(v)
                         if isinstance(v, Tensor) else v) for k, v in obj.items()}
        else:
            saved = _build_saved_state_dict(obj)
        saved = _unpack_saved_dict(saved, protocol)
        return _write(path, lambda f: pickle.dump(saved, f, protocol=protocol))
    _check_protocol(protocol)
    layer = _layer_cls()
    if layer and isinstance(obj, layer):
        raise ValueError("paddle do not support saving `paddle.nn.Layer` object.")
    _check_iterables(obj)
    return _write(path, lambda f: _PaddlePickler(f, protocol, layer).dump(obj))


def _serialize_program(program):
    # the whole ProgramDesc, training information included, as Program.desc.serialize_to_string()
    return _program_to_bytes(program)


_ASYNC_QUEUE = []


def clear_async_save_task_queue():
    """Wait until every paddle.async_save task has finished writing.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.framework.io.clear_async_save_task_queue()
    """
    while _ASYNC_QUEUE:
        task = _ASYNC_QUEUE.pop()
        if task.is_alive():
            task.join()


def async_save(obj, path, protocol=4, sync_other_task=False, **configs):
    """paddle.save in a background thread (the values are snapshotted first, so training may go on).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from io import BytesIO
            >>> buf = BytesIO()
            >>> paddle.async_save({'w': paddle.ones([2])}, buf)
            >>> paddle.clear_async_save_task_queue()
    """
    if not in_dynamic_mode():
        raise ValueError("async_save currently is not supported in static mode.")
    if configs:
        warnings.warn("configs are not supported in async mode, will be overridden by default settings.")

    def snapshot(sd):  # later in-place updates of the live tensors must not leak into the file
        out = type(sd)()
        for k, v in sd.items():
            out[k] = snapshot(v) if isinstance(v, dict) else _snap_tensor(v)
        return out

    if isinstance(obj, dict):
        obj = snapshot(obj)
    elif isinstance(obj, Tensor):
        obj = _snap_tensor(obj)
    else:
        raise TypeError(f"currently async_save does not support this type: {type(obj)}")
    if sync_other_task:
        clear_async_save_task_queue()
    t = threading.Thread(target=save, args=(obj, path, protocol), daemon=False)
    t.start()
    _ASYNC_QUEUE.append(t)


def _snap_tensor(v):
    if isinstance(v, Tensor):
        t = Tensor._make(np.array(v._data, copy=True), v.stop_gradient)
        t.name = v.name
        return t
    return v


# -- load ---------------------------------------------------------------------------------------------
def _ndarray_to_tensor(arr, return_numpy):
    if return_numpy:
        return arr
    if not in_dynamic_mode():
        return _dense_cls()(arr)
    if not arr.flags.writeable:  # in-place updates of a loaded Tensor must work
        arr = arr.copy()
    return Tensor._make(arr)


def _tuple_to_tensor(obj, return_numpy):
    if return_numpy:
        return obj[1]
    t = _ndarray_to_tensor(obj[1], False)
    if isinstance(t, Tensor):
        t.name = obj[0]
    return t


def _is_tensor_tuple(obj):
    # how Paddle >= 2.1 pickles a Tensor outside a state dict: (name, ndarray)
    return type(obj) is tuple and len(obj) == 2 and isinstance(obj[0], str) and isinstance(obj[1], np.ndarray)


def _convert(obj, cond, fn, done=None):
    """Replace every leaf matching cond inside dict/OrderedDict/list/tuple/set containers by fn(leaf).

    Each object is converted once (by identity): a shared one is converted once and shared again, a
    cycle ends where it started, so the walk is linear in what the file holds."""
    if done is None:
        done = {}
    key = id(obj)
    if key in done:
        return done[key][1]
    if cond(obj):
        out = fn(obj)
        done[key] = (obj, out)  # keep obj alive so its id is not reused during the walk
        return out
    t = type(obj)
    if t in (dict, collections.OrderedDict):
        done[key] = (obj, obj)
        for k in list(obj):
            obj[k] = _convert(obj[k], cond, fn, done)
        return obj
    if t is list:
        done[key] = (obj, obj)
        obj[:] = [_convert(v, cond, fn, done) for v in obj]
        return obj
    if t is tuple:
        out = tuple(_convert(v, cond, fn, done) for v in obj)
        done[key] = (obj, out)
        return out
    if t is set:
        out = {_convert(v, cond, fn, done) for v in obj}
        done[key] = (obj, out)
        return out
    return obj


def _parse_load_result(obj, return_numpy, source="<buffer>"):
    try:
        return _parse_loaded(obj, return_numpy)
    except RecursionError:
        raise ValueError(f"{source}: the object is nested too deeply to load") from None


def _parse_loaded(obj, return_numpy):
    # files with (name, ndarray) tuples turn only those into Tensors; older files turn every ndarray
    if _contains(obj, _is_tensor_tuple) or (type(obj) is set and any(_is_tensor_tuple(v) for v in obj)):
        return _convert(obj, _is_tensor_tuple, lambda o: _tuple_to_tensor(o, return_numpy))
    return _convert(obj, lambda o: isinstance(o, np.ndarray), lambda a: _ndarray_to_tensor(a, return_numpy))


def _unpickle(f, source, safe):
    if safe:
        return pickle_safe.safe_load(f, source=source)
    return pickle.load(f, encoding="latin1")


def _parse_load_config(configs):
    for key in configs:
        if key not in _LOAD_CONFIGS:
            raise ValueError(f"The additional config ({key}) of `paddle.load` is not supported.")
    if configs.get("safetensors", False):
        raise NotImplementedError("paddle.load(..., safetensors=True) needs the safetensors package, which "
                                  "purepaddle does not use.")
    safe = configs.get("safe", None)
    if safe is None:
        safe = not pickle_safe.trusted_by_env()
    return bool(configs.get("return_numpy", False)), configs.get("keep_name_table", None), bool(safe)


def _missing_path_error(path):
    msg = f"The ``path`` ({path}) to load model not exists."
    if os.path.exists(path + ".pdparams") or os.path.exists(path + ".pdopt"):
        msg += ("please specify the full file name, not just the file name prefix. For example, it should be "
                "written as `paddle.load('model.pdparams')` instead of `paddle.load('model')`.")
    return ValueError(msg)


def _load_model_state(path, configs, safe):
    """The {name: ndarray} of a jit.save / save_inference_model prefix, or of a 1.x model directory.

    Names are the structured names of `.pdiparams.info` when it exists (jit.save), else the variable
    names; a 1.x directory without a program (save_params) gives one entry per file.
    """
    # a PIR `.json` too (Paddle 3 fails on it: docs/conformance.md); FLAGS_enable_pir_api picks where both exist
    prefix_model = _model_file_of_prefix(path) or path + ".pdmodel"
    has_prefix, has_dir = os.path.exists(prefix_model), os.path.isdir(path)
    if has_prefix and has_dir:
        raise ValueError(f"The {path}.pdmodel and {path} directory exist at the same time, don't know which one to "
                         "load, please make sure that the specified target of ``path`` is unique.")
    if not has_prefix and not has_dir:
        raise _missing_path_error(path)
    params_dir = None
    if has_prefix:
        for key in ("model_filename", "params_filename"):
            if configs.get(key) is not None:
                warnings.warn(f"When loading the result saved with the specified file prefix, the ``{key}`` "
                              "config does not take effect.")
        model_file, params, info = prefix_model, path + ".pdiparams", path + ".pdiparams.info"
    else:
        model_file = os.path.join(path, configs.get("model_filename") or "__model__")
        if not os.path.exists(model_file):  # save_params / save_persistables: one record per file
            recover(path)
            out = {}
            for root, _, files in os.walk(path):
                for name in files:
                    if is_temporary(name):  # a save in progress beside us
                        continue
                    key = os.path.relpath(os.path.join(root, name), path).replace("\\", "/")
                    out[key] = _load_combined_params(os.path.join(root, name), [key])[key]
            if not out:  # Paddle returns {} here; an empty directory is no model
                raise ValueError(f"`paddle.load` found no model in the directory {path}: it holds no "
                                 f"{os.path.basename(model_file)} and no tensor files")
            return out
        params_name = configs.get("params_filename")
        params = os.path.join(path, params_name) if params_name else None
        params_dir = None if params_name else path
        info = os.path.join(path, f"{params_name}.info")
    program = _program_from_file(model_file)
    state = _load_params_into(program, params, dirname=params_dir)
    if os.path.exists(info) and not model_file.endswith(".json"):  # the .info of a legacy save only
        with open_model_file(info) as f:
            table = _unpickle(f, info, safe)
        state = {table[name]["structured_name"]: value for name, value in state.items()}
    return state


def load(path: str | os.PathLike | IO[bytes], **configs: Any) -> Any:
    """Load an object saved by paddle.save (from a file or BytesIO); ndarrays come back as Tensors.

    Configs: `return_numpy` (keep ndarrays), `keep_name_table` (keep "StructuredToParameterName@@"),
    `safe` (default True: only data, never code, is unpickled; pass False for trusted files holding
    other classes, or set PUREPADDLE_TRUSTED_LOAD=1).

    Args:
        path (str|os.PathLike|IO[bytes]): The file written by paddle.save (or a readable binary file object).
        **configs (Any): Paddle's extra options (model_filename, return_numpy, ...).

    Returns:
        The saved object, with Tensors where Tensors were saved.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from io import BytesIO
            >>> buf = BytesIO()
            >>> paddle.save([paddle.to_tensor([1, 2]), 3], buf)
            >>> _ = buf.seek(0)
            >>> paddle.load(buf)
            [Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2]), 3]
    """
    return_numpy, keep_name_table, safe = _parse_load_config(configs)
    if _is_path(path):
        path = os.fspath(path)
        if not os.path.isfile(path):  # a jit/inference model prefix or a 1.x model directory
            return _load_model_state(path, configs, safe)
        with open_model_file(path) as f:
            return _load_stream(f, path, return_numpy, keep_name_table, safe)
    if _is_buffer(path):
        return _load_stream(path, "<BytesIO>", return_numpy, keep_name_table, safe)
    raise ValueError(f"only supports loading objects from file and `BytesIO`, but got {type(path)}")


def _load_stream(f, source, return_numpy, keep_name_table, safe):
    start = f.tell()
    try:
        obj = _unpickle(f, source, safe)
    except (pickle_safe.UnsafeUnpicklingError, pickle_safe.LoadBudgetError):
        raise
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, IndexError, KeyError,
            UnicodeDecodeError, struct.error) as exc:
        f.seek(start)
        return _load_non_pickle(f.read(), source, return_numpy, exc)
    if isinstance(obj, dict):
        obj = _pack_loaded_dict(obj, source)
        if NAME_TABLE in obj:
            table = obj[NAME_TABLE]
            if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                      for k, v in table.items()):
                raise ValueError(f"{source}: the field '{NAME_TABLE}' is malformed: it must map each key of the "
                                 "state dict to a parameter name (str to str)")
            for key, name in table.items():
                value = obj.get(key)
                if isinstance(value, np.ndarray):
                    obj[key] = _ndarray_to_tensor(value, return_numpy)
                    if isinstance(obj[key], Tensor):
                        obj[key].name = name
            if not keep_name_table:
                del obj[NAME_TABLE]
            return obj
    return _parse_load_result(obj, return_numpy, source)


def _load_non_pickle(raw, source, return_numpy, cause):
    """Paddle's fallbacks: a binary DenseTensor record, then a serialized ProgramDesc."""
    record_error = None
    try:
        arr = _read_tensor_record(raw)
    except Exception as e:  # noqa: BLE001 - not a tensor record; try a program next
        arr, record_error = None, e
    if arr is not None:
        return arr if return_numpy else _ndarray_to_tensor(arr, False)
    try:
        return _program_from_bytes(raw)
    except (ValueError, ImportError):  # not a ProgramDesc either (or no protobuf): Paddle's error
        pass
    detail = ""
    if isinstance(record_error, _TensorRecordError) and record_error.field != "version":
        detail = f" As a DenseTensor record, its field {record_error}."  # it looked like one: say what is wrong
    raise ValueError(f"`paddle.load` can not parse the file:{source}.{detail}") from cause


def _load_static_state(f, source):
    # paddle.static.load / load_program_state read .pdparams/.pdopt pickles as paddle.load does
    return _pack_loaded_dict(_unpickle(f, source, not pickle_safe.trusted_by_env()), source)


_program_state.PICKLE_CODEC.install((_unpack_saved_dict, _load_static_state))  # static.save/load pickle as we do
