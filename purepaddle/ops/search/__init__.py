"""Search ops (paddle.tensor.search): sorting and order statistics, bucketing, selecting."""
