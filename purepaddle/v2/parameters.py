"""v2 `paddle.parameters.create(cost)`: the named parameters of a network, read and written as ndarrays,
and saved one file per parameter in the legacy trainer's format (a 16-byte header: int32 format 0, uint32
value size 4, uint64 element count; then the float32 values), what `paddle train` wrote into pass-%05d."""
import struct

import numpy as np

from .._core.tensor import Parameter
from .layer import parse_network

__all__ = ["Parameters", "create"]


class Parameters:
    """The parameters of a v2 network by name: `keys()`, `get(name)` / `get_grad(name)` (ndarrays),
    `set(name, value)`. The Tensors themselves (what the optimizer updates) are in `tensors`; `sparse_update`
    names those declared with paddle.attr.Param(sparse_update=True)."""

    def __init__(self):
        self.tensors, self.sparse_update, self._row_grads = {}, set(), {}

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
        if name in self._row_grads:  # a sparse_update parameter: its gradient is kept by row; densify on request
            rows, values = self._row_grads[name]
            out = np.zeros(p.shape, dtype=p.numpy().dtype)
            out[rows] = values
            return out
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

    def serialize(self, name, f):
        """Write parameter `name` to the binary file object `f` in the legacy format.

        Examples:
            .. code-block:: python

                >>> import io
                >>> import paddle.v2 as paddle
                >>> x = paddle.layer.data(name="x", type=paddle.data_type.dense_vector(2))
                >>> params = paddle.parameters.create(paddle.layer.fc(input=x, size=3, name="out"))
                >>> buf = io.BytesIO()
                >>> params.serialize("_out.w0", buf)
                >>> len(buf.getvalue())
                40
        """
        value = np.ascontiguousarray(self._tensor(name, "serialize").numpy(), dtype=np.float32)
        f.write(struct.pack(_HEADER, 0, 4, value.size))
        f.write(value.tobytes())

    def deserialize(self, name, f):
        """Read parameter `name` from the binary file object `f` (the legacy format) into this object."""
        p = self._tensor(name, "deserialize")
        header = f.read(struct.calcsize(_HEADER))
        if len(header) != struct.calcsize(_HEADER):
            raise ValueError(f"Parameters.deserialize: '{name}': the file is too short for a parameter header")
        fmt, value_size, count = struct.unpack(_HEADER, header)
        if fmt != 0 or value_size != 4:
            raise ValueError(f"Parameters.deserialize: '{name}': unsupported format {fmt} with {value_size}-byte "
                             f"values")
        size = int(np.prod(p.shape))
        if count != size:
            raise ValueError(f"Parameters.deserialize: '{name}' has {size} values, but the file holds {count}")
        data = np.frombuffer(f.read(4 * count), dtype=np.float32)
        if data.size != count:
            raise ValueError(f"Parameters.deserialize: '{name}': the file ends early")
        self.set(name, data.reshape(p.shape))


_HEADER = "<iIQ"  # format, value size, element count


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
            if attr.sparse_update:
                params.sparse_update.add(name)
    return params


def _l2(rate):
    """The per-parameter L2Decay for a v2 l2_rate (None when unset)."""
    if not rate:
        return None
    from ..nn._regularizer import L2Decay
    return L2Decay(float(rate))
