"""What the inference library reports about its build: get_version's text (version, commit, branch)."""
from .. import version as _version

__all__ = ["get_version"]


def get_version():
    """The version text of the inference library.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.inference.get_version().splitlines()[0])
            version: 3.3.1
    """
    return f"version: {_version.full_version}\ncommit: {_version.commit}\nbranch: HEAD\n"
