"""v2 reader decorators: `paddle.batch(reader, batch_size)` and `paddle.reader.shuffle(reader, buf_size)`."""
import random

__all__ = ["batch", "shuffle"]


def batch(reader, batch_size, drop_last=False):
    """A reader yielding lists of `batch_size` samples from `reader` (the last one shorter unless drop_last).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> list(paddle.batch(lambda: iter(range(5)), 2)())
            [[0, 1], [2, 3], [4]]
    """
    batch_size = int(batch_size)
    if batch_size <= 0:
        raise ValueError(f"paddle.batch: batch_size should be a positive integer, but received {batch_size}")

    def batched():
        buf = []
        for sample in reader():
            buf.append(sample)
            if len(buf) == batch_size:
                yield buf
                buf = []
        if buf and not drop_last:
            yield buf

    return batched


def shuffle(reader, buf_size):
    """A reader yielding `reader`'s samples shuffled within windows of `buf_size` samples.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> sorted(paddle.reader.shuffle(lambda: iter(range(5)), 3)())
            [0, 1, 2, 3, 4]
    """
    def shuffled():
        buf = []
        for sample in reader():
            buf.append(sample)
            if len(buf) >= buf_size:
                random.shuffle(buf)
                yield from buf
                buf = []
        random.shuffle(buf)
        yield from buf

    return shuffled
