"""A restricted unpickler for paddle.load: data only, never code.

Paddle's `.pdparams` / `.pdopt` / `.pdtensor` files are pickles of builtin containers, numbers,
strings and NumPy arrays (PADDLE_REFERENCE §3.1). A pickle can name any importable callable,
so unpickling an untrusted file with the stock `pickle` module can run arbitrary code. The
`SafeUnpickler` here resolves only an allowlist of globals, so a malicious file fails with
`UnsafeUnpicklingError` before anything runs.

Allowed by default:
- builtins containers and scalars (`tuple`, `list`, `dict`, `set`, `frozenset`, `complex`,
  `bytearray`, `slice`, `int`, `float`, `bool`, `str`, `bytes`) and `collections.OrderedDict`
  (a Layer's `state_dict()` is an OrderedDict inside nested objects);
- NumPy arrays, dtypes and scalars, under both the NumPy 1.x (`numpy.core`) and 2.x
  (`numpy._core`) module names;
- `_codecs.encode(str, 'latin1')`, which pickle protocol 2 uses for `bytes`;
- Paddle's static `DenseTensor` form `eval('data', {'data': ndarray})`, accepted only in that
  exact shape (it returns the array; nothing is evaluated).

Opting out, for files you trust: `paddle.load(path, safe=False)`, or the environment variable
`PUREPADDLE_TRUSTED_LOAD=1`. To admit a few classes of your own while staying safe, register
them with `add_safe_globals([MyClass, ...])`.
"""
import collections
import os
import pickle

import numpy as np

from .._core import tensor as _tensor

__all__ = ["SafeUnpickler", "UnsafeUnpicklingError", "add_safe_globals", "get_safe_globals", "safe_load",
           "trusted_by_env"]

ENV_TRUSTED = "PUREPADDLE_TRUSTED_LOAD"


class UnsafeUnpicklingError(pickle.UnpicklingError):
    """The file names a global outside the allowlist (paddle.load refused to run it)."""


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


def _np_scalar(dtype, data=None):
    if not isinstance(dtype, np.dtype) or dtype.hasobject:
        raise UnsafeUnpicklingError(f"paddle.load refused a numpy scalar of dtype {dtype!r}")
    return _multiarray.scalar(dtype) if data is None else _multiarray.scalar(dtype, data)


def _np_frombuffer(buf, dtype, shape, order):
    if not isinstance(dtype, np.dtype) or dtype.hasobject:
        raise UnsafeUnpicklingError(f"paddle.load refused numpy _frombuffer of dtype {dtype!r}")
    return np.frombuffer(buf, dtype=dtype).reshape(shape, order=order)


def _numpy_globals():
    table = {("numpy", "ndarray"): np.ndarray, ("numpy", "dtype"): np.dtype}
    for core in ("numpy.core", "numpy._core"):
        table[(f"{core}.multiarray", "_reconstruct")] = _multiarray._reconstruct
        table[(f"{core}.multiarray", "scalar")] = _np_scalar
        table[(f"{core}.numeric", "_frombuffer")] = _np_frombuffer
    # NumPy 2 may name a dtype's class (numpy.dtypes.Float32DType) when pickling dtypes
    dtypes = getattr(np, "dtypes", None)
    for name in dir(dtypes) if dtypes is not None else ():
        cls = getattr(dtypes, name)
        if isinstance(cls, type) and issubclass(cls, np.dtype):
            table[("numpy.dtypes", name)] = cls
    return table


_BUILTINS = ("tuple", "list", "dict", "set", "frozenset", "complex", "bytearray", "slice", "int", "float",
             "bool", "str", "bytes")

_ALLOWED = {("builtins", n): getattr(__import__("builtins"), n) for n in _BUILTINS}
_ALLOWED.update({("__builtin__", n): f for (_, n), f in list(_ALLOWED.items())})  # Python 2 era files
_ALLOWED[("collections", "OrderedDict")] = collections.OrderedDict
_ALLOWED[("_codecs", "encode")] = _codecs_encode
_ALLOWED[("builtins", "eval")] = _dense_tensor_eval
_ALLOWED.update(_numpy_globals())
# a purepaddle Tensor pickled directly (pickle.dump(tensor)) rebuilds from its array: data only
_ALLOWED[("purepaddle._core.tensor", "_rebuild")] = _tensor._rebuild
_ALLOWED[("purepaddle._core.tensor", "_rebuild_param")] = _tensor._rebuild_param

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


class SafeUnpickler(pickle.Unpickler):
    """pickle.Unpickler that resolves only allowlisted globals (see the module docstring)."""

    source = "<buffer>"

    def find_class(self, module, name):
        obj = _ALLOWED.get((module, name))
        if obj is None:
            obj = _USER.get((module, name))
        if obj is None:
            raise UnsafeUnpicklingError(
                f"paddle.load refused to load the global '{module}.{name}' from {self.source}: a safe load "
                "admits only builtin containers, numbers, strings and NumPy arrays, so an untrusted file cannot "
                "run code. If you trust this file, load it with paddle.load(path, safe=False) or set the "
                f"environment variable {ENV_TRUSTED}=1; or admit the class with "
                "purepaddle.framework.pickle_safe.add_safe_globals([...]).")
        return obj

    def persistent_load(self, pid):
        raise UnsafeUnpicklingError(f"paddle.load refused a persistent id in {self.source}: Paddle files have none")


def safe_load(file, source="<buffer>", encoding="latin1"):
    """Unpickle one object from a binary file object with the restricted unpickler."""
    u = SafeUnpickler(file, encoding=encoding)
    u.source = source
    return u.load()
