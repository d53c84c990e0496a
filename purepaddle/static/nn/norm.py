"""paddle.static.nn normalisation layers: instance_norm, group_norm, spectral_norm (legacy ops).

As in Paddle 3.3.1, instance_norm creates its scale and bias only when both param_attr and
bias_attr are given (truthy), and group_norm each one when its attr is truthy; with the default
None the op runs without them.
"""
import numbers

import numpy as np

from ..._core import dtype as _dt
from ...nn.initializer import Constant, Normal
from ...nn.param_attr import ParamAttr
from ...tensor._check import check_variable
from .layer_helper import LayerHelper, prod

__all__ = ["instance_norm", "group_norm", "spectral_norm"]

_NORM_DTYPES = ("float16", "bfloat16", "float32", "float64")


def _param_dtype(x):
    return _dt.float32 if x.dtype.name == "float16" else x.dtype


def instance_norm(input, epsilon=1e-05, param_attr=None, bias_attr=None, name=None):
    """Instance normalisation (`instance_norm` op): each (sample, channel) is normalised over its
    spatial dims; SavedMean/SavedVariance are `{name}.tmp_0/1`, the result `{name}.tmp_2`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[3, 7, 3, 7], dtype='float32')
            >>> y = paddle.static.nn.instance_norm(x)
            >>> print(y.name, y.shape)
            instance_norm_0.tmp_2 (3, 7, 3, 7)
            >>> paddle.disable_static()
    """
    check_variable(input, "input", "instance_norm", _NORM_DTYPES)
    if param_attr is False and bias_attr is not False:
        raise AssertionError("param_attr and bias_attr must be set to False at the same time in instance_norm")
    shape = list(input.shape)
    if not 2 <= len(shape) <= 5:
        raise ValueError(f"expected 2D or 3D or 4D or 5D input (got {len(shape)}D input, input shape is: "
                         f"{tuple(shape)})")
    helper = LayerHelper("instance_norm", name)
    d = _param_dtype(input)
    ins = {"X": [input]}
    if param_attr and bias_attr:
        ins["Scale"] = [helper.param(param_attr, [shape[1]], d, default_initializer=Constant(1.0))]
        ins["Bias"] = [helper.param(bias_attr, [shape[1]], d, is_bias=True, default_initializer=Constant(0.0))]
    saved_mean = helper.tmp(None, d, stop_gradient=True)
    saved_var = helper.tmp(None, d, stop_gradient=True)
    out = helper.tmp(None, d)
    helper.append_op("instance_norm", ins, {"Y": [out], "SavedMean": [saved_mean], "SavedVariance": [saved_var]},
                     {"epsilon": float(epsilon)})
    return out


def group_norm(input, groups, epsilon=1e-05, param_attr=None, bias_attr=None, act=None, data_layout="NCHW",
               name=None):
    """Group normalisation (`group_norm` op): channels split into `groups`, each (sample, group)
    normalised; Mean/Variance are [N, groups].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[2, 8, 32, 32], dtype='float32')
            >>> x = paddle.static.nn.group_norm(input=data, groups=4)
            >>> print(x.shape)
            (2, 8, 32, 32)
            >>> paddle.disable_static()
    """
    check_variable(input, "input", "group_norm", _NORM_DTYPES)
    shape = list(input.shape)
    if len(shape) < 2:
        raise ValueError(f"The dimensions of Op(static.nn.group_norm)'s input should be more than 1. But received "
                         f"{len(shape)}")
    if data_layout not in ("NCHW", "NHWC"):
        raise ValueError(f"Param(data_layout) of Op(static.nn.group_norm) got wrong value: received {data_layout} "
                         "but only NCHW or NHWC supported.")
    c = shape[1] if data_layout == "NCHW" else shape[-1]
    if not isinstance(groups, numbers.Integral) or groups <= 0 or (c > 0 and c % groups):
        raise ValueError(f"The number of channels ({c}) of Op(static.nn.group_norm)'s input must be divisible by "
                         f"groups, but received groups={groups}")
    helper = LayerHelper("group_norm", name)
    d = input.dtype
    ins = {"X": [input]}
    if param_attr:
        ins["Scale"] = [helper.param(param_attr, [c], d, default_initializer=Constant(1.0))]
    if bias_attr:
        ins["Bias"] = [helper.param(bias_attr, [c], d, is_bias=True)]
    mean = helper.var(d, stop_gradient=True)
    variance = helper.var(d, stop_gradient=True)
    out = helper.var(d)
    helper.append_op("group_norm", ins, {"Y": [out], "Mean": [mean], "Variance": [variance]},
                     {"epsilon": float(epsilon), "groups": int(groups), "data_layout": data_layout})
    return helper.act(out, act)


def spectral_norm(weight, dim=0, power_iters=1, eps=1e-12, name=None):
    """weight / sigma (`spectral_norm` op), sigma its largest singular value along `dim` (0 for fc
    weights, 1 for conv filters), estimated by power iteration from the non-trainable vectors
    `{name}.w_0` ([h]) and `{name}.w_1` ([w]), both N(0, 1) initially.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> weight = paddle.static.data(name='weight', shape=[2, 8, 32, 32], dtype='float32')
            >>> x = paddle.static.nn.spectral_norm(weight=weight, dim=1, power_iters=2)
            >>> print(x.shape)
            (2, 8, 32, 32)
            >>> paddle.disable_static()
    """
    check_variable(weight, "weight", "spectral_norm", ("float32", "float64"))
    for arg, value, kind in (("dim", dim, int), ("power_iters", power_iters, int), ("eps", eps, float)):
        if not isinstance(value, kind) or isinstance(value, bool):
            raise TypeError(f"The type of '{arg}' in spectral_norm must be {kind}, but received {type(value)}. ")
    shape = list(weight.shape)
    if 0 in shape:
        raise AssertionError("Any dimension of input cannot be equal to 0.")
    if dim not in (0, 1):
        raise ValueError(f"The input `dim` must be 0 (if weight in fc) or 1 (if weight in conv), but received "
                         f"dim={dim}")
    h = shape[dim]
    w = int(np.prod(shape)) // h
    if h < 0 or prod(shape) < 0:
        raise ValueError(f"spectral_norm needs a weight of known shape, but received {tuple(shape)}")
    helper = LayerHelper("spectral_norm", name)
    u = helper.param(ParamAttr(), [h], weight.dtype, default_initializer=Normal(0.0, 1.0))
    u.stop_gradient = True
    v = helper.param(ParamAttr(), [w], weight.dtype, default_initializer=Normal(0.0, 1.0))
    v.stop_gradient = True
    out = helper.var(weight.dtype)
    helper.append_op("spectral_norm", {"Weight": [weight], "U": [u], "V": [v]}, {"Out": [out]},
                     {"dim": dim, "power_iters": power_iters, "eps": float(eps)})
    return out
