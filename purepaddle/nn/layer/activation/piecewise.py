"""Piecewise-linear activation layers of paddle.nn: ReLU, ReLU6, LeakyReLU, Hardtanh, Hardshrink, Softshrink,
ThresholdedReLU, Hardsigmoid, Hardswish, PReLU, RReLU, Maxout.
"""

from __future__ import annotations

from ...._core import dtype as _dt
from ... import functional as F
from ...functional._param_alias import param_alias
from ...initializer import Constant
from ..layers import Layer
from ._naming import _name_only, _name_suffix


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

    Args:
        name (str|None, optional): A name for the operation; it only shows in debugging output, normally
            left as None. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-2., 0., 1.])
            >>> m = paddle.nn.ReLU()
            >>> m(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 1.])
    """

    def __init__(self, name: str | None = None) -> None:
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


for _cls in (Hardshrink, Softshrink):  # Paddle 3's torch-style `lambd` alias of `threshold`
    _cls.__init__ = param_alias(lambd="threshold")(_cls.__init__)
    _cls.forward = param_alias(input="x")(_cls.forward)
    _cls.lambd = property(lambda self: self._threshold, lambda self, v: setattr(self, "_threshold", v))
del _cls


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
