"""The case table's vocabulary (Api rows, argument placeholders) and the seeded expansion of a row into JSON case
specs: for each dtype the API is tried with and each input kind (normal, special, empty, 0-D), one case per
sample; grad cases (float32/float64) also run backward."""
import fnmatch
import zlib
from dataclasses import dataclass, field

import numpy as np

from parity import inputs
from parity.payload import ALL, encode, kind

KINDS = ("normal", "special", "empty", "0d")
GRAD_DTYPES = ("float32", "float64", "complex128")
# the dtypes a row's extra samples (beyond its first) run with
MAIN_DTYPES = ("bool", "int64", "float32", "float64", "complex64")
# the dtypes of the quick subset (`make test`)
QUICK_DTYPES = ("bool", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64")


@dataclass
class X:
    """A tensor of the case's dtype and input kind. shape None: the kind's shape (free); role 'x'/'y' pairs the
    special values of two operands (every pair once); low/high bound random values; nonzero keeps integer zeros
    out of random (not special) inputs (divisors); grad False keeps it stop_gradient in grad cases."""
    shape: tuple = None
    dtype: str = None
    role: str = None
    low: float = None
    high: float = None
    nonzero: bool = False
    grad: bool = True
    kind: str = None


@dataclass
class I:
    """An integer tensor with values in [low, high) (indices, labels)."""
    shape: tuple
    high: int
    low: int = 0
    dtype: str = "int64"


@dataclass
class B:
    """A random bool tensor (masks)."""
    shape: tuple


@dataclass
class C:
    """A constant tensor (pivots, lengths, ...): the same values in every case."""
    value: list
    dtype: str = "int64"


@dataclass
class D:
    """The case's dtype name, as an argument (creation functions, casts)."""


@dataclass
class L:
    """A list of tensors (concat, stack, ...)."""
    items: list


@dataclass
class S:
    """A Python scalar matching the case's dtype: f for floats, i for integers, b for bool, c for complex."""
    f: float = 2.5
    i: int = 3
    b: bool = True
    c: complex = 1.5 - 2j


@dataclass
class Index:
    """An index for getitem/setitem: ints, slice(...) , None, Ellipsis, lists, and placeholders (I/B/X)."""
    items: tuple


@dataclass
class Api:
    """One row of the case table: the API's name (paddle.x, paddle.linalg.x, paddle.nn.functional.x,
    Tensor.x, op.x, getitem, setitem), its samples [(args, kwargs)], the dtypes to try, whether gradients are
    compared, the input kinds (default: all when every tensor's shape is free, else normal and special), a
    tolerance multiplier, whether it is in the quick subset, and canon: {output path: mode} for outputs defined
    only up to a convention (compare.canonical: eigenvector signs, eigenvalue order)."""
    name: str
    samples: list
    dtypes: tuple = ALL
    grad: bool = True
    kinds: tuple = None
    tol: float = 1.0
    quick: bool = False
    canon: dict = None

    def input_kinds(self):
        if self.kinds is not None:
            return self.kinds
        return KINDS if _free(self.samples[0]) else ("normal", "special")


def _placeholders(value):
    if isinstance(value, (X, I, B, C)):
        yield value
    elif isinstance(value, L):
        for v in value.items:
            yield from _placeholders(v)
    elif isinstance(value, Index):
        for v in value.items:
            yield from _placeholders(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _placeholders(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _placeholders(v)


def _free(sample):
    args, kwargs = sample
    phs = list(_placeholders((args, kwargs)))
    return all(isinstance(p, X) and p.shape is None for p in phs) and any(isinstance(p, X) for p in phs)


class _Maker:
    """Turns placeholders into JSON values for one case (dtype, kind, grad flag, seeded rng)."""

    def __init__(self, dtype, kind_name, grad, rng):
        self.dtype, self.kind, self.grad, self.rng = dtype, kind_name, grad, rng
        self.cross = None

    def tensor(self, arr, dtype, grad):
        return {"t": encode(arr, dtype), "sg": not (grad and self.grad and kind(dtype) in "fc")}

    def make(self, value):
        if isinstance(value, X):
            return self._x(value)
        if isinstance(value, I):
            return self.tensor(self.rng.integers(value.low, value.high, size=value.shape).astype(value.dtype),
                               value.dtype, False)
        if isinstance(value, B):
            return self.tensor(self.rng.random(value.shape) < 0.5, "bool", False)
        if isinstance(value, C):
            return self.tensor(np.array(value.value, value.dtype), value.dtype, False)
        if isinstance(value, D):
            return self.dtype
        if isinstance(value, L):
            return {"ts": [self.make(v) for v in value.items]}
        if isinstance(value, S):
            k = kind(self.dtype)
            if k == "c":
                return {"complex": [value.c.real, value.c.imag]}
            return {"b": value.b, "i": value.i, "f": value.f}[k]
        if isinstance(value, Index):
            return {"index": {"tuple": [self._index_item(v) for v in value.items]}}
        if isinstance(value, tuple):
            return {"tuple": [self.make(v) for v in value]}
        if isinstance(value, list):
            return [self.make(v) for v in value]
        if isinstance(value, dict):
            return {k: self.make(v) for k, v in value.items()}
        return value

    def _index_item(self, v):
        if isinstance(v, slice):
            return {"slice": [v.start, v.stop, v.step]}
        if v is Ellipsis:
            return {"ellipsis": 1}
        if isinstance(v, (X, I, B)):
            return self.make(v)
        return v

    def _x(self, p):
        dtype = p.dtype or self.dtype
        kind_name = p.kind or self.kind
        if kind_name == "special" and p.role and p.shape is None:
            if self.cross is None or self.cross[0] != dtype:
                self.cross = (dtype, inputs.cross_specials(dtype))
            arr = self.cross[1][0 if p.role == "x" else 1]
        else:
            arr = inputs.values(self.rng, dtype, kind_name, p.shape, p.low, p.high)
            if p.nonzero and kind(dtype) in "iu" and kind_name != "special":
                arr = np.where(arr == 0, np.ones_like(arr), arr)
        return self.tensor(arr, dtype, p.grad)


def expand(api, seed=0, quick=False):
    """The JSON case specs of one table row (deterministic in seed)."""
    out = []
    kinds = api.input_kinds()
    dtypes = api.dtypes
    if quick:
        dtypes = [d for d in QUICK_DTYPES if d in dtypes] or list(dtypes[:1])
    for dtype in dtypes:
        for kind_name in kinds:
            for i, (args, kwargs) in enumerate(api.samples):
                if i and (dtype not in MAIN_DTYPES or kind_name not in ("normal", "special")):
                    continue
                if quick and i > 1:
                    continue
                label = f"{dtype}/{kind_name}/s{i}"
                case_seed = zlib.crc32(f"{api.name}|{label}|{seed}".encode()) & 0x7FFFFFFF
                grad = api.grad and dtype in GRAD_DTYPES
                maker = _Maker(dtype, kind_name, grad, np.random.default_rng(case_seed))
                out.append({"api": api.name, "label": label, "args": maker.make(list(args)),
                            "kwargs": maker.make(dict(kwargs)), "grad": grad, "seed": case_seed,
                            "tol": api.tol, **({"canon": api.canon} if api.canon else {})})
    return out


def select(table, patterns):
    """The rows whose name matches one of the fnmatch patterns (comma-separated string or list)."""
    if not patterns:
        return list(table)
    if isinstance(patterns, str):
        patterns = [p for p in patterns.split(",") if p]
    return [a for a in table if any(fnmatch.fnmatchcase(a.name, p) or fnmatch.fnmatchcase(a.name, "*." + p)
                                    for p in patterns)]
