"""paddle.incubate.layers.nn: column slices of several inputs joined or summed, per-slot fully connected layers
and a batch shuffle, composed from Paddle's public ops (the same values as Paddle's fused kernels; batch_fc's
kernel is GPU-only in Paddle, here it runs on the CPU)."""
from ..._core.mode import in_dynamic_mode
from ...nn import functional as F
from ...static.input import create_parameter
from ...static.program import Variable
from ...tensor.linalg.product import bmm
from ...tensor.manipulation.gathering import gather
from ...tensor.manipulation.join import concat
from ...tensor.math.combine import add_n
from ...tensor.random import uniform_random_batch_size_like
from ...tensor.search.sorting import argsort

__all__ = ["partial_concat", "partial_sum", "batch_fc", "shuffle_batch"]


def _columns(inputs, start_index, length, op):
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise TypeError(f"The input of {op} should be a non-empty list of 2-D Tensors.")
    width = inputs[0].shape[1]
    start = start_index + width if start_index < 0 else start_index
    end = width if length < 0 else start + length
    return [x[:, start:end] for x in inputs]


def partial_concat(input, start_index=0, length=-1):  # noqa: A002
    """Concatenate the columns [start_index, start_index + length) of every 2-D input along axis 1.

    Args:
        input (list[Tensor]): 2-D Tensors with the same shape.
        start_index (int, optional): the first column; negative counts from the end. Default: 0.
        length (int, optional): how many columns; -1: to the last. Default: -1.

    Returns:
        Tensor: shape [N, len(input) * length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 1., 2.], [3., 4., 5.]])
            >>> paddle.incubate.layers.partial_concat([x, x * 10], start_index=1, length=1).numpy().tolist()
            [[1.0, 10.0], [4.0, 40.0]]
    """
    return concat(_columns(input, start_index, length, "partial_concat"), axis=1)


def partial_sum(input, start_index=0, length=-1):  # noqa: A002
    """Sum the columns [start_index, start_index + length) of every 2-D input.

    Args:
        input (list[Tensor]): 2-D Tensors with the same shape.
        start_index (int, optional): the first column; negative counts from the end. Default: 0.
        length (int, optional): how many columns; -1: to the last. Default: -1.

    Returns:
        Tensor: shape [N, length].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 1., 2.], [3., 4., 5.]])
            >>> paddle.incubate.layers.partial_sum([x, x * 10], start_index=1, length=2).numpy().tolist()
            [[11.0, 22.0], [44.0, 55.0]]
    """
    return add_n(_columns(input, start_index, length, "partial_sum"))


def batch_fc(input, param_size, param_attr, bias_size, bias_attr, act=None):  # noqa: A002
    """One fully connected layer per slot (static graphs): act(input[s] @ w[s] + b[s]) for every slot s.

    Args:
        input (Variable): [slots, batch, in_features].
        param_size (list[int]): the weight's shape [slots, in_features, out_features].
        param_attr (ParamAttr): the weight's attributes.
        bias_size (list[int]): the bias' shape [slots, out_features].
        bias_attr (ParamAttr): the bias' attributes.
        act (str, optional): an activation of nn.functional applied last ("relu", ...). Default: None.

    Returns:
        Variable: [slots, batch, out_features].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[4, 2, 3], dtype="float32")
            >>> out = paddle.incubate.layers.batch_fc(x, [4, 3, 5], paddle.ParamAttr(name="bfc_w"), [4, 5],
            ...                                       paddle.ParamAttr(name="bfc_b"), act="relu")
            >>> out.shape
            (4, 2, 5)
            >>> paddle.disable_static()
    """
    if in_dynamic_mode() or not isinstance(input, Variable):
        raise TypeError(f"The type of 'input' in batch_fc must be Variable, but received {type(input).__name__}. ")
    # Paddle creates the bias as a weight too (Xavier-initialised, not zeros)
    w = create_parameter(list(param_size), input.dtype, attr=param_attr, is_bias=False)
    b = create_parameter(list(bias_size), input.dtype, attr=bias_attr, is_bias=False)
    out = bmm(input, w) + b.unsqueeze(1)
    return getattr(F, act)(out) if act else out


def shuffle_batch(x, seed=None):
    """The rows of x (all axes but the last, flattened) in a random order.

    Args:
        x (Tensor): the input, at least 2-D.
        seed (int|Tensor, optional): unused: the order comes from the global generator (paddle.seed).

    Returns:
        Tensor: x's rows permuted, x's shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 1.], [2., 2.], [3., 3.]])
            >>> sorted(paddle.incubate.layers.shuffle_batch(x).numpy()[:, 0].tolist())
            [1.0, 2.0, 3.0]
    """
    rows = x.reshape([-1, x.shape[-1]])
    # the order of random keys, one per row: works where the row count is only known when the program runs
    order = argsort(uniform_random_batch_size_like(rows, [1]), axis=0)
    return gather(rows, order, axis=0).reshape(x.shape)
