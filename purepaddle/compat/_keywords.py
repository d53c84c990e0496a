"""The guard every compat function carries: Paddle's own keyword names (x, axis, ...) are refused with a hint
to the paddle.* function that takes them (the compat ones take torch's names)."""
import functools

__all__ = []


def forbid_keywords(illegal, func_name, correct_name):
    """Decorator: a call with any keyword in `illegal` raises Paddle's TypeError naming correct_name."""
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            found = sorted(k for k in illegal if k in kwargs)
            if found:
                keys = ", ".join(f"'{k}'" for k in found)
                plural = "s" if len(found) > 1 else ""
                raise TypeError(f"{func_name}() received unexpected keyword argument{plural} {keys}. "
                                f"\nDid you mean to use {correct_name}() instead?")
            return fn(*args, **kwargs)
        return inner
    return wrap
