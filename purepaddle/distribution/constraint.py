"""paddle.distribution.constraint: predicates a value must satisfy (real, positive, a range, the simplex)."""


class Constraint:
    """A predicate on values; calling it gives a boolean Tensor.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import constraint
            >>> print(constraint.positive(paddle.to_tensor([1.0, -1.0])).numpy())
            [ True False]
    """

    def __call__(self, value):
        raise NotImplementedError

    def check(self, value):
        return self(value)


class Real(Constraint):
    def __call__(self, value):
        return value == value  # False only on NaN


class Range(Constraint):
    def __init__(self, lower, upper):
        self._lower = lower
        self._upper = upper
        super().__init__()

    def __call__(self, value):
        return (self._lower <= value).logical_and(value <= self._upper)


class Positive(Constraint):
    def __call__(self, value):
        return value >= 0.0


class Simplex(Constraint):
    def __call__(self, value):
        return (value >= 0).all(axis=-1).logical_and((value.sum(-1) - 1).abs() < 1e-6)


real = Real()
positive = Positive()
simplex = Simplex()
