"""paddle.incubate.distributed.utils.io: save a state dict from a distributed run."""
from . import dist_save, save_for_auto  # noqa: F401
from .dist_save import save, save_for_auto_inference  # noqa: F401
