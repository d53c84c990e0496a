"""LazyGuard: parameters created inside keep their initializer for a later `param.initialize()`."""
__all__ = ["LazyGuard"]


class LazyInitHelper:
    """The on/off switch Initializer.__call__ reads."""

    def __init__(self):
        self._state = False

    def enable(self):
        self._state = True

    def disable(self):
        self._state = False

    def __enter__(self):
        self.enable()

    def __exit__(self, *args):
        self.disable()

    @property
    def state(self):
        return self._state


_HELPER = LazyInitHelper()


def lazy_init_helper():
    """The process-wide LazyInitHelper."""
    return _HELPER


class LazyGuard:
    """Within this block parameters are not filled: their initializer runs on `param.initialize()`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle import LazyGuard
            >>> with LazyGuard():
            ...     net = paddle.nn.Linear(10, 10)
            >>> for param in net.parameters():
            ...     param.initialize()
    """

    def __enter__(self):
        lazy_init_helper().enable()

    def __exit__(self, exc_type, exc_val, exc_tb):
        lazy_init_helper().disable()
