"""Message passing on a graph given by edge lists: gather node rows along edges (send), combine them with edge
features (message_op) and reduce them at the destination nodes (recv)."""
import numpy as np

from .._core.dispatch import apply
from .._core.tensor import Tensor
from ..ops.graph import SendURecv
from ..tensor.creation.conversion import to_tensor
from ..tensor.manipulation.gathering import index_select

_MESSAGES = ("add", "sub", "mul", "div")
_REDUCES = ("sum", "mean", "max", "min")


def _choice(value, allowed, what):
    if value not in allowed:
        raise ValueError(f"{what} should be one of {', '.join(allowed)}, but received {value}.")
    return value


def _index(index, name):
    if not isinstance(index, Tensor):
        raise TypeError(f"The {name} should be a Tensor, but received {type(index).__name__}.")
    if index.dtype.name not in ("int32", "int64"):
        raise TypeError(f"The data type of {name} should be int32 or int64, but received {index.dtype.name}.")
    return index


def _out_size(out_size):
    if out_size is None:
        return 0
    if isinstance(out_size, Tensor):
        return int(out_size.numpy().reshape(-1)[0])
    return int(out_size)


def recv(msg, dst_index, reduce_op, out_size):
    """Rows of `msg` (one per edge) reduced into the rows named by dst_index (shared by segment_* and send_*)."""
    edges = to_tensor(np.arange(msg.shape[0], dtype=np.int64))
    out, _count = apply(SendURecv, msg, edges, dst_index, reduce_op=reduce_op.upper(), out_size=[out_size])
    return out


def _message(a, b, message_op):
    if message_op == "add":
        return a + b
    if message_op == "sub":
        return a - b
    if message_op == "mul":
        return a * b
    return a / b


def send_u_recv(x, src_index, dst_index, reduce_op="sum", out_size=None, name=None):
    """Send the rows of x along the edges src_index -> dst_index and reduce them at each destination.

    Args:
        x (Tensor): node features, float32/float64/int32/int64, shape [N, ...].
        src_index (Tensor): int32/int64 source node of each edge, shape [E].
        dst_index (Tensor): int32/int64 destination node of each edge, shape [E].
        reduce_op (str): "sum", "mean", "max" or "min". Rows no edge reaches are 0.
        out_size (int|Tensor, optional): rows of the result; None or <= 0 keeps x's row count.
        name (str, optional): unused.

    Returns:
        Tensor: the reduced messages, x's dtype, shape [out_size or N, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[0., 2., 3.], [1., 4., 5.], [2., 6., 7.]])
        >>> src = paddle.to_tensor([0, 1, 2, 0], dtype="int32")
        >>> dst = paddle.to_tensor([1, 2, 1, 0], dtype="int32")
        >>> paddle.geometric.send_u_recv(x, src, dst, reduce_op="sum").numpy().tolist()
        [[0.0, 2.0, 3.0], [2.0, 8.0, 10.0], [1.0, 4.0, 5.0]]
    """
    _choice(reduce_op, _REDUCES, "reduce_op")
    src_index, dst_index = _index(src_index, "src_index"), _index(dst_index, "dst_index")
    out, _count = apply(SendURecv, x, src_index, dst_index, reduce_op=reduce_op.upper(),
                        out_size=[_out_size(out_size)])
    return out


def send_ue_recv(x, y, src_index, dst_index, message_op="add", reduce_op="sum", out_size=None, name=None):
    """Combine the source rows of x with edge features y (message_op), then reduce at each destination.

    Args:
        x (Tensor): node features, shape [N, ...].
        y (Tensor): edge features, shape [E, ...] broadcastable against x's rows.
        src_index (Tensor): int32/int64 source node of each edge, shape [E].
        dst_index (Tensor): int32/int64 destination node of each edge, shape [E].
        message_op (str): "add", "sub", "mul" or "div".
        reduce_op (str): "sum", "mean", "max" or "min". Rows no edge reaches are 0.
        out_size (int|Tensor, optional): rows of the result; None or <= 0 keeps x's row count.
        name (str, optional): unused.

    Returns:
        Tensor: the reduced messages, shape [out_size or N, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[0., 2., 3.], [1., 4., 5.], [2., 6., 7.]])
        >>> y = paddle.to_tensor([1., 1., 1., 1.])
        >>> src = paddle.to_tensor([0, 1, 2, 0], dtype="int32")
        >>> dst = paddle.to_tensor([1, 2, 1, 0], dtype="int32")
        >>> paddle.geometric.send_ue_recv(x, y, src, dst, "add", "sum").numpy().tolist()
        [[1.0, 3.0, 4.0], [4.0, 10.0, 12.0], [2.0, 5.0, 6.0]]
    """
    _choice(message_op, _MESSAGES, "message_op")
    _choice(reduce_op, _REDUCES, "reduce_op")
    src_index, dst_index = _index(src_index, "src_index"), _index(dst_index, "dst_index")
    size = _out_size(out_size)
    msg = _message(index_select(x, src_index, axis=0), _edge_rows(y, x), message_op)
    return recv(msg, dst_index, reduce_op, size if size > 0 else x.shape[0])


def _edge_rows(y, x):
    """Edge features as rows: a 1-D y holds one scalar per edge (Paddle adds the trailing axes)."""
    if y.ndim == 1 and x.ndim > 1:
        return y.reshape([-1] + [1] * (x.ndim - 1))
    return y


def send_uv(x, y, src_index, dst_index, message_op="add", name=None):
    """One message per edge from the features of its two ends: x[src] message_op y[dst].

    Args:
        x (Tensor): source node features, shape [N, ...].
        y (Tensor): destination node features, shape [N, ...] broadcastable against x's rows.
        src_index (Tensor): int32/int64 source node of each edge, shape [E].
        dst_index (Tensor): int32/int64 destination node of each edge, shape [E].
        message_op (str): "add", "sub", "mul" or "div".
        name (str, optional): unused.

    Returns:
        Tensor: the edge messages, shape [E, ...].

    Examples:
        >>> import purepaddle as paddle
        >>> x = paddle.to_tensor([[0., 2., 3.], [1., 4., 5.], [2., 6., 7.]])
        >>> y = paddle.to_tensor([[0., 1., 2.], [2., 3., 4.], [4., 5., 6.]])
        >>> src = paddle.to_tensor([0, 1, 2, 0], dtype="int32")
        >>> dst = paddle.to_tensor([1, 2, 1, 0], dtype="int32")
        >>> paddle.geometric.send_uv(x, y, src, dst, "add").numpy().tolist()
        [[2.0, 5.0, 7.0], [5.0, 9.0, 11.0], [4.0, 9.0, 11.0], [0.0, 3.0, 5.0]]
    """
    _choice(message_op, _MESSAGES, "message_op")
    src_index, dst_index = _index(src_index, "src_index"), _index(dst_index, "dst_index")
    return _message(index_select(x, src_index, axis=0), index_select(y, dst_index, axis=0), message_op)
