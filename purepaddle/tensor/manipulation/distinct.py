"""Distinct values: unique, unique_consecutive (paddle.*)."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ...ops.manipulation.distinct import Unique, UniqueConsecutive
from .._check import need_tensor_short_name


# -- unique ------------------------------------------------------------------------------
def _unique_args(x, axis, dtype, flags, api):
    need_tensor_short_name(x, api, "x", 0)
    for name, v in flags:
        if not isinstance(v, bool):
            raise TypeError(f"The type of '{name}' in {api} must be bool, but received {type(v).__name__}.")
    d = _dt.convert_dtype(dtype)
    if d not in (_dt.int32, _dt.int64):
        raise NotImplementedError(f"(Unimplemented) The 'dtype' of {api} must be int32 or int64, but received "
                                  f"{d.name}.")
    if axis is None:
        return [], d
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"(InvalidType) {api}(): argument 'axis' must be int or None, but got {type(axis).__name__}")
    nd = len(x.shape)
    if axis >= nd:
        raise ValueError(f"(InvalidArgument) The axis({axis}) should be less than the dimension size({nd}) of x.")
    if axis < -nd:
        raise ValueError(f"(InvalidArgument) The axis({axis}) + rank(x) ({nd}) should be greater than or equal to 0.")
    return [int(axis) % nd], d


def unique(x, return_index=False, return_inverse=False, return_counts=False, axis=None, dtype="int64",
           sorted=True, name=None):
    """The sorted unique values of x (flattened, or of its slices along `axis`), with optional index, inverse, counts.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2, 3, 3, 1, 5, 3])
            >>> paddle.unique(x)
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 3, 5])
            >>> _, inverse, counts = paddle.unique(x, return_inverse=True, return_counts=True)
            >>> inverse
            Tensor(shape=[6], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 2, 0, 3, 2])
            >>> counts
            Tensor(shape=[4], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 1, 3, 1])
    """
    ax, d = _unique_args(x, axis, dtype, (("return_index", return_index), ("return_inverse", return_inverse),
                                          ("return_counts", return_counts)), "unique")
    out, indices, inverse, counts = apply(Unique, x, dtype=d.proto, return_index=return_index,
                                          return_inverse=return_inverse, return_counts=return_counts, axis=ax,
                                          is_sorted=True)
    outs = [out] + [t for t, f in ((indices, return_index), (inverse, return_inverse), (counts, return_counts)) if f]
    return outs[0] if len(outs) == 1 else tuple(outs)


def unique_consecutive(x=None, return_inverse=False, return_counts=False, axis=None, dtype="int64", name=None,
                       **kwargs):
    """Collapse each run of equal consecutive values (of x flattened, or slices along `axis`) into one.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1, 1, 2, 2, 3, 1, 1, 2])
            >>> out, counts = paddle.unique_consecutive(x, return_counts=True)
            >>> out
            Tensor(shape=[5], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 2, 3, 1, 2])
            >>> counts
            Tensor(shape=[5], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [2, 2, 1, 2, 1])
    """
    if kwargs:
        x = kwargs.pop("input", x)
        axis = kwargs.pop("dim", axis)
        if kwargs:
            raise TypeError(f"unique_consecutive() got an unexpected keyword argument '{next(iter(kwargs))}'")
    ax, d = _unique_args(x, axis, dtype, (("return_inverse", return_inverse), ("return_counts", return_counts)),
                         "unique_consecutive")
    out, inverse, counts = apply(UniqueConsecutive, x, dtype=d.proto, return_inverse=return_inverse,
                                 return_counts=return_counts, axis=ax)
    outs = [out] + [t for t, f in ((inverse, return_inverse), (counts, return_counts)) if f]
    return outs[0] if len(outs) == 1 else tuple(outs)


__all__ = ["unique", "unique_consecutive"]

METHODS = {"unique": unique, "unique_consecutive": unique_consecutive}
