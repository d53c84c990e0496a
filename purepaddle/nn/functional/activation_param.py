"""paddle.nn.functional activations with a weight, randomness, an axis or a split: prelu, rrelu, maxout,
glu, gumbel_softmax, swiglu."""
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops import activation as _A
from ...tensor._check import kernel_error as _kernel_error, need_tensor as _need_tensor
from ...tensor.math.unary import sigmoid
from ._param_alias import param_alias
from .activation import _FLOATS, _act, silu

_PRELU_FORMATS = ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC")


def prelu(x, weight, data_format="NCHW", name=None):
    """x for x > 0, else weight * x; weight has one value or one per channel.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([[-2.0, 3.0], [1.0, -4.0]])
            >>> F.prelu(x, paddle.to_tensor([0.25]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-0.50000000,  3.        ],
                    [ 1.        , -1.        ]])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "prelu")
    if not isinstance(weight, TensorMethods):
        _need_tensor(weight, "prelu", "alpha", 1)
    assert len(weight.shape) in (0, 1), "The dim count of weight shape should be 0 or 1 in prelu()."
    mode = "all"
    if len(weight.shape) == 1 and weight.shape[0] > 1:
        if data_format not in _PRELU_FORMATS:
            raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', "
                             f"'NLC', 'NHWC', 'NDHWC' but receive {data_format}")
        data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        assert len(x.shape) > 1, (
            "The dim count of x should be equal or larger than 2 in prelu() when weight shape is not [1].")
        c = x.shape[-1] if data_format == "NHWC" else x.shape[1]
        assert weight.shape[0] == c, (
            "The weight size should be equal to x input channel in prelu() when weight shape is not [1].")
        mode = "channel"
    if not x.dtype.is_floating:
        raise _kernel_error("prelu", x.dtype, _FLOATS)
    return apply(_A.PRelu, x, weight, mode=mode, data_format=data_format)


def rrelu(x, lower=1.0 / 8.0, upper=1.0 / 3.0, training=True, name=None):
    """Randomized leaky relu: negative inputs times a slope drawn uniformly in [lower, upper] per
    element while training, times (lower + upper) / 2 otherwise.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.rrelu(paddle.to_tensor([-2.0, 3.0]), 0.1, 0.3, training=False)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.40000001,  3.        ])
    """
    if not isinstance(lower, float) or not isinstance(upper, float):
        raise TypeError(f"The lower and upper values must be float type. Received: lower {lower}, upper {upper}.")
    if lower < 0 or lower > 1:
        raise ValueError(f"The lower value must be no less than zero or greater than one. Received: {lower}.")
    if upper < lower:
        raise ValueError(f"The upper value must be greater than lower value. Received: lower {lower}, upper {upper}.")
    if upper > 1:
        raise ValueError(f"The upper value must be no greater than one. Received: {upper}.")
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "rrelu")
    if not x.dtype.is_floating:
        raise _kernel_error("rrelu", x.dtype, _FLOATS)
    return apply(_A.RRelu, x, lower=float(lower), upper=float(upper), is_test=not training)[0]

def maxout(x, groups, axis=1, name=None):
    """The maximum over each run of `groups` channels: C channels become C / groups.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.arange(8, dtype='float32').reshape([1, 4, 1, 2])
            >>> F.maxout(x, groups=2).shape
            paddle.Size([1, 2, 1, 2])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "maxout")
    if axis not in (1, -1, 3):
        raise ValueError("Attr(axis) should be 1 when data format is NCHW, -1 or 3 when data format is NHWC. "
                         f"Received Attr(axis): {axis}.")
    if axis == -1:
        axis = 3
    c = x.shape[axis]
    if groups <= 0 or (c > 0 and c % groups):
        raise ValueError(
            "(InvalidArgument) The number of input channels for Op(maxout) should be divisible by Attr(groups). "
            f"But received: the input's channels is [{c}], the shape of input is {list(x.shape)}, the "
            f"Attr(groups) is [{groups}], the Attr(axis) is [{axis}]. The error may come from wrong Attr(groups) "
            "or Attr(axis) setting.")
    if not x.dtype.is_floating:
        raise _kernel_error("maxout", x.dtype, _FLOATS)
    return apply(_A.Maxout, x, groups=int(groups), axis=int(axis))

@param_alias(input="x", dim="axis")
def glu(x, axis=-1, name=None):
    """a * sigmoid(b) for x split evenly into a, b along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.glu(paddle.to_tensor([[1.0, -1.0, 0.0, 2.0]]))
            Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0.50000000, -0.88079703]])
    """
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of 'input' in glu must be paddle.Tensor, but received {type(x).__name__}.")
    rank = len(x.shape)
    if not -rank <= axis < rank:
        raise ValueError(f"Expected value range of `axis` is [{-rank}, {rank}), but received axis: {axis}")
    a, b = _split(x, 2, axis=axis)
    return a * sigmoid(b)


def gumbel_softmax(x, temperature=1.0, hard=False, axis=-1, name=None):
    """softmax((x + g) / temperature) along axis with g Gumbel(0, 1) noise from the global generator;
    hard=True returns the one-hot of the argmax instead.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> out = F.gumbel_softmax(paddle.randn([4, 6]), hard=True)
            >>> out.sum(axis=-1)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1., 1., 1.])
    """
    return _act(_A.GumbelSoftmax, x, "gumbel_softmax", temperature=float(temperature), hard=bool(hard),
                axis=int(axis))


def swiglu(x, y=None, name=None):
    """silu(x) * y, or silu(a) * b for x split in halves a, b along the last axis when y is None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([1, 2], dtype='float32')
            >>> F.swiglu(x)
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1.46211720])
    """
    if y is None:
        x, y = _split(x, 2, axis=-1)
    return silu(x) * y


def _split(x, n, axis):
    from ...tensor.manipulation.join import split
    return split(x, n, axis=axis)


__all__ = ["prelu", "rrelu", "maxout", "glu", "gumbel_softmax", "swiglu"]
