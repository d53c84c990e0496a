"""Tensor and Parameter: an array, its place, and its place in the autograd graph."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import DTypeLike, NestedSequence, Numeric, PlaceLike, TensorLike

import itertools

import numpy as np

from . import dtype as _dt
from . import hooks
from .methods import TensorMethods
from .mode import STATE
from .op import TENSOR_MAKE
from .place import CPU, Place, convert_place

_names = itertools.count()
_BY_NP = _dt._BY_NP  # numpy dtype -> DType

BACKWARD_ENGINE = hooks.declare(
    "backward_engine", "Tensor.backward: engine(tensors, grad_tensors, retain_graph) runs the eager backward "
    "walk (run_backward); installed by _core/autograd.py, which builds on Tensor")
DETACHED = hooks.declare(
    "detached", "after Tensor.detach: hook(x, out) with the tensor and its detached copy; returns nothing; "
    "autograd.trace_grad_flow records the cut", "listeners")


class Size(list):
    """Paddle 3's shape type: a list that prints as `paddle.Size([2, 3])`."""

    __slots__ = ()

    def __repr__(self):
        return f"paddle.Size({list.__repr__(self)})"

    def numel(self):
        n = 1
        for d in self:
            n *= d
        return n


class TensorSize(int):
    """What `Tensor.size` is in Paddle 3: the number of elements (an int), which called gives the shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([3, 4])
            >>> x.size
            12
            >>> x.size()
            paddle.Size([3, 4])
            >>> x.size(1)
            4
    """

    def __new__(cls, shape):
        n = 1
        for d in shape:
            n *= int(d)
        self = super().__new__(cls, n)
        self._shape = tuple(int(d) for d in shape)
        return self

    def __call__(self, dim=None):
        shape = Size(self._shape)
        return shape if dim is None else shape[dim]


class Tensor(TensorMethods):
    """A multi-dimensional array that records how it was computed.

    Args:
        value (TensorLike|NestedSequence[Numeric]|None, optional): The data (a numpy array, nested list,
            number or Tensor); None gives an empty float32 tensor. paddle.to_tensor is the usual way to make
            one. Default: None.
        dtype (DTypeLike|None, optional): The data type; None keeps the data's. Default: None.
        place (PlaceLike|None, optional): Where the tensor lives; None means the current device. Default:
            None.
        stop_gradient (bool, optional): Whether gradients stop at this tensor (True: no gradient flows to it).
            Default: True.
        name (str|None, optional): The tensor's name; None makes one when it is first asked for. Default:
            None.
        persistable (bool, optional): Whether the tensor is kept as model state (saved by static programs).
            Default: False.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> (x * x).sum().backward()
            >>> x.grad
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [2., 4.])
    """

    __slots__ = ("_data", "stop_gradient", "_node", "_idx", "_grad", "_name", "persistable",
                 "_version", "_hooks", "_place", "_owns_grad", "__weakref__")

    def __init__(self, value: TensorLike | NestedSequence[Numeric] | None = None,
                 dtype: DTypeLike | None = None, place: PlaceLike | None = None, stop_gradient: bool = True,
                 name: str | None = None, persistable: bool = False) -> None:
        if value is None:
            value = np.zeros([0], dtype=np.float32)
        arr = np.asarray(value.numpy() if isinstance(value, Tensor) else value)
        if dtype is not None:
            arr = arr.astype(_dt.convert_dtype(dtype).np_dtype, copy=False)
        self._data = arr
        self.stop_gradient = stop_gradient
        self._node = None
        self._idx = 0
        self._grad = None
        self._name = name
        self.persistable = persistable
        self._version = 0
        self._hooks = None
        self._place = convert_place(place)

    @classmethod
    def _make(cls, data, stop_gradient=True, node=None, idx=0, place=CPU):
        """Fast constructor used by dispatch: no checks, no copies."""
        t = cls.__new__(cls)
        t._data = data
        t.stop_gradient = stop_gradient
        t._node = node
        t._idx = idx
        t._grad = None
        t._name = None
        t.persistable = False
        t._version = 0
        t._hooks = None
        t._place = place
        return t

    # -- attributes ----------------------------------------------------------------------
    @property
    def shape(self):
        return Size(self._data.shape)

    @property
    def ndim(self):
        return self._data.ndim

    def dim(self):
        return self._data.ndim

    ndimension = dim

    @property
    def size(self):
        return TensorSize(self._data.shape)

    @property
    def dtype(self):
        try:  # dtype.from_numpy inlined: read on every op's dtype checks
            return _BY_NP[self._data.dtype]
        except KeyError:
            return _dt.from_numpy(self._data.dtype)  # its TypeError for a dtype Paddle lacks

    @property
    def place(self):
        return self._place

    @property
    def name(self):
        if self._name is None:
            prefix = "generated_tensor_" if self._node is None else "eager_tmp_"
            self._name = f"{prefix}{next(_names)}"
        return self._name

    @name.setter
    def name(self, value):
        self._name = value

    @property
    def is_leaf(self):
        return self._node is None

    @property
    def grad(self):
        return self._grad

    @grad.setter
    def grad(self, value):
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"Tensor.grad must be a Tensor or None, but received {type(value).__name__}")
        self._grad = value
        self._owns_grad = False  # a user's tensor: never accumulated into in place

    @property
    def inplace_version(self):
        return self._version

    def _inplace_version(self):
        return self._version

    @property
    def T(self):
        return self.transpose(list(range(self.ndim))[::-1])

    @property
    def data(self):
        return self

    @data.setter
    def data(self, value):
        self._write(value)

    def is_tensor(self):
        return True

    def is_dense(self):
        return True

    def is_dist(self):
        """Whether this is a dist tensor of paddle.distributed.shard_tensor (a plain Tensor is not)."""
        return False

    def _is_initialized(self):
        return True

    # -- conversion ----------------------------------------------------------------------
    def numpy(self):
        """A numpy copy of the data."""
        return np.array(self._data, copy=True)

    def __array__(self, dtype=None, copy=None):
        # np.array / np.asarray hand back an independent array, as Paddle's do (its __array__ goes through
        # numpy()); only an explicit copy=False shares the tensor's memory
        a = self._data
        if dtype is not None:
            return a.astype(dtype, copy=copy is not False)
        return a if copy is False else a.copy()

    def item(self, *args):
        """The value of a 1-element tensor (or of one element) as a Python scalar."""
        if args:
            return self._data.item(*args)
        if self._data.size != 1:
            raise ValueError(
                f"(InvalidArgument) only one element tensor can be converted to Python scalar when no "
                f"input coordinates, but got a tensor of shape {list(self._data.shape)}")
        return self._data.item()

    def tolist(self):
        return self._data.tolist()

    def _scalar(self, kind):
        if self._data.size != 1:
            raise ValueError(
                f"(InvalidArgument) only one element tensors can be converted to Python scalars "
                f"({kind}), but got a tensor of shape {list(self._data.shape)}")
        return self._data.reshape(()).item()

    def __float__(self):
        return float(self._scalar("float"))

    def __int__(self):
        return int(self._scalar("int"))

    def __complex__(self):
        return complex(self._scalar("complex"))

    def __index__(self):
        # Paddle truncates a floating tensor to an int index, as int() does; complex ones are refused
        if _dt.kind_of(self._data.dtype) not in "iubf":
            raise TypeError("only integer or floating tensors of a single element can be converted to an index")
        return int(self._scalar("index"))

    def __bool__(self):
        # Paddle's truth value is `value > 0` (not `value != 0`): a tensor holding -1 or NaN is False; a complex one
        # compares as NumPy orders complex numbers (real part first)
        self._scalar("bool")
        return bool(self._data.reshape(()) > 0)

    def __len__(self):
        if self._data.ndim == 0:
            raise TypeError("len() of a 0-D tensor")
        return self._data.shape[0]

    def __iter__(self):
        if self._data.ndim == 0:
            raise TypeError("iteration over a 0-D tensor")
        for i in range(self._data.shape[0]):
            yield self[i]

    def __repr__(self):
        from .printing import format_tensor
        return format_tensor(self._data, dtype_name=self.dtype.name, place_repr=repr(self._place),
                             stop_gradient=self.stop_gradient, is_parameter=isinstance(self, Parameter))

    __str__ = __repr__

    def __format__(self, spec):
        if self._data.ndim == 0 and spec:
            return format(self._data.item(), spec)
        return repr(self) if not spec else format(repr(self), spec)

    def __deepcopy__(self, memo):
        t = type(self).__new__(type(self))
        for k in Tensor.__slots__:
            if k != "__weakref__":
                object.__setattr__(t, k, getattr(self, k, None))
        t._data = self._data.copy()
        t._node, t._idx, t._grad, t._hooks = None, 0, None, None
        if isinstance(self, Parameter):
            for k in Parameter.__slots__:
                object.__setattr__(t, k, getattr(self, k, None))
        memo[id(self)] = t
        return t

    def __reduce__(self):
        return (_rebuild, (self._data, self.stop_gradient, self._name))

    # -- autograd ------------------------------------------------------------------------
    def backward(self, grad_tensor=None, retain_graph=False):
        """Accumulate d(self)/d(leaf) into every leaf's `.grad`."""
        BACKWARD_ENGINE.active([self], [grad_tensor], retain_graph)

    def register_hook(self, hook):
        """Call hook(grad) when this tensor's gradient is computed; its return replaces it."""
        if self.stop_gradient:
            raise RuntimeError(
                "(InvalidArgument) Cannot register hook on a tensor that stop gradient.")
        if self._node is None:
            if self._hooks is None:
                self._hooks = []
            hooks = self._hooks
        else:
            node = self._node
            if node._out_hooks is None:
                node._out_hooks = {}
            hooks = node._out_hooks.setdefault(self._idx, [])
        hooks.append(hook)
        return _HookHandle(hooks, hook)

    def retain_grads(self):
        """Keep `.grad` on this non-leaf tensor after backward."""
        if self._node is not None:
            import weakref
            if self._node._retain is None:
                self._node._retain = {}
            self._node._retain[self._idx] = weakref.ref(self)

    def clear_grad(self, set_to_zero=True):
        """Zero the gradient (a fresh zero array) or drop it."""
        g = self._grad
        if g is None:
            return
        if set_to_zero and not g.is_selected_rows():  # a row-sparse grad is dropped, as in Paddle
            if getattr(self, "_owns_grad", False):
                g._data.fill(0)  # our own buffer: zero it in place, as Paddle does (no new pages)
            else:
                g._data = np.zeros_like(g._data)
                self._owns_grad = True
            g._version += 1
        else:
            self._grad = None

    clear_gradient = clear_grad

    def gradient(self):
        """The gradient as a numpy array (legacy API), or None."""
        return None if self._grad is None else self._grad.numpy()

    def detach(self):
        """A tensor sharing the data, cut from the graph (stop_gradient=True)."""
        out = Tensor._make(self._data, True, None, 0, self._place)
        listeners = DETACHED.active
        if listeners is not None:
            for hook in listeners:
                hook(self, out)
        return out

    def detach_(self):
        """Cut this tensor from the graph in place."""
        self._node = None
        self.stop_gradient = True
        return self

    def set_value(self, value):
        """Copy `value` (a NumPy array or Tensor of this tensor's shape and dtype) into this tensor.

        As in Paddle, nothing is converted: another dtype (an int64 array into a float32 parameter), another
        shape, or a list or scalar raise AssertionError naming the tensor.

        Examples:
            .. code-block:: python

                >>> import numpy as np
                >>> import paddle
                >>> w = paddle.nn.Linear(2, 3).weight
                >>> w.set_value(np.ones([2, 3], dtype='float32'))
                >>> float(w.sum())
                6.0
        """
        if not isinstance(value, (np.ndarray, Tensor)):
            raise AssertionError("Variable set_value function, arguments type only support Variable, numpy, Tensor, "
                                 f"dict, string. (Tensor '{self.name}' got {type(value).__name__})")
        src = value._data if isinstance(value, Tensor) else value
        if tuple(src.shape) != self._data.shape:
            raise AssertionError(
                f"Variable Shape not match, Variable [ {self.name} ] need tensor with shape {list(self._data.shape)} "
                f"but load set tensor with shape {tuple(src.shape)}")
        if src.dtype != self._data.dtype:
            raise AssertionError(
                f"Variable dtype not match, Variable [ {self.name} ] need tensor with dtype "
                f"paddle.{_dt.from_numpy(self._data.dtype).name}  but load tensor with dtype "
                f"paddle.{_dt.from_numpy(src.dtype).name}")
        self._write(src)

    def _write(self, value):
        """Copy `value` (array, Tensor or scalar) into this tensor, cast to its dtype: what loading state dicts,
        `out=` and `.data = ...` do (set_value itself refuses another dtype, as Paddle's does)."""
        src = value._data if isinstance(value, Tensor) else np.asarray(value)
        if tuple(src.shape) != self._data.shape:
            raise ValueError(
                f"(InvalidArgument) The shape of the new value must be the same as the tensor "
                f"'{self.name}': expected {list(self._data.shape)}, but received {list(src.shape)}")
        if self._data.flags.writeable:
            np.copyto(self._data, src, casting="unsafe")
        else:
            self._data = src.astype(self._data.dtype, copy=True)
        self._version += 1
        return self

    def _set_data(self, array):
        """Replace the data array (bumps the inplace version)."""
        self._data = array
        self._version += 1

    def cpu(self):
        return self

    def cuda(self, device_id=None, blocking=True):
        raise RuntimeError("purepaddle here is not compiled with CUDA; the tensor stays on Place(cpu)")

    def pin_memory(self):
        return self

    def _copy_to(self, place, blocking=True):
        return Tensor._make(self._data.copy(), self.stop_gradient, None, 0, convert_place(place))


def _rebuild(data, stop_gradient, name):
    """Unpickle a Tensor (the class is not pickled: its __module__ says `paddle`)."""
    t = Tensor._make(data, stop_gradient)
    t._name = name
    return t


class _HookHandle:
    """Returned by register_hook; remove() unregisters."""

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)
            return True
        return False


Tensor.__module__ = "paddle"  # `type(x)` prints <class 'paddle.Tensor'>, as in Paddle


def _is_selected_rows(self):
    """Whether this tensor is a row-sparse SelectedRows value."""
    return False


Tensor.is_selected_rows = _is_selected_rows


class SelectedRows(Tensor):
    """A row-sparse gradient (Paddle's SelectedRows): `values[i]` belongs to row `rows[i]` of a
    tensor with `height` rows. Optimizers update only those rows; anything else reading `_data`
    sees the dense equivalent (duplicate rows summed), built on first use.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> emb = paddle.nn.Embedding(10, 3, sparse=True)
            >>> emb(paddle.to_tensor([1, 1, 4])).sum().backward()
            >>> emb.weight.grad.is_selected_rows()
            True
    """

    __slots__ = ("rows", "values", "height", "_dense")

    @classmethod
    def make(cls, rows, values, height, place=CPU):
        """A SelectedRows gradient from int64 row indices and their value rows."""
        t = cls.__new__(cls)
        t.stop_gradient, t._node, t._idx, t._grad, t._name = True, None, 0, None, None
        t.persistable, t._version, t._hooks, t._place = False, 0, None, place
        t.rows, t.values, t.height, t._dense = np.asarray(rows, dtype=np.int64), values, int(height), None
        return t

    @property
    def _data(self):
        d = self._dense
        if d is None:
            d = np.zeros((self.height,) + self.values.shape[1:], dtype=self.values.dtype)
            np.add.at(d, self.rows, self.values)
            self._dense = d
        return d

    @_data.setter
    def _data(self, value):  # clear_grad(set_to_zero) and in-place writes make it dense
        self._dense = value
        self.rows = np.arange(value.shape[0], dtype=np.int64)
        self.values = value

    def is_selected_rows(self):
        return True

    def merge(self, other):
        """The sum of two SelectedRows of the same height (rows concatenated)."""
        return SelectedRows.make(np.concatenate([self.rows, other.rows]),
                                 np.concatenate([self.values, other.values]), self.height, self._place)

    def merged_rows(self):
        """(unique rows, their summed values): what an optimizer applies."""
        uniq, inv = np.unique(self.rows, return_inverse=True)
        vals = np.zeros((uniq.size,) + self.values.shape[1:], dtype=self.values.dtype)
        np.add.at(vals, inv, self.values)
        return uniq, vals


class Parameter(Tensor):
    """A trainable, persistable Tensor owned by a Layer or created by create_parameter."""

    __slots__ = ("trainable_", "optimize_attr", "regularizer", "do_model_average", "need_clip",
                 "is_distributed", "_init_func", "__dict__")

    def __init__(self, value, dtype=None, name=None, trainable=True, optimize_attr=None,
                 regularizer=None, do_model_average=None, need_clip=True):
        Tensor.__init__(self, value, dtype=dtype, stop_gradient=not trainable, name=name, persistable=True)
        self.trainable_ = trainable
        self.optimize_attr = optimize_attr if optimize_attr is not None else {"learning_rate": 1.0}
        self.regularizer = regularizer
        self.do_model_average = do_model_average
        self.need_clip = need_clip
        self.is_distributed = False
        self._init_func = None

    @property
    def trainable(self):
        return self.trainable_

    @trainable.setter
    def trainable(self, value):
        if not isinstance(value, bool):
            raise ValueError("The type of trainable MUST be bool, but the type is ", type(value))
        self.trainable_ = value
        self.stop_gradient = not value

    def set_init_func(self, obj):
        """Defer initialisation (LazyGuard): obj(param, block) runs in initialize()."""
        self._init_func = obj

    def initialize(self):
        """Run the deferred initializer set by set_init_func, once."""
        if self._init_func is None:
            raise AssertionError(f"Parameter {self.name} has no init func: was it created under LazyGuard?")
        self._init_func(self, None)
        self._init_func = None

    def __reduce__(self):
        return (_rebuild_param, (self._data, self._name, self.trainable_))


def _rebuild_param(data, name, trainable):
    return Parameter(data, name=name, trainable=trainable)


TENSOR_MAKE.install(Tensor._make)  # Op.saved rebuilds saved outputs with it (op.py sits below this module)


def is_tensor(x):
    """Whether x is a paddle.Tensor."""
    return isinstance(x, Tensor)
