"""Argument normalisation shared by the convolution, pooling and resampling functions (Paddle's rules)."""
import numbers

from ..._core.dispatch import AMP
from ..._core.methods import TensorMethods
from ...tensor.math_unary import kernel_error, need_tensor

_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


def convert_to_list(value, n, name):
    """An int or a length-n sequence of ints -> a list of n ints (Paddle's utils.convert_to_list)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return [int(value)] * n
    if isinstance(value, TensorMethods):
        raise TypeError(f"`{name}` required numerical type with `<class 'int'>`, but received Tensor.")
    try:
        values = list(value)
    except TypeError:
        raise ValueError(f"The {name}'s type must be list or tuple. Received: {value}") from None
    if len(values) != n:
        raise ValueError(f"The {name}'s length must be {n}. Received: {value}")
    out = []
    for v in values:
        if isinstance(v, TensorMethods):
            raise TypeError(f"`{name}` required numerical type with `<class 'int'>`, but received Tensor.")
        try:
            out.append(int(v))
        except (TypeError, ValueError):
            raise ValueError(f"The {name}'s type must be a list or tuple of {n} <class 'int'>. Received: {value} "
                             f"including element {v} of type {type(v)}") from None
    return out


def check_format(data_format, nd):
    """Raise Paddle's error unless data_format suits nd spatial dims; returns whether channels are last."""
    allowed = _FORMATS[nd]
    if data_format not in allowed:
        raise ValueError(f"Attr(data_format) should be '{allowed[0]}' or '{allowed[1]}'. Received "
                         f"Attr(data_format): {data_format}.")
    return data_format == allowed[1]


def _symmetric(p, nd):
    return all(p[2 * i] == p[2 * i + 1] for i in range(nd)) if len(p) == 2 * nd else True


def update_padding(padding, nd, channel_last, ceil_mode=None, check_negative=True):
    """Paddle's padding forms -> (paddings attr, padding_algorithm).

    'same'/'valid'; an int; nd ints; 2*nd ints [before, after, ...]; or nd+2 pairs including zero
    pairs for the batch and channel dims. Symmetric pairs collapse to nd ints, as Paddle does.
    """
    if isinstance(padding, str):
        algo = padding.upper()
        if algo not in ("SAME", "VALID"):
            raise ValueError(f"Unknown padding: '{algo}'. It can only be 'SAME' or 'VALID'.")
        if algo == "VALID" and ceil_mode:
            raise ValueError('When Attr(padding) is "VALID", Attr(ceil_mode) must be False. Received ceil_mode: '
                             'True.')
        return [0] * nd, algo
    if isinstance(padding, (list, tuple)):
        if len(padding) == nd + 2 and isinstance(padding[0], (list, tuple)):
            keep = [list(p) for p in padding]
            batch_chan = (keep[0], keep[-1]) if channel_last else (keep[0], keep[1])
            if batch_chan[0] != [0, 0] or batch_chan[1] != [0, 0]:
                raise ValueError(f"Non-zero padding({padding}) in the batch or channel dimensions is not supported.")
            spatial = keep[1:-1] if channel_last else keep[2:]
            p = [int(v) for pair in spatial for v in pair]
            p = p[0::2] if _symmetric(p, nd) else p
        elif len(padding) == 2 * nd and isinstance(padding[0], numbers.Integral):
            p = convert_to_list(padding, 2 * nd, "padding")
            p = p[0::2] if _symmetric(p, nd) else p
        elif len(padding) == nd and isinstance(padding[0], numbers.Integral):
            p = convert_to_list(padding, nd, "padding")
        else:
            raise ValueError(f"In valid padding: {padding}")
    else:
        p = convert_to_list(padding, nd, "padding")
    if check_negative and not all(v >= 0 for v in p):
        raise ValueError(f"Invalid padding, all value should be larger than or equal to 0, but received: {p}")
    return p, "EXPLICIT"


def expand_1d(values, fill):
    """Lift a 1-D attr list to 2-D by prepending `fill` for the inserted unit dim (pads get 0 or [0, 0])."""
    if len(values) == 2:
        return [fill, fill] + list(values)
    return [fill] + list(values)


# dtypes of Paddle's CPU kernels, as its "kernel not registered" errors list them
_KERNEL_DTYPES = {
    "pool2d": "float64, float16, float32", "pool3d": "float64, float16, float32",
    "area_interp": "float64, float16, float32",
    "nearest_interp": "int64, float64, float16, float32, int32, uint8, bfloat16",
    "bilinear_interp": "float64, float16, float32, uint8, bfloat16",
    "linear_interp": "float64, float16, float32, uint8, bfloat16",
    "trilinear_interp": "float64, float16, float32, uint8, bfloat16",
    "bicubic_interp": "float64, float16, float32, bfloat16",
    "fold": "float64, complex128, float32, complex64",
}


_AMP_LOW = ("float16", "bfloat16")


def check_float_input(x, api, kernel, arg="x"):
    """x must be a Tensor of a dtype Paddle's CPU kernel `kernel` takes (float32/float64 unless listed)."""
    need_tensor(x, api, arg)
    supported = _KERNEL_DTYPES.get(kernel, "float64, float32")
    if x.dtype.name not in supported.split(", ") and not (AMP.active is not None and x.dtype.name in _AMP_LOW):
        raise kernel_error(kernel, x.dtype, supported)  # under paddle.amp.auto_cast float16 kernels exist
    return x
