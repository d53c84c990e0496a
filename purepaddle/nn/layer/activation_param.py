"""paddle.nn activation layers with a weight, randomness or an axis: PReLU, RReLU, Softmax, LogSoftmax,
Softmax2D, Maxout, GLU."""
from ..._core import dtype as _dt
from .. import functional as F
from ..functional._param_alias import param_alias
from ..initializer import Constant
from .layers import Layer


def _name_suffix(name):
    return f", name={name}" if name else ""


def _name_only(name):
    return f"name={name}" if name else ""


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

__all__ = ["PReLU", "RReLU", "Softmax2D", "Softmax", "LogSoftmax", "Maxout", "GLU"]
