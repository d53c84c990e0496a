"""What a piece of Python code does with names and jumps, read from its AST without running it.

Every question stops at a new scope (a nested def, lambda, class or comprehension keeps its names),
and the jump questions (return, break, continue) also stop where a nested construct owns the jump.
"""
import ast

__all__ = ["written_names", "mutated_names", "declared_outer", "find", "ends_in_exit", "walk", "GENERATED"]

GENERATED = "_jst_"  # prefix of every name the transformer makes (flags, loop counters, branch functions)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_MUTATORS = {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "popitem", "add",
             "discard", "sort", "reverse"}


def walk(nodes, stop=_SCOPES):
    """Every node under `nodes` (statements or expressions), not entering the `stop` kinds (they are yielded)."""
    todo = list(nodes)[::-1]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, stop):
            continue
        todo.extend(reversed(list(ast.iter_child_nodes(node))))


def written_names(stmts):
    """Names the statements bind in their own scope, in first-seen order (generated functions left out)."""
    out = {}
    for node in walk(stmts):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.setdefault(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if not node.name.startswith(GENERATED + "fn"):
                out.setdefault(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                out.setdefault((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.setdefault(node.name)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.value, ast.Name):
            out.setdefault(node.value.id)  # x[i] = v rebinds x's value as far as the branches are concerned
    return [n for n in out if n != "*"]


def mutated_names(stmts):
    """Names whose object the statements change in place: `a.append(...)`, `a[i] = ...`, `del a[i]`."""
    out = {}
    for node in walk(stmts):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS \
                and isinstance(node.func.value, ast.Name):
            out.setdefault(node.func.value.id)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and isinstance(node.value, ast.Name):
            out.setdefault(node.value.id)
    return list(out)


def declared_outer(body):
    """Names a function body declares `global` or `nonlocal` (its own scope only): name -> 'global'/'nonlocal'."""
    out = {}
    for node in walk(body):
        if isinstance(node, ast.Global):
            out.update((n, "global") for n in node.names)
        elif isinstance(node, ast.Nonlocal):
            out.update((n, "nonlocal") for n in node.names)
    return out


def find(nodes, kinds, through_loops=True):
    """The first node of `kinds` under `nodes` in this scope (not inside nested loops unless through_loops)."""
    stop = _SCOPES if through_loops else _SCOPES + _LOOPS
    for node in walk(nodes, stop):
        if isinstance(node, kinds):
            return node
    return None


def ends_in_exit(stmts):
    """Whether every path through the statements ends in `return` or `raise`."""
    if not stmts:
        return False
    last = stmts[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    if isinstance(last, ast.If):
        return ends_in_exit(last.body) and ends_in_exit(last.orelse)
    return False
