"""Paddle 3.3's torch-style keyword aliases: `input=` for `x=`, `other=` for `y=`, `dim=` for `axis=`.

One decorator (param_alias) for every place Paddle accepts them; KEYWORD_ALIASES lists the paddle.* tensor
functions that take them in Paddle 3.3.1 (surveyed by calling each public function with and without the aliases:
tests/fixtures/surface/make_keyword_aliases.py, whose --check mode lists what purepaddle still lacks), and
floor 4's assembly (tensor/__init__.py) applies it to those functions and their Tensor methods.
"""
import functools
import inspect

__all__ = ["param_alias", "KEYWORD_ALIASES", "with_keyword_aliases"]


def param_alias(**aliases):
    """Decorator: accept each alias keyword as the parameter it names (`param_alias(input="x")`).

    The real name wins when both are given; the wrapped signature is kept for inspect.

    Args:
        **aliases (str): alias -> the real parameter name.

    Returns:
        Callable: the decorator.

    Examples:
        .. code-block:: python

            >>> from paddle.tensor.keyword_aliases import param_alias
            >>> @param_alias(input="x", dim="axis")
            ... def total(x, axis=None):
            ...     return x, axis
            >>> total(input=3, dim=0)
            (3, 0)
    """

    def deco(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            if not kwargs:  # the common call: forwarded without a keyword dict (the cheaper call)
                return func(*args)
            for alias, real in aliases.items():
                if alias in kwargs and real not in kwargs:
                    kwargs[real] = kwargs.pop(alias)
            return func(*args, **kwargs)

        wrapper.__signature__ = inspect.signature(func)
        return wrapper

    return deco


_REAL = {"input": "x", "other": "y", "dim": "axis"}

# paddle.<name> -> the aliases Paddle 3.3.1 accepts (tests/fixtures/surface/keyword_aliases.json)
KEYWORD_ALIASES = {
    "abs": ("input",), "acos": ("input",), "acosh": ("input",), "add": ("input", "other"), "all": ("input", "dim"),
    "amax": ("input", "dim"), "amin": ("input", "dim"), "any": ("input", "dim"), "argmax": ("input", "dim"),
    "argmin": ("input", "dim"), "argsort": ("input", "dim"), "asin": ("input",), "atanh": ("input",),
    "ceil": ("input",), "clamp": ("input",), "clip": ("input",), "cos": ("input",), "cosh": ("input",),
    "cross": ("dim",), "cumprod": ("input",), "cumsum": ("input", "dim"), "diagonal": ("input",),
    "diff": ("input", "dim"), "div": ("input", "other"), "div_": ("input", "other"), "divide": ("input", "other"),
    "divide_": ("input", "other"), "dot": ("input",), "eq": ("input", "other"), "equal": ("input", "other"),
    "exp": ("input",), "expand_as": ("input", "other"), "expm1": ("input",), "flatten": ("input",),
    "floor": ("input",), "floor_divide": ("input", "other"), "floor_mod": ("input", "other"), "frac": ("input",),
    "gcd": ("input", "other"), "gcd_": ("input", "other"), "ge": ("input", "other"), "ger": ("input",),
    "greater": ("input", "other"), "greater_equal": ("input", "other"), "greater_than": ("input", "other"),
    "gt": ("input", "other"), "is_complex": ("input",), "is_floating_point": ("input",),
    "isclose": ("input", "other"), "isfinite": ("input",), "isinf": ("input",), "isnan": ("input",),
    "lcm": ("input", "other"), "lcm_": ("input", "other"), "le": ("input", "other"), "less": ("input", "other"),
    "less_equal": ("input", "other"), "less_than": ("input", "other"), "log": ("input",), "log10": ("input",),
    "log1p": ("input",), "log2": ("input",), "logical_and": ("input", "other"), "logical_not": ("input",),
    "logical_or": ("input", "other"), "logical_xor": ("input", "other"), "logsumexp": ("input", "dim"),
    "lt": ("input", "other"), "matmul": ("input", "other"), "maximum": ("input", "other"), "mean": ("input", "dim"),
    "minimum": ("input", "other"), "mod": ("input", "other"), "mul": ("input", "other"),
    "multiply": ("input", "other"), "multiply_": ("input", "other"), "ne": ("input", "other"), "nonzero": ("input",),
    "not_equal": ("input", "other"), "ones_like": ("input",), "outer": ("input",), "pow": ("input",),
    "prod": ("input", "dim"), "remainder": ("input", "other"), "round": ("input",), "rsqrt": ("input",),
    "sign": ("input",), "sin": ("input",), "sinh": ("input",), "sqrt": ("input",), "squeeze": ("input", "dim"),
    "sub": ("input", "other"), "sub_": ("input", "other"), "subtract": ("input", "other"),
    "subtract_": ("input", "other"), "sum": ("input", "dim"), "tanh": ("input",), "trace": ("input",),
    "tril": ("input",), "triu": ("input",), "unique_consecutive": ("input", "dim"), "var": ("input", "dim"),
    "zeros_like": ("input",),
    # outside paddle.__all__, so not surveyed; Paddle accepts them (checked by hand) and its paddle.linalg.norm and
    # paddle.nn.functional.sigmoid are these very functions
    "norm": ("input", "dim"), "sigmoid": ("input",),
    # paddle.linalg's own (paddle.linalg.<name>)
    "linalg.cross": ("dim",), "linalg.vector_norm": ("dim",),
}


def with_keyword_aliases(name, func):
    """func with Paddle's keyword aliases for paddle.<name> (func itself when it has none or takes them already)."""
    aliases = KEYWORD_ALIASES.get(name)
    if not aliases or getattr(func, "__keyword_aliases__", None) or not callable(func):
        return func
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return func
    mapping = {a: _REAL[a] for a in aliases if _REAL[a] in params and a not in params}
    if not mapping:
        return func
    wrapped = param_alias(**mapping)(func)
    wrapped.__keyword_aliases__ = mapping
    return wrapped
