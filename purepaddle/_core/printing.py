"""Tensor string formatting that reproduces Paddle 3.3.1's ``print(tensor)`` output."""

import numpy as np

__all__ = ["set_printoptions", "get_printoptions", "format_tensor", "format_array"]

_DEFAULTS = {"precision": 8, "threshold": 1000, "edgeitems": 3,
             "sci_mode": False, "linewidth": 80}
_options = dict(_DEFAULTS)

# Paddle's prefix 'Tensor(' is 7 characters; data lines are aligned under it.
_TENSOR_INDENT = len("Tensor(")


class PrintOptionsError(RuntimeError, TypeError):
    """Raised for an argument the options setter cannot convert."""

    # Paddle surfaces a pybind11 cast failure, i.e. a RuntimeError; also
    # deriving from TypeError lets callers catch it the idiomatic way.


def _cast_error(value):
    """Build the error Paddle reports when an option has the wrong type."""
    return PrintOptionsError(
        f"Unable to cast Python instance of type {type(value)} to C++ type '?' "
        "(#define PYBIND11_DETAILED_ERROR_MESSAGES or compile in debug mode for details)")


def _check_int(value):
    """Reject values that a C++ ``int`` parameter would refuse, as Paddle does."""
    # Python floats are refused outright; other numeric objects (bool, numpy
    # scalars, size-1 arrays) are accepted when they convert to a 32-bit int.
    numeric = any(hasattr(type(value), m) for m in ("__index__", "__int__", "__float__"))
    if isinstance(value, float) or not numeric:
        raise _cast_error(value)
    try:
        as_int = int(value)
    except (TypeError, ValueError, OverflowError):
        raise _cast_error(value) from None
    if not -2 ** 31 <= as_int < 2 ** 31:
        raise _cast_error(value)


def _check_bool(value):
    """Reject values that a C++ ``bool`` parameter would refuse, as Paddle does."""
    # Only objects whose type defines truth directly (numbers, numpy scalars)
    # convert; containers and strings, which rely on __len__, are refused.
    if not isinstance(value, (bool, np.bool_)) and not hasattr(type(value), "__bool__"):
        raise _cast_error(value)


def set_printoptions(precision=None, threshold=None, edgeitems=None, sci_mode=None,
                     linewidth=None):
    """Change the options used to format tensors; ``None`` leaves an option as is."""
    given = {"precision": precision, "threshold": threshold, "edgeitems": edgeitems,
             "sci_mode": sci_mode, "linewidth": linewidth}
    given = {k: v for k, v in given.items() if v is not None}
    # Paddle stores the raw values first and only then type-checks them, so a
    # call that raises has still changed the options; mirror that exactly.
    _options.update(given)
    for key, value in given.items():
        if key == "sci_mode":
            _check_bool(value)
        else:
            _check_int(value)


def get_printoptions():
    """Return a copy of the current print options."""
    return dict(_options)


def _kind(array):
    """Classify an array as 'bool', 'int', 'float' or 'complex' for formatting."""
    k = array.dtype.kind
    if k == "b":
        return "bool"
    if k in "iu":
        return "int"
    if k == "c":
        return "complex"
    return "float"


def _to_printable(array, dtype_name=None):
    """Convert exotic storage (bfloat16, float8, raw bf16 bits) to float32."""
    array = np.asarray(array)
    if dtype_name == "bfloat16" and array.dtype == np.uint16:
        # bfloat16 stored as its raw bits is the upper half of a float32.
        return (array.astype(np.uint32) << 16).view(np.float32)
    if array.dtype.kind not in "biufc":
        # ml_dtypes types (bfloat16, float8_*) print exactly like their float32 value.
        return array.astype(np.float32)
    return array


def _is_negative(value, kind):
    """Tell whether a value counts as negative when deciding sign padding."""
    if kind == "complex":
        # NumPy orders complex numbers lexicographically (real, then imaginary).
        c = complex(value)
        return c.real < 0 or (c.real == 0 and c.imag < 0)
    if kind == "bool":
        return False
    return bool(value < 0)


def _format_scalar(value, kind):
    """Format one element without padding."""
    precision = _options["precision"]
    if kind == "bool":
        return "True" if value else "False"
    if kind == "int":
        return str(int(value))
    style = "e" if _options["sci_mode"] else "f"
    if kind == "complex":
        re, im = float(value.real), float(value.imag)
        # The '+' is only inserted for im >= 0, so -0.0 gives '+-0.' and a NaN
        # imaginary part is glued on without any sign.
        plus = "+" if im >= 0 else ""
        return f"({format(re, f'.{precision}{style}')}{plus}{format(im, f'.{precision}{style}')}j)"
    value = float(value)
    if style == "e":
        return format(value, f".{precision}e")
    # Whole numbers (and infinities) are written with a bare trailing dot.
    if np.ceil(value) == value:
        return format(value, ".0f") + "."
    return format(value, f".{precision}f")


def _visible_indices(n, summarize):
    """Indices shown along an axis of length n; None stands for the '...' marker."""
    edge = _options["edgeitems"]
    if summarize and n > 2 * edge:
        # range() makes a non-positive edgeitems show nothing but the marker.
        return list(range(edge)) + [None] + list(range(n - edge, n))
    return list(range(n))


def _width_sample(array):
    """Elements that decide column width and sign padding, as a flat list."""
    # Paddle measures only the edge elements of every axis (slice semantics,
    # so edgeitems=0 keeps everything) even when the tensor is printed in full;
    # wider values in the middle therefore overflow their column.
    edge = _options["edgeitems"]
    if array.size == 0:
        return []
    if array.ndim == 0:
        return [array[()]]
    n = array.shape[0]
    rows = list(array[:edge]) + list(array[-edge:]) if n > 2 * edge else list(array)
    if array.ndim == 1:
        return rows
    return [v for row in rows for v in _width_sample(row)]


def _render(array, depth, indent, ndim, ctx):
    """Recursively render ``array`` whose opening bracket sits at column indent+depth."""
    summarize, fmt, width = ctx
    if array.ndim == 0:
        return fmt(array[()])
    if array.shape[0] == 0:
        return "[]"
    idx = _visible_indices(array.shape[0], summarize)
    inner_indent = " " * (indent + depth + 1)
    if array.ndim == 1:
        items = ["..." if i is None else fmt(array[i]) for i in idx]
        # Rows wrap at a fixed count of items that fit after the continuation
        # indent; at least one item is always placed on a line.
        per_line = max(1, (_options["linewidth"] - indent - ndim + 1) // (width + 2))
        lines = [", ".join(items[k:k + per_line]) for k in range(0, len(items), per_line)]
        return "[" + (",\n" + inner_indent).join(lines) + "]"
    # Deeper blocks are separated by one more blank line per extra dimension.
    sep = "," + "\n" * (array.ndim - 1) + inner_indent
    parts = ["..." if i is None else _render(array[i], depth + 1, indent, ndim, ctx)
             for i in idx]
    return "[" + sep.join(parts) + "]"


def format_array(array, *, indent=0, dtype_name=None):
    """Format just the data part of a tensor, continuation lines indented by ``indent``."""
    array = _to_printable(array, dtype_name)
    kind = _kind(array)
    summarize = array.size > _options["threshold"]
    sample = _width_sample(array)
    width = max((len(_format_scalar(v, kind)) for v in sample), default=0)
    signed = any(_is_negative(v, kind) for v in sample)

    def fmt(value):
        text = _format_scalar(value, kind)
        # Non-negative entries get a leading space to line up with minus signs,
        # but only when that does not make them wider than the widest entry.
        if signed and len(text) < width and not _is_negative(value, kind):
            text = " " + text
        return text.ljust(width)

    return _render(array, 0, indent, array.ndim, (summarize, fmt, width))


def format_tensor(array, *, dtype_name, place_repr, stop_gradient, is_parameter=False,
                  shape=None):
    """Format a tensor exactly like Paddle's ``str(tensor)``/``repr(tensor)``."""
    if shape is None:
        shape = np.shape(array)
    shape_text = "[" + ", ".join(str(int(d)) for d in shape) + "]"
    data = format_array(array, indent=_TENSOR_INDENT, dtype_name=dtype_name)
    text = (f"Tensor(shape={shape_text}, dtype={dtype_name}, place={place_repr}, "
            f"stop_gradient={stop_gradient},\n" + " " * _TENSOR_INDENT + data + ")")
    if is_parameter:
        text = "Parameter containing:\n" + text
    return text
