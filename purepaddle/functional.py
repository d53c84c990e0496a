"""paddle.functional: the functions Paddle also lists under this name (the same functions as paddle.*)."""
from .tensor.creation.matrix import meshgrid  # noqa: F401
from .tensor.einsum import einsum  # noqa: F401
from .tensor.linalg.norms import norm  # noqa: F401
from .tensor.manipulation.distinct import unique_consecutive  # noqa: F401
from .tensor.manipulation.join import split  # noqa: F401
from .tensor.manipulation.shape import atleast_1d, atleast_2d, atleast_3d  # noqa: F401
from .tensor.math.broadcasting import broadcast_shapes  # noqa: F401

__all__ = ["atleast_1d", "atleast_2d", "atleast_3d", "broadcast_shapes", "einsum", "norm", "split",
           "unique_consecutive", "meshgrid"]
