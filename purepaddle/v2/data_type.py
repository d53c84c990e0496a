"""v2 input types (`paddle.data_type.dense_vector(n)`, ...) and their conversion of reader samples to arrays."""
import numpy as np

__all__ = ["InputType", "dense_vector", "integer_value", "sparse_binary_vector", "sparse_vector",
           "sparse_float_vector", "sparse_non_value_slot", "sparse_value_slot", "dense_array"]


class InputType:
    """The declared type of a v2 data layer: its width `dim` and its kind ("dense", "integer",
    "sparse_binary" or "sparse"). Sequence kinds are not supported by this compat layer."""

    def __init__(self, dim, kind):
        dim = int(dim)
        if dim <= 0:
            raise ValueError(f"paddle.data_type.{kind}: the dimension must be > 0, but received {dim}")
        self.dim, self.kind = dim, kind

    def __repr__(self):
        return f"InputType(dim={self.dim}, type={self.kind})"

    def to_array(self, samples, name):
        """One column of a mini-batch (a list of per-sample values) as an ndarray: float32 [N, dim] for
        dense and sparse kinds (sparse ones densified), int64 [N, 1] for integer_value."""
        n = len(samples)
        if self.kind == "integer":
            ids = np.asarray(samples, dtype=np.int64).reshape(n, -1)
            if ids.shape[1] != 1 or ids.min(initial=0) < 0 or ids.max(initial=0) >= self.dim:
                raise ValueError(f"data layer '{name}': integer_value({self.dim}) expects one id in "
                                 f"[0, {self.dim}) per sample, but received {ids.reshape(-1)[:8].tolist()}")
            return ids
        if self.kind == "dense":
            arr = np.asarray(samples, dtype=np.float32).reshape(n, -1)
            if arr.shape[1] != self.dim:
                raise ValueError(f"data layer '{name}': dense_vector({self.dim}) received samples of width "
                                 f"{arr.shape[1]}")
            return arr
        out = np.zeros((n, self.dim), dtype=np.float32)
        for i, sample in enumerate(samples):
            if self.kind == "sparse_binary":
                out[i, np.asarray(sample, dtype=np.int64)] = 1.0
            else:
                for idx, val in sample:
                    out[i, int(idx)] = float(val)
        return out


def dense_vector(dim, seq_type=0):
    """A dense float vector of width `dim` per sample.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.dense_vector(13)
            InputType(dim=13, type=dense)
    """
    _no_sequence(seq_type, "dense_vector")
    return InputType(dim, "dense")


def integer_value(value_range, seq_type=0):
    """One integer id in [0, value_range) per sample (a class label, a word id).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.integer_value(10)
            InputType(dim=10, type=integer)
    """
    _no_sequence(seq_type, "integer_value")
    return InputType(value_range, "integer")


def sparse_binary_vector(dim, seq_type=0):
    """A 0/1 vector of width `dim` given per sample as the list of its non-zero indices.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_binary_vector(100)
            InputType(dim=100, type=sparse_binary)
    """
    _no_sequence(seq_type, "sparse_binary_vector")
    return InputType(dim, "sparse_binary")


def sparse_vector(dim, seq_type=0):
    """A float vector of width `dim` given per sample as a list of (index, value) pairs.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_vector(100)
            InputType(dim=100, type=sparse)
    """
    _no_sequence(seq_type, "sparse_vector")
    return InputType(dim, "sparse")


def _no_sequence(seq_type, api):
    """Sequence inputs need sequence layers, which this compat layer does not have."""
    if seq_type:
        raise NotImplementedError(f"paddle.data_type.{api}: sequence inputs (seq_type={seq_type}) are not "
                                  f"supported by purepaddle's paddle.v2 compatibility layer")


sparse_float_vector = sparse_value_slot = sparse_vector
sparse_non_value_slot = sparse_binary_vector
dense_array = dense_vector
