"""Smooth activation layers of paddle.nn: Sigmoid, Tanh, CELU, ELU, SELU, GELU, Silu (SiLU), Swish, Mish,
Softplus, Softsign, Tanhshrink, LogSigmoid, GLU.
"""

from __future__ import annotations

from ... import functional as F
from ...functional._param_alias import param_alias
from ..layers import Layer
from ._naming import _name_only, _name_suffix


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

    Args:
        approximate (bool, optional): Whether the tanh approximation is used instead of the exact erf form.
            Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

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

    def __init__(self, approximate: bool = False, name: str | None = None) -> None:
        super().__init__()
        self._approximate = approximate
        self._name = name

    def forward(self, x):
        return F.gelu(x, self._approximate, self._name)

    def extra_repr(self):
        return f'approximate={self._approximate}{_name_suffix(self._name)}'


class Tanh(Layer):
    """Tanh activation.

    Args:
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([-0.4, -0.2, 0.1, 0.3])
            >>> m = paddle.nn.Tanh()
            >>> m(x)
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.37994897, -0.19737533,  0.09966800,  0.29131263])
    """

    def __init__(self, name: str | None = None) -> None:
        super().__init__()
        self._name = name

    def forward(self, x):
        return F.tanh(x, self._name)

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
