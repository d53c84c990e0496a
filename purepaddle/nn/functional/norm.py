"""paddle.nn.functional normalisation: batch_norm, layer_norm, instance_norm, group_norm, normalize,
local_response_norm, rms_norm."""
import numbers

import numpy as np

from ... import tensor as _T
from ..._core.dispatch import apply, known_value
from ..._core.methods import TensorMethods
from ...ops.linalg import norms as _LA
from ...ops import norm as _N
from ...tensor._check import kernel_error as _kernel_error, need_tensor as _need_tensor
from ._param_alias import param_alias

_BN_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def _f32(v):
    """A float attribute as Paddle stores it (32-bit)."""
    return float(np.float32(v))


def _float_input(x, api):
    if not isinstance(x, TensorMethods):
        _need_tensor(x, api)
    if not x.dtype.is_floating:
        raise _kernel_error(api, x.dtype, "float64, float32")


@param_alias(input="x", dim="axis", eps="epsilon")
def normalize(x, p=2, axis=1, epsilon=1e-12, out=None, name=None):
    """x / max(||x||_p, epsilon) along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(6, dtype="float32").reshape([2, 3])
            >>> F.normalize(x, axis=0)
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.        , 0.24253564, 0.37139067],
                    [1.        , 0.97014254, 0.92847669]])
    """
    if not isinstance(p, (float, int)) or isinstance(p, bool):
        raise TypeError(f"The type of 'p' in normalize must be (float, int), but received {type(p).__name__}.")
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"The type of 'axis' in normalize must be int, but received {type(axis).__name__}.")
    _float_input(x, "p_norm")
    if len(x.shape) == 0:  # Paddle returns x / epsilon for axis 1 and segfaults for axis -1 (conformance.md)
        raise ValueError(f"(InvalidArgument) normalize needs x with at least 1 dimension: a 0-D x has no axis "
                         f"{axis} to normalize along.")
    if len(x.shape) == 1 and axis not in (0, -1):
        raise ValueError(f"Axis must be 0 or -1 when x is a 1-D tensor, but received axis = {axis}")
    nrm = apply(_LA.PNorm, x, porder=float(p), axis=axis, epsilon=_f32(epsilon), keepdim=True, asvector=False)
    ret = x / _T.maximum(nrm, _T.full([1], epsilon, dtype=x.dtype))
    if out is not None:
        _T.assign(ret, out)
        return out
    return ret


def batch_norm(x, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.9, epsilon=1e-05,
               data_format="NCHW", use_global_stats=None, name=None):
    """Batch normalisation: batch statistics while training (moving running_mean / running_var by
    momentum in place), the running statistics otherwise (or when use_global_stats).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12, dtype="float32").reshape([2, 1, 2, 3])
            >>> mean = paddle.to_tensor([0.], dtype="float32")
            >>> var = paddle.to_tensor([1.], dtype="float32")
            >>> w = paddle.to_tensor([2.], dtype="float32")
            >>> b = paddle.to_tensor([1.], dtype="float32")
            >>> paddle.nn.functional.batch_norm(x, mean, var, w, b)[0, 0, 0]
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.        , 2.99998999, 4.99997997])
    """
    assert len(x.shape) >= 2, "input dim must be larger than 1"
    if data_format not in _BN_FORMATS:
        raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', "
                         f"'NLC', 'NHWC', 'NDHWC' but receive {data_format}")
    _float_input(x, "batch_norm")
    data_format = "NCHW" if data_format[1] == "C" else "NHWC"
    if use_global_stats is None:
        use_global_stats = not training
        trainable_statistics = False
    else:
        trainable_statistics = not use_global_stats
    c = x.shape[-1] if data_format == "NHWC" else x.shape[1]
    if c >= 0:
        for t, arg in ((weight, "scale"), (bias, "bias")):
            if t is not None and list(t.shape) != [c]:
                raise ValueError(f"(InvalidArgument) ShapeError: the shape of {arg} must equal to [{c}]But "
                                 f"received: the shape of {arg} is {list(t.shape)}")
        for t, arg in ((running_mean, "mean"), (running_var, "variance")):
            if list(t.shape)[:1] != [c]:
                raise ValueError(
                    f"(InvalidArgument) The first dimension of {arg} must equal to the number of Channels, which is "
                    f"[{c}]. But received: the first dimension of {arg} is [{list(t.shape)[0]}], the dimensions of "
                    f"{arg} is {list(t.shape)}.")
    outs = apply(_N.BatchNorm, x, weight, bias, running_mean, running_var, momentum=_f32(momentum),
                 epsilon=_f32(epsilon), is_test=not training, data_layout=data_format,
                 use_global_stats=bool(use_global_stats), trainable_statistics=bool(trainable_statistics),
                 fuse_with_relu=False)
    _update_running(outs, running_mean, running_var)
    return outs[0]


def _update_running(outs, running_mean, running_var):
    """MeanOut / VarianceOut share memory with the running statistics, as in Paddle."""
    if known_value(running_mean) is None:  # in the program: the op writes the running variables by name
        from ...static import default_main_program
        op = default_main_program().current_block().ops[-1]
        op.outputs["MeanOut"] = [running_mean.name]
        op.outputs["VarianceOut"] = [running_var.name]
        return
    for t, new in ((running_mean, outs[1]), (running_var, outs[2])):
        if t._data is not new._data:
            d = t._data
            if d.flags.writeable and d.shape == new._data.shape:
                np.copyto(d, new._data)
            else:
                t._data = new._data
            t._version += 1


@param_alias(input="x", eps="epsilon")
def layer_norm(x, normalized_shape, weight=None, bias=None, epsilon=1e-05, name=None):
    """Normalise over the trailing dims given by normalized_shape, then scale by weight and shift by bias.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [2., 4., 6.]])
            >>> paddle.nn.functional.layer_norm(x, 3)
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-1.22473562,  0.        ,  1.22473562],
                    [-1.22474265,  0.        ,  1.22474265]])
    """
    _float_input(x, "layer_norm")
    shape = list(x.shape)
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    elif isinstance(normalized_shape, tuple):
        normalized_shape = list(normalized_shape)
    elif not isinstance(normalized_shape, list):
        raise ValueError("`normalized_shape` should be int, list of ints or tuple of ints.")
    begin = len(shape) - len(normalized_shape)
    if begin < 0 or [int(d) for d in shape[begin:]] != [int(d) for d in normalized_shape]:
        s = str(normalized_shape)
        raise ValueError(f"Given normalized_shape is {s}, expected input with shape [*, {s[1:]}, but got input shape "
                         f"{shape}")
    n = int(np.prod(normalized_shape)) if normalized_shape else 1
    for t, arg in ((weight, "Scale"), (bias, "Bias")):
        if t is not None and len(t.shape) != 1:  # Paddle takes the flattened [prod(normalized_shape)] only
            raise ValueError(f"(InvalidArgument) The dimensions of Input({arg}) must be 1, but received dimensions "
                             f"of Input({arg}) is [{len(t.shape)}]")
        if t is not None and int(np.prod(t.shape)) != n:
            raise ValueError(
                f"(InvalidArgument) The first dimension value of Input({arg}) must equal to be the second dimension "
                f"value of the flattened 2D matrix of Input(X), But received the first dimension value of "
                f"Input({arg}) is [{t.shape[0] if t.shape else 1}], the second dimension value of the flattened 2D "
                f"matrix of  Input({arg}) is [{n}].")
    return apply(_N.LayerNorm, x, weight, bias, epsilon=_f32(epsilon), begin_norm_axis=begin)[0]


def instance_norm(x, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.9, eps=1e-05, data_format="NCHW", name=None):
    """Normalise each (sample, channel) over its spatial dims.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[[1., 2., 3.], [2., 2., 2.]]])
            >>> paddle.nn.functional.instance_norm(x)
            Tensor(shape=[1, 2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[-1.22473562,  0.        ,  1.22473562],
                     [ 0.        ,  0.        ,  0.        ]]])
    """
    _float_input(x, "instance_norm")
    if len(x.shape) < 3 and len(x.shape) != 2:
        raise ValueError(f"(InvalidArgument) instance_norm expects an input of rank >= 2, but received {len(x.shape)}")
    return apply(_N.InstanceNorm, x, weight, bias, epsilon=_f32(eps))[0]


def group_norm(*args, **kwargs):
    """Normalise each sample over groups of channels: group_norm(x, num_groups, epsilon=1e-05, weight=None,
    bias=None, data_format='NCHW') or the torch order group_norm(input, num_groups, weight, bias, eps).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(8, dtype="float32").reshape((1, 4, 2))
            >>> paddle.nn.functional.group_norm(x, num_groups=2, data_format='NCL')
            Tensor(shape=[1, 4, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[-1.34163547, -0.44721183],
                     [ 0.44721183,  1.34163547],
                     [-1.34163547, -0.44721183],
                     [ 0.44721183,  1.34163547]]])
    """
    n = len(args)
    if n + len(kwargs) < 2:
        raise TypeError(
            f"Too few arguments in the function call: {n}, {len(kwargs)}. Expect one of: \n"
            " - (Tensor input, int num_groups, Tensor weight = None, Tensor bias = None, float eps = 1e-05)\n"
            " - (Tensor x, int num_groups, float epsilon = 1e-05, Tensor weight = None, Tensor bias = None, "
            "DataLayout1D | DataLayout2D | DataLayout3D data_format = 'NCHW', str | None name = None)")

    def put(key, value):
        if key in kwargs:
            raise TypeError(f"got multiple values for argument '{key}'")
        kwargs[key] = value

    if "input" in kwargs:
        put("x", kwargs.pop("input"))
    if "eps" in kwargs:
        put("epsilon", kwargs.pop("eps"))
    if n >= 3 and not isinstance(args[2], float):
        for i, key in enumerate(("weight", "bias", "epsilon")[:n - 2]):
            put(key, args[i + 2])
        args = args[:2]
    return _group_norm(*args, **kwargs)


def _group_norm(x, num_groups, epsilon=1e-05, weight=None, bias=None, data_format="NCHW", name=None):
    if data_format not in ("NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
        raise ValueError("unsupported data layout:" + data_format)
    _float_input(x, "group_norm")
    layout = "NCHW" if data_format[1] == "C" else "NHWC"
    c = x.shape[-1] if layout == "NHWC" else x.shape[1]
    if num_groups <= 0 or (c > 0 and c % num_groups):
        raise ValueError(
            "(InvalidArgument) Expected number of channels in input to be divisible by num_groups, but got input "
            f"channel is {c} and num_groups is {num_groups}")
    return apply(_N.GroupNorm, x, weight, bias, epsilon=_f32(epsilon), groups=int(num_groups), data_layout=layout)[0]


def local_response_norm(x, size, alpha=1e-4, beta=0.75, k=1.0, data_format="NCHW", name=None):
    """x / (k + alpha * mean of x^2 over `size` neighbouring channels) ** beta.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.rand(shape=(3, 3, 112, 112), dtype="float32")
            >>> paddle.nn.functional.local_response_norm(x, size=5).shape
            paddle.Size([3, 3, 112, 112])
    """
    if data_format not in ("NCL", "NLC", "NCHW", "NHWC", "NCDHW", "NDHWC"):
        raise ValueError(f"data_format should be in one of [NCL, NCHW, NCDHW, NLC, NHWC, NDHWC], but got {data_format}")
    sizes = x.shape
    dim = len(sizes)
    if dim < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input, but got {dim} dimensions")
    for i, sz in enumerate(sizes):
        if not sz > 0 and i > 0:
            raise ValueError(f"Expected every dim's size to be larger than 0, but the size of the {i}-th dim is {sz}")
    _float_input(x, "local_response_norm")
    axis = dim - 1 if data_format[-1] == "C" else 1
    c = sizes[axis]
    sq = x * x
    pad_shape = list(sizes)
    lo, hi = size // 2, (size - 1) // 2
    parts = []
    if lo:
        pad_shape[axis] = lo
        parts.append(_T.zeros(pad_shape, dtype=x.dtype))
    parts.append(sq)
    if hi:
        pad_shape[axis] = hi
        parts.append(_T.zeros(pad_shape, dtype=x.dtype))
    padded = _T.concat(parts, axis=axis) if len(parts) > 1 else sq
    # the window sum over channels, from `size` shifted slices
    win = None
    for s in range(size):
        piece = _T.slice(padded, axes=[axis], starts=[s], ends=[s + c])
        win = piece if win is None else win + piece
    div = _T.scale(win, scale=alpha / size, bias=k)
    return _T.divide(x, _T.pow(div, beta))


def rms_norm(input, normalized_shape, weight=None, eps=1e-05, name=None):  # noqa: A002
    """x / sqrt(mean(x^2 over the trailing normalized_shape dims) + eps) * weight; returns (out, invvar).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> out, invvar = paddle.nn.functional.rms_norm(paddle.ones([2, 4]), [4])
            >>> out.shape, invvar.shape
            (paddle.Size([2, 4]), paddle.Size([2]))
    """
    _float_input(input, "rms_norm")
    if isinstance(normalized_shape, numbers.Integral):
        normalized_shape = [normalized_shape]
    nd = len(normalized_shape)
    axes = list(range(len(input.shape) - nd, len(input.shape)))
    ms = _T.mean(input * input, axis=axes, keepdim=True)
    inv = _T.rsqrt(ms + eps)
    out = input * inv
    if weight is not None:
        out = out * weight
    return out, inv.reshape([-1]).astype("float32")


__all__ = ["normalize", "batch_norm", "layer_norm", "instance_norm", "group_norm", "local_response_norm", "rms_norm"]
