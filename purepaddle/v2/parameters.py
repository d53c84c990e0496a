"""v2 `paddle.parameters.create(cost)`: the named parameters of a network, read and written as ndarrays."""
import numpy as np

from .._core.tensor import Parameter
from .layer import parse_network

__all__ = ["Parameters", "create"]


class Parameters:
    """The parameters of a v2 network by name: `keys()`, `get(name)` / `get_grad(name)` (ndarrays),
    `set(name, value)`. The Tensors themselves (what the optimizer updates) are in `tensors`."""

    def __init__(self):
        self.tensors = {}

    def keys(self):
        """Parameter names, in creation order."""
        return list(self.tensors)

    names = keys

    def __iter__(self):
        return iter(self.keys())

    def __len__(self):
        return len(self.tensors)

    def __contains__(self, name):
        return name in self.tensors

    def _tensor(self, name, api):
        """The Parameter called `name`, or a ValueError listing the names."""
        if name not in self.tensors:
            raise ValueError(f"Parameters.{api}: no parameter named '{name}'; the parameters are {self.keys()}")
        return self.tensors[name]

    def get_shape(self, name):
        """The shape of parameter `name` as a tuple."""
        return tuple(self._tensor(name, "get_shape").shape)

    def get(self, name):
        """A copy of parameter `name`'s value as an ndarray.

        Examples:
            .. code-block:: python

                >>> import paddle.v2 as paddle
                >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
                >>> y = paddle.layer.fc(input=x, size=3, name="out")
                >>> params = paddle.parameters.create(y)
                >>> params.get("_out.w0").shape
                (2, 3)
        """
        return np.array(self._tensor(name, "get").numpy(), copy=True)

    __getitem__ = get

    def get_grad(self, name):
        """The gradient of parameter `name` from the last backward as an ndarray (zeros before any)."""
        p = self._tensor(name, "get_grad")
        return np.zeros(p.shape, dtype=p.numpy().dtype) if p.grad is None else np.array(p.grad.numpy(), copy=True)

    def set(self, name, value):
        """Overwrite parameter `name` with `value` (same shape)."""
        p = self._tensor(name, "set")
        arr = np.asarray(value, dtype=p.numpy().dtype)
        if arr.shape != tuple(p.shape):
            raise ValueError(f"Parameters.set: parameter '{name}' has shape {tuple(p.shape)}, but the value has "
                             f"shape {arr.shape}")
        p._write(arr)

    __setitem__ = set


def create(layers):
    """Create (and initialize) the parameters of every layer that `layers` (one or a list) depend on.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
            >>> y = paddle.layer.fc(input=x, size=1, act=paddle.activation.Linear(), name="pred")
            >>> paddle.parameters.create(y).keys()
            ['_pred.w0', '_pred.wbias']
    """
    params = Parameters()
    for node in parse_network(layers):
        for name, shape, attr, fan_in, is_bias in node.param_specs():
            if name in params.tensors:
                if tuple(params.tensors[name].shape) != tuple(shape):
                    raise ValueError(f"paddle.parameters.create: parameter '{name}' is shared with shapes "
                                     f"{tuple(params.tensors[name].shape)} and {tuple(shape)}")
                continue
            p = Parameter(np.zeros(shape, dtype=np.float32), name=name, trainable=not attr.is_static,
                          optimize_attr={"learning_rate": float(attr.learning_rate or 1.0)},
                          regularizer=_l2(attr.l2_rate))
            attr.init_array(p, fan_in, is_bias)
            if attr.gradient_clipping_threshold is not None:
                p.gradient_clipping_threshold = float(attr.gradient_clipping_threshold)
            params.tensors[name] = p
    return params


def _l2(rate):
    """The per-parameter L2Decay for a v2 l2_rate (None when unset)."""
    if not rate:
        return None
    from ..nn._regularizer import L2Decay
    return L2Decay(float(rate))
