"""Nested structures (lists, tuples, dicts) of a traced function's inputs and outputs: flatten and pack."""

__all__ = ["flatten", "pack"]


class _Leaf:
    """Marks a leaf position in a structure template."""

    __slots__ = ()

    def __repr__(self):
        return "*"


LEAF = _Leaf()


def flatten(obj):
    """(leaves, template): the non-container values of obj in order, and its shape with LEAF in their place.

    Lists, tuples (namedtuples too) and dicts are containers; dict entries are visited in key order
    of insertion, as Python iterates them.

    Examples:
        .. code-block:: python

            >>> from paddle.jit.nest import flatten, pack
            >>> leaves, template = flatten([1, (2, {'a': 3})])
            >>> leaves
            [1, 2, 3]
            >>> pack(template, [4, 5, 6])
            [4, (5, {'a': 6})]
    """
    leaves = []
    return leaves, _flatten(obj, leaves)


def _flatten(obj, leaves):
    """Append obj's leaves to `leaves`; return its template."""
    if isinstance(obj, (list, tuple)):
        items = [_flatten(x, leaves) for x in obj]
        if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # namedtuple: keep its type
            return ("namedtuple", type(obj), items)
        return ("tuple" if isinstance(obj, tuple) else "list", None, items)
    if isinstance(obj, dict):
        return ("dict", type(obj), [(k, _flatten(v, leaves)) for k, v in obj.items()])
    leaves.append(obj)
    return LEAF


def pack(template, leaves):
    """Rebuild the structure of `template` (from flatten) with `leaves` in order."""
    it = iter(leaves)
    return _pack(template, it)


def _pack(t, it):
    """Rebuild template t, taking leaves from iterator it."""
    if t is LEAF:
        return next(it)
    kind, cls, items = t
    if kind == "dict":
        d = {k: _pack(v, it) for k, v in items}
        return d if cls is dict else cls(d)
    vals = [_pack(x, it) for x in items]
    if kind == "namedtuple":
        return cls(*vals)
    return tuple(vals) if kind == "tuple" else vals
