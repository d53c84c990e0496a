"""The deprecation warning Paddle attaches to paddle.dataset's readers (deprecated since 2.0 in favour of the
Dataset classes): each call warns VisibleDeprecationWarning with Paddle's message, then runs."""
import functools
import warnings

__all__ = ["VisibleDeprecationWarning", "superseded_by"]

_REASON = "Please use new dataset API which supports paddle.io.DataLoader"


class VisibleDeprecationWarning(UserWarning):
    """A deprecation warning Python shows outside __main__ too (Paddle's paddle.utils.deprecated class)."""


def superseded_by(update_to, name=None):
    """Decorate a paddle.dataset function: calls warn that it is deprecated since 2.0.0 for `update_to`.

    name: the function's name in the message when Paddle's differs (movielens' __reader_creator__)."""
    def decorate(func):
        module = func.__module__.replace("purepaddle.", "paddle.", 1)
        msg = (f'API "{module}.{name or func.__name__}" is deprecated since 2.0.0, and will be removed in future '
               f'versions. Please use "{update_to}" instead.\n    Reason: {_REASON}')

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            warnings.warn(f"\033[93m\nWarning:\n{msg} \033[0m", category=VisibleDeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)
        return wrapper
    return decorate
