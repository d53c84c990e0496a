"""The restricted unpickler every reader of a pickled file uses (paddle.load, jit.load's `.pdiparams.info`,
static.load / load_program_state, Model.load): data only, never code, and no more memory than the file holds.

Paddle's `.pdparams` / `.pdopt` / `.pdtensor` files are pickles of builtin containers, numbers,
strings and NumPy arrays (PADDLE_REFERENCE §3.1). A pickle can name any importable callable,
so unpickling an untrusted file with the stock `pickle` module can run arbitrary code. The
`SafeUnpickler` here resolves only an allowlist of globals, so a malicious file fails with
`UnsafeUnpicklingError` before anything runs.

Allowed by default:
- builtins containers and scalars (`tuple`, `list`, `dict`, `set`, `frozenset`, `complex`,
  `bytearray`, `slice`, `int`, `float`, `bool`, `str`, `bytes`) and `collections.OrderedDict`
  (a Layer's `state_dict()` is an OrderedDict inside nested objects), each only on data it copies
  (`bytes(n)`, `bytearray(n)` and `str(container)` are refused: they make far more than the file holds);
- NumPy arrays, dtypes and scalars, under both the NumPy 1.x (`numpy.core`) and 2.x
  (`numpy._core`) module names; an array of objects is refused (it is no tensor data);
- `_codecs.encode(str, 'latin1')`, which pickle protocol 2 uses for `bytes`;
- Paddle's static `DenseTensor` form `eval('data', {'data': ndarray})`, accepted only in that
  exact shape (it returns the array; nothing is evaluated).

Memory: what the allowed callables build is charged against a budget of a few times the file's size
(`LoadBudgetError` past it), so a 41-byte file cannot ask for gigabytes. After unpickling, the result is
walked once per object (by identity) to refuse object arrays, so shared or cyclic references cost nothing.

Opting out, for files you trust: `paddle.load(path, safe=False)`, or the environment variable
`PUREPADDLE_TRUSTED_LOAD=1`. To admit a few classes of your own while staying safe, register
them with `add_safe_globals([MyClass, ...])`.
"""
import collections
import io
import os
import pickle
import pickletools

import numpy as np

from . import dtype as _dt
from . import tensor as _tensor

__all__ = ["SafeUnpickler", "UnsafeUnpicklingError", "LoadBudgetError", "add_safe_globals", "get_safe_globals",
           "safe_load", "trusted_by_env"]

ENV_TRUSTED = "PUREPADDLE_TRUSTED_LOAD"
_SLACK = 1 << 20  # budget beyond the file's own size: small files still build their few objects
_PER_BYTE = 8  # what one byte of pickle may make: an 8-byte pointer for a 1-byte memo reference


class UnsafeUnpicklingError(pickle.UnpicklingError):
    """The file names a global outside the allowlist (paddle.load refused to run it)."""


class LoadBudgetError(pickle.UnpicklingError):
    """The file asks for far more memory than its size could hold (a load-time denial of service)."""


def _refuse(what, source):
    raise UnsafeUnpicklingError(f"paddle.load refused {what} in {source}")


def _codecs_encode(obj, encoding="utf-8", errors="strict"):
    # pickle protocol 2 writes bytes as _codecs.encode(latin1_text, 'latin1'); nothing else
    if isinstance(obj, str) and str(encoding).lower().replace("-", "").replace("_", "") in ("latin1", "iso88591"):
        return obj.encode("latin1", errors)
    raise UnsafeUnpicklingError(f"paddle.load refused _codecs.encode({type(obj).__name__}, {encoding!r}): only "
                                "latin1 text (how pickle protocol 2 stores bytes) is decoded")


def _dense_tensor_eval(expr, scope=None, *rest):
    # Paddle pickles a static DenseTensor as eval('data', {'data': ndarray}); return the array
    if expr == "data" and not rest and type(scope) is dict and set(scope) == {"data"} \
            and isinstance(scope["data"], np.ndarray):
        return scope["data"]
    raise UnsafeUnpicklingError("paddle.load refused builtins.eval: only Paddle's DenseTensor form "
                                "eval('data', {'data': ndarray}) is accepted")


try:  # NumPy 2 names its core `numpy._core`; 1.x has only `numpy.core`
    from numpy._core import multiarray as _multiarray
except ImportError:  # pragma: no cover - NumPy 1.x
    from numpy.core import multiarray as _multiarray


def _data_dtype(dtype, what):
    """dtype when it is a dtype of array data (no Python objects inside), else UnsafeUnpicklingError."""
    if not isinstance(dtype, np.dtype) or dtype.hasobject:
        raise UnsafeUnpicklingError(f"paddle.load refused {what} of dtype {dtype!r}: only array data is loaded")
    return dtype


class _NdarrayName:
    """What the name `numpy.ndarray` resolves to: an argument of `_reconstruct`, never a callable (calling
    ndarray(shape) would allocate whatever the file asks)."""

    def __new__(cls, *args, **kwargs):
        raise UnsafeUnpicklingError("paddle.load refused a call of numpy.ndarray: arrays are rebuilt only "
                                    "through numpy's own pickle form")


def _guard(u, fn, name):
    """fn wrapped to charge what it builds against the unpickler's budget (checked before the call)."""
    def call(*args, **kwargs):
        u._charge(sum(_footprint(a) for a in args) + sum(_footprint(v) for v in kwargs.values()), name)
        return fn(*args, **kwargs)
    call.__name__ = call.__qualname__ = getattr(fn, "__name__", name)
    return call


def _footprint(x):
    """Bytes a copy of x takes (containers: one pointer per item); small for everything else."""
    if isinstance(x, (str, bytes, bytearray)):
        return len(x) + 64
    if isinstance(x, (list, tuple, set, frozenset, dict)):
        return 8 * len(x) + 64
    if isinstance(x, np.ndarray):
        return x.nbytes + 64
    return 64


def _np_frombuffer(buf, dtype, shape, order):
    _data_dtype(dtype, "numpy _frombuffer")
    return np.frombuffer(buf, dtype=dtype).reshape(shape, order=order)


def _numpy_globals():
    table = {("numpy", "ndarray"): _NdarrayName, ("numpy", "dtype"): np.dtype}
    for core in ("numpy.core", "numpy._core"):
        table[(f"{core}.multiarray", "_reconstruct")] = "_reconstruct"  # a method of the load (it charges)
        table[(f"{core}.multiarray", "scalar")] = "_scalar"  # a method of the load (it charges)
        table[(f"{core}.numeric", "_frombuffer")] = _np_frombuffer
    # NumPy 2 may name a dtype's class (numpy.dtypes.Float32DType) when pickling dtypes
    dtypes = getattr(np, "dtypes", None)
    for name in dir(dtypes) if dtypes is not None else ():
        cls = getattr(dtypes, name)
        if isinstance(cls, type) and issubclass(cls, np.dtype):
            table[("numpy.dtypes", name)] = cls
    return table


def _no_size(fn, name):
    # bytes(n) / bytearray(n) make n zero bytes from a few bytes of file: only copies of data are allowed
    def call(*args, **kwargs):
        if args and not isinstance(args[0], (str, bytes, bytearray, list, tuple)):
            raise UnsafeUnpicklingError(f"paddle.load refused builtins.{name}({type(args[0]).__name__}): only "
                                        f"{name} of data in the file is rebuilt")
        return fn(*args, **kwargs)
    return call


def _str(*args, **kwargs):
    # str(container) is its repr: exponential in the size of a file of shared references
    if args and not isinstance(args[0], (str, bytes, bytearray)):
        raise UnsafeUnpicklingError(f"paddle.load refused builtins.str({type(args[0]).__name__}): only text is "
                                    "rebuilt")
    return str(*args, **kwargs)


def _rebuild_data(data, what):
    if type(data) is not np.ndarray:
        raise UnsafeUnpicklingError(f"paddle.load refused {what} from a {type(data).__name__}: a Tensor is "
                                    "rebuilt only from a numpy array")
    _data_dtype(data.dtype, what)
    try:
        _dt.from_numpy(data.dtype)
    except (TypeError, ValueError, KeyError):
        raise UnsafeUnpicklingError(f"paddle.load refused {what} of dtype {data.dtype}: not a Paddle dtype") \
            from None
    return data


def _rebuild(data, stop_gradient, name):
    if not isinstance(stop_gradient, bool) or not (name is None or isinstance(name, str)):
        raise UnsafeUnpicklingError("paddle.load refused a Tensor whose stop_gradient is not a bool or whose name "
                                    "is not a str")
    return _tensor._rebuild(_rebuild_data(data, "a Tensor"), stop_gradient, name)


def _rebuild_param(data, name, trainable):
    if not isinstance(trainable, bool) or not (name is None or isinstance(name, str)):
        raise UnsafeUnpicklingError("paddle.load refused a Parameter whose trainable is not a bool or whose name "
                                    "is not a str")
    return _tensor._rebuild_param(_rebuild_data(data, "a Parameter"), name, trainable)


_BUILTINS = ("tuple", "list", "dict", "set", "frozenset", "complex", "bytearray", "slice", "int", "float",
             "bool", "str", "bytes")
_B = __import__("builtins")
_ALLOWED = {("builtins", n): getattr(_B, n) for n in _BUILTINS}
_ALLOWED[("builtins", "bytes")] = _no_size(bytes, "bytes")
_ALLOWED[("builtins", "bytearray")] = _no_size(bytearray, "bytearray")
_ALLOWED[("builtins", "str")] = _str
_ALLOWED.update({("__builtin__", n): f for (_, n), f in list(_ALLOWED.items())})  # Python 2 era files
_ALLOWED[("collections", "OrderedDict")] = collections.OrderedDict
_ALLOWED[("_codecs", "encode")] = _codecs_encode
_ALLOWED[("builtins", "eval")] = _dense_tensor_eval
_ALLOWED.update(_numpy_globals())
# a purepaddle Tensor pickled directly (pickle.dump(tensor)) rebuilds from its array: data only
_ALLOWED[("purepaddle._core.tensor", "_rebuild")] = _rebuild
_ALLOWED[("purepaddle._core.tensor", "_rebuild_param")] = _rebuild_param
# classes whose call builds nothing bigger than its arguments are not charged per call
_UNCHARGED = {np.dtype, _NdarrayName, bool, int, float, complex, slice}

_USER = {}


def add_safe_globals(objects):
    """Admit classes or functions (each as an object or a `(module, name)` pair) to safe loads.

    Examples:
        .. code-block:: python

            >>> from purepaddle.framework.pickle_safe import add_safe_globals
            >>> import fractions
            >>> add_safe_globals([fractions.Fraction])
    """
    for obj in objects:
        if isinstance(obj, tuple) and len(obj) == 2 and all(isinstance(s, str) for s in obj):
            mod, name = obj
            import importlib
            target = importlib.import_module(mod)
            for part in name.split("."):
                target = getattr(target, part)
            _USER[(mod, name)] = target
        else:
            _USER[(obj.__module__, obj.__qualname__)] = obj


def get_safe_globals():
    """The `(module, name)` pairs a safe load resolves (the default allowlist plus user additions)."""
    return sorted(set(_ALLOWED) | set(_USER))


def trusted_by_env():
    """Whether PUREPADDLE_TRUSTED_LOAD asks every paddle.load to use the unrestricted unpickler."""
    return os.environ.get(ENV_TRUSTED, "").strip().lower() in ("1", "true", "yes", "on")


def _remaining(file):
    """Bytes left to read in a binary file object (None where it cannot tell)."""
    try:
        if isinstance(file, io.BytesIO):
            return file.getbuffer().nbytes - file.tell()
        return os.fstat(file.fileno()).st_size - file.tell()
    except (OSError, AttributeError, ValueError, io.UnsupportedOperation):
        return None


class SafeUnpickler(pickle.Unpickler):
    """pickle.Unpickler that resolves only allowlisted globals and charges what they build against a budget
    of a few times the file's size (see the module docstring)."""

    source = "<buffer>"

    def __init__(self, file, *args, **kwargs):
        super().__init__(file, *args, **kwargs)
        size = _remaining(file)
        self._budget = (1 << 62) if size is None else _PER_BYTE * size + _SLACK
        self._spent = 0

    def _charge(self, nbytes, what):
        self._spent += int(nbytes)
        if self._spent > self._budget:
            raise LoadBudgetError(
                f"paddle.load refused {self.source}: rebuilding it ({what}) would take more than "
                f"{self._budget} bytes, far more than a file of its size holds (a corrupt or hostile file)")

    def _reconstruct(self, subtype, shape, dtype, *rest):
        # numpy's pickle form: an empty array of `shape` (normally (0,)) that BUILD then fills from the file
        if subtype is not _NdarrayName:
            _refuse(f"numpy _reconstruct of {subtype!r}", self.source)
        dt = np.dtype(dtype) if isinstance(dtype, (str, bytes)) else dtype
        _data_dtype(dt, "a numpy array")
        try:
            count = int(np.prod([int(d) for d in shape], dtype=object)) if isinstance(shape, (tuple, list)) \
                else int(shape)
        except (TypeError, ValueError):
            _refuse(f"numpy _reconstruct with shape {shape!r}", self.source)
        if count < 0:
            _refuse(f"numpy _reconstruct with shape {shape!r}", self.source)
        self._charge(count * dt.itemsize, "a numpy array")
        return _multiarray._reconstruct(np.ndarray, shape, dtype, *rest)

    def _scalar(self, dtype, data=None):
        # numpy's pickle form of a scalar: without data it is zeros of the dtype's size (V2**30: a GiB)
        _data_dtype(dtype, "a numpy scalar")
        self._charge(dtype.itemsize if data is None else _footprint(data), "a numpy scalar")
        return _multiarray.scalar(dtype) if data is None else _multiarray.scalar(dtype, data)

    def find_class(self, module, name):
        obj = _ALLOWED.get((module, name))
        if obj is None and (module, name) in _USER:
            return _USER[(module, name)]  # admitted by the user as is (it may be a class NEWOBJ needs)
        if obj is None:
            raise UnsafeUnpicklingError(
                f"paddle.load refused to load the global '{module}.{name}' from {self.source}: a safe load "
                "admits only builtin containers, numbers, strings and NumPy arrays, so an untrusted file cannot "
                "run code. If you trust this file, load it with paddle.load(path, safe=False) or set the "
                f"environment variable {ENV_TRUSTED}=1; or admit the class with "
                "purepaddle.framework.pickle_safe.add_safe_globals([...]).")
        if isinstance(obj, str):  # a method of this load: it charges what it builds
            return getattr(self, obj)
        if obj in _UNCHARGED or (isinstance(obj, type) and issubclass(obj, np.dtype)):
            return obj
        return _guard(self, obj, f"{module}.{name}")

    def persistent_load(self, pid):
        raise UnsafeUnpicklingError(f"paddle.load refused a persistent id in {self.source}: Paddle files have none")


def _check_arrays(obj, source):
    """Walk the loaded object once per object (by identity, no recursion) and refuse arrays of objects."""
    seen, stack = set(), [obj]
    while stack:
        x = stack.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, np.ndarray):
            if x.dtype.hasobject:
                _refuse(f"an array of dtype {x.dtype}: only array data is loaded", source)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)


class _Bounded:
    """A read-only view of a file that never asks it for more than is left (a declared length is not trusted)."""

    def __init__(self, file, left):
        self._f, self._left = file, left

    def read(self, n=-1):
        n = self._left if n is None or n < 0 else min(n, self._left)
        data = self._f.read(n)
        self._left -= len(data)
        return data

    def readline(self):
        line = self._f.readline(self._left)
        self._left -= len(line)
        return line


def _scan(file, source):
    """Walk the opcodes once before unpickling: the C unpickler reserves a counted string's declared length
    before reading it, so a 13-byte file declaring 8 GiB would reserve 8 GiB. Every length must fit the file."""
    start = file.tell()
    left = _remaining(file)
    try:
        for _ in pickletools.genops(_Bounded(file, (1 << 62) if left is None else left)):
            pass
    except (ValueError, KeyError, EOFError, UnicodeDecodeError) as e:
        raise pickle.UnpicklingError(f"{source} is not a well-formed pickle ({e})") from None
    finally:
        file.seek(start)


def safe_load(file, source="<buffer>", encoding="latin1"):
    """Unpickle one object from a binary file object with the restricted unpickler.

    Examples:
        .. code-block:: python

            >>> import io, pickle
            >>> from purepaddle._core.pickle_safe import safe_load
            >>> safe_load(io.BytesIO(pickle.dumps({'a': [1, 2]})))
            {'a': [1, 2]}
    """
    if not (hasattr(file, "seekable") and file.seekable()):
        file = io.BytesIO(file.read())
    _scan(file, source)
    u = SafeUnpickler(file, encoding=encoding)
    u.source = source
    try:
        obj = u.load()
    except UnsafeUnpicklingError as e:
        if source in str(e):
            raise
        raise UnsafeUnpicklingError(f"{e} (in {source})") from None
    _check_arrays(obj, source)
    return obj
