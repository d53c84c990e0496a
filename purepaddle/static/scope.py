"""Scope and DenseTensor: where parameters and other persistable values live between runs."""

from __future__ import annotations

import contextlib

import numpy as np

from .._core import dtype as _dt
from .._core.place import CPU
from .._core.tensor import Tensor

__all__ = ["Scope", "DenseTensor", "SelectedRows", "global_scope", "scope_guard"]


def _fmt_value(v, kind):
    if kind == "b":
        return "1" if v else "0"
    if kind == "c":
        re, im = f"{v.real:g}", f"{v.imag:g}"
        return f"{re}{'' if im.startswith('-') else '+'}{im}j"
    if kind == "f":
        return f"{float(v):g}"
    return str(v)


def _valid_lod(lod, height):
    """Paddle's LoD rule: each level's offsets start at 0 and never decrease, each level ends at the number of
    sequences of the level below it, and the last level ends at the tensor's height (when it has one)."""
    for level in lod:
        if len(level) < 2 or level[0] != 0 or any(b < a for a, b in zip(level, level[1:])):
            return False
    if any(upper[-1] + 1 != len(lower) for upper, lower in zip(lod, lod[1:])):
        return False
    return not lod or height is None or lod[-1][-1] == height


class DenseTensor:
    """The value held by a scope variable: a NumPy array (np.array(t) reads it)."""

    __slots__ = ("_array", "_lod", "__weakref__")

    def __init__(self, array=None):
        self._array = array
        self._lod = []

    def set(self, array, place=None, zero_copy=False):
        """Store a copy of `array` (ndarray, Tensor or DenseTensor)."""
        if isinstance(array, DenseTensor):
            array = array._array
        elif isinstance(array, Tensor):
            array = array._data
        self._array = np.array(array, copy=True)

    def shape(self):
        a = self._array
        return [0] if a is None else list(a.shape)

    def _dtype(self):
        a = self._array
        return _dt.float32 if a is None else _dt.from_numpy(a.dtype)

    def _is_initialized(self):
        return self._array is not None

    def _numel(self):
        a = self._array
        return 0 if a is None else int(a.size)

    def _place(self):
        return CPU

    def _clear(self):
        self._array = None

    def lod(self):
        return [list(x) for x in self._lod]

    def set_lod(self, lod):
        self._lod = [list(x) for x in lod]

    def recursive_sequence_lengths(self):
        return [[b - a for a, b in zip(level, level[1:])] for level in self._lod]

    def set_recursive_sequence_lengths(self, lengths):
        lod = []
        for level in lengths:
            offs = [0]
            for n in level:
                offs.append(offs[-1] + n)
            lod.append(offs)
        if not _valid_lod(lod, None if self._array is None or not self._array.ndim else self._array.shape[0]):
            raise ValueError("(InvalidArgument) The provided recursive_sequence_lengths info is invalid, the "
                             "LegacyLoD converted by recursive_sequence_lengths is "
                             + "{" + ", ".join("{" + ", ".join(map(str, level)) + "}" for level in lengths) + "}")
        self._lod = lod

    def _copy(self, place=None):
        return DenseTensor(None if self._array is None else self._array.copy())

    def _share_data_with(self, other):
        self._array = other._array
        return self

    def __array__(self, dtype=None, copy=None):
        a = self._array
        if a is None:
            a = np.zeros([0], dtype=np.float32)
        if dtype is not None:
            return a.astype(dtype, copy=copy is not False)
        return a if copy is False else a.copy()  # independent of the variable, as Paddle's np.array(tensor)

    def __str__(self):
        a = self._array
        if a is None:
            return "  - shape: []\n  - layout: NCHW\nuninited\n"
        data = " ".join(_fmt_value(v, a.dtype.kind) for v in a.reshape(-1))
        return (f"  - shape: {list(a.shape)}\n  - layout: NCHW\n  - place: Place(cpu)\n"
                f"  - dtype: {_dt.from_numpy(a.dtype).name}\n  - data: [{data}]")


LoDTensor = DenseTensor


class RowsArray(np.ndarray):
    """The value of a SelectedRows as the executor passes it to ops: the rows' data, plus `rows` and
    `height` (get_tensor_from_selected_rows reads the data, merge_selected_rows sums duplicate rows)."""

    def __array_finalize__(self, obj):
        self.rows = getattr(obj, "rows", None)
        self.height = getattr(obj, "height", 0)


class SelectedRows:
    """Row-sparse value of a scope variable: `rows` (ids, duplicates allowed), `height` (the dense
    row count) and get_tensor(), a DenseTensor holding one data row per entry of rows.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from paddle.base import core
            >>> x = core.Scope().var('X').get_selected_rows()
            >>> x.set_rows([0, 5, 5])
            >>> x.set_height(20)
            >>> x.get_tensor().set(np.ones([3, 2], 'float32'), core.CPUPlace())
            >>> print(x.rows(), x.height(), x.numel())
            [0, 5, 5] 20 6
    """

    __slots__ = ("_rows", "_height", "_tensor")

    def __init__(self, rows=None, height=0):
        self._rows = [int(r) for r in rows] if rows is not None else []
        self._height = int(height)
        self._tensor = DenseTensor()

    def rows(self):
        return list(self._rows)

    def set_rows(self, rows):
        self._rows = [int(r) for r in rows]

    def height(self):
        return self._height

    def set_height(self, height):
        self._height = int(height)

    def get_tensor(self):
        return self._tensor

    def numel(self):
        return self._tensor._numel()

    def sync_index(self):
        """Nothing to rebuild: rows are looked up when an op reads them."""

    def _rows_array(self):
        """The value as ops see it (None while the data is unset)."""
        a = self._tensor._array
        if a is None:
            return None
        out = np.asarray(a).view(RowsArray)
        out.rows, out.height = list(self._rows), self._height
        return out


class ScopeVar:
    """A variable in a Scope; get_tensor() returns its DenseTensor, get_selected_rows() its SelectedRows."""

    __slots__ = ("_tensor", "_value", "_rows")

    def __init__(self):
        self._tensor = DenseTensor()
        self._value = None
        self._rows = None

    def get_tensor(self):
        return self._tensor

    def get_selected_rows(self):
        """The variable as a SelectedRows (created on first use; the executor then reads it)."""
        if self._rows is None:
            self._rows = SelectedRows()
        return self._rows

    def get_float(self):
        return float(self._value)

    def set_float(self, v):
        self._value = float(v)

    def get_int(self):
        return int(self._value)

    def set_int(self, v):
        self._value = int(v)

    def is_float(self):
        return isinstance(self._value, float)

    def is_int(self):
        return isinstance(self._value, int)


class Scope:
    """Name -> variable storage; child scopes see their parents' variables.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> scope = paddle.static.global_scope()
            >>> scope.var('v').get_tensor().set(np.ones([2], 'float32'), paddle.CPUPlace())
            >>> np.array(scope.find_var('v').get_tensor())
            array([1., 1.], dtype=float32)
            >>> scope.find_var('no_such_var') is None
            True
    """

    def __init__(self, parent=None):
        self._vars = {}
        self._parent = parent
        self._kids = []

    def var(self, name):
        """The variable `name` in this scope, created when absent."""
        v = self._vars.get(name)
        if v is None:
            v = self._vars[name] = ScopeVar()
        return v

    def find_var(self, name):
        """The variable `name` here or in an ancestor scope, or None."""
        s = self
        while s is not None:
            v = s._vars.get(name)
            if v is not None:
                return v
            s = s._parent
        return None

    def erase(self, names):
        for n in names:
            self._vars.pop(n, None)

    def local_var_names(self):
        return list(self._vars)

    def size(self):
        return len(self._vars)

    def new_scope(self):
        kid = Scope(self)
        self._kids.append(kid)
        return kid

    def drop_kids(self):
        self._kids = []

    def parent(self):
        return self._parent

    def _array(self, name):
        """The array stored under name (None when absent or uninitialised; a RowsArray for a SelectedRows)."""
        v = self.find_var(name)
        if v is None:
            return None
        if v._rows is not None and v._tensor._array is None:
            return v._rows._rows_array()
        return v._tensor._array

    def _set_array(self, name, array):
        v = self.find_var(name)
        if v is None:
            v = self.var(name)
        v._tensor._array = array


_SCOPE = [Scope()]


def global_scope() -> Scope:
    """The scope Executor.run uses by default (parameters live here between runs).

    Returns:
        Scope: the scope that holds the values of static-graph variables.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import numpy as np
            >>> paddle.static.global_scope().var("data").get_tensor().set(np.ones((1, 2)), paddle.CPUPlace())
            >>> np.array(paddle.static.global_scope().find_var("data").get_tensor())
            array([[1., 1.]])
    """
    return _SCOPE[0]


@contextlib.contextmanager
def scope_guard(scope):
    """Make `scope` the global scope inside the block.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> new_scope = paddle.static.Scope()
            >>> with paddle.static.scope_guard(new_scope):
            ...     print(paddle.static.global_scope() is new_scope)
            True
    """
    prev = _SCOPE[0]
    _SCOPE[0] = scope
    try:
        yield
    finally:
        _SCOPE[0] = prev
