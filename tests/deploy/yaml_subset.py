"""A loader for the block-style YAML of deploy/ (the test environment has no PyYAML): documents split by `---`,
`#` comment lines, nested mappings and sequences by indentation, `- key: value` items, and plain, single- or
double-quoted scalars (true/false/null and integers typed as YAML types them). Anything else is an error, so a
manifest that strays from this subset fails loudly instead of being misread."""
import json
import re

_INT = re.compile(r"^[-+]?[0-9]+$")


def load_all(text):
    """The documents of a YAML stream, as Python objects."""
    docs, cur = [], []
    for line in text.splitlines():
        if line.rstrip() == "---":
            docs.append(cur)
            cur = []
        elif line.strip() and not line.lstrip().startswith("#"):
            if "\t" in line[:len(line) - len(line.lstrip())]:
                raise ValueError(f"tab in indentation: {line!r}")
            cur.append(line.rstrip())
    docs.append(cur)
    out = []
    for lines in docs:
        if lines:
            value, end = _block(lines, 0, _indent(lines[0]))
            if end != len(lines):
                raise ValueError(f"unexpected line: {lines[end]!r}")
            out.append(value)
    return out


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def _is_item(line):
    s = line.lstrip(" ")
    return s == "-" or s.startswith("- ")


def _block(lines, i, indent):
    return (_seq if _is_item(lines[i]) else _map)(lines, i, indent)


def _child(lines, i, indent):
    """The value of a `key:` or `-` with nothing after it: the more indented block on the next lines."""
    if i >= len(lines) or _indent(lines[i]) <= indent:
        return None, i
    return _block(lines, i, _indent(lines[i]))


def _map(lines, i, indent):
    out = {}
    while i < len(lines) and _indent(lines[i]) == indent and not _is_item(lines[i]):
        key, rest = _key(lines[i])
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        if rest == "":
            out[key], i = _child(lines, i + 1, indent)
        else:
            out[key], i = _scalar(rest), i + 1
    if i < len(lines) and _indent(lines[i]) > indent:
        raise ValueError(f"bad indentation: {lines[i]!r}")
    return out, i


def _seq(lines, i, indent):
    out = []
    while i < len(lines) and _indent(lines[i]) == indent and _is_item(lines[i]):
        rest = lines[i].lstrip(" ")[1:].lstrip(" ")
        if rest == "":
            value, i = _child(lines, i + 1, indent)
        elif _looks_like_key(rest):  # `- key: value` starts a mapping indented past the dash
            lines = lines[:i] + [" " * (indent + 2) + rest] + lines[i + 1:]
            value, i = _map(lines, i, indent + 2)
        else:
            value, i = _scalar(rest), i + 1
        out.append(value)
    return out, i


def _looks_like_key(text):
    return not text.startswith(("'", '"', "[", "{")) and (": " in text or text.endswith(":"))


def _key(line):
    s = line.strip()
    if s.endswith(":"):
        return s[:-1], ""
    key, sep, rest = s.partition(": ")
    if not sep:
        raise ValueError(f"not a `key: value` line: {line!r}")
    return key, rest.strip()


def _scalar(text):
    if text.startswith('"'):
        return json.loads(text)
    if text.startswith("'"):
        if not text.endswith("'") or len(text) < 2:
            raise ValueError(f"unterminated string: {text!r}")
        return text[1:-1].replace("''", "'")
    if text.startswith(("[", "{", "|", ">", "&", "*", "!")):
        raise ValueError(f"outside the supported YAML subset: {text!r}")
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~"):
        return None
    if _INT.match(text):
        return int(text)
    return text
