"""`paddle.v2`: a thin compatibility layer for the v0.x API (layer/activation/attr/data_type configs,
parameters.create, trainer.SGD with events, inference), evaluated eagerly with purepaddle's 2.x machinery."""
from . import activation, attr, data_type, event, inference, layer, optimizer, parameters, reader, trainer  # noqa: F401
from .inference import infer
from .reader import batch

__all__ = ["init", "batch", "infer", "activation", "attr", "data_type", "event", "inference", "layer",
           "optimizer", "parameters", "reader", "trainer"]


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
