"""Whole-file reads and writes of model files: a write goes through a temporary file and a rename, so a
failure never leaves half a file."""
from .._core.storage import write_atomic

__all__ = ["write_file_atomic", "load_from_path"]


def write_file_atomic(path, data):
    """Write bytes to path through a temporary file and a rename: a failure leaves an old file as it was."""
    write_atomic(path, lambda f: f.write(data))


def load_from_path(path):
    """The bytes of a file."""
    with open(path, "rb") as f:
        return f.read()
