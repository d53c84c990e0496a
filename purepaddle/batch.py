"""paddle.batch: group the samples of a reader creator into lists of batch_size."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any


__all__ = []  # paddle.batch is reached as the function itself


def batch(reader: Callable[[], Iterable[Any]], batch_size: int,
          drop_last: bool = False) -> Callable[[], Iterator[list[Any]]]:
    """A reader creator yielding lists of `batch_size` consecutive samples of `reader`.

    Args:
        reader (callable): a reader creator (a callable returning an iterator of samples).
        batch_size (int): samples per batch (a positive integer).
        drop_last (bool, optional): drop the last batch when it is shorter than batch_size. Default False.

    Returns:
        callable: the batched reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> def reader():
            ...     for i in range(5):
            ...         yield i
            >>> batched = paddle.batch(reader, batch_size=2)
            >>> list(batched())
            [[0, 1], [2, 3], [4]]
    """
    batch_size = int(batch_size)
    if batch_size <= 0:
        raise ValueError(f"batch_size should be a positive integer value, but got batch_size={batch_size}")

    def batch_reader():
        group = []
        for sample in reader():
            group.append(sample)
            if len(group) == batch_size:
                yield group
                group = []
        if group and not drop_last:
            yield group
    return batch_reader
