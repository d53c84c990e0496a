"""paddle.base.DataFeeder: turn a reader's minibatch (a list of samples) into the feed dict of an Executor run."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import PlaceLike
    from purepaddle.static.program import Program
    from purepaddle._core.tensor import Tensor

import numpy as np

from ..static import DenseTensor, Variable, default_main_program
from ..tensor._check import check_shape  # noqa: F401  (paddle.base.data_feeder.check_shape)

__all__ = ["DataFeeder", "DataToDenseTensorConverter", "BatchedTensorProvider", "check_shape"]


class DataToDenseTensorConverter:
    """Collects one feed variable's field of each sample, then makes a DenseTensor of the variable's dtype (and its
    shape, when the collected array's rank differs and the shape has at most one unknown dim); lod_level > 0
    fields are nested lists whose lengths become the tensor's recursive sequence lengths."""

    def __init__(self, place, lod_level, shape, dtype):
        self.place = place
        self.lod_level = lod_level
        self.shape = None if sum(1 for s in shape if s < 0) > 1 else list(shape)
        self.dtype = dtype.np_dtype if hasattr(dtype, "np_dtype") else np.dtype(dtype)
        self._reset()

    def _reset(self):
        self.data = []
        self.lod = [[] for _ in range(self.lod_level)]

    def feed(self, data):
        self._feed(data, self.lod, self.lod_level)

    def _feed(self, data, lod, lod_level):
        if lod_level == 0:
            self.data.append(data)
            return
        lod[0].append(len(data))
        for item in data:
            self._feed(item, lod[1:], lod_level - 1)

    def done(self):
        arr = np.array(self.data, dtype=self.dtype)
        if self.shape and arr.ndim != len(self.shape):
            try:
                arr = arr.reshape(self.shape)
            except ValueError:
                raise ValueError(f"Reshape error. What is defined in data layer is {tuple(self.shape)}, but "
                                 f"receive {arr.shape}") from None
        t = DenseTensor()
        t.set(arr, self.place)
        if self.lod_level > 0:
            t.set_recursive_sequence_lengths(self.lod)
        self._reset()
        return t


class BatchedTensorProvider:
    """Batch the samples of `generator` (a reader creator) into lists of DenseTensors, one per feed variable
    (lod_level 0 only)."""

    def __init__(self, feed_list, place, batch_size, generator, drop_last):
        self.place, self.batch_size, self.generator, self.drop_last = place, batch_size, generator, drop_last
        for var in feed_list:
            assert var.lod_level == 0, "lod_level must be 0"
        self.converters = [DataToDenseTensorConverter(place, 0, var.shape, var.dtype) for var in feed_list]

    def _done(self):
        return [c.done() for c in self.converters]

    def __call__(self):
        count = 0
        for sample in self.generator():
            for field, conv in zip(sample, self.converters):
                conv.data.append(field)
            count += 1
            if count == self.batch_size:
                count = 0
                yield self._done()
        if not self.drop_last and count > 0:
            yield self._done()
        else:
            for conv in self.converters:
                conv._reset()


class DataFeeder:
    """Convert minibatches of samples into Executor feed dicts for the variables of `feed_list`.

    Each sample is a tuple with one field per feed variable; `feed` stacks a minibatch's fields into one
    DenseTensor per variable, in the variable's dtype, reshaped to the variable's shape when the ranks differ
    (so 784 flat pixels feed an image variable of shape [None, 1, 28, 28] and int labels a [None, 1] variable).

    Args:
        feed_list (list): the feed Variables (or their names in `program`'s block 0).
        place (Place): where the tensors live (CPU here).
        program (Program|None, optional): where names are looked up; default the default main program.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main):
            ...     img = paddle.static.data(name='img', shape=[None, 2, 2], dtype='float32')
            ...     label = paddle.static.data(name='label', shape=[None, 1], dtype='int64')
            >>> feeder = paddle.base.DataFeeder(feed_list=[img, label], place=paddle.CPUPlace(), program=main)
            >>> feed = feeder.feed([(np.arange(4), 1), (np.arange(4), 0)])
            >>> np.array(feed['img']).shape, np.array(feed['label']).tolist()
            ((2, 2, 2), [[1], [0]])
            >>> paddle.disable_static()
    """

    def __init__(self, feed_list: Sequence[Tensor | str], place: PlaceLike,
                 program: Program | None = None) -> None:
        self.place = place
        program = default_main_program() if program is None else program
        self.feed_dtypes, self.feed_names, self.feed_lod_level, self.feed_shapes = [], [], [], []
        for var in feed_list:
            if isinstance(var, str):
                var = program.block(0).var(var)
            if not isinstance(var, Variable):
                raise TypeError("Feed list should contain a list of variable")
            self.feed_dtypes.append(var.dtype)
            self.feed_names.append(var.name)
            self.feed_lod_level.append(var.lod_level)
            self.feed_shapes.append(var.shape)

    def feed(self, iterable):
        """The feed dict {variable name: DenseTensor} of a minibatch (an iterable of samples).

        Args:
            iterable (iterable): samples, each a tuple with one field per feed variable.

        Returns:
            dict: name -> DenseTensor.
        """
        converters = [DataToDenseTensorConverter(self.place, lod, shape, dtype)
                      for lod, shape, dtype in zip(self.feed_lod_level, self.feed_shapes, self.feed_dtypes)]
        for sample in iterable:
            assert len(sample) == len(converters), ("The number of fields in data (%d) does not match "
                                                    "len(feed_list) (%d)" % (len(sample), len(converters)))
            for conv, field in zip(converters, sample):
                conv.feed(field)
        return {name: conv.done() for name, conv in zip(self.feed_names, converters)}
