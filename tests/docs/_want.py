"""Comparing an example's output with its want, with the normalisation of Paddle's doc CI.

Whitespace is ignored, `...` in the want matches anything, a Tensor's `place=` is normalised, numbers
are equal within a relative and absolute tolerance of 1e-5, and a want starting with `Traceback`
expects an exception of the type named on its last line.
"""
import math
import re

RTOL = ATOL = 1e-5

_PLACE = re.compile(r"place=(?:\w+\([^()]*\)|\w+)")
_REAL = r"(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf"
# a number that is not part of a name ('float32', 'linear_0.w_0') and may be imaginary ('2j')
_TOKEN = re.compile(r"(?<![\w.])([-+]?(?:" + _REAL + r"))([jJ]?)(?![\w])|(\S)")


def _tokens(text):
    """Text -> [('n', value, imaginary) | ('t', char)], whitespace dropped."""
    text = _PLACE.sub("place=Place(cpu)", text.replace("<BLANKLINE>", ""))
    out = []
    for m in _TOKEN.finditer(text):
        if m.group(3) is not None:
            out.append(("t", m.group(3)))
        else:
            out.append(("n", m.group(1), bool(m.group(2))))
    return out


def _close(a, b):
    if a == b:
        return True
    x, y = float(a), float(b)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= max(RTOL * max(abs(x), abs(y)), ATOL)


def _same(g, w):
    if g[0] != w[0]:
        return False
    if g[0] == "t":
        return g[1] == w[1]
    return g[2] == w[2] and _close(g[1], w[1])


def _equal_at(got, piece, at):
    return 0 <= at and at + len(piece) <= len(got) and all(_same(g, w) for g, w in zip(got[at:], piece))


def output_matches(got, want):
    """Whether printed output `got` shows what `want` says."""
    got_t = _tokens(got)
    if "..." not in want:
        want_t = _tokens(want)
        return len(got_t) == len(want_t) and all(map(_same, got_t, want_t))
    pieces = [_tokens(p) for p in want.split("...")]
    head, tail = pieces[0], pieces[-1]
    if len(head) + len(tail) > len(got_t) or not _equal_at(got_t, head, 0) \
            or not _equal_at(got_t, tail, len(got_t) - len(tail)):
        return False
    pos, end = len(head), len(got_t) - len(tail)
    for piece in pieces[1:-1]:  # leftmost match of each middle piece, in order
        at = next((i for i in range(pos, end - len(piece) + 1) if _equal_at(got_t, piece, i)), None)
        if at is None:
            return False
        pos = at + len(piece)
    return True


def expected_exception(want):
    """The exception type name a `Traceback` want expects ('' for any), or None for an ordinary want."""
    lines = [ln.strip() for ln in (want or "").strip().splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("Traceback (most recent call last)"):
        return None
    m = re.match(r"([\w.]+)\s*(?::|$)", lines[-1])
    return m.group(1).rsplit(".", 1)[-1] if m else ""
