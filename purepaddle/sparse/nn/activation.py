"""Activation layers over sparse tensors: each applies its paddle.sparse.nn.functional form."""
from ...nn import Layer
from . import functional


class ReLU(Layer):
    """relu on a sparse tensor's values.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 3.], [2, 2])
        >>> paddle.sparse.nn.ReLU()(x).values().numpy().tolist()
        [0.0, 3.0]
    """

    def __init__(self, name=None):
        super().__init__()

    def forward(self, x):
        return functional.relu(x)


class ReLU6(Layer):
    """relu6 on a sparse tensor's values.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 8.], [2, 2])
        >>> paddle.sparse.nn.ReLU6()(x).values().numpy().tolist()
        [0.0, 6.0]
    """

    def __init__(self, name=None):
        super().__init__()

    def forward(self, x):
        return functional.relu6(x)


class LeakyReLU(Layer):
    """leaky_relu on a sparse tensor's values.

    Args:
        negative_slope (float): the slope below zero.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [-2., 3.], [2, 2])
        >>> paddle.sparse.nn.LeakyReLU(0.5)(x).values().numpy().tolist()
        [-1.0, 3.0]
    """

    def __init__(self, negative_slope=0.01, name=None):
        super().__init__()
        self._negative_slope = negative_slope

    def forward(self, x):
        return functional.leaky_relu(x, self._negative_slope)

    def extra_repr(self):
        return f"negative_slope={self._negative_slope}"


class Softmax(Layer):
    """Softmax over the stored entries of each row of a sparse tensor.

    Args:
        axis (int): only -1.

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.sparse.sparse_csr_tensor([0, 2, 3], [0, 1, 1], [1., 1., 5.], [2, 2])
        >>> paddle.sparse.nn.Softmax()(x).values().numpy().tolist()
        [0.5, 0.5, 1.0]
    """

    def __init__(self, axis=-1, name=None):
        super().__init__()
        self._axis = axis

    def forward(self, x):
        return functional.softmax(x, self._axis)


__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Softmax"]
