"""paddle.nn.functional common functions: linear, bilinear, the dropouts, cosine_similarity, label_smooth,
class_center_sample. (interpolate / unfold / pad live in the resample family.)"""
import warnings

import numpy as np

from ... import tensor as _T
from ..._core.dispatch import AMP, apply
from ..._core.methods import TensorMethods
from ..._core.mode import STATE
from ..._core.tensor import Tensor
from ...ops import elementwise as _E
from ...ops import nn_common as _NC
from ...tensor.math_unary import kernel_error as _kernel_error
from ...tensor.math_unary import need_tensor as _need_tensor
from ...tensor.math_unary import write_out as _write_out
from ._param_alias import param_alias


def linear(x, weight, bias=None, name=None):
    """x @ weight + bias, with weight of shape [in_features, out_features].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.ones([3, 2])
            >>> weight = paddle.full([2, 4], 0.5)
            >>> bias = paddle.ones([4])
            >>> F.linear(x, weight, bias)
            Tensor(shape=[3, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[2., 2., 2., 2.],
                    [2., 2., 2., 2.],
                    [2., 2., 2., 2.]])
    """
    if not STATE.static:
        # the common case runs as one fused op: a matmul and an in-place bias add
        try:
            xd, wd = x._data, weight._data
            bd = None if bias is None else bias._data
        except AttributeError:
            xd = None
        same = AMP.active is not None or (xd is not None and xd.dtype == wd.dtype)  # auto_cast: linear is white
        if (xd is not None and xd.ndim >= 2 and wd.ndim == 2 and same and xd.dtype.kind == "f"
                and xd.shape[-1] == wd.shape[0]
                and (bd is None or (bd.ndim == 1 and (bd.dtype == xd.dtype or AMP.active is not None)
                                    and bd.shape[0] == wd.shape[1]))):
            return apply(_NC.Linear, x, weight, bias)
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "linear")
    if not isinstance(weight, TensorMethods):
        _need_tensor(weight, "linear", "weight", 1)
    _linear_checks(x, weight)
    out = _T.matmul(x, weight)
    if bias is not None:
        if not isinstance(bias, TensorMethods):
            _need_tensor(bias, "linear", "bias", 2)
        out = apply(_E.ElementwiseAdd, out, bias, axis=-1) if STATE.static else _T.add(out, bias)
    return out


def _linear_checks(x, weight):
    """Paddle's errors for mismatched operands of linear (the fused path only sees valid ones)."""
    if x.dtype is not weight.dtype and AMP.active is None:  # auto_cast reconciles the dtypes in dispatch
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({weight.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container.")
    xs, ws = list(x.shape), list(weight.shape)
    if len(xs) >= 2 and len(ws) == 2 and xs[-1] != ws[0] and -1 not in (xs[-1], ws[0]):
        n = len(xs) - 1
        raise ValueError(
            f"(InvalidArgument) In operator matmul, the [{n}] dimension of Input(X) must be equal to the [0] "
            f"dimension of Input(Y). But receiving the [{n}]dimension of Input(X) is [{xs[-1]}], and the [0] "
            f"dimension of Input(Y) is [{ws[0]}].")


def bilinear(x1, x2, weight, bias=None, name=None):
    """out[b, k] = x1[b] @ weight[k] @ x2[b] + bias[0, k].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x1 = paddle.ones([2, 3])
            >>> x2 = paddle.ones([2, 4])
            >>> w = paddle.ones([5, 3, 4])
            >>> F.bilinear(x1, x2, w).shape
            paddle.Size([2, 5])
    """
    for i, (t, arg) in enumerate(((x1, "x"), (x2, "y"), (weight, "weight"))):
        if not isinstance(t, TensorMethods):
            _need_tensor(t, "bilinear", arg, i)
    if len(x1.shape) != 2 or len(x2.shape) != 2 or len(weight.shape) != 3:
        raise ValueError(
            "(InvalidArgument) bilinear: the input X and Y must be 2-D and Weight 3-D, but received X shape "
            f"{list(x1.shape)}, Y shape {list(x2.shape)}, Weight shape {list(weight.shape)}.")
    if x1.shape[1] != weight.shape[1] or x2.shape[1] != weight.shape[2]:
        raise ValueError(
            "(InvalidArgument) bilinear: the second dimension of X and Y must equal the second and third "
            f"dimensions of Weight, but received X shape {list(x1.shape)}, Y shape {list(x2.shape)}, Weight shape "
            f"{list(weight.shape)}.")
    if bias is not None and (len(bias.shape) != 2 or bias.shape[0] != 1):
        raise ValueError("(InvalidArgument) The Input(Bias) must be a 2-D tensor with the 2nd dimension fixed to 1 "
                         "(a row vector).")
    return apply(_NC.BilinearTensorProduct, x1, x2, weight, bias)


# -- dropout -------------------------------------------------------------------------------------------------
def _check_p(p):
    if not isinstance(p, (float, int, TensorMethods)) or isinstance(p, bool):
        raise TypeError("p argument should be a number or Variable")


@param_alias(input="x")
def dropout(x, p=0.5, axis=None, training=True, inplace=False, mode="upscale_in_train", name=None):
    """Zero elements with probability p while training (mask from the global generator, see
    paddle.seed). mode 'upscale_in_train' scales the kept ones by 1/(1-p); 'downscale_in_infer'
    scales by (1-p) at inference instead. With `axis`, whole slices share one mask value.

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
        out = apply(_NC.Dropout, x, None, dropout_prob=float(p), is_test=not training, dropout_implementation=impl,
                    seed=seed or 0, fix_seed=seed is not None)[0]
        if inplace:
            return _into(x, out)
        return out
    return _axis_dropout(x, p, axis, training, mode)


def _program_seed():
    """The main program's random_seed when set (Paddle's dropout then uses a fixed stream)."""
    try:
        from ...static import default_main_program
        s = default_main_program().random_seed
    except (ImportError, AttributeError):
        return None
    return s if s else None


def _into(x, out):
    """Make x take over out's value and graph position (the in-place forms)."""
    if not STATE.static and x._node is None and not x.stop_gradient and STATE.grad_enabled:
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


# -- similarity / labels -------------------------------------------------------------------------------------
def cosine_similarity(x1, x2, axis=1, eps=1e-8):
    """sum(x1 * x2) / sqrt(max(sum(x1^2) * sum(x2^2), eps^2)) along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x1 = paddle.to_tensor([[1., 0.], [1., 1.]])
            >>> x2 = paddle.to_tensor([[1., 0.], [-1., -1.]])
            >>> F.cosine_similarity(x1, x2, axis=1)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [ 1., -1.])
    """
    if x1.shape[axis] == 0 or x2.shape[axis] == 0:
        return _T.sum(_T.multiply(x1, x2), axis=axis)
    bs = _T.broadcast_shape([x1.shape[axis]], [x2.shape[axis]])
    w12 = _T.sum(_T.multiply(x1, x2), axis=axis)
    w1 = _T.sum(_T.multiply(x1, x1), axis=axis)
    w2 = _T.sum(_T.multiply(x2, x2), axis=axis)
    m1, m2 = bs[0] / x1.shape[axis], bs[0] / x2.shape[axis]
    if m1 != 1:
        w1 = w1 * m1
    if m2 != 1:
        w2 = w2 * m2
    n12 = _T.sqrt(_T.clip(w1 * w2, min=eps * eps))
    return w12 / n12


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior (uniform 1/num_classes without prior_dist).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> label = paddle.to_tensor([[0., 1., 0.]])
            >>> F.label_smooth(label, epsilon=0.1)
            Tensor(shape=[1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.03333334, 0.93333334, 0.03333334]])
    """
    if epsilon > 1.0 or epsilon < 0.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    if not isinstance(label, TensorMethods):
        _need_tensor(label, "label_smooth", "label")
    if not label.dtype.is_floating:
        raise _kernel_error("label_smooth", label.dtype, "float64, float32")
    return apply(_NC.LabelSmooth, label, prior_dist, epsilon=float(np.float32(epsilon)))


def class_center_sample(label, num_classes, num_samples, group=None):
    """Sample class centers for PartialFC: every positive class in label plus random negatives up to
    num_samples; returns (label remapped into the sampled list, the sampled class ids).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> label = paddle.to_tensor([3, 1, 3], dtype='int64')
            >>> remapped, sampled = F.class_center_sample(label, 10, 2)
            >>> remapped
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 0, 1])
            >>> sampled
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 3])
    """
    from ..._core.generator import rng
    if not isinstance(label, TensorMethods):
        _need_tensor(label, "class_center_sample", "label")
    if label.dtype.name not in ("int32", "int64"):
        raise TypeError(f"The data type of 'label' in class_center_sample must be int32 or int64, but received "
                        f"{label.dtype.name}.")
    if num_samples > num_classes:
        raise ValueError(f"Expected num_samples less than or equal to {num_classes}, got num_samples {num_samples}")
    lab = label.numpy().reshape(-1)
    if lab.size and (lab.min() < 0 or lab.max() >= num_classes):
        raise ValueError(f"(InvalidArgument) The value of label should be in [0, {num_classes}).")
    pos = np.unique(lab)
    sampled = pos
    if pos.size < num_samples:
        rest = np.setdiff1d(np.arange(num_classes), pos)
        neg = rng().permutation(rest)[:num_samples - pos.size]
        sampled = np.concatenate([pos, neg])
    remap = np.searchsorted(pos, lab)
    dt = label.numpy().dtype
    return (Tensor(remap.astype(dt).reshape(label.shape)), Tensor(sampled.astype(dt)))


__all__ = ["linear", "bilinear", "dropout", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout",
           "feature_alpha_dropout", "cosine_similarity", "label_smooth", "class_center_sample"]

# Paddle keeps these in nn.functional.common: the same functions, for `from ...common import interpolate`
from .resample import fold, interpolate, pad, unfold, upsample, zeropad2d  # noqa: E402,F401
