"""v2 sequence pooling types for paddle.layer.pooling: `paddle.pooling.Max()`, `Avg()`, `Sum()`."""

__all__ = ["BasePoolingType", "Max", "Avg", "Sum", "MaxPooling", "AvgPooling", "SumPooling"]


class BasePoolingType:
    """How paddle.layer.pooling reduces a sequence's elements; `reduce_op` is the segment reduction."""

    reduce_op = None

    def __repr__(self):
        return f"{type(self).__name__}()"


class Max(BasePoolingType):
    """The element-wise maximum over each sequence (0 for an empty one).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.pooling.Max().reduce_op
            'max'
    """

    reduce_op = "max"


class Avg(BasePoolingType):
    """The element-wise mean over each sequence (v2's default "average" strategy).

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.pooling.Avg().reduce_op
            'mean'
    """

    reduce_op = "mean"

    def __init__(self, strategy="average"):
        if strategy != "average":
            raise NotImplementedError(f"paddle.pooling.Avg: strategy {strategy!r} is not supported by purepaddle's "
                                      f"paddle.v2 compatibility layer (only 'average')")


class Sum(BasePoolingType):
    """The element-wise sum over each sequence.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.pooling.Sum().reduce_op
            'sum'
    """

    reduce_op = "sum"


MaxPooling, AvgPooling, SumPooling = Max, Avg, Sum
