"""paddle.nn activation layers: the elementwise ones without weights (ReLU, GELU, Silu, Sigmoid, Tanh, ...)
and those with a weight, randomness or an axis (PReLU, RReLU, Softmax, LogSoftmax, Softmax2D, Maxout, GLU)."""
from ..._core import dtype as _dt
from .. import functional as F
from ..functional._param_alias import param_alias
from ..initializer import Constant
from .layers import Layer


def _name_suffix(name):
    return f", name={name}" if name else ""


def _name_only(name):
    return f"name={name}" if name else ""


class CELU(Layer):
    """CELU activation: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1., 6.], [1., 15.6]])
            >>> m = paddle.nn.CELU(0.2)
            >>> m(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-0.19865242,  6.        ],
                    [ 1.        , 15.60000038]])
    """

    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.celu(x, self._alpha, self._name)

    def extra_repr(self):
        return f'alpha={self._alpha}{_name_suffix(self._name)}'


class ELU(Layer):
    """ELU activation: x for x > 0, else alpha * (exp(x) - 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1., 6.], [1., 15.6]])
            >>> m = paddle.nn.ELU(0.2)
            >>> m(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-0.12642412,  6.        ],
                    [ 1.        , 15.60000038]])
    """

    def __init__(self, alpha=1.0, name=None):
        super().__init__()
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.elu(x, self._alpha, self._name)

    def extra_repr(self):
        return f'alpha={self._alpha}{_name_suffix(self._name)}'


class GELU(Layer):
    """GELU activation: x * Phi(x) (or its tanh approximation).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-1., 0.5], [1., 1.5]])
            >>> m = paddle.nn.GELU()
            >>> m(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-0.15865529,  0.34573123],
                    [ 0.84134471,  1.39978933]])
    """

    def __init__(self, approximate=False, name=None):
        super().__init__()
        self._approximate = approximate
        self._name = name

    def forward(self, x):
        return F.gelu(x, self._approximate, self._name)

    def extra_repr(self):
        return f'approximate={self._approximate}{_name_suffix(self._name)}'


class Hardswish(Layer):
    """Hardswish activation: x * clip(x + 3, 0, 6) / 6.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-4., 5., 1.])
            >>> m = paddle.nn.Hardswish()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.       , 5.        , 0.66666669])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.hardswish(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Tanh(Layer):
    """Tanh activation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> m = paddle.nn.Tanh()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.37994897, -0.19737533,  0.09966800,  0.29131263])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.tanh(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Hardtanh(Layer):
    """Hardtanh activation: clip(x, min, max).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-1.5, 0.3, 2.5])
            >>> m = paddle.nn.Hardtanh()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.       , 0.30000001,  1.       ])
    """

    def __init__(self, min=-1.0, max=1.0, name=None):
        super().__init__()
        self._min = min
        self._max = max
        self._name = name

    def forward(self, x):
        return F.hardtanh(x, self._min, self._max, self._name)

    def extra_repr(self):
        return f'min={self._min}, max={self._max}{_name_suffix(self._name)}'


class ReLU(Layer):
    """ReLU activation: max(x, 0).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-2., 0., 1.])
            >>> m = paddle.nn.ReLU()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 1.])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu(x)

    def extra_repr(self):
        return _name_only(self._name)


class ReLU6(Layer):
    """ReLU6 activation: min(max(x, 0), 6).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-1., 0.3, 6.5])
            >>> m = paddle.nn.ReLU6()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 0.30000001, 6.        ])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.relu6(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class SELU(Layer):
    """SELU activation: scale * (x for x > 0, else alpha * (exp(x) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0.0, 1.0], [2.0, 3.0]])
            >>> m = paddle.nn.SELU()
            >>> m(x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.        , 1.05070102],
                    [2.10140204, 3.15210295]])
    """

    def __init__(self, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717, name=None):
        super().__init__()
        self._scale = scale
        self._alpha = alpha
        self._name = name

    def forward(self, x):
        return F.selu(x, self._scale, self._alpha, self._name)

    def extra_repr(self):
        return f'scale={self._scale:.16f}, alpha={self._alpha:.16f}{_name_suffix(self._name)}'


class LeakyReLU(Layer):
    """LeakyReLU activation: x for x >= 0, else negative_slope * x.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-2.0, 0., 1.])
            >>> m = paddle.nn.LeakyReLU()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.02000000,  0.        ,  1.        ])
    """

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope
        self._name = name

    def forward(self, x):
        return F.leaky_relu(x, self._negative_slope, self._name)

    def extra_repr(self):
        return f'negative_slope={self._negative_slope}{_name_suffix(self._name)}'


class Sigmoid(Layer):
    """Sigmoid activation: 1 / (1 + exp(-x)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
            >>> m = paddle.nn.Sigmoid()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.73105860, 0.88079703, 0.95257413, 0.98201376])
    """

    def __init__(self, name=None):
        super().__init__()
        self.name = name

    def forward(self, x):
        return F.sigmoid(x, self.name)

    def extra_repr(self):
        return _name_only(self.name)


class Hardsigmoid(Layer):
    """Hardsigmoid activation: clip(x / 6 + 0.5, 0, 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-4., 5., 1.])
            >>> m = paddle.nn.Hardsigmoid()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.        , 1.        , 0.66666669])
    """

    def __init__(self, name=None):
        super().__init__()
        self.name = name

    def forward(self, x):
        return F.hardsigmoid(x, name=self.name)

    def extra_repr(self):
        return _name_only(self.name)


class Softplus(Layer):
    """Softplus activation: log(1 + exp(beta * x)) / beta.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> m = paddle.nn.Softplus()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.51301527, 0.59813887, 0.74439669, 0.85435528])
    """

    def __init__(self, beta=1, threshold=20, name=None):
        super().__init__()
        self._beta = beta
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.softplus(x, self._beta, self._threshold, self._name)

    def extra_repr(self):
        return f'beta={self._beta}, threshold={self._threshold}{_name_suffix(self._name)}'


class Softsign(Layer):
    """Softsign activation: x / (1 + |x|).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> m = paddle.nn.Softsign()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.28571430, -0.16666666,  0.09090909,  0.23076925])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.softsign(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Swish(Layer):
    """Swish activation: x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-2., 0., 1.])
            >>> m = paddle.nn.Swish()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.23840587,  0.        ,  0.73105860])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.swish(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Mish(Layer):
    """Mish activation: x * tanh(softplus(x)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-5., 0., 5.])
            >>> m = paddle.nn.Mish()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.03357624,  0.        ,  4.99955225])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.mish(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Tanhshrink(Layer):
    """Tanhshrink activation: x - tanh(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> m = paddle.nn.Tanhshrink()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.02005103, -0.00262468,  0.00033201,  0.00868738])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.tanhshrink(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class ThresholdedReLU(Layer):
    """ThresholdedReLU activation: x where x > threshold, else value.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2., 0., 1.])
            >>> m = paddle.nn.ThresholdedReLU()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [2., 0., 0.])
    """

    def __init__(self, threshold=1.0, value=0.0, name=None):
        super().__init__()
        self._threshold = threshold
        self._value = value
        self._name = name

    def forward(self, x):
        return F.thresholded_relu(x, self._threshold, self._value, self._name)

    def extra_repr(self):
        return f'threshold={self._threshold}, value={self._value}{_name_suffix(self._name)}'


class LogSigmoid(Layer):
    """LogSigmoid activation: log(1 / (1 + exp(-x))).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
            >>> m = paddle.nn.LogSigmoid()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.31326169, -0.12692800, -0.04858735, -0.01814993])
    """

    def __init__(self, name=None):
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.log_sigmoid(x, self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Hardshrink(Layer):
    """Hardshrink activation: x where |x| > threshold, else 0.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-1., 0.3, 2.5])
            >>> m = paddle.nn.Hardshrink()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-1.       ,  0.       , 2.50000000])
    """

    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.hardshrink(x, self._threshold, self._name)

    def extra_repr(self):
        return f'threshold={self._threshold}{_name_suffix(self._name)}'


class Softshrink(Layer):
    """Softshrink activation: shrink x towards 0 by threshold.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.9, -0.2, 0.1, 0.8])
            >>> m = paddle.nn.Softshrink()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.39999998,  0.        ,  0.        ,  0.30000001])
    """

    def __init__(self, threshold=0.5, name=None):
        super().__init__()
        self._threshold = threshold
        self._name = name

    def forward(self, x):
        return F.softshrink(x, self._threshold, self._name)

    def extra_repr(self):
        return f'threshold={self._threshold}{_name_suffix(self._name)}'


class Silu(Layer):
    """Silu activation: x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
            >>> m = paddle.nn.Silu()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.73105860, 1.76159406, 2.85772228, 3.92805505])
    """

    def __init__(self, inplace=False, name=None):
        super().__init__()
        self._name = name
        self._inplace = inplace

    def forward(self, x):
        return F.silu(x, self._inplace, self._name)

    def extra_repr(self):
        return f'inplace={self._inplace}' + (f', name={self._name}' if self._name else '')


SiLU = Silu


for _cls in (Hardshrink, Softshrink):  # Paddle 3's torch-style `lambd` alias of `threshold`
    _cls.__init__ = param_alias(lambd="threshold")(_cls.__init__)
    _cls.forward = param_alias(input="x")(_cls.forward)
    _cls.lambd = property(lambda self: self._threshold, lambda self, v: setattr(self, "_threshold", v))
del _cls


# -- activations with a weight, randomness or an axis --------------------------------------------------
class PReLU(Layer):
    """PReLU activation: x for x > 0, else weight * x, with a learnable weight (one value, or one per
    channel when num_parameters > 1) initialised to `init`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[[[-2.0, 3.0], [-1.0, 4.0]]]])
            >>> m = paddle.nn.PReLU(1, 0.25)
            >>> m(x)
            Tensor(shape=[1, 1, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [[[[-0.50000000,  3.        ],
                      [-0.25000000,  4.        ]]]])
    """

    def __init__(self, num_parameters=1, init=0.25, weight_attr=None, data_format="NCHW", name=None):
        super().__init__()
        self._num_parameters = num_parameters
        self._init = init
        self._weight_attr = weight_attr
        self._name = name
        self._data_format = data_format
        self._weight = self.create_parameter(attr=self._weight_attr, shape=[self._num_parameters],
                                             dtype=_dt.get_default_dtype(), is_bias=False,
                                             default_initializer=Constant(self._init))

    def forward(self, x):
        return F.prelu(x, self._weight, data_format=self._data_format)

    def extra_repr(self):
        return (f"num_parameters={self._num_parameters}, data_format={self._data_format}, init={self._init}, "
                f"dtype={self._dtype}{_name_suffix(self._name)}")


class RReLU(Layer):
    """Randomized leaky ReLU: while training, negative inputs are scaled by a slope drawn uniformly in
    [lower, upper] per element; in eval mode by (lower + upper) / 2.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[[[-2.0, 3.0], [-1.0, 4.0]]]])
            >>> m = paddle.nn.RReLU(0.1, 0.3)
            >>> _ = m.eval()
            >>> m(x)
            Tensor(shape=[1, 1, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[[-0.40000001,  3.        ],
                      [-0.20000000,  4.        ]]]])
    """

    def __init__(self, lower=1.0 / 8.0, upper=1.0 / 3.0, name=None):
        super().__init__()
        self._lower = lower
        self._upper = upper
        self._name = name

    def forward(self, x):
        return F.rrelu(x, lower=self._lower, upper=self._upper, training=self.training)

    def extra_repr(self):
        return (f"lower={self._lower}, upper={self._upper}, training={self.training}, "
                f"dtype={self._dtype}{_name_suffix(self._name)}")


class Softmax2D(Layer):
    """Softmax over the channel axis (-3) of a 3-D [C, H, W] or 4-D [N, C, H, W] input.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[[1.0, 2.0], [3.0, 4.0]], [[1.0, 1.0], [0.0, 2.0]]])
            >>> paddle.nn.Softmax2D()(x)
            Tensor(shape=[2, 2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[0.50000000, 0.73105860],
                     [0.95257413, 0.88079703]],
            <BLANKLINE>
                    [[0.50000000, 0.26894140],
                     [0.04742587, 0.11920292]]])
    """

    def __init__(self, name=None):
        super().__init__()
        self._dtype = None
        self._name = name

    def forward(self, x):
        assert x.ndim == 3 or x.ndim == 4, f"Softmax2D requires a 3D or 4D tensor as input. Received: {x.ndim}D."
        return F.softmax(x, axis=-3, dtype=self._dtype, name=self._name)

    def extra_repr(self):
        return _name_only(self._name)


class Softmax(Layer):
    """Softmax activation along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[2.0, 3.0, 4.0, 5.0], [1.0, 1.0, 1.0, 1.0]])
            >>> m = paddle.nn.Softmax()
            >>> m(x)
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.03205860, 0.08714432, 0.23688281, 0.64391428],
                    [0.25000000, 0.25000000, 0.25000000, 0.25000000]])
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._dtype = None
        self._name = name

    def forward(self, x):
        return F.softmax(x, self._axis, name=self._name)

    def extra_repr(self):
        return f'axis={self._axis}{_name_suffix(self._name)}'


class LogSoftmax(Layer):
    """LogSoftmax activation along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[-2.0, 3.0, -4.0, 5.0], [3.0, -4.0, 5.0, -6.0]])
            >>> m = paddle.nn.LogSoftmax()
            >>> m(x)
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[-7.12783957 , -2.12783957 , -9.12783909 , -0.12783945 ],
                    [-2.12705135 , -9.12705135 , -0.12705141 , -11.12705135]])
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.log_softmax(x, self._axis)

    def extra_repr(self):
        return f'axis={self._axis}{_name_suffix(self._name)}'


class Maxout(Layer):
    """Maxout activation: the maximum over each run of `groups` channels.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.rand([1, 4, 2, 2])
            >>> paddle.nn.Maxout(groups=2)(x).shape
            paddle.Size([1, 2, 2, 2])
    """

    def __init__(self, groups, axis=1, name=None):
        super().__init__()
        self._groups = groups
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.maxout(x, self._groups, self._axis, self._name)

    def extra_repr(self):
        return f'groups={self._groups}, axis={self._axis}{_name_suffix(self._name)}'


class GLU(Layer):
    """Gated linear unit: a * sigmoid(b) for x split in halves a, b along axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1.0, -1.0, 0.0, 2.0]])
            >>> m = paddle.nn.GLU()
            >>> m(x)
            Tensor(shape=[1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[ 0.50000000, -0.88079703]])
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis
        self._name = name

    def forward(self, x):
        return F.glu(x, self._axis, self._name)

    def extra_repr(self):
        return f'axis={self._axis}{_name_suffix(self._name)}'


GLU.__init__ = param_alias(dim="axis")(GLU.__init__)
GLU.forward = param_alias(input="x")(GLU.forward)
GLU.dim = property(lambda self: self._axis, lambda self, v: setattr(self, "_axis", v))

__all__ = ["CELU", "ELU", "GELU", "Hardswish", "Tanh", "Hardtanh", "ReLU", "ReLU6", "SELU", "LeakyReLU", "Sigmoid",
           "Hardsigmoid", "Softplus", "Softsign", "Swish", "Mish", "Tanhshrink", "ThresholdedReLU", "LogSigmoid",
           "Hardshrink", "Softshrink", "Silu", "SiLU",
           "PReLU", "RReLU", "Softmax2D", "Softmax", "LogSoftmax", "Maxout", "GLU"]
