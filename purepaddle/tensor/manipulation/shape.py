"""Shape functions: shape, reshape, flatten, squeeze, unsqueeze, transpose (swapaxes), moveaxis, expand, broadcast_to,
broadcast_tensors, atleast_*, ravel (paddle.*; broadcast_shape(s), arithmetic on shapes, are math's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import ShapeLike
    from typing import Any

import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, constant as const_operand
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops.manipulation import shape as S
from .._check import check_x, class_type_name, need_tensor
from .._operand import cast
from .._signature import paddle_signature


def _is_int(v):
    t = type(v)
    return t is int or (t is not bool and isinstance(v, (int, np.integer)))


def int_list(values, op, pos=1, what="list of int"):
    """A shape-like argument -> (ints, None), or (ints with -1 placeholders, 1-D int32 tensor) for Variables."""
    if isinstance(values, Tensor):
        return [int(v) for v in values._data.reshape(-1)], None
    if isinstance(values, TensorMethods):  # a static Variable: the values are known only at run time
        n = values.shape[0] if values.shape else 1
        return [-1] * max(n, 0), cast(values.reshape([-1]), _dt.int32)
    out, dynamic = [], False
    for i, v in enumerate(values):
        if isinstance(v, Tensor):
            out.append(int(v._data.reshape(-1)[0]))
        elif isinstance(v, TensorMethods):
            out.append(v)
            dynamic = True
        elif _is_int(v):
            out.append(int(v))
        else:
            raise TypeError(f"(InvalidType) {op}(): argument (position {pos + 1}) must be {what}, but got "
                            f"{class_type_name(v)} at pos {i}")
    if not dynamic:
        return out, None
    from .join import concat
    parts = [cast(v.reshape([1]), _dt.int32) if isinstance(v, TensorMethods)
             else const_operand(np.array([v], dtype=np.int32)) for v in out]
    return [-1 if isinstance(v, TensorMethods) else v for v in out], concat(parts)


def _axes_arg(axis, op, what="list, tuple, int, or Tensor"):
    if axis is None:
        return []
    if _is_int(axis):
        return [int(axis)]
    if isinstance(axis, (list, tuple)) or isinstance(axis, TensorMethods):
        vals, t = int_list(axis, op, 1, what)
        if t is not None:
            raise NotImplementedError(f"{op}: axes given by a static Variable are not supported")
        return vals
    raise TypeError(f"(InvalidType) {op}(): argument (position 2) must be {what}, but got {class_type_name(axis)}")


# -- reshape family ---------------------------------------------------------------------------
def _reshape_args(x, shape):
    if _is_int(shape):
        shape = [shape]
    if not isinstance(shape, (list, tuple, TensorMethods)):
        raise ValueError(f"shape must be an instance of `list`, `tuple` `Variable`, got '{type(shape)}.'")
    vals, t = int_list(shape, "reshape")
    if t is None and -1 not in x.shape:
        S._check_target(list(x.shape), vals)
    return vals, t


def _fast_shape(x, shape):
    """The target as a list when it is a plain list of ints that fits x (the common case), else None."""
    if (type(shape) is list or type(shape) is tuple) and all(type(d) is int and d > 0 for d in shape):
        if isinstance(x, Tensor) and math.prod(shape) == x._data.size:
            return list(shape)
    return None


def reshape(x: Tensor, shape: ShapeLike, name: str | None = None) -> Tensor:
    """Change the shape of x (0 copies the input dim at that index, one -1 is inferred).

    Args:
        x (Tensor): The input tensor.
        shape (ShapeLike): The new shape; one entry may be -1 (inferred) and 0 keeps the input's size on that
            axis.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: `x` with the new shape (a view of the same data).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6)
            >>> paddle.reshape(x, [2, -1])
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 1, 2],
                    [3, 4, 5]])
    """
    vals = _fast_shape(x, shape)
    if vals is not None:
        return apply(S.Reshape, x, shape=vals)
    check_x(x, "reshape")
    vals, t = _reshape_args(x, shape)
    return apply(S.Reshape, x, t, shape=vals) if t is not None else apply(S.Reshape, x, shape=vals)


def reshape_(x, shape, name=None):
    """In-place reshape: x itself takes the new shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> _ = paddle.reshape_(x, [3, 2])
            >>> x.shape
            paddle.Size([3, 2])
    """
    check_x(x, "reshape_")
    vals, t = _reshape_args(x, shape)
    if t is not None:
        return apply_inplace(S.Reshape, x, t, shape=vals)
    return apply_inplace(S.Reshape, x, shape=vals)


def _flatten_args(x, start_axis, stop_axis, inplace=False):
    n = len(x.shape)
    if not isinstance(x, TensorMethods):
        raise ValueError("The input x should be a Tensor")
    if n == 0 and not inplace:  # flatten makes a 0-D tensor [1]; Paddle's flatten_ has no such case: no axis is in range
        return 0, 0
    if not _is_int(start_axis) or not -n <= start_axis < n:
        raise ValueError("The start_axis should be a int, and in range [-rank(x), rank(x))")
    if not _is_int(stop_axis) or not -n <= stop_axis < n:
        raise ValueError("The stop_axis should be a int, and in range [-rank(x), rank(x))")
    start, stop = start_axis % n, stop_axis % n
    if start > stop:
        raise ValueError("The stop_axis should be larger than stat_axis")
    return start, stop


def flatten(x: Tensor, start_axis: int = 0, stop_axis: int = -1, name: str | None = None) -> Tensor:
    """Merge the dims start_axis..stop_axis into one (a 0-D tensor becomes shape [1]).

    Args:
        x (Tensor): The input tensor.
        start_axis (int, optional): The first axis to merge. Default: 0.
        stop_axis (int, optional): The last axis to merge. Default: -1.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: `x` with the axes start_axis..stop_axis merged into one.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3, 4])
            >>> paddle.flatten(x, start_axis=1).shape
            paddle.Size([2, 12])
    """
    start, stop = _flatten_args(x, start_axis, stop_axis)
    return apply(S.Flatten, x, start_axis=start, stop_axis=stop)


def flatten_(x, start_axis=0, stop_axis=-1, name=None):
    """In-place flatten.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> _ = paddle.flatten_(x)
            >>> x.shape
            paddle.Size([6])
    """
    start, stop = _flatten_args(x, start_axis, stop_axis, inplace=True)
    return apply_inplace(S.Flatten, x, start_axis=start, stop_axis=stop)


def _squeeze_axes(x, axis, op):
    check_x(x, op)
    axes = _axes_arg(axis, op)
    n = len(x.shape)
    for a in axes:
        if not -max(n, 1) <= a < max(n, 1):
            head = "For 0D Tensor, " if n == 0 else ""
            raise ValueError(
                f"(InvalidArgument) {head}Each axis in Attr(axes) should be in the range of [{-max(n, 1)}, "
                f"{max(n - 1, 0)}]But current axis is:{a}, input tensor's shape = {list(x.shape)}.")
    return axes


def squeeze(x, axis=None, name=None):
    """Remove size-1 dims: all of them, or those listed in axis (listed dims of other sizes are kept).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([1, 3, 1])
            >>> paddle.squeeze(x).shape
            paddle.Size([3])
            >>> paddle.squeeze(x, axis=-1).shape
            paddle.Size([1, 3])
    """
    return apply(S.Squeeze, x, axes=_squeeze_axes(x, axis, "squeeze"))


def squeeze_(x, axis=None, name=None):
    """In-place squeeze.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([1, 3])
            >>> _ = paddle.squeeze_(x)
            >>> x.shape
            paddle.Size([3])
    """
    return apply_inplace(S.Squeeze, x, axes=_squeeze_axes(x, axis, "squeeze_"))


def _unsqueeze_axes(x, axis, op):
    check_x(x, op)
    axes = _axes_arg(axis, op)
    S.unsqueeze_shape(list(x.shape), axes)
    return axes


def unsqueeze(x, axis, name=None):
    """Insert size-1 dims at axis (int, list or Tensor; applied one after another).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> paddle.unsqueeze(x, [0, -1]).shape
            paddle.Size([1, 2, 3, 1])
    """
    return apply(S.Unsqueeze, x, axes=_unsqueeze_axes(x, axis, "unsqueeze"))


def unsqueeze_(x, axis, name=None):
    """In-place unsqueeze.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([3])
            >>> _ = paddle.unsqueeze_(x, 0)
            >>> x.shape
            paddle.Size([1, 3])
    """
    return apply_inplace(S.Unsqueeze, x, axes=_unsqueeze_axes(x, axis, "unsqueeze_"))


# -- transpose family ---------------------------------------------------------------------------
def _perm(x, perm, op="transpose"):
    check_x(x, op)
    if not isinstance(perm, (list, tuple)):
        raise ValueError(f"(InvalidArgument) {op}(): 'perm' must be a list or tuple of int, but got {class_type_name(perm)}")
    n = len(x.shape)
    perm = [int(p) for p in perm]
    if len(perm) != n:
        raise ValueError(f"(InvalidArgument) The length of 'perm' in {op} must equal the rank of x, but received "
                         f"perm = {perm} for x of shape {list(x.shape)}.")
    out = []
    for p in perm:
        if not -n <= p < n:
            raise ValueError(f"(InvalidArgument) Each element of 'perm' in {op} should be in the range "
                             f"[-{n}, {n}), but received {p} (perm = {perm}).")
        out.append(p % n)
    for i, p in enumerate(out):
        if p in out[:i]:
            raise ValueError(f"(InvalidArgument) Each element of axis should be unique. but axis[{i}] is {perm[i]} "
                             "appear not only once")
    return out


def _two_dims_perm(x, perm, name, kwargs):
    """Paddle's torch-style forms: transpose(x, dim0, dim1), dim0=/dim1= (or axis0=/axis1=) and input= swap two
    dims; they give (x, perm)."""
    if "input" in kwargs and x is None:
        x = kwargs.pop("input")
    dim0 = kwargs.pop("dim0", kwargs.pop("axis0", None))
    dim1 = kwargs.pop("dim1", kwargs.pop("axis1", None))
    if kwargs:
        raise TypeError(f"transpose() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if dim0 is None and isinstance(perm, int):
        dim0 = perm
    if dim1 is None and isinstance(name, int):
        dim1 = name
    if dim0 is not None and dim1 is not None:
        check_x(x, "transpose")
        perm = list(range(len(x.shape)))
        perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
    return x, perm


def transpose(x: Tensor = None, perm: Sequence[int] = None, name: str | None = None, **kwargs: Any) -> Tensor:
    """Permute the dims of x: out.shape[i] = x.shape[perm[i]]; ``transpose(x, dim0, dim1)`` swaps two dims.

    Args:
        x (Tensor, optional): The input tensor. Default: None.
        perm (Sequence[int], optional): The new order of the axes: axis i of the result is axis perm[i] of x.
            Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        **kwargs (Any): Further keyword arguments, passed on.

    Returns:
        Tensor: `x` with its axes permuted.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3, 4])
            >>> paddle.transpose(x, [2, 0, 1]).shape
            paddle.Size([4, 2, 3])
            >>> paddle.swapaxes(x, 0, 2).shape
            paddle.Size([4, 3, 2])
    """
    x, perm = _two_dims_perm(x, perm, name, kwargs)
    return apply(S.Transpose, x, axis=_perm(x, perm))


def transpose_(x, perm, name=None):
    """In-place transpose.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> _ = paddle.transpose_(x, [1, 0])
            >>> x.shape
            paddle.Size([3, 2])
    """
    return apply_inplace(S.Transpose, x, axis=_perm(x, perm, "transpose_"))


def _mT(x):
    """Tensor.mT: x with its last two dimensions swapped (a property; x needs at least 2 dimensions).

    Returns:
        Tensor: The transposed tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ones([2, 3, 4]).mT.shape
            paddle.Size([2, 4, 3])
    """
    n = len(x.shape)
    if n < 2:
        raise ValueError(f"Tensor.ndim({n}) is required to be greater than or equal to 2.")
    perm = list(range(n))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return apply(S.Transpose, x, axis=perm)


def _t_perm(input, op):
    check_x(input, "transpose")
    n = len(input.shape)
    if n > 2:
        raise ValueError(f"Input(input) only support N-D (N<=2) tensor, but received length of Input(input) is {n}. "
                         "Perhaps you can use paddle.tensor.transpose() instead.")
    return [1, 0] if n == 2 else list(range(n))


def t(input, name=None):
    """Transpose a tensor of at most 2 dims (0-D and 1-D come back unchanged).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.t(paddle.ones([2, 3])).shape
            paddle.Size([3, 2])
    """
    return apply(S.Transpose, input, axis=_t_perm(input, "t"))


def t_(input, name=None):
    """In-place t.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3])
            >>> _ = paddle.t_(x)
            >>> x.shape
            paddle.Size([3, 2])
    """
    return apply_inplace(S.Transpose, input, axis=_t_perm(input, "t_"))


paddle_signature(transpose, "x", "perm")
swapaxes = transpose
swapdims = transpose


def shape(input):  # noqa: A002
    """The shape of input as a 1-D int64 tensor (a 0-D input gives an empty one).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.shape(paddle.ones([3, 2]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [3, 2])
    """
    need_tensor(input, "shape64", "input")
    return apply(S.Shape64, input)


def permute(input, *dims):
    """Permute the dims of input (dims as one list or as separate ints, like the Tensor method).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3, 4])
            >>> x.permute(2, 0, 1).shape
            paddle.Size([4, 2, 3])
    """
    perm = list(dims[0]) if len(dims) == 1 and isinstance(dims[0], (list, tuple)) else list(dims)
    return apply(S.Transpose, input, axis=_perm(input, perm))


def unflatten(x, axis, shape, name=None):
    """Split dim axis of x into the dims of shape (one -1 is inferred).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.unflatten(paddle.ones([2, 6]), 1, [3, -1]).shape
            paddle.Size([2, 3, 2])
    """
    check_x(x, "unflatten")
    n = len(x.shape)
    if not _is_int(axis) or not -n <= axis < n:
        raise AssertionError(f"'axis'  must be in the range of [-{n}, {n})")
    axis %= n
    shape = int_list(shape, "unflatten")[0]
    dims = list(x.shape)
    target = [0 if d < 0 else d for d in dims[:axis]] + shape
    for d in dims[axis + 1:]:
        if d < 0 and len(shape) != 1:
            raise NotImplementedError("unflatten: unknown dims after axis need a known shape in static mode")
        target.append(0 if d < 0 else d)
    return reshape(x, target)


def view_as(x, other, name=None):
    """x reshaped (a view) to the shape of other.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.view_as(paddle.ones([2, 6]), paddle.zeros([3, 4])).shape
            paddle.Size([3, 4])
    """
    check_x(other, "view_as", "other", 1)
    return reshape(x, list(other.shape))


def moveaxis(x, source, destination, name=None):
    """Move the dims at source to the positions destination, keeping the others in order.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 3, 4])
            >>> paddle.moveaxis(x, [0, 1], [2, 0]).shape
            paddle.Size([3, 4, 2])
    """
    check_x(x, "transpose")
    src = [source] if _is_int(source) else list(source)
    dst = [destination] if _is_int(destination) else list(destination)
    if len(src) != len(dst):
        raise AssertionError("'source' must have the same number with 'destination'")
    n = len(x.shape)
    for name_, vals in (("source", src), ("destination", dst)):
        for v in vals:
            if not _is_int(v):
                raise TypeError(f"Each element of '{name_}' must be integer, but received {class_type_name(v)}")
            if not -n <= v < n:
                raise AssertionError(f"'{name_}' must be in the range of [-{n}, {n})")
        if len(set(v % n for v in vals)) != len(vals):
            raise ValueError(f"Each element of '{name_}' must be unique!")
    src = [v % n for v in src]
    dst = [v % n for v in dst]
    perm = [None] * n
    for s, d in zip(src, dst):
        perm[d] = s
    rest = iter(i for i in range(n) if i not in src)
    perm = [p if p is not None else next(rest) for p in perm]
    return apply(S.Transpose, x, axis=perm)


# -- broadcasting -----------------------------------------------------------------------------
def _expand_args(x, shape, op):
    check_x(x, op)
    if _is_int(shape):
        shape = [shape]
    if not isinstance(shape, (list, tuple, TensorMethods)):
        raise TypeError(f"The type of 'shape' in {op} must be list, tuple or Tensor, but received {class_type_name(shape)}.")
    vals, t = int_list(shape, op)
    if t is None:
        S.expand_target(list(x.shape), vals)
    return vals, t


def expand(x, shape, name=None):
    """Broadcast x to shape (new leading dims allowed; -1 keeps the dim of x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 2, 3])
            >>> paddle.expand(x, [2, -1])
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 3],
                    [1, 2, 3]])
    """
    vals, t = _expand_args(x, shape, "expand")
    return apply(S.Expand, x, t, shape=vals) if t is not None else apply(S.Expand, x, shape=vals)


def broadcast_to(x, shape, name=None):
    """Broadcast x to shape (the same rule as expand).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.broadcast_to(paddle.ones([3]), [2, 3]).shape
            paddle.Size([2, 3])
    """
    vals, t = _expand_args(x, shape, "expand")
    return apply(S.Expand, x, t, shape=vals) if t is not None else apply(S.Expand, x, shape=vals)


def expand_as(x, y, name=None):
    """Broadcast x to the shape of y.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.expand_as(paddle.ones([3]), paddle.zeros([2, 3])).shape
            paddle.Size([2, 3])
    """
    check_x(x, "expand_as")
    check_x(y, "expand_as", "y", 1)
    target = list(y.shape)
    if -1 not in target:
        S.expand_target(list(x.shape), target, "expand_as_v2")
    return apply(S.ExpandAs, x, y, target_shape=target)


def broadcast_tensors(input, name=None):
    """Broadcast a list of tensors to their common shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a, b = paddle.broadcast_tensors([paddle.ones([2, 1]), paddle.ones([3])])
            >>> a.shape, b.shape
            (paddle.Size([2, 3]), paddle.Size([2, 3]))
    """
    if isinstance(input, TensorMethods) or not isinstance(input, (list, tuple)) or not input:
        got = "Tensor" if isinstance(input, TensorMethods) else ("empty list" if not input else class_type_name(input))
        raise ValueError(f"(InvalidArgument) broadcast_tensors(): argument 'input' (position 0) must be list of "
                         f"Tensors, but got {got}")
    xs = list(input)
    for x in xs:
        if not isinstance(x, TensorMethods):
            raise ValueError("(InvalidArgument) broadcast_tensors(): argument 'input' (position 0) must be list "
                             "of Tensors")
    d0 = xs[0].dtype
    for i, x in enumerate(xs[1:], 1):
        if x.dtype != d0:
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {d0.name}, but {i}th tensor is {x.dtype.name}.")
    shapes = [list(x.shape) for x in xs]
    n = max(len(s) for s in shapes)
    target = [1] * n
    for s in shapes:
        for j, d in enumerate([1] * (n - len(s)) + s):
            t = target[j]
            if d == -1 or t == -1:
                target[j] = -1 if (d in (-1, 1) and t in (-1, 1)) else max(d, t)
            elif t == 1:
                target[j] = d
            elif d != 1 and d != t:
                raise ValueError(
                    "(InvalidArgument) BroadcastTensorsOp inputs does not satisfy bcast semantics, please check "
                    f"axis = {n - 1 - j} in reverse order, dim_size[{d}] != target_dim_size[{t}]")
    return list(apply(S.BroadcastTensors, xs)[0])


# -- atleast_Nd and stacks ------------------------------------------------------------------
def _atleast(inputs, nd):
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)) and \
            any(isinstance(v, TensorMethods) for v in inputs[0]):
        inputs = inputs[0]
    out = []
    for v in inputs:
        if not isinstance(v, TensorMethods):
            from ..creation.conversion import to_tensor
            v = to_tensor(v)
        n = len(v.shape)
        if n < nd:
            # 0-D -> [1]*nd; 1-D [N] -> [1, N] (and [1, N, 1]); 2-D [M, N] -> [M, N, 1]
            axes = {0: list(range(nd)), 1: [0, 2][:nd - 1], 2: [2]}[n]
            v = apply(S.Unsqueeze, v, axes=axes)
        out.append(v)
    return out[0] if len(out) == 1 else out


def atleast_1d(*inputs, name=None):
    """The inputs with 0-D ones reshaped to [1] (one input: a Tensor; several: a list).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.atleast_1d(paddle.to_tensor(3)).shape
            paddle.Size([1])
    """
    return _atleast(inputs, 1)


def atleast_2d(*inputs, name=None):
    """The inputs with fewer than 2 dims viewed as [1, 1] or [1, N].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.atleast_2d(paddle.ones([3])).shape
            paddle.Size([1, 3])
    """
    return _atleast(inputs, 2)


def atleast_3d(*inputs, name=None):
    """The inputs with fewer than 3 dims viewed as [1, 1, 1], [1, N, 1] or [M, N, 1].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.atleast_3d(paddle.ones([2, 3])).shape
            paddle.Size([2, 3, 1])
    """
    return _atleast(inputs, 3)


# -- small ones -----------------------------------------------------------------------------
def ravel(input):
    """x flattened to 1-D.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.ravel(paddle.ones([2, 3, 4])).shape
            paddle.Size([24])
    """
    return flatten(input)


__all__ = ["reshape", "reshape_", "flatten", "flatten_", "squeeze", "squeeze_", "unsqueeze", "unsqueeze_", "transpose",
           "transpose_", "t", "t_", "swapaxes", "swapdims", "permute", "unflatten", "view_as", "moveaxis", "expand",
           "broadcast_to", "expand_as", "broadcast_tensors", "atleast_1d", "atleast_2d", "atleast_3d", "ravel",
           "shape"]
METHODS = {"reshape": reshape, "reshape_": reshape_, "flatten": flatten, "flatten_": flatten_, "squeeze": squeeze,
           "squeeze_": squeeze_, "unsqueeze": unsqueeze, "unsqueeze_": unsqueeze_, "transpose": transpose,
           "transpose_": transpose_, "t": t, "t_": t_, "swapaxes": swapaxes, "swapdims": swapdims, "permute": permute,
           "unflatten": unflatten, "view_as": view_as, "moveaxis": moveaxis, "expand": expand,
           "broadcast_to": broadcast_to, "expand_as": expand_as, "broadcast_tensors": broadcast_tensors,
           "atleast_1d": atleast_1d, "atleast_2d": atleast_2d, "atleast_3d": atleast_3d, "ravel": ravel,
           "mT": property(_mT)}
