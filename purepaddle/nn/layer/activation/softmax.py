"""The softmax layers of paddle.nn: Softmax, LogSoftmax, Softmax2D."""
from ... import functional as F
from ..layers import Layer
from ._naming import _name_only, _name_suffix


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
