"""Paddle 3's torch-style keyword aliases (`input=` for `x=`, `dim=` for `axis=`, ...) for nn functions."""
import functools
import inspect


def param_alias(**aliases):
    """Decorator: accept each alias keyword as the parameter it names (`param_alias(input="x")`);
    the real name wins when both are given. The wrapped signature is kept for inspect."""

    def deco(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if kwargs:
                for alias, real in aliases.items():
                    if alias in kwargs and real not in kwargs:
                        kwargs[real] = kwargs.pop(alias)
            return func(*args, **kwargs)

        wrapper.__signature__ = inspect.signature(func)
        return wrapper

    return deco
