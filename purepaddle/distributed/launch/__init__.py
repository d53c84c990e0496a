"""paddle.distributed.launch: Paddle's launcher CLI; the workers run under Open MPI's mpirun."""
from .main import launch  # noqa: F401
