"""BaseObserver: a quanter that only watches values (PTQ calibration) and computes thresholds after."""
import abc

from .base_quanter import BaseQuanter

__all__ = ["BaseObserver"]


class BaseObserver(BaseQuanter, metaclass=abc.ABCMeta):
    """An observer: forward records statistics and returns the input unchanged; cal_thresholds turns them into
    scales.

    Examples:
        >>> import purepaddle as paddle
        >>> from purepaddle.quantization import BaseObserver
        >>> issubclass(BaseObserver, paddle.quantization.BaseQuanter)
        True
    """

    def __init__(self):
        super().__init__()

    @abc.abstractmethod
    def cal_thresholds(self):
        """Compute the scales from what forward saw."""
