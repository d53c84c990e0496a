"""Smooth activations of paddle.nn.functional (ops in ops/activation/smooth.py): sigmoid, tanh, celu, elu,
selu, silu, swish, mish, softsign, tanhshrink, log_sigmoid, gelu, softplus, and the gated glu, swiglu.
"""
from ...._core.methods import TensorMethods
from ....ops import activation as _A
from ....tensor.math.inplace import tanh_
from .... import tensor as _T
from .._param_alias import param_alias
from ._elementwise import _act, _act_, _f32

# paddle.nn.functional.sigmoid/tanh are paddle.sigmoid/tanh, keyword aliases included (tensor/keyword_aliases.py)
sigmoid, tanh = _T.sigmoid, _T.tanh


def celu(x, alpha=1.0, name=None):
    """max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.celu(paddle.to_tensor([-1.0, 2.0]), alpha=0.5)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.43233237,  2.        ])
    """
    if alpha == 0:
        raise ZeroDivisionError("alpha cannot be 0 for celu")
    return _act(_A.Celu, x, "celu", alpha=_f32(alpha))


def elu(x, alpha=1.0, name=None):
    """x for x > 0, else alpha * (exp(x) - 1).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.elu(paddle.to_tensor([-1.0, 2.0]), alpha=0.2)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.12642412,  2.        ])
    """
    return _act(_A.Elu, x, "elu", alpha=_f32(alpha))


def elu_(x, alpha=1.0, name=None):
    """In-place elu (alpha must be >= 0)."""
    assert alpha >= 0.0, "elu_ only support alpha >= 0, please use elu instead."
    return _act_(_A.Elu, x, "elu_", "elu", alpha=_f32(alpha))


@param_alias(input="x")
def log_sigmoid(x, name=None):
    """log(1 / (1 + exp(-x))), computed stably.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.log_sigmoid(paddle.to_tensor([1.0, -2.0]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.31326169, -2.12692809])
    """
    return _act(_A.LogSigmoid, x, "log_sigmoid", "logsigmoid")


logsigmoid = log_sigmoid


def selu(x, scale=1.0507009873554804934193349852946, alpha=1.6732632423543772848170429916717, name=None):
    """scale * (x for x > 0, else alpha * (exp(x) - 1)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.selu(paddle.to_tensor([[0.0, 1.0], [2.0, 3.0]]))
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.        , 1.05070102],
                    [2.10140204, 3.15210295]])
    """
    if scale <= 1.0:
        raise ValueError(f"The scale must be greater than 1.0. Received: {scale}.")
    if alpha < 0:
        raise ValueError(f"The alpha must be no less than zero. Received: {alpha}.")
    return _act(_A.Selu, x, "selu", scale=_f32(scale), alpha=_f32(alpha))


@param_alias(input="x")
def silu(x, inplace=False, name=None):
    """x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.silu(paddle.to_tensor([1.0, 2.0, 3.0, 4.0]))
            Tensor(shape=[4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.73105860, 1.76159406, 2.85772228, 3.92805505])
    """
    if inplace:
        return _act_(_A.Silu, x, "silu_", "silu")
    return _act(_A.Silu, x, "silu")


def swish(x, name=None):
    """x * sigmoid(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.swish(paddle.to_tensor([-2., 0., 1.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.23840587,  0.        ,  0.73105860])
    """
    return _act(_A.Swish, x, "swish", beta=1.0)


def mish(x, name=None):
    """x * tanh(softplus(x)).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.mish(paddle.to_tensor([-5., 0., 5.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.03357624,  0.        ,  4.99955225])
    """
    return _act(_A.Mish, x, "mish", threshold=20.0)


def softsign(x, name=None):
    """x / (1 + |x|).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.softsign(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.28571430,  0.23076925])
    """
    return _act(_A.Softsign, x, "softsign")


def tanhshrink(x, name=None):
    """x - tanh(x).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.tanhshrink(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.02005103,  0.00868738])
    """
    return _act(_A.TanhShrink, x, "tanhshrink", "tanh_shrink")


@param_alias(input="x")
def gelu(x, approximate=False, name=None):
    """x * Phi(x) with Phi the standard normal CDF; approximate=True (or 'tanh') uses the tanh form.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> x = paddle.to_tensor([-1.0, 0.5, 1.0])
            >>> F.gelu(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.15865529,  0.34573123,  0.84134471])
            >>> F.gelu(x, approximate=True)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [-0.15880799,  0.34571403,  0.84119201])
    """
    if approximate == "tanh":
        approximate = True
    elif approximate == "none":
        approximate = False
    elif not isinstance(approximate, bool):
        raise ValueError(f"(InvalidArgument) the value of approximate in gelu should be 'tanh' or 'none', but "
                         f"received {approximate}")
    return _act(_A.Gelu, x, "gelu", approximate=approximate)


@param_alias(input="x")
def softplus(x, beta=1, threshold=20, name=None):
    """log(1 + exp(beta * x)) / beta, and x itself where beta * x > threshold.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> F.softplus(paddle.to_tensor([-0.4, 0.3]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0.51301527, 0.85435528])
    """
    return _act(_A.Softplus, x, "softplus", beta=_f32(beta), threshold=_f32(threshold))

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
    from ....tensor.manipulation.join import split
    return split(x, n, axis=axis)
