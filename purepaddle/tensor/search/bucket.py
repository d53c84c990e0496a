"""Bucketing: searchsorted, bucketize, bincount, histogram (paddle.*)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ...ops.manipulation.gathering import TakeAlongAxis
from ...ops.search.bucket import Bincount, Histogram, SearchSorted
from .._check import check_sortable, kernel_error, need_tensor, store_out, type_name
from .sorting import _NUMERIC, _Var, _bool_arg, _int_arg


# -- binning -----------------------------------------------------------------------------------
def searchsorted(sorted_sequence, values, out_int32=False, right=False, name=None, *, side=None, out=None,
                 sorter=None):
    """Indices where `values` would be inserted into the innermost rows of `sorted_sequence`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> seq = paddle.to_tensor([1., 3., 3., 5.])
            >>> paddle.searchsorted(seq, paddle.to_tensor([0., 3., 6.]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 1, 4])
            >>> paddle.searchsorted(seq, paddle.to_tensor([0., 3., 6.]), right=True)
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 3, 4])
    """
    api = "searchsorted"
    need_tensor(sorted_sequence, api, "sorted_sequence", 0)
    need_tensor(values, api, "values", 1)
    right = bool(right) or side == "right"
    for t in (sorted_sequence, values):
        check_sortable(t, api, _NUMERIC)
    if sorted_sequence.ndim == 0:
        raise ValueError(f"(InvalidArgument) Input sequences's dimension({sorted_sequence.ndim}) must be greater or "
                         "equal than 1")
    if sorter is not None:
        need_tensor(sorter, api, "sorter", 5)
        sorted_sequence = apply(TakeAlongAxis, sorted_sequence, sorter, Axis=sorted_sequence.ndim - 1)
    s_shape, v_shape = list(sorted_sequence.shape), list(values.shape)
    if len(s_shape) > 1 and (len(s_shape) != len(v_shape) or s_shape[:-1] != v_shape[:-1]):
        raise RuntimeError(
            f"(Unavailable) The dimensions of sorted_sequence tensor ( {', '.join(map(str, s_shape))} ) and values "
            f"tensor ( {', '.join(map(str, v_shape))} ) can not match. Because the input sorted_sequence tensor must "
            "be 1 dimension or the first N-1 dimensions of sorted_sequence tensor and input values tensor must "
            "match. Please input appropriate sorted_sequence and values again!")
    res = apply(SearchSorted, sorted_sequence, values, out_int32=bool(out_int32), right=right)
    return store_out(res, out)


def bucketize(x, sorted_sequence, out_int32=False, right=False, name=None, *, out=None):
    """Bucket index of each element of x in the 1-D boundaries `sorted_sequence`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bucketize(paddle.to_tensor([0., 3., 6.]), paddle.to_tensor([1., 3., 5.]))
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 1, 3])
    """
    need_tensor(x, "bucketize", "x", 0)
    need_tensor(sorted_sequence, "bucketize", "sorted_sequence", 1)
    if sorted_sequence.ndim != 1:
        raise ValueError(f"sorted_sequence tensor must be 1 dimension, but got dim {sorted_sequence.ndim}")
    return searchsorted(sorted_sequence, x, out_int32, right, out=out)


def bincount(x, weights=None, minlength=0, name=None):
    """Occurrences of each value 0..max(x) in the 1-D non-negative int tensor x (or summed weights).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.bincount(paddle.to_tensor([1, 2, 1, 4, 5]))
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 2, 1, 0, 1, 1])
    """
    need_tensor(x, "bincount", "x", 0)
    if x.dtype not in (_dt.int32, _dt.int64):
        raise TypeError("Elements in Input(x) should all be integers")
    if x.ndim != 1:
        raise ValueError(f"(InvalidArgument) The 'shape' of Input(X) must be 1-D tensor.But the dimension of "
                         f"Input(X) is [{x.ndim}]")
    if weights is not None:
        need_tensor(weights, "bincount", "weights", 1)
        if weights.ndim != 1:
            raise ValueError(f"(InvalidArgument) The 'shape' of Input(Weights) must be 1-D tensor.But the dimension "
                             f"of Input(Weights) is [{weights.ndim}]")
        wn, xn = weights.shape[0], x.shape[0]
        if wn >= 0 and xn >= 0 and wn != xn:
            raise ValueError(f"(InvalidArgument) The 'shape' of Input(Weights) must be equal to the 'shape' of "
                             f"Input(X).But received: the 'shape' of Input(Weights) is [{wn}],the 'shape' of "
                             f"Input(X) is [{xn}]")
        wd = weights.dtype
        if wd not in (_dt.int32, _dt.int64, _dt.float32, _dt.float64):
            raise kernel_error("bincount", wd, _NUMERIC)
    if isinstance(minlength, _Var):
        minlength = int(minlength.item())
    elif isinstance(minlength, (int, float, np.integer, np.floating)) and not isinstance(minlength, bool):
        minlength = int(minlength)
    else:
        raise TypeError(f"The type of 'minlength' in bincount must be int or Tensor, but received "
                        f"{type_name(minlength)}")
    if minlength < 0:
        raise ValueError(f"(InvalidArgument) The minlength should be greater than or equal to 0.But received "
                         f"minlength is {minlength}")
    return apply(Bincount, x, weights, minlength=minlength)


def histogram(input, bins=100, min=0.0, max=0.0, weight=None, density=False, name=None):
    """Counts of input in `bins` equal-width bins over [min, max] (the data range when min == max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.histogram(paddle.to_tensor([1., 2., 1., 4.]), bins=4, min=0, max=3)
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [0, 2, 1, 0])
    """
    api = "histogram"
    need_tensor(input, api, "input", 0)
    bins = _int_arg(bins, api, 3, kind="long", tensor_ok=False)
    check_sortable(input, api, _NUMERIC)
    if bins < 1:
        raise ValueError(f"(InvalidArgument) The bins should be greater than or equal to 1.But received nbins is "
                         f"{bins}")
    lo, hi = float(min), float(max)
    if hi < lo:
        raise ValueError(f"(InvalidArgument) max must be larger or equal to min.But received max is {hi:f}, min is "
                         f"{lo:f}")
    if weight is not None:
        need_tensor(weight, api, "weight", 4)
        if list(weight.shape) != list(input.shape):
            raise ValueError(f"(InvalidArgument) The shape of weight should be equal to the shape of input.But "
                             f"received weight shape is {list(weight.shape)}, input shape is {list(input.shape)}")
        if weight.dtype is not input.dtype:
            raise ValueError(f"(InvalidArgument) The dtype of weight ({weight.dtype.name}) must be the same as the "
                             f"dtype of input ({input.dtype.name}) in histogram")
    return apply(Histogram, input, weight, bins=bins, min=lo, max=hi, density=_bool_arg(density, api, 6))


__all__ = ["searchsorted", "bucketize", "bincount", "histogram"]

METHODS = {"bucketize": bucketize, "bincount": bincount, "histogram": histogram}
