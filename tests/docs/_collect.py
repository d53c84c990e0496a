"""Finding purepaddle's docstring examples: in its source files (read with `ast`), and in the few
docstrings its modules build while importing (found on the imported modules).

An example is one `.. code-block:: python` section of a docstring made of `>>>` lines (or, for a
docstring without code-blocks, all its `>>>` lines together). It is cut into steps the way Paddle's
doc CI (xdoctest) cuts it: a run of `>>>` / `...` lines is split into top-level statements, and the
expected output ("want") written under the run belongs to the run's last statement.
"""
import ast
import io
import pathlib
import re
import tokenize
from dataclasses import dataclass, field

PACKAGE = "purepaddle"

_CODE_BLOCK = re.compile(r"^(\s*)\.\.\s+code-block::\s*(\S*)\s*$")
_BLOCK_OPTION = re.compile(r"^\s*:\w[\w-]*:")
_PS1 = re.compile(r">>>( |$)")
_PS2 = re.compile(r"\.\.\.( |$)")
_DIRECTIVE = re.compile(r"#\s*doctest:\s*(.*)$")
_DIRECTIVE_ITEM = re.compile(r"^([+-])\s*([A-Z_]+)\s*(?:\((.*)\))?$", re.S)


@dataclass
class Directive:
    enable: bool   # '+' or '-'
    name: str      # SKIP, REQUIRES, ELLIPSIS, ...
    args: str      # what stood in the parentheses ('' when none)


@dataclass
class Step:
    line: int                    # line number in the source file
    source: str
    want: str | None = None
    directives: list = field(default_factory=list)
    block_directive: bool = False  # a comment line holding only a directive: it rules the steps after it
    single: bool = False         # one '>>>' compound statement with a want: run in REPL mode


@dataclass
class Example:
    module: str      # purepaddle.nn.layer.conv
    qualname: str    # Conv2D.forward ('' for the module docstring)
    path: str        # purepaddle/nn/layer/conv.py
    line: int
    steps: list
    error: str = ""  # a parse problem, reported when the example runs

    @property
    def name(self):
        return f"{self.module}.{self.qualname}" if self.qualname else self.module


def parse_directives(text):
    """The doctest directives written in `text` (comments `# doctest: +SKIP("why")`)."""
    found = []
    for line in text.splitlines():
        m = _DIRECTIVE.search(line)
        if not m:
            continue
        items, depth, cur = [], 0, ""
        for ch in m.group(1).strip():
            depth += (ch == "(") - (ch == ")")
            if ch == "," and depth == 0:
                items.append(cur)
                cur = ""
            else:
                cur += ch
        items.append(cur)
        for item in filter(None, (i.strip() for i in items)):
            d = _DIRECTIVE_ITEM.match(item)
            if d is None:
                raise ValueError(f"unreadable doctest directive {item!r}")
            found.append(Directive(d.group(1) == "+", d.group(2), (d.group(3) or "").strip()))
    return found


def _open_brackets(code):
    """Whether `code` stops inside brackets or a string (more lines must follow)."""
    try:
        for _ in tokenize.generate_tokens(io.StringIO(code + "\n").readline):
            pass
    except tokenize.TokenError:
        return True
    except SyntaxError:
        return False
    return False


def _split_run(src, want):
    """Cut one run [(line, text, prefix)] into Steps, one per top-level statement."""
    code = "\n".join(t for _, t, _ in src)
    tree = ast.parse(code)  # a SyntaxError is the example's error
    spans = []
    for node in tree.body:
        first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
        span = [first - 1, node.end_lineno - 1]
        if spans and span[0] <= spans[-1][1]:  # two statements on one line (a; b)
            spans[-1][1] = max(spans[-1][1], span[1])
        else:
            spans.append(span)
    covered = {i for a, b in spans for i in range(a, b + 1)}
    # a comment line carrying a directive between statements is a step of its own
    spans += [[i, i] for i, (_, t, _) in enumerate(src)
              if i not in covered and t.strip().startswith("#") and _DIRECTIVE.search(t)]
    spans.sort()
    steps = []
    for a, b in spans:
        body = "\n".join(t for _, t, _ in src[a:b + 1])
        only_comment = all(not ln.strip() or ln.strip().startswith("#") for ln in body.splitlines())
        steps.append(Step(src[a][0], body, directives=parse_directives(body), block_directive=only_comment))
    if want is not None:
        if not steps or steps[-1].block_directive:
            steps.append(Step(src[-1][0], "pass"))
        steps[-1].want = want
        steps[-1].single = (len(src) > 1 and src[0][2] == ">>>" and all(p == "..." for _, _, p in src[1:]))
    return steps


def parse_block(lines):
    """[(line, text)] of one example -> Steps (the xdoctest reading of '>>>', '...' and want lines)."""
    steps, src, want = [], [], []
    state, base = "text", 0

    def close():
        if src:
            steps.extend(_split_run(list(src), "\n".join(want) if want else None))
        src.clear()
        want.clear()

    for lineno, raw in lines:
        text = raw.lstrip()
        indent = len(raw) - len(text)
        if state in ("src", "cont", "want") and (not text or indent < base):
            close()
            state = "text"
            if not text:
                continue
        if state in ("src", "cont"):
            if _PS1.match(text):
                src.append((lineno, text[4:], ">>>"))
                state = "src"
                continue
            bare = text.rstrip() == "..."
            if _PS2.match(text) and (not bare or state == "cont" or _open_brackets("\n".join(t for _, t, _ in src))):
                src.append((lineno, text[4:], "..."))
                state = "cont"
                continue
            state = "want"
        if state == "want":
            if not _PS1.match(text):
                want.append(raw[base:].rstrip())
                continue
            close()
        if _PS1.match(text):
            src.append((lineno, text[4:], ">>>"))
            state, base = "src", indent
    close()
    return steps


def docstring_blocks(doc, first_line):
    """The example blocks of one docstring: [(line, [(line, text)])]."""
    lines = doc.splitlines()
    numbered = [(first_line + i, ln) for i, ln in enumerate(lines)]
    used = [False] * len(lines)
    blocks = []
    i = 0
    while i < len(lines):
        m = _CODE_BLOCK.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang = len(m.group(1)), m.group(2).lower()
        j, body = i + 1, []
        while j < len(lines):
            ln = lines[j]
            if ln.strip() and len(ln) - len(ln.lstrip()) <= indent:
                break
            if not (not body and _BLOCK_OPTION.match(ln)):
                body.append(numbered[j])
            j += 1
        used[i:j] = [True] * (j - i)
        if lang in ("python", "pycon", "python3", "py", "") and any(_PS1.match(t.lstrip()) for _, t in body):
            blocks.append((numbered[i][0], body))
        i = j
    rest = [numbered[k] for k in range(len(lines)) if not used[k]]
    if any(_PS1.match(t.lstrip()) for _, t in rest):
        blocks.append((next(n for n, t in rest if _PS1.match(t.lstrip())), rest))
        blocks.sort(key=lambda b: b[0])
    return blocks


def _documented(tree):
    """(qualname, docstring, first line) for the module and every class and function, nested ones too."""
    def doc_of(node):
        body = getattr(node, "body", None)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            return body[0].value.value, body[0].lineno
        return None, 0

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qual = prefix + child.name
                doc, line = doc_of(child)
                if doc:
                    yield qual, doc, line
                yield from walk(child, qual + ".")
            elif not isinstance(child, (ast.expr, ast.Lambda)):
                yield from walk(child, prefix)

    doc, line = doc_of(tree)
    if doc:
        yield "", doc, line
    yield from walk(tree, "")


def module_examples(path, root, written):
    """Every example in the docstrings of one source file; its docstrings with examples go into `written`."""
    text = path.read_text(encoding="utf-8")
    if ">>>" not in text:
        return []
    rel = path.relative_to(root).as_posix()
    module = rel[:-3].replace("/", ".").removesuffix(".__init__")
    found = []
    for qualname, doc, line in _documented(ast.parse(text, rel)):
        if ">>>" in doc:
            written.add(doc)
            found.extend(docstring_examples(doc, line, module, qualname, rel))
    return found


def docstring_examples(doc, line, module, qualname, path):
    """The Examples of one docstring that starts at `line` of `path`."""
    found = []
    for block_line, lines in docstring_blocks(doc, line):
        try:
            steps, error = parse_block(lines), ""
        except (SyntaxError, ValueError) as exc:
            steps, error = [], f"{type(exc).__name__}: {exc}"
        found.append(Example(module, qualname, path, block_line, steps, error))
    return found


def collect(root):
    """Every docstring example of the package under `root`: those written in its source files (read with
    ast, in file order), then those its modules build while importing."""
    root = pathlib.Path(root)
    examples, written = [], set()
    for path in sorted((root / PACKAGE).rglob("*.py")):
        examples.extend(module_examples(path, root, written))
    return examples + generated_examples(written)


def generated_examples(written):
    """Examples in docstrings that purepaddle builds while it imports (`f.__doc__ = ...` in a factory).

    The ast walk cannot see them, so these are found on the imported modules (the tests import them
    anyway): a function or class, or a function on a class, defined in purepaddle, whose docstring holds
    `>>>` and is not one of the docstrings `written` in the source. The id is the name it is bound to.
    """
    import inspect
    import sys

    import purepaddle  # noqa: F401  (the face imports every module that builds docstrings)

    found, seen = [], set()
    for module_name in sorted(n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")):
        names = sorted(vars(sys.modules[module_name]).items())
        # module-level names first, so a function also bound onto a class keeps its own name
        members = names + [(f"{name}.{k}", v) for name, obj in names if inspect.isclass(obj)
                           for k, v in sorted(vars(obj).items()) if inspect.isfunction(v)]
        for qualname, member in members:
            doc = getattr(member, "__doc__", None)
            if not (inspect.isfunction(member) or inspect.isclass(member)) or not isinstance(doc, str) \
                    or ">>>" not in doc or doc in written or (module_name, doc) in seen \
                    or getattr(member, "__module__", None) != module_name:
                continue
            seen.add((module_name, doc))
            path = pathlib.Path(inspect.getfile(member)).as_posix()
            line = getattr(getattr(member, "__code__", None), "co_firstlineno", 0)
            found.extend(docstring_examples(doc, line, module_name, qualname, path[path.rindex(PACKAGE + "/"):]))
    return found
