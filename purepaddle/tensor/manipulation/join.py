"""Join, split, repeat and reorder: concat, stack, split, tensor_split, h/v/dstack, block_diag, tile,
repeat, flip, roll, crop, pad (paddle.*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import AMP, apply, constant as const_operand
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops.manipulation import join as J, shape as S
from ...ops.manipulation.indexing import Slice
from ...ops.manipulation.join import (CropTensor, Flip, Pad, Pad3d, RepeatInterleave, Roll, Tile, check_pad3d,
                                      crop_window)
from ...ops.manipulation.shape import Flatten, Squeeze, Transpose, Unsqueeze
from ...ops.math.unary import Scale
from .._operand import cast
from .indexing import slice as _slice
from .._check import check_x, class_type_name, set_out_data
from .shape import _axes_arg, _is_int, atleast_1d, atleast_2d, atleast_3d, int_list, reshape


def _tensor_list(x, op):
    if isinstance(x, TensorMethods) or not isinstance(x, (list, tuple)):
        got = "Tensor" if isinstance(x, TensorMethods) else class_type_name(x)
        raise ValueError(f"(InvalidArgument) {op}(): argument 'x' (position 0) must be list of Tensors, but got {got}")
    if not x:
        raise ValueError(f"(InvalidArgument) {op}(): argument 'x' (position 0) must be list of Tensors, but got "
                         "empty list")
    xs = list(x)
    for v in xs:
        if not isinstance(v, TensorMethods):
            raise ValueError(f"(InvalidArgument) {op}(): argument 'x' (position 0) must be list of Tensors")
    d0 = xs[0].dtype
    for i, v in enumerate(xs[1:], 1):
        if v.dtype != d0 and AMP.active is None:  # auto_cast reconciles the dtypes in dispatch
            raise ValueError(f"(InvalidArgument) The data_type of input tensor in list isn't consistent, the first "
                             f"tensor is {d0.name}, but {i}th tensor is {v.dtype.name}.")
    return xs


def _axis_value(axis, op, what="int or Tensor"):
    """(int axis, None) or (0, AxisTensor) for a static Variable axis."""
    if isinstance(axis, Tensor):
        return int(axis._data.reshape(-1)[0]), None
    if isinstance(axis, TensorMethods):
        return 0, axis
    if isinstance(axis, float) and axis.is_integer():
        return int(axis), None
    if not _is_int(axis):
        raise TypeError(f"The type of 'axis' in {op} must be {what}, but received {class_type_name(axis)}.")
    return int(axis), None


def _check_axis(axis, n):
    if not -n <= axis < n:
        raise ValueError(f"(InvalidArgument) The axis is expected to be in range of [{-n}, {n}), but got {axis}")
    return axis % n if n else axis


def concat(x: Sequence[Tensor], axis: int | Tensor = 0, name: str | None = None, *,
           out: Tensor | None = None) -> Tensor:
    """Join tensors of the same dtype along an existing axis (an int or a 1-element Tensor).

    Args:
        x (Sequence[Tensor]): The tensors to join; they agree in every axis but `axis`.
        axis (int|Tensor, optional): The axis to join along (negative counts from the end). Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the joined tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.to_tensor([[1, 2]])
            >>> b = paddle.to_tensor([[3, 4]])
            >>> paddle.concat([a, b], axis=0)
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [3, 4]])
            >>> paddle.concat([a, b], axis=-1)
            Tensor(shape=[1, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 3, 4]])
    """
    xs = _tensor_list(x, "concat")
    ax, t = _axis_value(axis, "concat")
    if t is not None:
        return set_out_data(apply(J.Concat, xs, t, axis=0), out)
    ax = _check_axis(ax, len(xs[0].shape))
    s0 = xs[0].shape
    for i, v in enumerate(xs[1:], 1):
        s = v.shape
        if len(s) != len(s0) or any(j != ax and a != b and a >= 0 and b >= 0 for j, (a, b) in enumerate(zip(s0, s))):
            raise J._concat_error([_Shaped(t.shape) for t in xs], ax)
    return set_out_data(apply(J.Concat, xs, axis=ax), out)


class _Shaped:
    """A shape with the ndarray attributes the concat error message reads."""

    def __init__(self, shape):
        self.shape, self.ndim = tuple(shape), len(shape)


cat = concat
concatenate = concat


def stack(x: Sequence[Tensor], axis: int = 0, name: str | None = None, *,
          out: Tensor | None = None) -> Tensor:
    """Join same-shaped tensors along a new axis.

    Args:
        x (Sequence[Tensor]): The tensors to stack; all have the same shape.
        axis (int, optional): Where the new axis goes in the result. Default: 0.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        out (Tensor|None, optional): A tensor to write the result into; None makes a new one. Default: None.

    Returns:
        Tensor: the inputs stacked along a new axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.to_tensor([1, 2])
            >>> b = paddle.to_tensor([3, 4])
            >>> paddle.stack([a, b], axis=1)
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 3],
                    [2, 4]])
    """
    xs = _tensor_list(x, "stack")
    if not _is_int(axis):
        raise TypeError(f"The type of 'axis' in stack must be int, but received {class_type_name(axis)}.")
    n = len(xs[0].shape)
    if not -(n + 1) <= axis < n + 1:
        raise ValueError(f"(InvalidArgument) Attr(axis) must be inside [-(rank+1), rank+1), where rank = {n}, but "
                         f"received axis is:{axis}")
    for i, v in enumerate(xs[1:], 1):
        if len(v.shape) != n or any(a != b and a >= 0 and b >= 0 for a, b in zip(xs[0].shape, v.shape)):
            raise J._concat_error([_Shaped(t.shape) for t in xs], -1)
    return set_out_data(apply(J.Stack, xs, axis=int(axis) % (n + 1)), out)


def split(x, num_or_sections, axis=0, name=None):
    """Split x along axis into num equal parts, or parts of the given sizes (one may be -1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6).reshape([2, 3])
            >>> a, b = paddle.split(x, [1, -1], axis=1)
            >>> a.shape, b.shape
            (paddle.Size([2, 1]), paddle.Size([2, 2]))
            >>> [t.shape for t in paddle.split(x, 3, axis=1)]
            [paddle.Size([2, 1]), paddle.Size([2, 1]), paddle.Size([2, 1])]
    """
    check_x(x, "split_with_num" if _is_int(num_or_sections) else "split")
    ax, t = _axis_value(axis, "split")
    n = len(x.shape)
    if t is None:
        ax = _check_axis(ax, n)
    if _is_int(num_or_sections):
        num, sections = int(num_or_sections), []
        if num == 0:
            raise ValueError("(InvalidArgument) Attr(num_or_sections) should not be 0.")
    elif isinstance(num_or_sections, (list, tuple)):
        num, (sections, st) = 0, int_list(num_or_sections, "split", 1, "list of int")
        if st is not None:
            raise NotImplementedError("split: sections given by static Variables are not supported")
    else:
        raise TypeError("The type of 'num_or_sections' in split must be int, list or tuple in imperative mode, but "
                        f"received {type(num_or_sections)}.")
    if t is None and x.shape[ax] >= 0:
        J._split_points(x.shape[ax], sections, num, ax, x.shape)
    if t is not None:
        return list(apply(J.Split, x, t, sections=sections, num=num, axis=0)[0])
    return list(apply(J.Split, x, sections=sections, num=num, axis=ax)[0])


def chunk(x, chunks, axis=0, name=None):
    """Split x into `chunks` equal parts along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> [t.shape for t in paddle.chunk(paddle.ones([4, 6]), 3, axis=1)]
            [paddle.Size([4, 2]), paddle.Size([4, 2]), paddle.Size([4, 2])]
    """
    if not _is_int(chunks):
        raise TypeError(f"The type of 'chunks' in chunk must be int, but received {class_type_name(chunks)}.")
    return split(x, chunks, axis)


def unbind(input, axis=0):
    """Remove dim axis, returning the slices along it.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a, b = paddle.unbind(paddle.to_tensor([[1, 2], [3, 4]]), axis=1)
            >>> a
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 3])
    """
    check_x(input, "unbind", "input")
    if not _is_int(axis):
        raise TypeError(f"The type of 'axis'  must be int, but received {type(axis)}.")
    n = len(input.shape)
    if not -n <= axis < n:
        raise ValueError(f"The axis must in range({-n}, {n}).")
    if input.shape[axis] < 0:
        raise ValueError(f"unbind: the size of dim {axis} must be known when the program is built")
    return list(apply(J.Unbind, input, axis=axis % n)[0])


def unstack(x, axis=0, num=None):
    """Split x along axis into x.shape[axis] tensors with that dim removed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> [t.shape for t in paddle.unstack(paddle.ones([2, 3]), axis=1)]
            [paddle.Size([2]), paddle.Size([2]), paddle.Size([2])]
    """
    check_x(x, "unstack")
    n = len(x.shape)
    if not _is_int(axis) or not -n <= axis < n:
        raise ValueError(f"`axis` must be in the range [{-n}, {n})")
    size = x.shape[axis]
    if num is None:
        num = size
    if size >= 0 and num != size:
        raise ValueError(f"(InvalidArgument) The number of attribute num is not equal to the length of the {axis} "
                         f"axis of Input(X). Expect {size} but got {num}.")
    if num < 0:
        raise ValueError(f"unstack: num must be given when the size of dim {axis} is unknown")
    if num == 0:
        return []
    return list(apply(J.Unstack, x, axis=axis % n, num=int(num))[0])


def narrow(input, dim, start, length):
    """The slice input[start:start + length] along dim (start may be negative or a Tensor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.narrow(paddle.arange(6).reshape([2, 3]), 1, 1, 2)
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [4, 5]])
    """
    check_x(input, "narrow", "input")
    n = len(input.shape)
    if not _is_int(dim) or not -n <= dim < n:
        raise AssertionError(f"'dim' must be in the range of [-{n}, {n})")
    dim %= n
    size = input.shape[dim]
    start = int(start._data.reshape(-1)[0]) if isinstance(start, Tensor) else int(start)
    if start < 0 and size >= 0:
        start += size
    if size >= 0 and start + length > size:
        raise AssertionError(f"start ({start}) + length ({length}) exceeds dimension size ({size}).")
    return apply(Slice, input, axes=[dim], starts=[start], ends=[start + length], infer_flags=[1], decrease_axis=[])


# -- repetition and reordering ------------------------------------------------------------------
def tile(x, repeat_times, name=None):
    """Repeat x repeat_times[i] times along dim i (x is promoted when it has fewer dims).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tile(paddle.to_tensor([1, 2]), [2, 2])
            Tensor(shape=[2, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 1, 2],
                    [1, 2, 1, 2]])
    """
    check_x(x, "tile")
    if _is_int(repeat_times):
        repeat_times = [repeat_times]
    if not isinstance(repeat_times, (list, tuple, TensorMethods)):
        raise TypeError(f"The type of 'repeat_times' in tile must be list, tuple or Tensor, but received "
                        f"{class_type_name(repeat_times)}.")
    vals, t = int_list(repeat_times, "tile")
    for r in vals:
        if t is None and r < 0:
            raise ValueError("(InvalidArgument) All elements of the input 'repeat_times' for tile op must be "
                             f"positive integers, but the value received is {r}.")
    if t is not None:
        return apply(Tile, x, t, repeat_times=[])
    return apply(Tile, x, repeat_times=vals)


def repeat_interleave(x, repeats, axis=None, name=None, *, output_size=None):
    """Repeat each element (axis=None, flattened) or each slice along axis: repeats times or repeats[i] times.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2], [3, 4]])
            >>> paddle.repeat_interleave(x, 2, axis=1)
            Tensor(shape=[2, 4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 1, 2, 2],
                    [3, 3, 4, 4]])
            >>> paddle.repeat_interleave(x, paddle.to_tensor([1, 2]), axis=0)
            Tensor(shape=[3, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [3, 4],
                    [3, 4]])
    """
    if not isinstance(x, TensorMethods):
        raise ValueError("The input x should be a Tensor")
    if axis is None:
        x = apply(Flatten, x, start_axis=0, stop_axis=-1) if len(x.shape) != 1 else x
        axis = 0
    n = len(x.shape)
    if not -n <= axis < n:
        raise IndexError(f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [{-n}, {n - 1}]. "
                         f"But received Attr(dim) = {axis}.")
    osize = -1 if output_size is None else int(output_size)
    if isinstance(repeats, TensorMethods):
        r = repeats.reshape([-1]) if len(repeats.shape) == 0 else repeats
        if r.dtype not in (_dt.int32, _dt.int64):
            r = cast(r, _dt.int64)
        size, dim = r.shape[0], x.shape[axis]
        if size >= 0 and dim >= 0 and size != dim:
            raise ValueError("(InvalidArgument) The length of Input(RepeatsTensor) must be the same as length of "
                             f"Input(X) in axis. But received: [{size}], required: [{dim}].")
        return apply(RepeatInterleave, x, r, Repeats=0, dim=axis, output_size=osize)
    if not _is_int(repeats):
        raise TypeError(f"(InvalidType) repeat_interleave(): argument (position 2) must be int, but got "
                        f"{class_type_name(repeats)}")
    if repeats <= 0:
        raise ValueError("(InvalidArgument) repeats should be larger than zero")
    return apply(RepeatInterleave, x, Repeats=int(repeats), dim=axis, output_size=osize)


def flip(x, axis, name=None):
    """Reverse the order of elements along axis (int, list or tuple).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.flip(paddle.to_tensor([[1, 2], [3, 4]]), axis=[0, 1])
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[4, 3],
                    [2, 1]])
    """
    check_x(x, "flip")
    axes = _axes_arg(axis, "flip", "list or tuple")
    n = len(x.shape)
    if axes and max(axes) >= n:
        raise ValueError(f"(InvalidArgument) min(axes) should be less than the input tensor X's axes of FlipOp. But "
                         f"received min(axes) = {max(axes)},  X's axes = {n}, X's shape = {list(x.shape)}")
    if axes and min(axes) < -n:
        raise ValueError(f"(InvalidArgument) min(axes) should be greater than or equal to the input tensor X's axes "
                         f"of FlipOp times -1. But received min(axes) = {min(axes)},  X's axes = {-n}, X's shape = "
                         f"{list(x.shape)}")
    norm = [a % n for a in axes] if n else axes
    if len(set(norm)) != len(norm):
        raise ValueError(f"(InvalidArgument) axes has duplicates, original flip axes size={len(norm)}, but unique "
                         f"flip axes size={len(set(norm))}.)")
    return apply(Flip, x, axis=norm)


def roll(x, shifts, axis=None, name=None):
    """Roll elements along axis by shifts (with wrap-around); axis=None rolls the flattened tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6]])
            >>> paddle.roll(x, 1)
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[6, 1, 2],
                    [3, 4, 5]])
            >>> paddle.roll(x, -1, axis=1)
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[2, 3, 1],
                    [5, 6, 4]])
    """
    check_x(x, "roll")
    sh = _axes_arg(shifts, "roll")
    axes = _axes_arg(axis, "roll")
    n = len(x.shape)
    if axes:
        if len(axes) != len(sh):
            raise ValueError(f"(InvalidArgument) When dims.size() != 0, dims.size() should be equal to "
                             f"shifts.size(). But received dims.size() = {len(axes)}, shifts.size() = {len(sh)}")
        for a in axes:
            if not -n <= a < n:
                raise ValueError(f"(InvalidArgument) axis is out of range, it should be in range [{-n}, {n}), but "
                                 f"received {a}")
    elif len(sh) != 1:
        raise ValueError("(InvalidArgument) When dims.size() == 0, shifts.size() should be equal to 1, But "
                         f"received shifts.size() = {len(sh)}")
    return apply(Roll, x, shifts=sh, axis=[a % n for a in axes])


def rot90(x, k=1, axes=[0, 1], name=None):  # noqa: B006 - Paddle's signature
    """Rotate by 90 degrees k times in the plane of axes (from axes[0] towards axes[1]).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.rot90(paddle.to_tensor([[1, 2], [3, 4]]))
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[2, 4],
                    [1, 3]])
    """
    check_x(x, "flip")
    n = len(x.shape)
    axes = list(axes)
    if len(axes) != 2:
        raise ValueError(f"expected total rotation axes == 2, but got axes = {len(axes)}")
    if n < 2:
        raise ValueError(f"expected total dims >= 2, but got total dims = {n}")
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == n:
        raise ValueError(f"expected rotation axes to be different, but got axis0 = {axes[0]}, and axis1 = {axes[1]}")
    for i in (0, 1):
        if not -n <= axes[i] < n:
            raise ValueError(f"Rotation axis{i} out of range, axis{i} = {axes[i]}")
    k %= 4
    if k == 0:
        return x
    a0, a1 = axes[0] % n, axes[1] % n
    if k == 2:
        return flip(x, [a0, a1])
    perm = list(range(n))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return apply(Transpose, flip(x, a1), axis=perm)
    return flip(apply(Transpose, x, axis=perm), a1)


# -- crop and pad ---------------------------------------------------------------------------------
def crop(x, shape=None, offsets=None, name=None):
    """The window of x at offsets (default 0) with the given shape (default x.shape; -1: to the end).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(9).reshape([3, 3])
            >>> paddle.crop(x, shape=[2, 2], offsets=[1, 1])
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[4, 5],
                    [7, 8]])
    """
    check_x(x, "crop")
    n = len(x.shape)
    sh, st = int_list(x.shape if shape is None else shape, "crop")
    of, ot = int_list([0] * n if offsets is None else offsets, "crop", 2)
    if st is None and ot is None and -1 not in x.shape:
        crop_window(list(x.shape), sh, of)
    if st is not None or ot is not None:
        return apply(CropTensor, x, st, ot, shape=sh if st is None else [], offsets=of if ot is None else [])
    return apply(CropTensor, x, shape=sh, offsets=of)


def pad(x, pad, mode="constant", value=0.0, data_format=None, pad_from_left_axis=True, name=None):
    """Pad x (the function behind paddle.nn.functional.pad): constant / reflect / replicate / circular.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.pad(paddle.to_tensor([[1., 2.]]), [1, 0, 0, 2])
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0., 0., 0., 0.],
                    [1., 2., 0., 0.]])
    """
    if mode not in ("reflect", "replicate", "constant", "circular"):
        raise AssertionError(f"mode should be one of constant, reflect, replicate, circular, but got {mode}.")
    check_x(x, "pad")
    n = len(x.shape)
    if isinstance(pad, Tensor):
        if pad.size == 0:
            return apply(Scale, x, scale=1.0, bias=0.0, bias_after_scale=True)
        pad = [int(v) for v in pad._data.reshape(-1)]
    if mode == "constant" and isinstance(pad, (list, tuple)) and len(pad) != 2 * (n - 2):
        p = [int(v) for v in pad] + [0] * (2 * n - len(pad))
        if not (len(pad) == 2 * n and pad_from_left_axis):
            p = [p[i - 1] if i % 2 else p[i + 1] for i in range(2 * n - 1, -1, -1)]
        return apply(Pad, x, paddings=p, pad_value=float(value))
    if n not in (3, 4, 5):
        raise AssertionError(f"input tensor dimension must be in [3, 4, 5] but got {n}")
    fmt = (data_format or {3: "NCL", 4: "NCHW", 5: "NCDHW"}[n]).upper()
    allowed = {3: ["NCL", "NLC"], 4: ["NCHW", "NHWC"], 5: ["NCDHW", "NDHWC"]}[n]
    if fmt not in allowed:
        raise AssertionError(f"input tensor dimension is {n}, it's data format should be in {allowed} but got {fmt}")
    channel_first = fmt in ("NCL", "NCHW", "NCDHW")
    p = [int(v) for v in pad]
    if n == 3:
        p, lifted = [0, 0, 0, 0] + p, ([3, 4] if channel_first else [2, 3])
    elif n == 4:
        p, lifted = p + [0, 0], ([2] if channel_first else [1])
    else:
        lifted = []
    y = apply(Unsqueeze, x, axes=lifted) if lifted else x
    attrs = dict(paddings=p, mode=mode, value=float(value), data_format="NCDHW" if channel_first else "NDHWC")
    check_pad3d(list(y.shape), attrs)
    out = apply(Pad3d, y, **attrs)
    return apply(Squeeze, out, axes=lifted) if lifted else out


# -- splits ---------------------------------------------------------------------------------
def tensor_split(x, num_or_indices, axis=0, name=None):
    """Split x along axis into num_or_indices nearly equal parts (the first ones one longer), or at the
    given indices (numpy's array_split rules).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(8)
            >>> [t.shape for t in paddle.tensor_split(x, 3)]
            [paddle.Size([3]), paddle.Size([3]), paddle.Size([2])]
            >>> [t.tolist() for t in paddle.tensor_split(x, [2, 3])]
            [[0, 1], [2], [3, 4, 5, 6, 7]]
    """
    check_x(x, "tensor_split")
    if isinstance(axis, Tensor):
        axis = int(axis._data.reshape(-1)[0])
    nd = len(x.shape)
    if not _is_int(axis):
        raise TypeError(f"The type of 'axis' in tensor_split must be int or Tensor, but received {class_type_name(axis)}.")
    if nd <= 0 or nd <= axis or axis < -nd:
        raise ValueError(f"The input tensor's dimension must be greater than 0 or axis which is {axis}, but got {nd}")
    axis = int(axis) % nd
    total = x.shape[axis]
    if _is_int(num_or_indices):
        k = int(num_or_indices)
        if k <= 0:
            raise ValueError("num_or_indices must be larger than 0.")
        base, mod = divmod(total, k)
        sizes = [base + 1] * mod + [base] * (k - mod)
        if 0 not in sizes:
            return split(x, sizes, axis)
        bounds = np.concatenate([[0], np.cumsum(sizes)]).tolist()
    elif isinstance(num_or_indices, (list, tuple)):
        bounds = [0] + [int(i) for i in num_or_indices] + [total]
    else:
        raise ValueError(f"The num_or_indices should be int, list or tuple of ints, but got {type(num_or_indices)}")
    out = []
    for start, end in zip(bounds[:-1], bounds[1:]):
        start = start + total if start < 0 else start
        end = end + total if end < 0 else end
        out.append(_slice(x, [axis], [start], [max(start, end)]))
    return out


def _split_nd(x, num_or_indices, need, axis, name):
    check_x(x, name)
    if len(x.shape) < need:
        raise ValueError(f"The input tensor's dimension must be greater than {need - 1}, but got {len(x.shape)}")
    return tensor_split(x, num_or_indices, axis)


def hsplit(x, num_or_indices, name=None):
    """tensor_split along axis 1 (axis 0 for a 1-D x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> [t.shape for t in paddle.hsplit(paddle.ones([7, 8]), [1, 4])]
            [paddle.Size([7, 1]), paddle.Size([7, 3]), paddle.Size([7, 4])]
    """
    return _split_nd(x, num_or_indices, 1, 1 if isinstance(x, TensorMethods) and len(x.shape) > 1 else 0, "hsplit")


def vsplit(x, num_or_indices, name=None):
    """tensor_split along axis 0 of an at least 2-D x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> [t.shape for t in paddle.vsplit(paddle.ones([8, 6]), 2)]
            [paddle.Size([4, 6]), paddle.Size([4, 6])]
    """
    return _split_nd(x, num_or_indices, 2, 0, "vsplit")


def dsplit(x, num_or_indices, name=None):
    """tensor_split along axis 2 of an at least 3-D x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> [t.shape for t in paddle.dsplit(paddle.ones([2, 3, 8]), 2)]
            [paddle.Size([2, 3, 4]), paddle.Size([2, 3, 4])]
    """
    return _split_nd(x, num_or_indices, 3, 2, "dsplit")


def _as_list(v):
    return v if isinstance(v, list) else [v]


def hstack(x, name=None):
    """Concatenate along axis 1 (axis 0 for 1-D inputs; 0-D ones count as 1-D).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.hstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3])])
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 3])
    """
    arrays = _as_list(atleast_1d(*x))
    return concat(arrays, axis=0 if arrays and len(arrays[0].shape) == 1 else 1)


def vstack(x: Sequence[Tensor], name: str | None = None) -> Tensor:
    """Concatenate along axis 0 after atleast_2d.

    Args:
        x (Sequence[Tensor]): The tensors to join (1-D ones count as rows).
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the inputs joined along the first axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.vstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
            paddle.Size([2, 2])
    """
    return concat(_as_list(atleast_2d(*x)), axis=0)


row_stack = vstack


def dstack(x, name=None):
    """Concatenate along axis 2 after atleast_3d.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.dstack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
            paddle.Size([1, 2, 2])
    """
    return concat(_as_list(atleast_3d(*x)), axis=2)


def column_stack(x, name=None):
    """Concatenate along axis 1, inputs with fewer than 2 dims taken as columns [numel, 1].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.column_stack([paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4])]).shape
            paddle.Size([2, 2])
    """
    arrays = [reshape(t, [-1, 1]) if len(t.shape) < 2 else t for t in x]
    return concat(arrays, axis=1)


def repeat(input, repeats=None, *more):
    """Tensor.repeat: tile input `repeats` times per dim (ints as one list or as separate arguments).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.to_tensor([[1, 2], [3, 4]]).repeat(2, 3).shape
            paddle.Size([4, 6])
    """
    if more:
        repeats = [repeats, *more]
    return tile(input, repeats)


def block_diag(inputs, name=None):
    """A block-diagonal matrix of 0-, 1- or 2-D tensors (0-D as [1, 1], 1-D as one row).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.block_diag([paddle.to_tensor([[1, 2]]), paddle.to_tensor(3)])
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 0],
                    [0, 0, 3]])
    """
    mats = []
    for a in inputs:
        check_x(a, "block_diag", "inputs", 0)
        if len(a.shape) > 2:
            raise ValueError("For 'block_diag', the dimension of each elements in 'inputs' must be 0, 1, or 2, but "
                             f"got {len(a.shape)}")
        mats.append(a if len(a.shape) == 2 else apply(S.Unsqueeze, a, axes=[0] * (2 - len(a.shape))))
    widths = [m.shape[1] for m in mats]
    rows = []
    for i, m in enumerate(mats):
        parts = []
        for w in (sum(widths[:i]), None, sum(widths[i + 1:])):
            if w is None:
                parts.append(m)
            elif w:
                parts.append(const_operand(np.zeros([m.shape[0], w], m.dtype.np_dtype)))
        rows.append(concat(parts, axis=1) if len(parts) > 1 else m)
    return concat(rows, axis=0)


def tensor_array_to_tensor(input, axis=1, use_stack=False, name=None):
    """Concatenate (or stack) a tensor array (a list of Tensors); also the sizes along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out, sizes = paddle.tensor.manipulation.tensor_array_to_tensor([paddle.ones([2, 1]), paddle.ones([2, 3])])
            >>> out.shape, sizes.tolist()
            (paddle.Size([2, 4]), [1, 3])
    """
    if not isinstance(input, list):
        raise AssertionError("The 'input' in tensor_array_to_tensor must be list")
    res = (stack if use_stack else concat)(input, axis=axis)
    sizes = const_operand(np.array([int(t.shape[axis]) for t in input], dtype=np.int64))
    return res, sizes


reverse = flip  # Paddle's alias


__all__ = ["concat", "cat", "concatenate", "stack", "split", "chunk", "unbind", "unstack", "narrow", "tile",
           "repeat_interleave", "flip", "reverse", "roll", "rot90", "crop", "tensor_split", "hsplit", "vsplit", "dsplit",
           "hstack", "vstack", "row_stack", "dstack", "column_stack", "block_diag"]

METHODS = {"concat": concat, "stack": stack, "split": split, "chunk": chunk, "unbind": unbind, "unstack": unstack,
           "narrow": narrow, "tile": tile, "repeat_interleave": repeat_interleave, "flip": flip,
           "reverse": flip, "roll": roll,
           "rot90": rot90, "tensor_split": tensor_split, "hsplit": hsplit, "vsplit": vsplit, "dsplit": dsplit,
           "block_diag": block_diag, "repeat": repeat}
MODULE_ONLY = ("tensor_array_to_tensor",)  # paddle.tensor.<family>.* only
