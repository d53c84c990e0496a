"""The torch-signature functions of paddle.compat: max/min with dim and named-tuple results, sort, split by sizes,
unique, median/nanmedian, equal, slogdet and seed."""
from typing import NamedTuple

import numpy as np

from .. import tensor as T
from .._core import dtype as _dt
from .._core.tensor import Tensor
from ..framework import random as _random
from ..tensor.linalg.decomposition import slogdet as _slogdet
from ._keywords import forbid_keywords

__all__ = ["slogdet", "sort", "split", "min", "max", "median", "nanmedian", "unique", "equal", "seed"]


class MinMaxRetType(NamedTuple):
    values: Tensor
    indices: Tensor


class MedianRetType(NamedTuple):
    values: Tensor
    indices: Tensor


class SortRetType(NamedTuple):
    values: Tensor
    indices: Tensor


class SlogdetResult(NamedTuple):
    sign: Tensor
    logabsdet: Tensor


def _check_out(out, multiple):
    if out is None:
        return
    if multiple:
        if not isinstance(out, (tuple, list)) or len(out) != 2:
            raise TypeError(f"Expected a list or tuple of two tensors, got {type(out)} instead.")
        if not (isinstance(out[0], Tensor) and isinstance(out[1], Tensor)):
            raise TypeError(f"Expected Tensor type in the tuple/list, got ({type(out[0])}, {type(out[1])}) "
                            "instead.")
    elif not isinstance(out, Tensor):
        raise TypeError(f"Expected a Tensor, got {type(out)} instead.")


def _write_out(res, out):
    if out is None:
        return res
    if isinstance(res, tuple):
        T.assign(res[0], out[0])
        T.assign(res[1], out[1])
        return type(res)(out[0], out[1])
    T.assign(res, out)
    return out


def _torch_common_dtype(a, b):
    """torch's promotion of two dtypes (what compat.equal compares in): ints and bool by numpy's rule, a float
    with an int gives the float, float16 with bfloat16 gives float32."""
    if a.is_floating or b.is_floating:
        if a.is_floating and b.is_floating:
            return _dt.promote(a, b)
        return a if a.is_floating else b
    return _dt.from_numpy(np.promote_types(a.np_dtype, b.np_dtype))


@forbid_keywords({"x", "y"}, "paddle.compat.equal", "paddle.equal")
def equal(input, other):  # noqa: A002
    """True when the two tensors have the same shape and elements (NaN never equals; dtypes are promoted first).

    Args:
        input (Tensor): a tensor.
        other (Tensor): a tensor.

    Returns:
        bool: whether they are equal.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.equal(paddle.to_tensor([1, 2]), paddle.to_tensor([1., 2.]))
        True
    """
    if input.dtype != other.dtype:
        common = _torch_common_dtype(input.dtype, other.dtype)
        input, other = input.astype(common), other.astype(common)
    return bool(T.equal_all(input, other).item())


def _median(fn, name, input, dim, keepdim, out):  # noqa: A002
    if dim is None:
        _check_out(out, False)
        return _write_out(fn(input, axis=None, keepdim=keepdim, mode="min"), out)
    _check_out(out, True)
    values, indices = fn(input, axis=dim, keepdim=keepdim, mode="min")
    if name == "nanmedian":  # torch gives index 0 to an all-NaN row (Paddle -1)
        indices = T.maximum(indices, T.zeros_like(indices))
    return _write_out(MedianRetType(values, indices), out)


@forbid_keywords({"x", "axis"}, "paddle.compat.median", "paddle.median")
def median(input, dim=None, keepdim=False, *, out=None):  # noqa: A002
    """torch.median: the lower median of all elements, or (values, indices) along dim.

    Args:
        input (Tensor): the input.
        dim (int, optional): the dim to reduce (None: all elements, a Tensor result).
        keepdim (bool): keep the reduced dim.
        out (Tensor|tuple, optional): where to write the result.

    Returns:
        Tensor|MedianRetType: the median, or the named tuple (values, indices).

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[1, 5, 2], [4, 3, 6]])
        >>> paddle.compat.median(x, dim=1).values.numpy().tolist()
        [2, 4]
    """
    return _median(T.median, "median", input, dim, keepdim, out)


@forbid_keywords({"x", "axis"}, "paddle.compat.nanmedian", "paddle.nanmedian")
def nanmedian(input, dim=None, keepdim=False, *, out=None):  # noqa: A002
    """torch.nanmedian: median ignoring NaN (an all-NaN row gives NaN at index 0).

    Args:
        input (Tensor): the input.
        dim (int, optional): the dim to reduce (None: all elements).
        keepdim (bool): keep the reduced dim.
        out (Tensor|tuple, optional): where to write the result.

    Returns:
        Tensor|MedianRetType: the median, or (values, indices).

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[1., float('nan'), 3.], [4., 5., 6.]])
        >>> paddle.compat.nanmedian(x, dim=1).values.numpy().tolist()
        [1.0, 5.0]
    """
    return _median(T.nanmedian, "nanmedian", input, dim, keepdim, out)


def seed():
    """Seed the generator with a fresh non-deterministic 64-bit number and return it.

    Returns:
        int: the seed used.

    Examples:
        >>> import purepaddle as paddle
        >>> isinstance(paddle.compat.seed(), int)
        True
    """
    s = int(np.random.SeedSequence().entropy % (2 ** 63))
    _random.seed(s)
    return s


def _min_max_args(func_name, args, kwargs):
    """(dim or other, keepdim) from torch's overloads: (), (dim[, keepdim]), (other)."""
    def bad(prefix=""):
        sig = ", ".join([type(v).__name__ for v in args] + [f"{k}={type(v).__name__}" for k, v in kwargs.items()])
        return TypeError(f"Invalid arguments for `paddle.compat.{func_name}`:\n{prefix}Got: (paddle.Tensor input, "
                         f"{sig}), but expect one of:\n - (input: paddle.Tensor) for reduce_{func_name} on all "
                         f"dims.\n - (input: paddle.Tensor, other: paddle.Tensor) -> see paddle.{func_name}imum\n"
                         " - (input: paddle.Tensor, int dim (cannot be None), bool keepdim = False)\n")

    def get(key):
        if key not in kwargs:
            raise bad()
        return kwargs[key]

    n = len(args) + len(kwargs)
    dim_or_other, keepdim = None, False
    if n > 2:
        raise bad()
    if n == 2:
        if len(args) == 2:
            dim_or_other, keepdim = args
        elif len(args) == 1:
            dim_or_other, keepdim = args[0], get("keepdim")
        else:
            dim_or_other, keepdim = get("dim"), get("keepdim")
        if dim_or_other is None or isinstance(dim_or_other, Tensor):
            raise bad()
    elif n == 1:
        if args:
            dim_or_other = args[0]
        elif "dim" in kwargs:
            dim_or_other = kwargs["dim"]
        elif "other" in kwargs:
            dim_or_other = kwargs["other"]
            if not isinstance(dim_or_other, Tensor):
                raise bad()
        if dim_or_other is None:
            raise bad()
    if dim_or_other is not None and not isinstance(dim_or_other, Tensor) and type(dim_or_other) is not int:
        raise bad(f"The second input must be int or Tensor or implicit None in compat.{func_name}, but received "
                  f"{type(dim_or_other)}.\n")
    return dim_or_other, keepdim


def _min_max(func_name, input, args, kwargs, out):  # noqa: A002
    if not isinstance(input, Tensor):
        raise TypeError(f"input should be a tensor, but got an instance with type '{type(input).__name__}'")
    if input.dtype in (_dt.int32, _dt.int64, _dt.uint8, _dt.int16) and not input.stop_gradient:
        raise TypeError(f"Tensors with integral type: '{input.dtype}' should stop gradient.")
    dim_or_other, keepdim = _min_max_args(func_name, args, kwargs)
    if dim_or_other is None:
        _check_out(out, False)
        res = (T.max if func_name == "max" else T.min)(input)
    elif isinstance(dim_or_other, int):
        _check_out(out, True)
        if input.ndim == 0:
            res = MinMaxRetType(input, T.zeros([], dtype="int64"))
        else:
            if input.dtype in (_dt.float16, _dt.bfloat16, _dt.int16):
                raise TypeError(f"Non-CUDA GPU placed Tensor does not have '{input.dtype}' op registered.\n"
                                "Paddle support following DataTypes: int32, int64, float64, float32, uint8")
            arg = T.argmax if func_name == "max" else T.argmin
            indices = arg(input, axis=dim_or_other, keepdim=True)
            values = T.take_along_axis(input, indices, axis=dim_or_other)
            if not keepdim:
                values, indices = values.squeeze(dim_or_other), indices.squeeze(dim_or_other)
            res = MinMaxRetType(values, indices)
    else:
        _check_out(out, False)
        res = (T.maximum if func_name == "max" else T.minimum)(input, dim_or_other)
    return _write_out(res, out)


@forbid_keywords({"x", "axis"}, "paddle.compat.min", "paddle.min")
def min(input, *args, out=None, **kwargs):  # noqa: A001,A002
    """torch.min: the minimum of all elements; (values, indices) along an int dim; or the elementwise minimum
    with another tensor.

    Args:
        input (Tensor): the input.
        *args: nothing, `dim[, keepdim]`, or `other`.
        out (Tensor|tuple, optional): where to write the result.
        **kwargs: dim, keepdim or other by name.

    Returns:
        Tensor|MinMaxRetType: the result.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[1., 5.], [4., 3.]])
        >>> r = paddle.compat.min(x, 1)
        >>> r.values.numpy().tolist(), r.indices.numpy().tolist()
        ([1.0, 3.0], [0, 1])
    """
    return _min_max("min", input, args, kwargs, out)


@forbid_keywords({"x", "axis"}, "paddle.compat.max", "paddle.max")
def max(input, *args, out=None, **kwargs):  # noqa: A001,A002
    """torch.max: the maximum of all elements; (values, indices) along an int dim; or the elementwise maximum
    with another tensor.

    Args:
        input (Tensor): the input.
        *args: nothing, `dim[, keepdim]`, or `other`.
        out (Tensor|tuple, optional): where to write the result.
        **kwargs: dim, keepdim or other by name.

    Returns:
        Tensor|MinMaxRetType: the result.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[1., 5.], [4., 3.]])
        >>> paddle.compat.max(x, dim=0, keepdim=True).values.numpy().tolist()
        [[4.0, 5.0]]
    """
    return _min_max("max", input, args, kwargs, out)


def slogdet(x, out=None):
    """(sign, log|det|) of square matrices, as a named tuple (torch.linalg.slogdet).

    Args:
        x (Tensor): [..., n, n].
        out (tuple, optional): where to write the two results.

    Returns:
        SlogdetResult: (sign, logabsdet).

    Examples:
        >>> import purepaddle as paddle
        >>> r = paddle.compat.slogdet(paddle.to_tensor([[2., 0.], [0., -3.]]))
        >>> r.sign.item(), round(r.logabsdet.item(), 4)
        (-1.0, 1.7918)
    """
    res = _slogdet(x)  # Paddle's form stacks (sign, logabsdet) on a new first dim
    sign, logabsdet = res[0], res[1]
    return _write_out(SlogdetResult(sign, logabsdet), out)


@forbid_keywords({"x", "axis"}, "paddle.compat.sort", "paddle.sort")
def sort(input, dim=-1, descending=False, stable=False, out=None):  # noqa: A002
    """torch.sort: (values, indices) sorted along dim.

    Args:
        input (Tensor): the input.
        dim (int): the dim to sort along.
        descending (bool): largest first.
        stable (bool): keep the order of equal elements.
        out (tuple, optional): where to write the two results.

    Returns:
        SortRetType: (values, indices).

    Examples:
        >>> import purepaddle as paddle
        >>> r = paddle.compat.sort(paddle.to_tensor([3, 1, 2]))
        >>> r.values.numpy().tolist(), r.indices.numpy().tolist()
        ([1, 2, 3], [1, 2, 0])
    """
    _check_out(out, True)
    indices = T.argsort(input, axis=dim, descending=descending, stable=stable)
    values = T.take_along_axis(input, indices, axis=dim)
    return _write_out(SortRetType(values, indices), out)


@forbid_keywords({"x", "axis"}, "paddle.compat.unique", "paddle.unique")
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):  # noqa: A002
    """torch.unique: the distinct values (and optionally inverse indices and counts).

    Args:
        input (Tensor): the input.
        sorted (bool): sort the result (it always is, as in Paddle).
        return_inverse (bool): also return where each element went.
        return_counts (bool): also return each value's count.
        dim (int, optional): unique slices along dim (None: flattened).

    Returns:
        Tensor|tuple: the values, then the inverse and counts when asked.

    Examples:
        >>> import purepaddle as paddle
        >>> paddle.compat.unique(paddle.to_tensor([2, 1, 2])).numpy().tolist()
        [1, 2]
    """
    return T.unique(input, return_inverse=return_inverse, return_counts=return_counts, axis=dim)


@forbid_keywords({"x", "num_or_sections", "axis", "name"}, "paddle.compat.split", "paddle.split")
def split(tensor, split_size_or_sections, dim=0):
    """torch.split: chunks of split_size (the last one smaller) or of the given sizes along dim.

    Args:
        tensor (Tensor): the input.
        split_size_or_sections (int|list[int]): one chunk size, or the sizes.
        dim (int): the dim to split.

    Returns:
        tuple[Tensor, ...]: the chunks.

    Examples:
        >>> import purepaddle as paddle
        >>> [t.shape[0] for t in paddle.compat.split(paddle.arange(5), 2)]
        [2, 2, 1]
    """
    ndim = len(tensor.shape)
    if isinstance(dim, Tensor):
        dim = int(dim.item())
    if dim < -ndim or dim >= ndim:
        raise ValueError(f"(InvalidArgument) The dim is expected to be in range of [-{ndim}, {ndim}), but got "
                         f"{dim}")
    dim = dim + ndim if dim < 0 else dim
    size = tensor.shape[dim]
    if isinstance(split_size_or_sections, (list, tuple)):
        sections = [int(s.item()) if isinstance(s, Tensor) else s for s in split_size_or_sections]
        for i, s in enumerate(sections):
            if s < 0:
                raise ValueError(f"paddle.compat.split expects split_sizes have only non-negative entries, but got "
                                 f"size = {s} on dim {i}")
        if sum(sections) != size:
            raise ValueError(f"Split sizes {sections} do not sum to the size {size} of dim {dim}")
    elif isinstance(split_size_or_sections, int):
        if split_size_or_sections <= 0:
            raise AssertionError("split_size_or_sections must be greater than 0.")
        full, rest = divmod(size, split_size_or_sections)
        sections = [split_size_or_sections] * full + ([rest] if rest else [])
    else:
        raise TypeError("The type of 'split_size_or_sections' in split must be int, list or tuple in imperative "
                        f"mode, but received {type(split_size_or_sections)}.")
    return tuple(T.split(tensor, sections, axis=dim))
