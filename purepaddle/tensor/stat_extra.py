"""More statistics: numel, nanmedian, quantile, nanquantile (paddle.* and Tensor methods)."""
from .._core import dtype as _dt
from .._core.dispatch import apply
from .._core.methods import TensorMethods
from ..ops import stat as E
from .manipulation import _is_int, _tname, check_x
from .math_unary import kernel_error, write_out


def numel(x, name=None):
    """The number of elements of x as a 0-D int64 tensor.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.numel(paddle.ones([4, 5, 7]))
            Tensor(shape=[], dtype=int64, place=Place(cpu), stop_gradient=True,
                   140)
    """
    check_x(x, "numel")
    return apply(E.Size, x)


def nanmedian(x, axis=None, keepdim=False, mode="avg", name=None):
    """Median of the non-NaN values over axis (int, list or all); mode 'min' takes the lower middle
    value and, for an int axis, also returns its index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 2., 3.], [0., 1., 2.]])
            >>> print(x.nanmedian(0).numpy())
            [0.  1.5 2.5]
            >>> print(x.nanmedian(1, mode='min')[1].numpy())
            [1 1]
    """
    if not isinstance(x, TensorMethods):
        raise TypeError("In median, the input x should be a Tensor.")
    if isinstance(axis, (list, tuple)) and len(axis) == 0:
        raise ValueError("Axis list should not be empty.")
    if mode not in ("avg", "min"):
        raise ValueError(f"Mode {mode} is not supported. Must be avg or min.")
    need_index = axis is not None and not isinstance(axis, (list, tuple))
    if axis is None:
        axes = []
    elif _is_int(axis):
        axes = [int(axis)]
    elif isinstance(axis, (list, tuple)) and all(_is_int(a) for a in axis):
        axes = [int(a) for a in axis]
    else:
        raise TypeError(f"(InvalidType) nanmedian(): argument (position 2) must be list, tuple, int, or Tensor, but "
                        f"got {_tname(axis)}")
    nd = len(x.shape)
    seen = []
    for a in axes:
        if not -max(nd, 1) <= a < max(nd, 1):
            raise ValueError(f"(InvalidArgument) each element of the axis should be in the range [ -dimension(X), "
                             f"dimension(X) ) which dimension = {nd}. But received axis = {a}.")
        if a % max(nd, 1) in seen:
            raise ValueError(f"(InvalidArgument) Attr(axes) has duplicated elements: {a}.")
        seen.append(a % max(nd, 1))
    if x.dtype not in (_dt.int32, _dt.int64, _dt.float32, _dt.float64):
        raise kernel_error("nanmedian", x.dtype, "int32, int64, float64, float32")
    out, index = apply(E.NanMedian, x, axis=axes, keepdim=bool(keepdim), mode=mode)
    return (out, index) if mode == "min" and need_index else out


_INTERPOLATIONS = ("linear", "lower", "higher", "nearest", "midpoint")


def _quantile(x, q, axis, keepdim, interpolation, ignore_nan, out=None):
    """Sort along the (merged) axis and read each q at q * (count - 1), interpolating between neighbours."""
    from .creation import full, full_like
    from .join import stack
    from .logic import logical_not
    from .manipulation import flatten, moveaxis, reshape, squeeze
    from .math import lerp, maximum
    from .math_unary import ceil, floor, isnan, round
    from .search import sort
    from .selection import take_along_axis, where
    if not isinstance(x, TensorMethods):
        raise TypeError("input x should be a Tensor.")
    if isinstance(q, (int, float)) and not isinstance(q, bool):
        qs = [q]
    elif isinstance(q, (list, tuple)):
        if len(q) == 0:
            raise ValueError("q should not be empty")
        qs = list(q)
    elif isinstance(q, TensorMethods):
        if len(q.shape) > 1:
            raise ValueError("q should be a 0-D tensor or a 1-D tensor")
        qs = [q] if len(q.shape) == 0 else [q[i] for i in range(q.shape[0])]
    else:
        raise TypeError("Type of q should be int, float, list or tuple, or tensor")
    for v in qs:
        if not (isinstance(v, TensorMethods) and not hasattr(v, "_data")) and not 0 <= float(v) <= 1:
            raise ValueError("q should be in range [0, 1]")
    if interpolation not in _INTERPOLATIONS:
        raise ValueError("interpolation must be one of 'linear', 'lower', 'higher', 'nearest' or 'midpoint', but "
                         f"got {interpolation}")
    dims = len(x.shape)
    out_shape = list(x.shape)
    bad = "Axis should be None, int, or a list, element should in range [-rank(x), rank(x))."
    if axis is None:
        x, axis, out_shape = flatten(x), 0, [1] * dims
    elif isinstance(axis, list):
        src = []
        for a in axis:
            if not _is_int(a) or not -dims <= a < dims:
                raise ValueError(bad)
            src.append(a % dims)
            out_shape[a % dims] = 1
        dst = list(range(-len(axis), 0))
        x = moveaxis(x, src, dst) if src else x
        x, axis = (flatten(x), 0) if not dst else (flatten(x, dst[0], dst[-1]), len(x.shape) - len(dst))
    else:
        if not _is_int(axis) or not -dims <= axis < dims:
            raise ValueError(bad)
        axis = int(axis) % dims
        out_shape[axis] = 1
    d = x.dtype
    if not d.is_floating and interpolation == "linear":
        raise kernel_error("lerp", d, "float64, float32")
    qd = d if d.is_floating else _dt.float64
    mask = isnan(x)
    valid = logical_not(mask).sum(axis=axis, keepdim=True)
    srt = sort(x, axis)
    outputs = []
    for v in qs:
        qt = v.astype(qd) if isinstance(v, TensorMethods) else full([], float(v), qd)
        index = qt * (valid - 1).astype(qd)
        if ignore_nan:
            index = maximum(index, full([], 0.0, qd))
        else:
            index = where(mask.any(axis=axis, keepdim=True), full_like(index, x.shape[axis] - 1), index)
        if interpolation == "nearest":
            res = take_along_axis(srt, round(index).astype("int64"), axis=axis)
        else:
            below = floor(index)
            lo = take_along_axis(srt, below.astype("int64"), axis=axis)
            hi = take_along_axis(srt, ceil(index).astype("int64"), axis=axis)
            if interpolation == "lower":
                res = lo
            elif interpolation == "higher":
                res = hi
            elif interpolation == "midpoint":
                res = (hi + lo) / 2
            else:
                res = lerp(lo, hi, (index - below).astype(d))
        outputs.append(reshape(res, out_shape) if keepdim else squeeze(res, axis=axis))
    res = stack(outputs, 0) if len(outputs) > 1 else outputs[0]
    return write_out(res, out)


def quantile(x, q, axis=None, keepdim=False, interpolation="linear", name=None, *, out=None):
    """The q-th quantiles of x over axis (int, list or all; q a number, list or Tensor); NaN when the
    reduced values contain NaN. A list of several q stacks the results on a new first dim.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> y = paddle.arange(0, 8, dtype="float32").reshape([4, 2])
            >>> paddle.quantile(y, q=0.5, axis=1)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.50000000, 2.50000000, 4.50000000, 6.50000000])
    """
    return _quantile(x, q, axis, keepdim, interpolation, False, out)


def nanquantile(x, q, axis=None, keepdim=False, interpolation="linear"):
    """quantile over the non-NaN values (NaN where all are NaN).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[float('nan'), 1., 2., 3., 4.], [5., 6., 7., 8., 9.]])
            >>> paddle.nanquantile(x, q=0.5, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2.50000000, 7.        ])
    """
    return _quantile(x, q, axis, keepdim, interpolation, True)


__all__ = ["numel", "nanmedian", "quantile", "nanquantile"]
# Tensor.numel() stays the core method; paddle.numel gives Paddle's 0-D int64 tensor
METHODS = {"numel": numel, "nanmedian": nanmedian, "quantile": quantile, "nanquantile": nanquantile}
