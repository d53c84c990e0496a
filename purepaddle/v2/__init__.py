"""`paddle.v2`: a thin compatibility layer for the v0.x API (layer/activation/attr/data_type configs,
parameters.create, trainer.SGD with events, inference), evaluated eagerly with purepaddle's 2.x machinery."""
from . import (activation, attr, data_type, event, inference, layer, optimizer, parameters, pooling,  # noqa: F401
               reader, trainer)
from .inference import infer
from .reader import batch
from .runtime import init

__all__ = ["init", "batch", "infer", "activation", "attr", "data_type", "event", "inference", "layer",
           "optimizer", "parameters", "pooling", "reader", "trainer"]
