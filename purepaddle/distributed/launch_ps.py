"""`python -m paddle.distributed.launch_ps --server_num S --worker_num W train.py`: the FAQ's spelling of a
parameter-server launch; the same launcher as `paddle.distributed.launch` (launch/main.py), which takes
--server_num/--worker_num (--servers/--workers endpoint lists) and starts servers and workers as ranks of one
MPI job."""
import sys

from .launch.main import launch

if __name__ == "__main__":
    sys.exit(launch())
