"""The legacy size_average / reduce flags of the loss layers (the `reduction` check is tensor/_check.py's)."""
import functools
import inspect


def _legacy_reduction(size_average_pos, reduce_pos, positional_ok=None):
    """__init__ decorator: torch's removed size_average/reduce arguments raise Paddle's ValueError naming
    the `reduction` to use. Positions count the arguments after self; `positional_ok(args)` exempts
    calls whose positional arguments are the new ones (CrossEntropyLoss, KLDivLoss)."""

    def deco(init):
        cls_name = init.__qualname__.split(".")[0]

        @functools.wraps(init)
        def wrapper(self, *args, **kwargs):
            sa = kwargs.pop("size_average", "") if "size_average" in kwargs else (
                args[size_average_pos] if len(args) > size_average_pos and type(args[size_average_pos]) is bool
                else "")
            rd = kwargs.pop("reduce", "") if "reduce" in kwargs else (
                args[reduce_pos] if len(args) > reduce_pos and type(args[reduce_pos]) is bool else "")
            if (sa != "" or rd != "") and not (positional_ok and positional_ok(args)):
                suggested = "none" if rd is False else ("sum" if sa is False else "mean")
                raise ValueError(f"[Deprecated] '{cls_name}' no longer supports 'reduce' or 'size_average'.\n"
                                 f"Detected: reduce={None if rd == '' else rd}, size_average="
                                 f"{None if sa == '' else sa}\nPlease use: reduction='{suggested}' instead.")
            return init(self, *args, **kwargs)

        wrapper.__signature__ = inspect.signature(init)
        return wrapper

    return deco
