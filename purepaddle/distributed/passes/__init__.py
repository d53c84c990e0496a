"""paddle.distributed.passes: program passes - new_pass builds one by name, PassManager applies several in an
order their conflict rules allow, PassContext records what was applied (pass_base.py).

fusion.py registers the fusion passes and fuse_all_reduce (programs unchanged on purepaddle: see there);
unsupported.py names Paddle's passes purepaddle lacks and why.
"""
from . import fusion  # noqa: F401  (registers the passes)
from .pass_base import PassContext, PassManager, new_pass

__all__ = ["new_pass", "PassManager", "PassContext"]
