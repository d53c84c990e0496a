"""Where Paddle keeps compiled custom operators: $PADDLE_EXTENSION_DIR, else ~/.cache/paddle_extensions."""
import os

__all__ = ["get_build_directory"]


def get_build_directory(verbose=False):
    """The root directory for compiled custom operators, created when absent.

    It is $PADDLE_EXTENSION_DIR when that is set, else ``~/.cache/paddle_extensions`` (Paddle's rule). purepaddle
    compiles nothing there itself; the directory is answered for code that prepares it.

    Args:
        verbose (bool, optional): Print which directory is used when $PADDLE_EXTENSION_DIR is unset. Default False.

    Returns:
        str: The directory path.

    Examples:
        .. code-block:: python

            >>> import os
            >>> from paddle.utils.cpp_extension import get_build_directory
            >>> os.path.isdir(get_build_directory())
            True
    """
    root = os.environ.get("PADDLE_EXTENSION_DIR")
    if root is None:
        root = os.path.join(os.path.expanduser("~/.cache"), "paddle_extensions")
        if verbose:
            print(f"$PADDLE_EXTENSION_DIR is not set, using path: {root} by default.")
    os.makedirs(root, exist_ok=True)
    return root
