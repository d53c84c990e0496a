"""Whole-file reads and writes of model files: a write goes through a temporary file and a rename (and,
inside `file_set()`, lands together with the rest of its set), so a failure never leaves half a file or
half a set; a read first completes an interrupted save in the file's directory."""
from .._core.storage import file_set, open_model_file, write_atomic

__all__ = ["write_file_atomic", "load_from_path", "file_set", "open_model_file"]


def write_file_atomic(path, data):
    """Write bytes to path through a temporary file and a rename: a failure leaves an old file as it was."""
    write_atomic(path, lambda f: f.write(data))


def load_from_path(path):
    """The bytes of a model file (an interrupted save in its directory is completed first)."""
    with open_model_file(path) as f:
        return f.read()
