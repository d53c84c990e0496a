"""The trainer config's sequence pooling types (MaxPooling(), AvgPooling(), SumPooling()): paddle.v2's."""
from ..v2.pooling import AvgPooling, BasePoolingType, MaxPooling, SumPooling

__all__ = ["BasePoolingType", "MaxPooling", "AvgPooling", "SumPooling"]
