"""paddle.static.log_helper: a logger with its own handler, as Paddle's static tools use."""
import logging

__all__ = ["get_logger"]


def get_logger(name, level, fmt=None):
    """A logger named `name` at `level`, printing through one StreamHandler with format `fmt`.

    It does not propagate to the root logger, so messages are not printed twice.

    Examples:
        .. code-block:: python

            >>> import logging
            >>> import paddle
            >>> logger = paddle.static.log_helper.get_logger(__name__, logging.INFO,
            ...                 fmt='%(asctime)s-%(levelname)s: %(message)s')
    """
    logger = logging.getLogger(name)
    logger.setLevel(level)
    handler = logging.StreamHandler()
    if fmt:
        handler.setFormatter(logging.Formatter(fmt=fmt))
    logger.addHandler(handler)
    logger.propagate = False
    return logger
