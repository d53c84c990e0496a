"""paddle.incubate.cc.typing: the annotations paddle.incubate.cc.compile reads (plain records)."""

__all__ = ["DimVar", "DTypeVar", "Tensor"]


class DimVar:
    """A dimension in a Tensor annotation: a name (symbolic) or an int (fixed), with optional bounds.

    Args:
        name_or_value (str|int): the symbol or the fixed size.
        min (int, optional): the smallest size. Default None.
        max (int, optional): the largest size. Default None.

    Examples:
        .. code-block:: python

            >>> import paddle.incubate.cc.typing as pct
            >>> n = pct.DimVar("N", min=1)
            >>> print(n.name_or_value, n.min, n.max)
            N 1 None
    """

    def __init__(self, name_or_value, min=None, max=None):  # noqa: A002  (Paddle's argument names)
        self.name_or_value = name_or_value
        self.min = min
        self.max = max


Dim = DimVar


class DTypeVar:
    """A dtype variable in a Tensor annotation: a name and its candidate dtype names.

    Args:
        name (str): the variable's name.
        *candidates (str): distinct dtype names, at least one.

    Examples:
        .. code-block:: python

            >>> import paddle.incubate.cc.typing as pct
            >>> t = pct.DTypeVar("T", "bfloat16", "float32")
            >>> print(t.candidates)
            ('bfloat16', 'float32')
    """

    def __init__(self, name, *candidates):
        if not candidates or len(candidates) != len(set(candidates)) or \
                not all(isinstance(c, str) for c in candidates):
            raise AssertionError("DTypeVar needs one or more distinct dtype names")
        self.name = str  # Paddle 3.3.1 stores the type str here, not the name
        self.candidates = candidates


DType = DTypeVar


class Tensor:
    """A Tensor annotation: a shape (DimVars) and a dtype (DTypeVar).

    Args:
        shape (list): the dimensions.
        dtype (DTypeVar|str): the dtype.

    Examples:
        .. code-block:: python

            >>> import paddle.incubate.cc.typing as pct
            >>> spec = pct.Tensor([pct.DimVar("N"), pct.DimVar(4)], pct.DTypeVar("T", "float32"))
            >>> print(len(spec.shape))
            2
    """

    def __init__(self, shape, dtype):
        self.shape = shape
        self.dtype = dtype
