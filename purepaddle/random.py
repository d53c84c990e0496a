"""paddle.random: the global random generator's seed."""
from ._core.generator import default_generator

__all__ = ["initial_seed"]


def initial_seed():
    """The seed of the global random generator: the one last given to paddle.seed (or picked at start-up).

    Returns:
        int: The seed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> _ = paddle.seed(102)
            >>> paddle.random.initial_seed()
            102
    """
    return default_generator().initial_seed()
