"""Multi-dimensional histograms: histogram_bin_edges, histogramdd."""
import numbers

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops.linalg.histogram import Histogramdd
from .._check import check_var, require
from ..creation.fill import cast
from ..creation.spacing import linspace


def _range_ends(x, lo, hi, d):
    """0-D tensors (lo, hi) of dtype d, widened by 0.5 each way when equal (the data's range when lo == hi == 0)."""
    if lo == 0 and hi == 0:
        xd = cast(x, d)
        lo, hi = xd.min(), xd.max()
        eq = cast(lo == hi, d) * 0.5
        return lo - eq, hi + eq
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return lo, hi


def histogram_bin_edges(input, bins=100, min=0.0, max=0.0, name=None):  # noqa: A002 (Paddle's names)
    """The bins + 1 edges paddle.histogram would use: [min, max], or the data's range when both are 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.histogram_bin_edges(paddle.to_tensor([1, 2, 1]), bins=4, min=0, max=3)
            Tensor(shape=[5], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.75000000, 1.50000000, 2.25000000, 3.        ])
    """
    check_var(input, "paddle.histogram_bin_edges", "input")
    if not isinstance(bins, (int, np.integer)) or isinstance(bins, bool):
        raise TypeError(f"The type of 'bins' in paddle.histogram_bin_edges must be int, but received "
                        f"{type(bins).__name__}.")
    for v, arg in ((min, "min"), (max, "max")):
        if not isinstance(v, numbers.Real):
            raise TypeError(f"The type of '{arg}' in paddle.histogram_bin_edges must be float or int, but "
                            f"received {type(v).__name__}.")
    if max < min:
        raise ValueError("max must be larger than min in range parameter")
    d = _dt.default_float()
    lo, hi = _range_ends(input, float(min), float(max), d)
    return linspace(lo, hi, int(bins) + 1, dtype=d)


def histogramdd(x, bins=10, ranges=None, density=False, weights=None, name=None):
    """D-dimensional histogram of the rows of x [..., D]: (hist, list of D bin-edge tensors).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 0.], [1., 1.], [2., 2.]])
            >>> hist, edges = paddle.histogramdd(x, bins=2)
            >>> hist
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 0.],
                    [0., 2.]])
    """
    check_var(x, "paddle.histogramdd")
    require(x.ndim >= 2, "input x must be a tensor with at least 2 dimensions.")
    dims = x.shape[-1]
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, bool):
        bins = [int(bins)] * dims
    elif isinstance(bins, (list, tuple)):
        require(len(bins) == dims, f"The length of bins must be {dims} when bins is a list.")
        for i, b in enumerate(bins):
            if isinstance(b, bool) or not isinstance(b, (int, np.integer, TensorMethods)):
                raise ValueError(f"The type of {i}-th element in bins list must be int.")
    else:
        raise TypeError(f"The type of 'bins' in paddle.histogramdd must be int, list of int or list of Tensor, but "
                        f"received {type(bins).__name__}.")
    if ranges is not None:
        require(len(ranges) == 2 * dims, f"The length of ranges list must be {2 * dims}")
    if weights is not None:
        check_var(weights, "paddle.histogramdd", "weights")
        require(weights.dtype is x.dtype, "The dtype of weights must be the same as x.")
        require(list(weights.shape) == list(x.shape[:-1]), "The shape of weights must be the same as x's except its "
              f"last dimension, but received {list(weights.shape)} and {list(x.shape)}.")
        weights = weights.reshape([-1])
    flat = x.reshape([-1, dims])
    edges = []
    for k, b in enumerate(bins):
        if isinstance(b, TensorMethods):
            edges.append(cast(b.reshape([-1]), x.dtype))
            continue
        if ranges is not None:
            lo, hi = float(ranges[2 * k]), float(ranges[2 * k + 1])
        else:
            col = flat[:, k]
            lo, hi = col.min(), col.max()
        edges.append(linspace(lo, hi, int(b) + 1, dtype=x.dtype))
    sizes = [e.shape[0] - 1 if isinstance(b, TensorMethods) else int(b) for b, e in zip(bins, edges)]
    hist = apply(Histogramdd, flat, weights, edges, density=bool(density), bins=sizes)
    return hist, edges


__all__ = ["histogram_bin_edges", "histogramdd"]

METHODS = {"histogram_bin_edges": histogram_bin_edges, "histogramdd": histogramdd}
