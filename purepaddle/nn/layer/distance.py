"""paddle.nn distance layers: PairwiseDistance."""
from .. import functional as F
from ..functional._param_alias import param_alias
from .layers import Layer


class PairwiseDistance(Layer):
    """The p-norm distance between paired rows of x and y: ||x - y + epsilon||_p along the last axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 3.], [3., 5.]], dtype=paddle.float64)
            >>> y = paddle.to_tensor([[5., 6.], [7., 8.]], dtype=paddle.float64)
            >>> paddle.nn.PairwiseDistance()(x, y)
            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [4.99999860, 4.99999860])
    """

    @param_alias(eps="epsilon")
    def __init__(self, p=2.0, epsilon=1e-6, keepdim=False, name=None):
        super().__init__()
        self.p = p
        self.epsilon = epsilon
        self.keepdim = keepdim
        self.name = name

    @param_alias(x1="x", x2="y")
    def forward(self, x, y):
        return F.pairwise_distance(x, y, self.p, self.epsilon, self.keepdim, self.name)

    def extra_repr(self):
        main_str = "p={p}"
        if self.epsilon != 1e-6:
            main_str += ", epsilon={epsilon}"
        if self.keepdim is not False:
            main_str += ", keepdim={keepdim}"
        if self.name is not None:
            main_str += ", name={name}"
        return main_str.format(**self.__dict__)

    eps = property(lambda self: self.epsilon, lambda self, v: setattr(self, "epsilon", v))
    norm = property(lambda self: self.p, lambda self, v: setattr(self, "p", v))


__all__ = ["PairwiseDistance"]
