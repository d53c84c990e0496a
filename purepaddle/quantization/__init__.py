"""paddle.quantization: quantization-aware training (QAT) and post-training quantization (PTQ) configured by a
QuantConfig of quanter/observer factories, and the bases to write new quanters (BaseQuanter, BaseObserver,
the `quanter` decorator). Dynamic mode: the fake-quant ops run eagerly (see docs/conformance.md)."""
from . import observers, quanters  # noqa: F401
from .base_observer import BaseObserver
from .base_quanter import BaseQuanter
from .config import QuantConfig
from .factory import quanter
from .ptq import PTQ
from .qat import QAT

__all__ = ["QuantConfig", "BaseQuanter", "BaseObserver", "quanter", "QAT", "PTQ"]
