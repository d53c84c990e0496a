"""paddle.device: device selection and queries."""
from .._core.place import get_device, is_compiled_with_cuda, set_device  # noqa: F401
