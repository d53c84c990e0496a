"""Reading by index: gather, gather_nd, take_along_axis, index_select, take (paddle.*)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops.manipulation.gathering import Gather, GatherNd, IndexSelect, TakeAlongAxis
from ...ops.manipulation.shape import Reshape
from .._check import axis_int, index_dtype, need_tensor_short_name, write_out_result
from .._operand import broadcast_to
from .._signature import paddle_signature


_INDEX_DTYPES = (_dt.int32, _dt.int64)


def _too_few(api, forms):
    raise TypeError(f"Too few arguments in the function call: {api}. Expect one of: \n" + "\n".join(forms))


# -- gather ------------------------------------------------------------------------------
_GATHER_FORMS = (" - (Tensor input, int dim, Tensor index, *, Tensor out = None)",
                 " - (Tensor x, Tensor index, int axis, str name = None, Tensor out = None)")


def gather(x=None, index=None, axis=None, name=None, out=None, **kwargs):
    """Gather slices of `x` along `axis` (default 0) at the positions in a 1-D (or [M, 1], or 0-D) `index`.

    ``out.shape`` is ``x.shape`` with dim ``axis`` replaced by ``M`` (dropped for a 0-D index). It is the same as
    ``torch.gather`` only when both are 1-D; the torch order ``gather(input, dim, index)`` is accepted too.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2], [3, 4], [5, 6]])
            >>> paddle.gather(x, paddle.to_tensor([0, 2]))
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2],
                    [5, 6]])
            >>> paddle.gather(x, paddle.to_tensor([1, 1, 0]), axis=1)
            Tensor(shape=[3, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[2, 2, 1],
                    [4, 4, 3],
                    [6, 6, 5]])
    """
    if "dim" in kwargs or (isinstance(index, (int, np.integer)) and not isinstance(index, bool)):
        return _gather_torch(x, index, axis, out, kwargs)
    if kwargs:
        raise TypeError(f"gather() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if x is None or index is None:
        _too_few("gather", _GATHER_FORMS)
    need_tensor_short_name(x, "gather", "x", 0)
    need_tensor_short_name(index, "gather", "index", 1)
    index_dtype(index, "gather", "(InvalidArgument) The data type of Input(Index) of gather must be int32 or int64 "
                "on CPU.")
    ishape = index.shape
    if len(ishape) == 2:
        if ishape[1] not in (0, 1, -1):
            raise ValueError(
                f"(InvalidArgument) The last dim of index should be 0 or 1 when it is 2D, but we get {ishape[1]}\n"
                f"  [Hint: Expected index_dims[1] == 1, but received index_dims[1]:{ishape[1]} != 1:1.]")
    elif len(ishape) > 2:
        raise ValueError(
            f"(InvalidArgument) The index should be 0D or 1D, when it is not 2D, but we get {len(ishape)}\n"
            "  [Hint: Expected index_dims.size() == 1 || index_dims.size() == 0 == true, but received "
            "index_dims.size() == 1 || index_dims.size() == 0:0 != true:1.]")
    if axis is None:
        axis = 0
    nd = len(x.shape)
    if isinstance(axis, TensorMethods) and not isinstance(axis, Tensor):  # a static Variable
        return write_out_result(apply(Gather, x, index, axis, overwrite=False), out)
    ax = axis_int(axis, "gather")
    if ax >= nd or ax < -nd or nd == 0:
        raise IndexError(
            f"(OutOfRange) Attr(axis) is out of range, It's expected to be in range of [{-nd}, {nd - 1}]. But "
            f"received Attr(axis) = {ax}.\n  [Hint: Expected axis_v < input_dim.size(), but received axis_v:{ax} "
            f">= input_dim.size():{nd}.]")
    return write_out_result(apply(Gather, x, index, None, axis=ax % nd, overwrite=False), out)


def _gather_torch(x, index, axis, out, kwargs):
    """paddle.gather(input, dim, index): torch.gather, i.e. take_along_axis without broadcasting."""
    x = kwargs.pop("input", x)
    if "dim" in kwargs:
        dim = kwargs.pop("dim")
        index = index if index is not None else axis
    else:
        dim, index = index, axis
    if kwargs:
        raise TypeError(f"gather() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if x is None or dim is None or index is None:
        _too_few("gather", _GATHER_FORMS)
    return write_out_result(take_along_axis(x, index, dim, broadcast=False), out)


def gather_nd(x, index, name=None):
    """out[i..] = x[index[i.., 0], ..., index[i.., k-1]]: the last dim of `index` addresses the first k dims of x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6]])
            >>> paddle.gather_nd(x, paddle.to_tensor([[1, 2], [0, 0]]))
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [6, 1])
            >>> paddle.gather_nd(x, paddle.to_tensor([[1]]))
            Tensor(shape=[1, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[4, 5, 6]])
    """
    need_tensor_short_name(x, "gather_nd", "x", 0)
    need_tensor_short_name(index, "gather_nd", "index", 1)
    index_dtype(index, "gather_nd", "(InvalidArgument) Index holds the wrong type, it holds [{dtype}],but desires "
                "to be [int32] or [int64]")
    ishape = index.shape
    k = ishape[-1] if ishape else None
    if k is None or k > len(x.shape):
        raise ValueError(
            "(InvalidArgument) Input(Index).shape[-1] should be no greater than Input(X).rank\n  [Hint: Expected "
            f"index_dims[index_dims_size - 1] <= x_dims_size, but received index_dims[index_dims_size - 1]:"
            f"{k if k is not None else 'none (0-D index)'} > x_dims_size:{len(x.shape)}.]")
    return apply(GatherNd, x, index)


def _along_axis_common(arr, indices, axis, api):
    need_tensor_short_name(arr, api, "arr", 0)
    need_tensor_short_name(indices, api, "indices", 1)
    if len(arr.shape) != len(indices.shape):
        raise ValueError("`indices` and `arr` must have the same number of dimensions!")
    nd = len(arr.shape)
    axis = axis_int(axis, f"paddle.{api}")
    if axis >= nd or axis < -nd:
        raise AssertionError(f"'axis'  must be in the range of [-{nd}, {nd})")
    return axis % nd if nd else 0


def take_along_axis(arr=None, indices=None, axis=None, broadcast=True, *, out=None, **kwargs):
    """out[.., i, ..] = arr[.., indices[.., i, ..], ..] along `axis`; `indices` broadcasts against arr by default.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
            >>> paddle.take_along_axis(x, paddle.to_tensor([[0]]), 0)
            Tensor(shape=[1, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[1, 2, 3]])
            >>> paddle.take_along_axis(x, paddle.to_tensor([[2], [0], [1]]), 1)
            Tensor(shape=[3, 1], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[3],
                    [4],
                    [8]])
    """
    if kwargs:
        arr = kwargs.pop("input", arr)
        axis = kwargs.pop("dim", axis)
        if kwargs:
            raise TypeError(f"take_along_axis() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if axis is None:
        raise TypeError("take_along_axis() missing 1 required positional argument: 'axis'")
    axis = _along_axis_common(arr, indices, axis, "take_along_axis")
    ashape, ishape = list(arr.shape), list(indices.shape)
    if broadcast:
        shape = [0 if (a == 0 or b == 0) else max(a, b) for a, b in zip(ashape, ishape)]
        shape[axis] = ishape[axis]
        indices = broadcast_to(indices, shape)
        shape[axis] = ashape[axis]
        arr = broadcast_to(arr, shape)
    else:
        for i in range(len(ashape)):
            if i != axis and ashape[i] != -1 and ashape[i] < ishape[i]:
                raise RuntimeError(
                    f"Size does not match at dimension {i} expected index {_size(ishape)} to be smaller than self "
                    f"{_size(ashape)} apart from dimension {axis}")
    index_dtype(indices, "take_along_axis", "(InvalidArgument) The data type of indices in take_along_axis must "
                "be int32 or int64, but received {dtype}.")
    return write_out_result(apply(TakeAlongAxis, arr, indices, Axis=axis), out)


def _size(shape):
    return "paddle.Size(" + repr(list(shape)) + ")"


def index_select(x=None, index=None, axis=0, name=None, *, out=None, **kwargs):
    """Select the slices of `x` along `axis` at the positions in the 1-D `index` (negative positions count back).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
            >>> paddle.index_select(x, paddle.to_tensor([2, 0]), axis=1)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[3., 1.],
                    [6., 4.]])
    """
    if kwargs:
        x = kwargs.pop("input", x)
        axis = kwargs.pop("dim", axis)
        index = kwargs.pop("index", index)
        if kwargs:
            raise TypeError(f"index_select() got an unexpected keyword argument '{next(iter(kwargs))}'")
    if isinstance(index, (int, np.integer)) and not isinstance(index, bool):  # torch order (input, dim, index)
        index, axis = axis, int(index)
        if not isinstance(index, TensorMethods):
            raise TypeError("index_select() missing 1 required argument: 'index'")
    need_tensor_short_name(x, "index_select", "x", 0)
    need_tensor_short_name(index, "index_select", "index", 1)
    index_dtype(index, "paddle.tensor.search.index_select", "(InvalidArgument) Input(Index) holds the wrong type, "
                "it holds {dtype}, but desires to be int32 or int64")
    ishape = list(index.shape)
    if not (len(ishape) == 1 or (len(ishape) == 2 and ishape[1] == 1)):
        raise ValueError(
            f"(InvalidArgument) The 'shape' of Input(Index) must be 1-D tensor. But received: the 'shape' of "
            f"Input(Index) is {ishape}, the dimension of Input(Index) is [{len(ishape)}].")
    nd = len(x.shape)
    axis = axis_int(axis, "index_select")
    if axis >= nd or axis < -nd:
        raise IndexError(
            f"(OutOfRange) Attr(dim) is out of range, It's expected to be in range of [{-nd}, {nd - 1}]. But "
            f"received Attr(dim) = {axis}.")
    return write_out_result(apply(IndexSelect, x, index, dim=axis % nd), out)


def take(x, index, mode="raise", name=None):
    """Elements of the flattened `x` at `index` (shape of index); mode 'raise', 'wrap' or 'clip' for bad positions.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0, 1, 2], [3, 4, 5]])
            >>> paddle.take(x, paddle.to_tensor([[0, -1], [7, 2]]), mode='wrap')
            Tensor(shape=[2, 2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[0, 5],
                    [1, 2]])
    """
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"'mode' in 'take' should be 'raise', 'wrap', 'clip', but received {mode}.")
    if not isinstance(index, TensorMethods):
        raise TypeError(f"The type of 'index' must be Tensor, but got {type(index)}")
    if index.dtype not in _INDEX_DTYPES:
        raise TypeError(f"The data type of 'index' must be one of ['int32', 'int64'], but got {index.dtype}")
    need_tensor_short_name(x, "take", "x", 0)
    flat = apply(Reshape, x, shape=[-1])
    idx = apply(Reshape, index, shape=[-1])
    n = flat.shape[0]
    if mode == "wrap":
        idx = idx % n
    elif mode == "clip" and n > 0:
        from ..math.elementwise import maximum, minimum
        idx = minimum(maximum(idx, 0), n - 1)
    res = apply(IndexSelect, flat, idx, dim=0)
    return apply(Reshape, res, shape=list(index.shape))


for _f, _req in ((gather, ("x", "index")), (take_along_axis, ("arr", "indices", "axis")),
                 (index_select, ("x", "index"))):
    paddle_signature(_f, *_req)
take_along_dim = take_along_axis  # Paddle's alias
__all__ = ["gather", "gather_nd", "take_along_axis", "take_along_dim", "index_select", "take"]
METHODS = {"gather": gather, "gather_nd": gather_nd, "take_along_axis": take_along_axis,
           "take_along_dim": take_along_axis, "index_select": index_select,
           "take": take}
