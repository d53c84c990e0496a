"""paddle.utils.deprecated: mark an API deprecated (a note in its docstring, a warning or an error when called)."""
import functools
import inspect
import warnings

__all__ = ["deprecated", "VisibleDeprecationWarning"]


class VisibleDeprecationWarning(UserWarning):
    """Paddle's deprecation warning: a UserWarning, so Python shows it by default (DeprecationWarning is hidden)."""


def _version(text):
    nums = [int(p) for p in text.split(".") if p.isdigit()]
    return nums + [0] * (4 - len(nums))


def deprecated(update_to="", since="", reason="", level=0):
    """A decorator marking a function or class deprecated.

    The docstring gets a Warning note. Calls then behave by `level`: 0 nothing more, 1 a VisibleDeprecationWarning
    on each call (when the running version is at least `since`), 2 a RuntimeError.

    Args:
        update_to (str, optional): The API to use instead; must start with "paddle.".
        since (str, optional): The version the API was deprecated in.
        reason (str, optional): Why.
        level (int, optional): 0, 1 or 2 as above. Default 0.

    Returns:
        callable: The decorator.

    Examples:
        .. code-block:: python

            >>> import warnings
            >>> import paddle
            >>> @paddle.utils.deprecated(update_to="paddle.add", since="2.0", reason="renamed", level=1)
            ... def old_add(x, y):
            ...     return x + y
            >>> with warnings.catch_warnings(record=True) as caught:
            ...     warnings.simplefilter("always")
            ...     print(old_add(1, 2), "deprecated since 2.0" in str(caught[0].message))
            3 True
    """
    def decorator(func):
        assert isinstance(update_to, str), 'type of "update_to" must be str.'
        assert isinstance(since, str), 'type of "since" must be str.'
        assert isinstance(reason, str), 'type of "reason" must be str.'
        assert isinstance(level, int) and 0 <= level < 3, (
            f'type of "level" must be int and must be one of 0, 1, 2. But received: {level}.')
        name = f"{func.__module__}.{func.__name__}"
        msg = f'API "{name}" is deprecated' + (f" since {since.strip()}" if since.strip() else "")
        msg += ", and will be removed in future versions."
        if update_to.strip():
            assert update_to.strip().startswith("paddle."), (
                f'Argument update_to must start with "paddle.", your value is "{update_to}"')
            msg += f' Please use "{update_to.strip()}" instead.'
        if reason.strip():
            msg += f"\n    Reason: {reason.strip()}"
        if func.__doc__:
            func.__doc__ = "\n\nWarning:\n    " + msg + "\n\n" + inspect.cleandoc(func.__doc__)
        if level == 0:
            return func

        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if level == 2:
                raise RuntimeError(f'API "{name}" has been deprecated.')
            from ..version import full_version
            if not since.strip() or _version(full_version) >= _version(since):
                warnings.warn(f"\033[93m\nWarning:\n{msg} \033[0m", category=VisibleDeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)
        return wrapper
    return decorator
