"""Tensor indexing: __getitem__/__setitem__, slice, strided_slice, index_put, shard_index (paddle.*)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, apply_inplace, constant as const_operand
from ..._core.methods import TensorMethods
from ..._core.tensor import Tensor
from ...ops.manipulation import indexing as L, shape as S
from ...ops.manipulation.indexing import ShardIndex
from ...ops.math.unary import Scale
from .._operand import cast
from .._check import check_x, class_type_name, kernel_error
from .shape import _is_int, int_list


MAX, MIN = L.MAX_INT, L.MIN_INT
_pyslice = slice
_INDEX_TYPES = ("(InvalidArgument) Currently, Tensor.__indices__() only allows indexing by Boolean, Integers, "
                "Slices, Ellipsis, None, Tuples of these types and List / Tensor of Bool and Integers, but received ")


class _Index:
    """A parsed index: one slice/strided_slice over `axes`, new axes, and advanced indices."""

    __slots__ = ("axes", "starts", "ends", "steps", "decrease", "none", "false_axes", "adv", "dyn", "strided")

    def __init__(self):
        self.axes, self.starts, self.ends, self.steps, self.decrease = [], [], [], [], []
        self.none, self.false_axes, self.adv = [], [], []
        self.dyn = self.strided = False


def _classify(it, k):
    """(kind, value, dims consumed) of one index item."""
    if it is None:
        return "none", None, 0
    if it is Ellipsis:
        return "ell", None, 0
    if isinstance(it, (bool, np.bool_)):
        return "bool", bool(it), 0
    if _is_int(it):
        return "int", int(it), 1
    if isinstance(it, _pyslice):
        return "slice", it, 1
    if isinstance(it, TensorMethods):
        d, nd = it.dtype, len(it.shape)
        if d is _dt.bool_:
            if nd == 0:
                if isinstance(it, Tensor):
                    return "bool", bool(it._data), 0
                raise NotImplementedError("indexing by a 0-D bool Variable is not supported in static mode")
            return "adv", it, nd
        if not d.is_integer:
            raise ValueError(f"(InvalidArgument) Index holds the wrong type, it holds [{d.name}], but desires to be "
                             "[int64].")
        if nd == 0:
            return ("int", int(it._data), 1) if isinstance(it, Tensor) else ("int_var", it, 1)
        return "adv", it, 1
    if isinstance(it, (list, tuple, range, np.ndarray)):
        arr = np.asarray(list(it) if isinstance(it, range) else it)
        if arr.size == 0:
            arr = arr.astype(np.int64)
        if arr.dtype.kind == "b":
            if arr.ndim == 0:
                return "bool", bool(arr), 0
            return "adv", arr, arr.ndim
        if arr.dtype.kind not in "iu":
            raise ValueError(_INDEX_TYPES + f"{class_type_name(it)} of {arr.dtype} in {k + 1}th slice item")
        if arr.ndim == 0:
            return "int", int(arr), 1
        return "adv", arr.astype(np.int64, copy=False), 1
    raise ValueError(_INDEX_TYPES + f"{type(it).__name__} in {k + 1}th slice item")


def _scalar(v):
    if v is None or isinstance(v, TensorMethods) and not isinstance(v, Tensor):
        return v
    if isinstance(v, Tensor):
        return int(v._data.reshape(-1)[0])
    return int(v)


def parse_index(x, item):
    """Parse `item` against x's shape (ints and slices are basic; lists, arrays and Tensors advanced)."""
    items = item if type(item) is tuple else (item,)
    shape = x.shape
    n = len(shape)
    classified = []
    consumed, ell = 0, False
    for k, it in enumerate(items):
        c = _classify(it, k)
        if c[0] == "ell":
            if ell:
                raise ValueError("(InvalidArgument) An index can only have a single ellipsis ('...')")
            ell = True
        consumed += c[2]
        classified.append(c)
    fill = n - consumed
    if fill < 0:
        raise IndexError(f"(OutOfRange) too many indices for a tensor of {n} dims: {consumed} were indexed "
                         f"(shape {list(shape)})")
    p = _Index()
    dim = rdim = 0
    for kind, v, used in classified:
        if kind == "slice":
            start, stop, step = _scalar(v.start), _scalar(v.stop), _scalar(v.step)
            if start is None and stop is None and step is None:
                dim += 1
                rdim += 1
                continue
            if any(isinstance(s, TensorMethods) for s in (start, stop, step)):
                p.dyn = True
            step = 1 if step is None else step
            if not isinstance(step, TensorMethods):
                if step == 0:
                    raise ValueError("(InvalidArgument) stride index in StridedSlice operator is 0.")
                if start is None:
                    start = 0 if step > 0 else MAX
                if stop is None:
                    stop = MAX if step > 0 else MIN
            if isinstance(step, TensorMethods) or step != 1:
                p.strided = True
            p.axes.append(dim)
            p.starts.append(start)
            p.ends.append(stop)
            p.steps.append(step)
            dim += 1
            rdim += 1
        elif kind == "int":
            size = shape[dim]
            if size >= 0 and not -size <= v < size:
                raise IndexError(
                    f"(OutOfRange) The starting index {v} of slice is out of bounds in tensor {dim}-th axis, it should "
                    f"be in the range of [{-size}, {size}).")
            p.axes.append(dim)
            p.starts.append(v)
            p.ends.append(v + 1 if v != -1 else MAX)
            p.steps.append(1)
            p.decrease.append(dim)
            dim += 1
        elif kind == "int_var":
            p.dyn = True
            p.axes.append(dim)
            p.starts.append(v)
            p.ends.append(apply(Scale, v, scale=1.0, bias=1.0, bias_after_scale=True))
            p.steps.append(1)
            p.decrease.append(dim)
            dim += 1
        elif kind == "none" or kind == "bool":
            p.none.append(rdim)
            if kind == "bool" and not v:
                p.false_axes.append(rdim)
            rdim += 1
        elif kind == "ell":
            dim += fill
            rdim += fill
        else:  # advanced
            if _is_bool_index(v):
                ishape = list(v.shape)
                for j, d in enumerate(ishape):
                    size = shape[dim + j]
                    if d >= 0 and size >= 0 and d != size:
                        raise IndexError(f"(OutOfRange) The shape of boolean index {d} did not match indexed tensor "
                                         f"{size} along axis {dim + j}.")
            p.adv.append((rdim, v, used))
            dim += used
            rdim += used
    return p


def _is_bool_index(v):
    return v.dtype.kind == "b" if isinstance(v, np.ndarray) else v.dtype is _dt.bool_


def _int_tensor(vals):
    """A 1-D int64 tensor of ints and (static) scalar Variables."""
    from .join import concat
    parts = [cast(v.reshape([1]), _dt.int64) if isinstance(v, TensorMethods)
             else const_operand(np.array([v], dtype=np.int64)) for v in vals]
    return concat(parts)


def _placeholders(vals):
    return [-1 if isinstance(v, TensorMethods) else v for v in vals]


def basic(x, p):
    """The slice / strided_slice and unsqueeze part of an index."""
    out = x
    if p.axes:
        flags = [1] * len(p.axes)
        if p.dyn:
            tensors = [_int_tensor(p.starts), _int_tensor(p.ends)]
            attrs = dict(axes=p.axes, starts=_placeholders(p.starts), ends=_placeholders(p.ends), infer_flags=flags,
                         decrease_axis=p.decrease)
            if p.strided:
                tensors.append(_int_tensor(p.steps))
                out = apply(L.StridedSlice, out, *tensors, strides=_placeholders(p.steps), **attrs)
            else:
                out = apply(L.Slice, out, *tensors, **attrs)
        elif p.strided:
            out = apply(L.StridedSlice, out, axes=p.axes, starts=p.starts, ends=p.ends, strides=p.steps,
                        infer_flags=flags, decrease_axis=p.decrease)
        else:
            out = apply(L.Slice, out, axes=p.axes, starts=p.starts, ends=p.ends, infer_flags=flags,
                        decrease_axis=p.decrease)
    if p.none:
        out = apply(S.Unsqueeze, out, axes=p.none)
    if p.false_axes:
        k = len(p.false_axes)
        out = apply(L.Slice, out, axes=p.false_axes, starts=[0] * k, ends=[0] * k, infer_flags=[1] * k,
                    decrease_axis=[])
    return out


def _as_index_tensor(v):
    if isinstance(v, np.ndarray):
        return const_operand(v)
    return v


def _expanded(adv):
    """[(position, index tensor, dims)] with every index made a tensor."""
    return [(pos, _as_index_tensor(v), k) for pos, v, k in adv]


def _int_indices(adv):
    """Advanced indices as (positions, int tensors): a k-dim bool index becomes k columns of its nonzeros."""
    pos, out = [], []
    for p0, t, k in adv:
        if t.dtype is _dt.bool_:
            nz = apply(L.op("where_index"), t)
            for j in range(k):
                pos.append(p0 + j)
                out.append(apply(L.Slice, nz, axes=[1], starts=[j], ends=[j + 1], infer_flags=[1], decrease_axis=[1]))
        else:
            pos.append(p0)
            out.append(t)
    if len(set(t.dtype for t in out)) > 1:
        out = [cast(t, _dt.int64) for t in out]
    return pos, out


def _inverse(perm):
    inv = [0] * len(perm)
    for i, a in enumerate(perm):
        inv[a] = i
    return inv


def _consecutive(pos):
    return pos == list(range(pos[0], pos[0] + len(pos)))


def advanced_get(y, adv):
    """y[advanced indices]: gather_nd after moving the indexed dims first (masked_select for a full mask)."""
    adv = _expanded(adv)
    ndim = len(y.shape)
    if len(adv) == 1:
        pos, t, k = adv[0]
        if t.dtype is _dt.bool_ and k == ndim and ndim:
            return apply(L.op("masked_select"), y, t)
        if t.dtype is not _dt.bool_ and len(t.shape) == 1:  # one 1-D index stays in place: index_select
            return apply(L.op("index_select"), y, t, dim=pos)
    pos, idx = _int_indices(adv)
    shapes = [list(t.shape) for t in idx]
    if any(s != shapes[0] for s in shapes):
        from .shape import broadcast_tensors
        idx = broadcast_tensors(idx)
    nb = len(idx[0].shape)
    perm = pos + [i for i in range(ndim) if i not in pos]
    yt = y if perm == list(range(ndim)) else apply(S.Transpose, y, axis=perm)
    if len(idx) == 1:
        index = apply(S.Unsqueeze, idx[0], axes=[-1])
    else:
        from ...ops.manipulation.join import Stack
        index = apply(Stack, idx, axis=nb)
    out = apply(L.op("gather_nd"), yt, index)
    p0 = pos[0]
    if _consecutive(pos) and p0 > 0:
        nd = nb + ndim - len(pos)
        out = apply(S.Transpose, out, axis=list(range(nb, nb + p0)) + list(range(nb)) + list(range(nb + p0, nd)))
    return out


def getitem(x, item):
    """x[item] with Paddle's rules: ints and slices are basic indexing, lists / arrays / Tensors advanced.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12).reshape([3, 4])
            >>> x[1, ::2]
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [4, 6])
            >>> x[[0, 2], -1]
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [3 , 11])
            >>> x[x > 9]
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [10, 11])
    """
    if type(x) is Tensor:
        out = _fast_getitem(x, item)
        if out is not None:
            return out
    p = parse_index(x, item)
    out = basic(x, p)
    if p.adv:
        out = advanced_get(out, p.adv)
    elif out is x:
        out = apply(L.Slice, x, axes=[], starts=[], ends=[], infer_flags=[], decrease_axis=[])
    return out


def _fast_getitem(x, item):
    """x[item] for an eager tensor and ints / plain slices only (the common case); None otherwise."""
    if type(item) is Tensor:
        d = item._data
        if d.ndim == 1 and d.dtype.kind in "iu" and x._data.ndim:
            return apply(L.op("index_select"), x, item, dim=0)
        return None
    items = item if type(item) is tuple else (item,)
    shape = x._data.shape
    if len(items) > len(shape):
        return None
    axes, starts, ends, steps, dec = [], [], [], [], []
    strided = False
    for d, it in enumerate(items):
        t = type(it)
        if t is int:
            n = shape[d]
            if not -n <= it < n:
                return None
            axes.append(d)
            starts.append(it)
            ends.append(it + 1 if it != -1 else MAX)
            steps.append(1)
            dec.append(d)
        elif t is _pyslice:
            st, sp, stp = it.start, it.stop, it.step
            if st is None and sp is None and stp is None:
                continue
            if not ((st is None or type(st) is int) and (sp is None or type(sp) is int)
                    and (stp is None or type(stp) is int)) or stp == 0:
                return None
            stp = 1 if stp is None else stp
            axes.append(d)
            starts.append((0 if stp > 0 else MAX) if st is None else st)
            ends.append((MAX if stp > 0 else MIN) if sp is None else sp)
            steps.append(stp)
            strided = strided or stp != 1
        else:
            return None
    if not axes:
        return None
    if strided:
        return apply(L.StridedSlice, x, axes=axes, starts=starts, ends=ends, strides=steps, infer_flags=[1] * len(axes),
                     decrease_axis=dec)
    return apply(L.Slice, x, axes=axes, starts=starts, ends=ends, infer_flags=[1] * len(axes), decrease_axis=dec)


def _value_operand(value, x):
    """(value tensor or None, Python scalar or None) converted to x's dtype."""
    if isinstance(value, TensorMethods):
        return (value if value.dtype is x.dtype else cast(value, x.dtype)), None
    if type(value) in (float, int, bool, complex):
        return None, value
    if isinstance(value, np.generic):
        return None, value.item()
    if isinstance(value, np.ndarray):
        return const_operand(value.astype(x.dtype.np_dtype)), None
    raise ValueError("(InvalidArgument) Value type error. The assign value allows Tensor, numpy.ndarray, integer, "
                     f"float, complex or bool, but received {class_type_name(value)}.")


def _set_attrs(x, p, none):
    return dict(dtype=x.dtype.proto, axes=p.axes, starts=p.starts, ends=p.ends, steps=p.steps,
                decrease_axes=p.decrease, none_axes=none)


def setitem(x, item, value):
    """x[item] = value in place: a set_value op, or index_put for advanced indices (differentiable)."""
    p = parse_index(x, item)
    if p.dyn:
        raise NotImplementedError("Tensor.__setitem__: indices given by static Variables in slices are not supported")
    if p.false_axes:
        return x
    vt, scalar = _value_operand(value, x)
    if not p.adv:
        attrs = _set_attrs(x, p, p.none)
        if vt is None:
            return apply_inplace(L.SetValue, x, values=[scalar], shape=[1], **attrs)
        return apply_inplace(L.SetValue, x, vt, values=[], shape=[], **attrs)
    if vt is None:
        vt = const_operand(np.asarray(scalar, dtype=x.dtype.np_dtype))
    adv = _expanded(p.adv)
    pos = [q for p0, _, k in adv for q in range(p0, p0 + k)]
    idx = [t for _, t, _ in adv]
    if not p.axes and not p.none and pos == list(range(len(pos))):
        return apply_inplace(L.IndexPut, x, idx, vt, accumulate=False)
    y = basic(x, p)
    ndim = len(y.shape)
    perm = pos + [i for i in range(ndim) if i not in pos]
    yt = y if perm == list(range(ndim)) else apply(S.Transpose, y, axis=perm)
    p0 = pos[0]
    if _consecutive(pos) and p0 > 0:
        nb = max(1 if t.dtype is _dt.bool_ else len(t.shape) for t in idx)
        rank = nb + ndim - len(pos)
        vnd = len(vt.shape)
        if vnd > rank:
            raise ValueError(f"(InvalidArgument) shape mismatch: value tensor of shape {list(vt.shape)} cannot be "
                             f"broadcast to an indexing result of rank {rank}.")
        if vnd > 0:
            if vnd < rank:
                vt = apply(S.Unsqueeze, vt, axes=list(range(rank - vnd)))
            vt = apply(S.Transpose, vt, axis=list(range(p0, p0 + nb)) + list(range(p0)) +
                       list(range(p0 + nb, rank)))
    new = apply(L.IndexPut, yt, idx, vt, accumulate=False)
    if perm != list(range(ndim)):
        new = apply(S.Transpose, new, axis=_inverse(perm))
    return apply_inplace(L.SetValue, x, new, values=[], shape=[], **_set_attrs(x, p, p.none))


def _setitem_method(self, item, value):
    setitem(self, item, value)


# -- slice functions --------------------------------------------------------------------------
def _seq(v, op, arg):
    if isinstance(v, TensorMethods):
        vals, t = int_list(v, op)
        return vals if t is None else [v[i] for i in range(len(vals))]
    if not isinstance(v, (list, tuple)):
        raise ValueError(f"Input {arg} must be a python list or tuple, but received {type(v)}")
    return [v_ if isinstance(v_, TensorMethods) and not isinstance(v_, Tensor) else _scalar(v_) for v_ in v]


def _slice_parts(x, axes, starts, ends, op):
    if not isinstance(axes, (list, tuple)):
        raise ValueError(f"Input axes must be a python list or tuple, but received {type(axes)}")
    axes = [int(a) for a in axes]
    starts, ends = _seq(starts, op, "starts"), _seq(ends, op, "ends")
    n = len(x.shape)
    for name_, vals in (("starts", starts), ("ends", ends)):
        if len(vals) != len(axes):
            raise ValueError(f"(InvalidArgument) The length of axes ({len(axes)}) and length of {name_} "
                             f"({len(vals)}) should be same.")
    for a in axes:
        if not -n <= a < n:
            raise ValueError(f"(InvalidArgument) The axis value {a} in 'axes' of {op} should be in range "
                             f"[{-n}, {n}), but received axes = {axes}.")
    return [a % n for a in axes], starts, ends


def slice(input, axes, starts, ends):
    """input[starts[i]:ends[i]] along each axes[i] (Python clamping; starts/ends may hold Tensors).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12).reshape([3, 4])
            >>> paddle.slice(x, axes=[0, 1], starts=[1, 0], ends=[3, -1])
            Tensor(shape=[2, 3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [[4 , 5 , 6 ],
                    [8 , 9 , 10]])
    """
    check_x(input, "slice", "input")
    axes, starts, ends = _slice_parts(input, axes, starts, ends, "slice")
    flags = [1] * len(axes)
    if any(isinstance(v, TensorMethods) for v in starts + ends):
        return apply(L.Slice, input, _int_tensor(starts), _int_tensor(ends), axes=axes, starts=_placeholders(starts),
                     ends=_placeholders(ends), infer_flags=flags, decrease_axis=[])
    return apply(L.Slice, input, axes=axes, starts=starts, ends=ends, infer_flags=flags, decrease_axis=[])


def strided_slice(x, axes, starts, ends, strides, name=None):
    """x[starts[i]:ends[i]:strides[i]] along each axes[i] (negative strides walk backwards).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6)
            >>> paddle.strided_slice(x, axes=[0], starts=[-1], ends=[-7], strides=[-2])
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [5, 3, 1])
    """
    check_x(x, "strided_slice")
    if not isinstance(axes, (list, tuple)):
        raise ValueError(f"Input axes must be a python list or tuple, but received {type(axes)}")
    starts, ends = _seq(starts, "strided_slice", "starts"), _seq(ends, "strided_slice", "ends")
    strides = _seq(strides, "strided_slice", "strides")
    for name_, vals in (("starts", starts), ("ends", ends), ("strides", strides)):
        if len(vals) != len(axes):
            raise ValueError(f"(InvalidArgument) The size of {name_} attribute in StridedSlice operator is not equal "
                             f"to the size of axes attribute. The {name_} attribute's size is {len(vals)}, axes "
                             f"attribute's size is {len(axes)}.")
    axes, starts, ends = _slice_parts(x, axes, starts, ends, "strided_slice")
    if any(s == 0 for s in strides if not isinstance(s, TensorMethods)):
        raise ValueError("(InvalidArgument) stride index in StridedSlice operator is 0.")
    flags = [1] * len(axes)
    if any(isinstance(v, TensorMethods) for v in starts + ends + strides):
        return apply(L.StridedSlice, x, _int_tensor(starts), _int_tensor(ends), _int_tensor(strides), axes=axes,
                     starts=_placeholders(starts), ends=_placeholders(ends), strides=_placeholders(strides),
                     infer_flags=flags, decrease_axis=[])
    return apply(L.StridedSlice, x, axes=axes, starts=starts, ends=ends, strides=strides, infer_flags=flags,
                 decrease_axis=[])


def index_put(x, indices, value, accumulate=False, name=None):
    """A copy of x with x[indices] set to (accumulate: increased by) value.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> paddle.index_put(x, (paddle.to_tensor([0, 2]),), paddle.to_tensor(1.0))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 0., 1.])
    """
    check_x(x, "index_put")
    idx = _put_indices(indices)
    return apply(L.IndexPut, x, idx, _put_value(value, x), accumulate=bool(accumulate))


def index_put_(x, indices, value, accumulate=False, name=None):
    """In-place index_put.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.zeros([3])
            >>> _ = paddle.index_put_(x, (paddle.to_tensor([1]),), paddle.to_tensor(5.0), accumulate=True)
            >>> x
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 5., 0.])
    """
    check_x(x, "index_put_")
    idx = _put_indices(indices)
    return apply_inplace(L.IndexPut, x, idx, _put_value(value, x), accumulate=bool(accumulate))


def _put_indices(indices):
    if isinstance(indices, TensorMethods) or not isinstance(indices, (list, tuple)):
        raise TypeError(f"The type of 'indices' in index_put must be a tuple or list of Tensors, but received "
                        f"{class_type_name(indices)}.")
    for t in indices:
        if not isinstance(t, TensorMethods):
            raise TypeError(f"Each of 'indices' in index_put must be a Tensor, but received {class_type_name(t)}.")
        if not (t.dtype.is_integer or t.dtype is _dt.bool_):
            raise TypeError(f"The dtype of 'indices' in index_put must be int32, int64 or bool, but received "
                            f"{t.dtype.name}.")
    return list(indices)


def _put_value(value, x):
    check_x(value, "index_put", "value", 2)
    return value if value.dtype is x.dtype else cast(value, x.dtype)


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


__all__ = ["slice", "strided_slice", "index_put", "index_put_", "shard_index"]

METHODS = {"__getitem__": getitem, "__setitem__": _setitem_method, "slice": slice, "strided_slice": strided_slice,
           "index_put": index_put, "index_put_": index_put_, "shard_index": shard_index}
