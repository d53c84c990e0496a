"""`python -m paddle.distributed.launch [flags] script.py [args]` (see main.py)."""
import sys

from .main import launch

sys.exit(launch())
