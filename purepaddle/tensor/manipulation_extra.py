"""More public shape functions: tensor_split and h/v/dsplit, h/v/d/column/row_stack, atleast_Nd,
ravel, tolist, Tensor.repeat, tensordot, block_diag, shard_index, tensor_array_to_tensor,
as_complex/as_real, as_strided, view, unfold (paddle.*)."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.dispatch import constant as const_operand
from .._core.methods import TensorMethods
from .._core.tensor import Tensor
from ..ops.manipulation import gathering as G
from ..ops.manipulation.indexing import ShardIndex
from ..ops.manipulation.views import AsComplex, AsReal, ViewDtype
from ..ops.manipulation import shape as S
from .indexing import slice as _slice
from .join import concat, split, stack, tile
from .manipulation import _is_int, _tname, check_x, flatten, reshape
from .math_unary import kernel_error


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
        raise TypeError(f"The type of 'axis' in tensor_split must be int or Tensor, but received {_tname(axis)}.")
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


# -- atleast_Nd and stacks ------------------------------------------------------------------
def _atleast(inputs, nd):
    if len(inputs) == 1 and isinstance(inputs[0], (list, tuple)) and \
            any(isinstance(v, TensorMethods) for v in inputs[0]):
        inputs = inputs[0]
    out = []
    for v in inputs:
        if not isinstance(v, TensorMethods):
            from .creation import to_tensor
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


def vstack(x, name=None):
    """Concatenate along axis 0 after atleast_2d.

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


def tolist(x):
    """The values of x as a (nested) Python list.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tolist(paddle.to_tensor([[1, 2], [3, 4]]))
            [[1, 2], [3, 4]]
    """
    if not isinstance(x, Tensor):
        raise RuntimeError("We only support 'tolist()' in dynamic graph mode, please call 'paddle.disable_static()' "
                           "to enter dynamic graph mode.")
    return x._data.tolist()


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


def tensordot(x, y, axes=2, name=None):
    """Contract x and y over pairs of axes (an int n: the last n of x with the first n of y; or lists).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6, dtype='float64').reshape([2, 3])
            >>> y = paddle.arange(12, dtype='float64').reshape([3, 4])
            >>> paddle.tensordot(x, y, axes=1)
            Tensor(shape=[2, 4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[20., 23., 26., 29.],
                    [56., 68., 80., 92.]])
    """
    check_x(x, "tensordot")
    check_x(y, "tensordot", "y", 1)
    if not isinstance(axes, (int, np.integer, tuple, list, TensorMethods)) or isinstance(axes, bool):
        raise TypeError(f"The type of 'axes' in tensordot must be int, tuple, list or Tensor, but received "
                        f"{_tname(axes)}.")
    nx, ny = len(x.shape), len(y.shape)
    if isinstance(axes, TensorMethods):
        axes = tolist(axes)
    if _is_int(axes):
        if axes < 0:
            raise AssertionError(f"The 'axes' in tensordot should not be negative, but received axes={axes}.")
        ax_x, ax_y = list(range(nx - axes, nx)), list(range(axes))
    elif not axes or _is_int(axes[0]):
        ax_x, ax_y = list(axes), []
    else:
        ax_x = tolist(axes[0]) if isinstance(axes[0], TensorMethods) else list(axes[0])
        ax_y = [] if len(axes) < 2 else tolist(axes[1]) if isinstance(axes[1], TensorMethods) else list(axes[1])
    if len(ax_x) < len(ax_y):
        ax_x += ax_y[len(ax_x):]
    else:
        ax_y += ax_x[len(ax_y):]
    sx, sy = list(x.shape), list(y.shape)
    for which, axs, n in (("x", ax_x, nx), ("y", ax_y, ny)):
        bad = [d for d in axs if not -n <= d < n]
        if bad:  # Paddle raises IndexError here too, but without saying which axis
            raise IndexError(f"(OutOfRange) The axes of '{which}' in tensordot must be in range [{-n}, {n}), but "
                             f"received {bad[0]} (axes of x: {ax_x}, axes of y: {ax_y}).")
    for dx, dy in zip(ax_x, ax_y):
        a, b = sx[dx], sy[dy]
        if a == 1 and b != 1:
            sy[dy] = 1
            y = y.sum(dy, dtype=y.dtype, keepdim=True)
        elif b == 1 and a != 1:
            sx[dx] = 1
            x = x.sum(dx, dtype=x.dtype, keepdim=True)
        elif a != b:
            raise AssertionError(f"The dimensional size for 'x' and 'y' in tensordot should match each other, but "
                                 f"'x' has size {a} in dim {dx} while 'y' has size {b} in dim {dy}.")
    cx, cy = {d % max(nx, 1) for d in ax_x}, {d % max(ny, 1) for d in ax_y}
    free_x, free_y = [i for i in range(nx) if i not in cx], [i for i in range(ny) if i not in cy]
    k = int(np.prod([sx[d] for d in ax_x]))
    out_shape = [sx[i] for i in free_x] + [sy[i] for i in free_y]
    xm = reshape(x.transpose(free_x + ax_x), [int(np.prod([sx[i] for i in free_x])), k])
    ym = reshape(y.transpose(ax_y + free_y), [k, int(np.prod([sy[i] for i in free_y]))])
    return reshape(xm.matmul(ym), out_shape)


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


def shard_index(input, index_num, nshards, shard_id, ignore_value=-1):
    """Ids in [0, index_num) made local to shard shard_id of nshards (others become ignore_value).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> label = paddle.to_tensor([[16], [1]], "int64")
            >>> print(paddle.shard_index(label, index_num=20, nshards=2, shard_id=0).numpy())
            [[-1]
             [ 1]]
    """
    check_x(input, "shard_index", "input")
    if len(input.shape) < 2:
        raise ValueError(f"(InvalidArgument) Rank of Input(X) should be at least 2, but the value given is "
                         f"{len(input.shape)}.")
    if input.shape[-1] != 1 and input.shape[-1] >= 0:
        raise ValueError(f"(InvalidArgument) The last dimension of Input(X) should be 1, but the value given is "
                         f"{input.shape[-1]}.")
    if input.dtype not in (_dt.int32, _dt.int64):
        raise kernel_error("shard_index", input.dtype, "int64, int32")
    return apply(ShardIndex, input, index_num=int(index_num), nshards=int(nshards), shard_id=int(shard_id),
                 ignore_value=int(ignore_value))


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


# -- complex views, strided views ------------------------------------------------------------
def as_complex(x, name=None):
    """A [..., 2] float tensor read as complex numbers (real, imag) of shape [...].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.as_complex(paddle.to_tensor([[1.0, 2.0]])).tolist()
            [(1+2j)]
    """
    check_x(x, "as_complex")
    if x.dtype not in (_dt.float32, _dt.float64):
        raise kernel_error("as_complex", x.dtype, "float32, float64")
    return apply(AsComplex, x)


def as_real(x, name=None):
    """A complex tensor as a float tensor with a last dim of 2 (real, imag).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.as_real(paddle.to_tensor([1 + 2j])).tolist()
            [[1.0, 2.0]]
    """
    check_x(x, "as_real")
    if x.dtype not in (_dt.complex64, _dt.complex128):
        raise kernel_error("as_real", x.dtype, "complex64, complex128")
    return apply(AsReal, x)


def view_as_complex(input):
    """as_complex (a view in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.view_as_complex(paddle.ones([3, 2])).shape
            paddle.Size([3])
    """
    return as_complex(input)


def view_as_real(input):
    """as_real (a view in Paddle).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.view_as_real(paddle.to_tensor([1 + 2j, 3j])).shape
            paddle.Size([2, 2])
    """
    return as_real(input)


def _gather_flat(x, index):
    """x's row-major elements at the int64 positions `index` (any shape): differentiable."""
    flat = apply(S.Reshape, x, shape=[-1])
    res = apply(G.IndexSelect, flat, const_operand(index.reshape(-1).astype(np.int64)), dim=0)
    return apply(S.Reshape, res, shape=list(index.shape))


def as_strided(x, shape, stride, offset=0, name=None):
    """The elements of x's row-major storage at offset (bytes) + sum(i_k * stride[k]), shaped `shape`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6, dtype='float32')
            >>> paddle.as_strided(x, [2, 2], [1, 2], 4).tolist()
            [[1.0, 3.0], [2.0, 4.0]]
    """
    check_x(x, "as_strided")
    shape, stride = [int(d) for d in shape], [int(s) for s in stride]
    if len(shape) != len(stride) or any(d < 0 for d in shape):
        raise ValueError("(InvalidArgument) Input meta is invalid, please check the meta attribute.")
    if offset < 0:
        raise ValueError(f"(InvalidArgument) The offset must be non-negative, but got {offset}.")
    item = np.dtype(x.dtype.np_dtype).itemsize
    if offset % item:
        raise ValueError(f"(InvalidArgument) as_strided: offset {offset} (bytes) is not a multiple of the element "
                         f"size {item} of {x.dtype.name}.")
    index = np.full(shape, offset // item, dtype=np.int64)
    for k, (d, s) in enumerate(zip(shape, stride)):
        index += (np.arange(d, dtype=np.int64) * s).reshape([-1 if j == k else 1 for j in range(len(shape))])
    n = int(np.prod(x.shape))
    if index.size and (index.min() < 0 or index.max() >= n):
        raise ValueError(f"(InvalidArgument) as_strided: shape {shape} with stride {stride} and offset {offset} "
                         f"reads outside the {n} elements of x.")
    return _gather_flat(x, index)


def view(x, shape_or_dtype=None, *more, name=None, size=None, dtype=None):
    """x with another shape (a list, or ints; alias size=), or its bytes read as another dtype (alias dtype=).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 4, 6])
            >>> paddle.view(x, [8, -1]).shape
            paddle.Size([8, 6])
            >>> paddle.view(x, 'uint8').shape
            paddle.Size([2, 4, 24])
    """
    check_x(x, "view")
    shape_or_dtype = next((v for v in (shape_or_dtype, size, dtype) if v is not None), None)
    if shape_or_dtype is None:
        raise TypeError("view() missing 1 required positional argument: 'shape_or_dtype'")
    if more or _is_int(shape_or_dtype):
        shape_or_dtype = [shape_or_dtype, *more]
    if isinstance(shape_or_dtype, (list, tuple)):
        return reshape(x, list(shape_or_dtype))
    d = _dt.convert_dtype(shape_or_dtype)
    if d is x.dtype:
        return x
    return apply(ViewDtype, x, dtype=d.proto)


def unfold(x, axis, size, step, name=None):
    """All windows of `size` elements taken every `step` along axis (a new last dim of size `size`).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.unfold(paddle.arange(9, dtype='float64'), 0, 2, 4)
            Tensor(shape=[2, 2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[0., 1.],
                    [4., 5.]])
    """
    check_x(x, "unfold")
    shape = list(x.shape)
    nd = len(shape)
    if not _is_int(axis) or not -max(nd, 1) <= axis < max(nd, 1):
        raise ValueError(f"(InvalidArgument) paddle.unfold axis must be in range [{-max(nd, 1)}, {max(nd, 1)}), "
                         f"but got {axis}")
    axis = int(axis) % max(nd, 1)
    n = shape[axis] if nd else 1
    if size > n:
        raise ValueError(f"(InvalidArgument) paddle.unfold size({size}) must be less than shape[axis]({n}).")
    if step <= 0:
        raise ValueError("(InvalidArgument) paddle.unfold step must be greater than 0")
    if nd == 0:
        return reshape(x, [size])
    starts = np.arange((n - size) // step + 1, dtype=np.int64) * step
    pos = starts[:, None] + np.arange(size, dtype=np.int64)[None, :]
    index = np.take(np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape), pos, axis=axis)
    return _gather_flat(x, np.moveaxis(index, axis + 1, -1))


__all__ = ["tensor_split", "hsplit", "vsplit", "dsplit", "atleast_1d", "atleast_2d", "atleast_3d", "hstack",
           "vstack", "row_stack", "dstack", "column_stack", "ravel", "tolist", "tensordot", "block_diag",
           "shard_index", "as_complex", "as_real", "view_as_complex", "view_as_real", "as_strided", "view",
           "unfold"]

METHODS = {name: globals()[name] for name in __all__ if name not in
           ("hstack", "vstack", "row_stack", "dstack", "column_stack")}
METHODS["repeat"] = repeat
MODULE_ONLY = ("tensor_array_to_tensor",)  # paddle.tensor.manipulation.* only
