"""v2's process setup, paddle.v2.init: the device and thread count are checked (purepaddle trains on the
current device in one thread) and `seed=` seeds the random generator."""
__all__ = ["init"]


def init(use_gpu=False, trainer_count=1, **kwargs):
    """v2's process setup. purepaddle trains on the current device in one thread, so `use_gpu` and
    `trainer_count` are checked and otherwise have no effect; `seed=` seeds the random generator.

    Examples:
        .. code-block:: python

            >>> import paddle.v2 as paddle
            >>> paddle.init(use_gpu=False, trainer_count=1)
    """
    if int(trainer_count) < 1:
        raise ValueError(f"paddle.init: trainer_count must be >= 1, but received {trainer_count}")
    if "seed" in kwargs and kwargs["seed"]:
        from ..framework.random import seed
        seed(int(kwargs["seed"]))
