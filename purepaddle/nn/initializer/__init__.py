"""paddle.nn.initializer: Constant, Normal, TruncatedNormal, Uniform, Xavier*, Kaiming*, Assign, Orthogonal, ..."""
from .base import Initializer, calculate_gain, set_global_initializer  # noqa: F401
from .basic import Assign, Constant, Normal, TruncatedNormal, Uniform
from .fans import KaimingNormal, KaimingUniform, MSRAInitializer, XavierInitializer, XavierNormal, XavierUniform  # noqa: F401
from .lazy_init import LazyGuard  # noqa: F401
from .structured import Bilinear, Dirac, Orthogonal

__all__ = ["Bilinear", "Constant", "KaimingUniform", "KaimingNormal", "XavierNormal", "XavierUniform", "Assign",
           "Normal", "TruncatedNormal", "Uniform", "Orthogonal", "Dirac", "set_global_initializer",
           "calculate_gain"]
