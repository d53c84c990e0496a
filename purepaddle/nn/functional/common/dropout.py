"""The dropouts of paddle.nn.functional.common: dropout, dropout1d/2d/3d, alpha_dropout,
feature_alpha_dropout (op in ops/common/dropout.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

import warnings

from .... import tensor as _T
from ...._core.dispatch import apply, known_value
from ...._core.methods import TensorMethods
from ...._core.mode import STATE
from ....ops import common as _C
from ....tensor._check import kernel_error as _kernel_error
from ....tensor._check import need_tensor as _need_tensor
from ....tensor._check import write_out as _write_out
from .._param_alias import param_alias


# -- dropout -------------------------------------------------------------------------------------------------
def _check_p(p):
    if not isinstance(p, (float, int, TensorMethods)) or isinstance(p, bool):
        raise TypeError("p argument should be a number or Variable")


@param_alias(input="x")
def dropout(x: Tensor, p: float | Tensor = 0.5, axis: int | Sequence[int] | None = None,
            training: bool = True, inplace: bool = False, mode: str = "upscale_in_train",
            name: str | None = None) -> Tensor:
    """Zero elements with probability p while training (mask from the global generator, see
    paddle.seed). mode 'upscale_in_train' scales the kept ones by 1/(1-p); 'downscale_in_infer'
    scales by (1-p) at inference instead. With `axis`, whole slices share one mask value.

    Args:
        x (Tensor): The input tensor.
        p (float|Tensor, optional): The probability that an element is zeroed. Default: 0.5.
        axis (int|Sequence[int]|None, optional): The axes along which the mask varies; None means every
            element. Default: None.
        training (bool, optional): Whether the layer is in training mode (dropout active) or evaluating.
            Default: True.
        inplace (bool, optional): Whether the input tensor is changed in place. Default: False.
        mode (str, optional): 'upscale_in_train' scales the kept values by 1/(1-p) while training;
            'downscale_in_infer' scales by (1-p) when not training. Default: "upscale_in_train".
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: `x` with dropped elements zeroed (unchanged when not training).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([2, 3])
            >>> F.dropout(x, p=0.5, training=False)
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 1., 1.],
                    [1., 1., 1.]])
    """
    _check_p(p)
    if isinstance(p, (int, float)):
        if p == 0:
            return x
        if p < 0 or p > 1:
            raise ValueError("p argument should between 0 and 1")
    else:
        p = float(p.item())
    if mode not in ("downscale_in_infer", "upscale_in_train"):
        raise ValueError("mode argument should be 'downscale_in_infer' or 'upscale_in_train'")
    if axis and not isinstance(axis, (int, list, tuple)):
        raise TypeError("datatype of axis argument should be int or list")
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "dropout")
    if not x.dtype.is_floating:
        raise _kernel_error("dropout", x.dtype, "float64, float16, float32, bfloat16")
    if axis is None:
        seed = _program_seed()
        impl = "downgrade_in_infer" if mode == "downscale_in_infer" else mode
        out = apply(_C.Dropout, x, None, dropout_prob=float(p), is_test=not training, dropout_implementation=impl,
                    seed=seed or 0, fix_seed=seed is not None)[0]
        if inplace:
            return _into(x, out)
        return out
    return _axis_dropout(x, p, axis, training, mode)


def _program_seed():
    """The main program's random_seed when set (Paddle's dropout then uses a fixed stream)."""
    try:
        from ....static import default_main_program
        s = default_main_program().random_seed
    except (ImportError, AttributeError):
        return None
    return s if s else None


def _into(x, out):
    """Make x take over out's value and graph position (the in-place forms)."""
    if known_value(x) is not None and x._node is None and not x.stop_gradient and STATE.grad_enabled:
        raise ValueError(
            f"(InvalidArgument) Leaf Var ({x.name}) that doesn't stop gradient can't use inplace strategy.")
    return _write_out(out, x)


def _axis_dropout(x, p, axis, training, mode):
    """dropout whose mask has size 1 outside `axis`: composed of framework ops as in Paddle."""
    if not training:
        return _T.scale(x, scale=1.0 - p) if mode == "downscale_in_infer" else x
    if p == 1:
        return _T.scale(x, scale=0.0)
    shape = list(x.shape)
    axes = [axis] if isinstance(axis, int) else list(axis)
    if min(axes) < 0 or max(axes) > len(shape) - 1:
        raise ValueError(f"axis value should be greater than or equal to 0 and less than dimensions of x:{len(shape)}, "
                         f"but get axis value:{max(axes)} ")
    if len(axes) > len(shape):
        raise ValueError(f"length of axis should not be greater than dimensions of x:{len(shape)}, but get length of "
                         f"axis: {len(axes)}")
    scaled = _T.scale(x, scale=1.0 / (1.0 - p)) if mode == "upscale_in_train" else x
    mask_shape = [shape[i] if i in axes else 1 for i in range(len(shape))]
    keep = _T.greater_equal(_T.uniform(mask_shape, dtype="float32", min=0.0, max=1.0),
                            _T.full([1], p, dtype="float32"))
    return _T.multiply(scaled, keep.astype(x.dtype))


def dropout1d(input, p=0.5, training=True, inplace=False):  # noqa: A002
    """Zero whole channels of a [C, L] or [N, C, L] input with probability p.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.dropout1d(paddle.ones([2, 3, 4]), p=0.5).shape
            paddle.Size([2, 3, 4])
    """
    if p < 0 or p > 1:
        raise ValueError(f"dropout probability must be in [0, 1], got {p}")
    nd = input.ndim
    if nd not in (2, 3):
        raise RuntimeError(f"dropout1d expects 2D or 3D input, got {nd}D")
    if inplace:
        warnings.warn("inplace=True is currently not supported in dropout1d and will be ignored. "
                      "This parameter is reserved for future implementation.")
    x = input.unsqueeze(0) if nd == 2 else input
    out = dropout(x, p=p, axis=1, training=training)
    return out.squeeze(0) if nd == 2 else out


def _feature_dropout(x, p, training, data_format, rank, formats, name):
    shape = x.shape
    if len(shape) != rank:
        raise ValueError(f"dimensions of x should be {rank}, but received {len(shape)} != {rank}")
    if data_format not in formats:
        raise ValueError(f"Attr(data_format) should be '{formats[0]}' or '{formats[1]}'. Received "
                         f"Attr(data_format): {data_format}.")
    return dropout(x, p=p, axis=[0, 1] if data_format == formats[0] else [0, rank - 1], training=training,
                   mode="upscale_in_train", name=name)


def dropout2d(x, p=0.5, training=True, data_format="NCHW", name=None):
    """Zero whole channels of an NCHW / NHWC input with probability p.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.dropout2d(paddle.ones([2, 3, 4, 5]), p=0.5, training=False).shape
            paddle.Size([2, 3, 4, 5])
    """
    return _feature_dropout(x, p, training, data_format, 4, ("NCHW", "NHWC"), name)


def dropout3d(x, p=0.5, training=True, data_format="NCDHW", name=None):
    """Zero whole channels of an NCDHW / NDHWC input with probability p.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.dropout3d(paddle.ones([1, 2, 3, 4, 5]), p=0.5).shape
            paddle.Size([1, 2, 3, 4, 5])
    """
    return _feature_dropout(x, p, training, data_format, 5, ("NCDHW", "NDHWC"), name)


_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _alpha_dropout(x, p, training, feature, name):
    """Alpha dropout (keeps SELU's mean and variance): dropped values become -alpha*scale, then an
    affine correction a * y + b."""
    if not isinstance(p, (float, int)) or isinstance(p, bool):
        raise TypeError("p argument should be a float or int")
    if p < 0 or p > 1:
        raise ValueError("p argument should between 0 and 1")
    if not training:
        return x
    if p == 1:
        return _T.scale(x, scale=0.0)
    alpha_p = -_SELU_ALPHA * _SELU_SCALE
    a = ((1 - p) * (1 + p * alpha_p ** 2)) ** -0.5
    b = -a * alpha_p * p
    if feature:
        if x.ndim < 2:
            raise ValueError("Feature alpha dropout needs at least 2D input.")
        shape = list(x.shape[:2]) + [1] * (len(x.shape) - 2)
    else:
        shape = list(x.shape)
    keep = _T.greater_equal(_T.uniform(shape, dtype="float32", min=0.0, max=1.0),
                            _T.full(shape, p, dtype="float32")).astype(x.dtype)
    y = _T.add(_T.multiply(x, keep), _T.scale(1.0 - keep, scale=alpha_p))
    return _T.add(_T.scale(y, scale=a), _T.full(shape, b, dtype=x.dtype))


def alpha_dropout(x, p=0.5, training=True, name=None):
    """Dropout for SELU networks: keeps the self-normalising mean and variance.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[-1., 1.], [-1., 1.]])
            >>> F.alpha_dropout(x, 0.5, training=False)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-1.,  1.],
                    [-1.,  1.]])
    """
    return _alpha_dropout(x, p, training, False, name)


def feature_alpha_dropout(x, p=0.5, training=True, name=None):
    """alpha_dropout with one mask value per (sample, channel).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.feature_alpha_dropout(paddle.ones([2, 3, 4]), 0.5).shape
            paddle.Size([2, 3, 4])
    """
    return _alpha_dropout(x, p, training, True, name)
