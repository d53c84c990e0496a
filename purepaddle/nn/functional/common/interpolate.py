"""interpolate / upsample of paddle.nn.functional.common (ops in ops/common/interpolate.py)."""
import inspect
import numbers

import numpy as np

from ...._core import dtype as _dt
from ...._core.dispatch import apply
from ...._core.methods import TensorMethods
from ...._core.tensor import Tensor
from ....ops import common as R
from ....tensor._operand import cast
from ....tensor._check import check_float_input


_MODES = ("LINEAR", "BILINEAR", "TRILINEAR", "NEAREST", "BICUBIC", "AREA")
_FORMATS = {3: ("NCW", "NWC"), 4: ("NCHW", "NHWC"), 5: ("NCDHW", "NDHWC")}


def _check_mode(resample, ndim):
    if resample not in _MODES:
        raise ValueError("The 'resample' of image_resize can only be 'area', 'linear', 'bilinear', 'trilinear',  "
                         "'bicubic' or 'nearest' currently.")
    if resample == "LINEAR" and ndim != 3:
        raise ValueError("'linear' only support 3-D tensor.")
    if resample == "NEAREST" and ndim not in (4, 5):
        raise ValueError("'NEAREST' only support 4-D  or 5-D tensor.")
    if resample in ("BILINEAR", "BICUBIC") and ndim != 4:
        raise ValueError("'bilinear' and 'bicubic' only support 4-D tensor.")
    if resample == "TRILINEAR" and ndim != 5:
        raise ValueError("'trilinear'only support 5-D tensor.")


def _size_attrs(size, nd, attrs, inputs):
    """size (ints, Tensors, or a 1-D int Tensor) -> out_d/out_h/out_w attrs, or OutSize/SizeTensor inputs."""
    if isinstance(size, Tensor):
        size = [int(v) for v in size._data.reshape(-1)]
    elif isinstance(size, TensorMethods):  # a static Variable holding the sizes
        inputs["OutSize"] = cast(size, _dt.int32)
        return
    if not isinstance(size, (list, tuple)):
        raise TypeError("size should be a list or tuple or Variable.")
    values, dynamic = [], False
    for v in size:
        if isinstance(v, Tensor):
            v = int(v._data.reshape(-1)[0])
        elif isinstance(v, TensorMethods):
            dynamic = True
        elif v <= 0:
            raise AssertionError("Each dimension size given in out_shape must be greater than 0.")
        values.append(v)
    if len(values) != nd:
        raise ValueError(f"size length should be {nd} for input {nd + 2}-D tensor.")
    if dynamic:
        from ....tensor.creation.fill import full
        inputs["SizeTensor"] = [cast(v.reshape([1]), _dt.int32) if isinstance(v, TensorMethods)
                                else full([1], v, "int32") for v in values]
        values = [-1 if isinstance(v, TensorMethods) else int(v) for v in values]
    for key, v in zip(("out_d", "out_h", "out_w")[3 - nd:], values):
        attrs[key] = int(v)


def _scale_attrs(scale, x, nd, attrs, inputs, recompute):
    if isinstance(scale, Tensor):
        scale = float(scale._data) if scale._data.ndim == 0 else [float(v) for v in scale._data.reshape(-1)]
    elif isinstance(scale, TensorMethods):
        inputs["Scale"] = scale
        return
    if isinstance(scale, (numbers.Number, np.ndarray)) and not isinstance(scale, bool):
        scales = [float(scale)] * nd
        if not recompute and float(scale) <= 0:
            raise ValueError("Attr(scale) should be greater than zero.")
    elif isinstance(scale, (list, tuple)):
        if len(scale) != nd:
            raise ValueError(f"scale_shape length should be {nd} for input {nd + 2}-D tensor.")
        scales = [float(v) for v in scale]
        if not recompute and any(v <= 0 for v in scales):
            raise ValueError("Attr(scale) should be greater than zero.")
    else:
        raise TypeError("Attr(scale)'s type should be float, int, list, tuple, or Tensor.")
    if recompute:  # the sizes are fixed here and the kernel derives its step from them
        sizes = [int(np.floor(float(n) * s)) for n, s in zip(x.shape[2:], scales)]
        for key, v in zip(("out_d", "out_h", "out_w")[3 - nd:], sizes):
            attrs[key] = v
    else:
        attrs["scale"] = scales


def _interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0,
                 data_format=None, recompute_scale_factor=None, antialias=False, name=None):
    """The body of interpolate / upsample."""
    check_float_input(x, "interpolate", f"{str(mode).lower()}_interp" if str(mode).lower() in
                      ("nearest", "linear", "bilinear", "trilinear", "bicubic", "area") else "interp")
    ndim = len(x.shape)
    if data_format is None:
        if ndim not in _FORMATS:
            raise ValueError(f"The dimension of the input tensor should only be 3-D, 4-D or 5-D, but the received "
                             f"dimension is {ndim}.")
        data_format = _FORMATS[ndim][0]
    data_format = data_format.upper()
    resample = str(mode).upper()
    _check_mode(resample, ndim)
    if size is None and scale_factor is None:
        raise ValueError("One of size and scale_factor must not be None.")
    if isinstance(size, (tuple, list)) and len(size) != ndim - 2:
        raise ValueError("The x and size should satisfy rank(x) - 2 == len(size).")
    if not isinstance(align_corners, bool):
        raise TypeError("Attr align_corners should be a bool value")
    if not isinstance(antialias, bool):
        raise TypeError("Attr antialias should be a bool value")
    if align_mode not in (0, 1):
        raise ValueError("align_mode can only be 0 or 1")
    if align_corners and resample == "NEAREST":
        raise ValueError("align_corners option can only be set with the interpolating modes: linear | bilinear | "
                         "bicubic | trilinear")
    if antialias and resample not in ("BILINEAR", "BICUBIC"):
        raise ValueError("Anti-alias option is only supported for bilinear and bicubic modes")
    if resample == "AREA":  # area interpolation is adaptive average pooling
        from .. import pooling
        if size is None:
            raise ValueError("output size can not be None in AREA mode")
        if isinstance(size, (list, tuple)) and not size:
            raise ValueError("output size can not be empty")
        return (pooling.adaptive_avg_pool1d, pooling.adaptive_avg_pool2d, pooling.adaptive_avg_pool3d)[ndim - 3](
            x, size)
    if data_format not in _FORMATS[ndim]:
        raise ValueError(f"Got wrong value for param `data_format`: {data_format} received but only "
                         f"`{_FORMATS[ndim][0]}` or `{_FORMATS[ndim][1]}` supported for {ndim}-D input.")
    nd = ndim - 2
    attrs = {"out_d": -1, "out_h": -1, "out_w": -1, "interp_method": resample.lower(),
             "align_corners": bool(align_corners) and resample != "NEAREST", "align_mode": int(align_mode),
             "data_layout": "NHWC" if data_format == _FORMATS[ndim][1] else "NCHW"}
    inputs = {}
    if size is not None and scale_factor is not None:
        raise ValueError("Only one of size or scale_factor should be defined.")
    if size is not None:
        if recompute_scale_factor:
            raise ValueError("recompute_scale_factor is not meaningful with an explicit size.")
        _size_attrs(size, nd, attrs, inputs)
    else:
        _scale_attrs(scale_factor, x, nd, attrs, inputs, recompute_scale_factor)
    if "scale" not in attrs:
        attrs["scale"] = []
    op = R.INTERP["antialias" if antialias else resample.lower()]
    return apply(op, x, inputs.get("OutSize"), inputs.get("SizeTensor"), inputs.get("Scale"), **attrs)


def interpolate(*args, **kwargs):
    """Resize x to `size` or by `scale_factor` (nearest, linear, bilinear, trilinear, bicubic, area).

    Takes Paddle's arguments (x, size, scale_factor, mode, align_corners, align_mode, data_format,
    recompute_scale_factor, antialias, name) and torch's positional order (input, size, scale_factor,
    mode, align_corners, recompute_scale_factor, antialias).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[[[1., 2.], [3., 4.]]]])
            >>> F.interpolate(x, scale_factor=2).shape
            paddle.Size([1, 1, 4, 4])
            >>> F.interpolate(x, size=[3, 3], mode='bilinear', align_corners=True)
            Tensor(shape=[1, 1, 3, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[1.        , 1.50000000, 2.        ],
                      [2.        , 2.50000000, 3.        ],
                      [3.        , 3.50000000, 4.        ]]]])
    """
    if "input" in kwargs:
        if "x" in kwargs:
            raise TypeError("got multiple values for argument 'x'")
        kwargs["x"] = kwargs.pop("input")
    if len(args) >= 6 and type(args[5]) is not int:  # torch's order: recompute_scale_factor, antialias
        for key, value in zip(("recompute_scale_factor", "antialias"), args[5:7]):
            if key in kwargs:
                raise TypeError(f"got multiple values for argument '{key}'")
            kwargs[key] = value
        args = args[:5]
    return _interpolate(*args, **kwargs)


interpolate.__signature__ = inspect.signature(_interpolate)


def upsample(x, size=None, scale_factor=None, mode="nearest", align_corners=False, align_mode=0, data_format=None,
             name=None):
    """Alias of interpolate (without recompute_scale_factor).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.upsample(paddle.ones([1, 3, 4, 5]), size=[8, 10]).shape
            paddle.Size([1, 3, 8, 10])
    """
    return _interpolate(x, size, scale_factor, mode, align_corners, align_mode, data_format)
