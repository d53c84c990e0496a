"""paddle.tensor.manipulation: shape, join, indexing, views, gathering, scattering, distinct values,
contraction, Python lists."""
from .contraction import *  # noqa: F401,F403
from .distinct import *  # noqa: F401,F403
from .gathering import *  # noqa: F401,F403
from .indexing import *  # noqa: F401,F403
from .join import *  # noqa: F401,F403
from .lists import *  # noqa: F401,F403
from .scattering import *  # noqa: F401,F403
from .shape import *  # noqa: F401,F403
from .views import *  # noqa: F401,F403
from .join import repeat, tensor_array_to_tensor  # noqa: F401
from .scattering import fill_diagonal_, fill_diagonal_tensor, fill_diagonal_tensor_  # noqa: F401
