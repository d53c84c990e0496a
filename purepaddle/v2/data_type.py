"""v2 input types (`paddle.data_type.dense_vector(n)`, ...) and their conversion of reader samples to arrays."""
import numpy as np

__all__ = ["InputType", "SequenceType", "SparseInput", "dense_vector", "integer_value", "sparse_binary_vector",
           "sparse_vector", "dense_vector_sequence", "integer_value_sequence", "sparse_binary_vector_sequence",
           "sparse_vector_sequence", "sparse_float_vector", "sparse_float_vector_sequence", "sparse_non_value_slot",
           "sparse_value_slot", "dense_array"]


class SequenceType:
    """How samples of a slot are grouped: one value per sample (NO_SEQUENCE), a list of values per sample
    (SEQUENCE) or a list of lists (SUB_SEQUENCE, not supported by this compat layer)."""

    NO_SEQUENCE, SEQUENCE, SUB_SEQUENCE = 0, 1, 2


class SparseInput:
    """A mini-batch of a sparse slot kept sparse: row `rows[k]` has `values[k]` (1 for sparse_binary,
    `values` None) at column `cols[k]`; `height` rows (samples, or sequence elements) of width `width`.
    Layers read it through its coordinates; `numpy()` densifies only when someone asks for the dense value."""

    def __init__(self, rows, cols, values, height, width):
        self.rows, self.cols, self.values = rows, cols, values
        self.height, self.width = int(height), int(width)

    @property
    def shape(self):
        """[height, width], as the dense value would have."""
        return [self.height, self.width]

    @staticmethod
    def stack(parts):
        """The SparseInputs `parts` one below the other (rows renumbered), still sparse."""
        offsets = np.cumsum([0] + [p.height for p in parts[:-1]])
        rows = np.concatenate([p.rows + o for p, o in zip(parts, offsets)])
        cols = np.concatenate([p.cols for p in parts])
        values = None if parts[0].values is None else np.concatenate([p.values for p in parts])
        return SparseInput(rows, cols, values, sum(p.height for p in parts), parts[0].width)

    def numpy(self):
        """The dense float32 [height, width] value."""
        out = np.zeros((self.height, self.width), dtype=np.float32)
        np.add.at(out, (self.rows, self.cols), 1.0 if self.values is None else self.values)
        return out


class InputType:
    """The declared type of a v2 data layer: its width `dim`, its kind ("dense", "integer",
    "sparse_binary" or "sparse") and its `seq_type` (a SequenceType)."""

    def __init__(self, dim, kind, seq_type=SequenceType.NO_SEQUENCE):
        dim = int(dim)
        if dim <= 0:
            raise ValueError(f"paddle.data_type.{kind}: the dimension must be > 0, but received {dim}")
        if seq_type == SequenceType.SUB_SEQUENCE:
            raise NotImplementedError(f"paddle.data_type: sub-sequence inputs (seq_type={seq_type}) are not "
                                      f"supported by purepaddle's paddle.v2 compatibility layer")
        if seq_type not in (SequenceType.NO_SEQUENCE, SequenceType.SEQUENCE):
            raise ValueError(f"paddle.data_type: seq_type must be a SequenceType value, but received {seq_type}")
        self.dim, self.kind, self.seq_type = dim, kind, int(seq_type)

    def __repr__(self):
        seq = ", seq_type=SEQUENCE" if self.seq_type else ""
        return f"InputType(dim={self.dim}, type={self.kind}{seq})"

    def __eq__(self, other):
        return isinstance(other, InputType) and (self.dim, self.kind, self.seq_type) == \
            (other.dim, other.kind, other.seq_type)

    __hash__ = None

    def to_array(self, samples, name):
        """One column of a mini-batch of a non-sequence slot (a list of per-sample values) as an ndarray:
        float32 [N, dim] for dense and sparse kinds (sparse ones densified), int64 [N, 1] for integer_value."""
        value, _ = self.to_batch(samples, name)
        return value.numpy() if isinstance(value, SparseInput) else value

    def to_batch(self, samples, name):
        """One column of a mini-batch as (value, starts). For a sequence slot the elements of all samples
        are stacked (row i of the value is element i) and `starts` (int64, N + 1) gives where each sample's
        sequence begins; otherwise `starts` is None. The value is an ndarray (float32 [rows, dim] for
        dense, int64 [rows, 1] for integer_value) or a SparseInput for the sparse kinds."""
        if self.seq_type:
            lengths = []
            flat = []
            for sample in samples:
                seq = list(sample)
                lengths.append(len(seq))
                flat.extend(seq)
            starts = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        else:
            flat, starts = list(samples), None
        return self._rows(flat, name), starts

    def _rows(self, rows, name):
        """The value of `rows` (one entry per output row) for this kind."""
        n = len(rows)
        if self.kind == "integer":
            ids = np.asarray(rows, dtype=np.int64).reshape(n, -1)
            if ids.shape[1] != 1 or ids.min(initial=0) < 0 or ids.max(initial=0) >= self.dim:
                raise ValueError(f"data layer '{name}': integer_value({self.dim}) expects one id in "
                                 f"[0, {self.dim}) per sample, but received {ids.reshape(-1)[:8].tolist()}")
            return ids
        if self.kind == "dense":
            arr = np.asarray(rows, dtype=np.float32).reshape(n, -1)
            if arr.shape[1] != self.dim:
                raise ValueError(f"data layer '{name}': dense_vector({self.dim}) received samples of width "
                                 f"{arr.shape[1]}")
            return arr
        binary = self.kind == "sparse_binary"
        counts, cols, vals = [], [], []
        for sample in rows:
            if binary:
                idx = np.asarray(sample, dtype=np.int64).reshape(-1)
            else:
                pairs = list(sample)
                idx = np.asarray([int(i) for i, _ in pairs], dtype=np.int64)
                vals.append(np.asarray([float(v) for _, v in pairs], dtype=np.float32))
            counts.append(idx.size)
            cols.append(idx)
        col = np.concatenate(cols) if cols else np.zeros(0, np.int64)
        if col.size and (col.min() < 0 or col.max() >= self.dim):
            raise ValueError(f"data layer '{name}': {self.kind}_vector({self.dim}) received an index outside "
                             f"[0, {self.dim}): {col[(col < 0) | (col >= self.dim)][:8].tolist()}")
        row = np.repeat(np.arange(n, dtype=np.int64), counts)
        val = None if binary else (np.concatenate(vals) if vals else np.zeros(0, np.float32))
        return SparseInput(row, col, val, n, self.dim)


def dense_vector(dim, seq_type=SequenceType.NO_SEQUENCE):
    """A dense float vector of width `dim` per sample.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.dense_vector(13)
            InputType(dim=13, type=dense)
    """
    return InputType(dim, "dense", seq_type)


def integer_value(value_range, seq_type=SequenceType.NO_SEQUENCE):
    """One integer id in [0, value_range) per sample (a class label, a word id).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.integer_value(10)
            InputType(dim=10, type=integer)
    """
    return InputType(value_range, "integer", seq_type)


def sparse_binary_vector(dim, seq_type=SequenceType.NO_SEQUENCE):
    """A 0/1 vector of width `dim` given per sample as the list of its non-zero indices.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_binary_vector(100)
            InputType(dim=100, type=sparse_binary)
    """
    return InputType(dim, "sparse_binary", seq_type)


def sparse_vector(dim, seq_type=SequenceType.NO_SEQUENCE):
    """A float vector of width `dim` given per sample as a list of (index, value) pairs.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_vector(100)
            InputType(dim=100, type=sparse)
    """
    return InputType(dim, "sparse", seq_type)


def dense_vector_sequence(dim):
    """A sequence of dense vectors of width `dim` per sample (a list of vectors).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.dense_vector_sequence(4)
            InputType(dim=4, type=dense, seq_type=SEQUENCE)
    """
    return InputType(dim, "dense", SequenceType.SEQUENCE)


def integer_value_sequence(value_range):
    """A sequence of ids in [0, value_range) per sample (a sentence as word ids).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.integer_value_sequence(1000)
            InputType(dim=1000, type=integer, seq_type=SEQUENCE)
    """
    return InputType(value_range, "integer", SequenceType.SEQUENCE)


def sparse_binary_vector_sequence(dim):
    """A sequence of 0/1 vectors (each a list of non-zero indices) per sample.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_binary_vector_sequence(100)
            InputType(dim=100, type=sparse_binary, seq_type=SEQUENCE)
    """
    return InputType(dim, "sparse_binary", SequenceType.SEQUENCE)


def sparse_vector_sequence(dim):
    """A sequence of sparse float vectors (each a list of (index, value) pairs) per sample.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.data_type.sparse_vector_sequence(100)
            InputType(dim=100, type=sparse, seq_type=SEQUENCE)
    """
    return InputType(dim, "sparse", SequenceType.SEQUENCE)


sparse_float_vector = sparse_value_slot = sparse_vector
sparse_float_vector_sequence = sparse_vector_sequence
sparse_non_value_slot = sparse_binary_vector
dense_array = dense_vector
