"""The helpers converted code calls: each branches at run time on what its predicate turned out to be.

A predicate that is a static Variable (the function is being traced by to_static) builds the
construct into the program: `if` / ternary -> two conditional_block sub-blocks merged by
select_input (paddle.static.nn.cond's pieces), `while` -> a `while` op (paddle.static.nn.while_loop),
`and` / `or` / `not` -> logical ops. Anything else (a Python value, or an eager Tensor when the
converted function runs eagerly) runs the plain Python construct, so the converted function behaves
as the original one there.

Each construct reaches its helper as functions over the names it assigns (passed in, handed back),
with `where` ("file:line") for the messages.
"""
import numpy as np

from ..._core.mode import in_dynamic_mode
from ..._core.tensor import Tensor
from ...static.nn import control_flow as _cf
from ...static.nn.conditional_block import SubBlock
from ...static.program import Variable, default_main_program

__all__ = ["UndefinedVar", "Dygraph2StaticException", "convert_ifelse", "convert_ifexp", "convert_while_loop",
           "convert_logical_and", "convert_logical_or", "convert_logical_not", "convert_assert", "range_args",
           "range_cond", "for_iter", "iter_more", "iter_item", "py_true", "load"]


class Dygraph2StaticException(Exception):
    """Python code that to_static cannot turn into a static program (Paddle's name for the error)."""


class UndefinedVar:
    """The value of a name that is not bound at this point (Python would raise UnboundLocalError).

    Converted constructs pass every name they assign in and out, bound or not; `why` tells where the
    name lost its value when a Tensor-dependent construct is the reason (assigned in one branch only,
    or first assigned inside a loop). Any use raises NameError with that story.
    """

    __slots__ = ("name", "why")

    def __init__(self, name, why=None):
        self.name = name
        self.why = why

    def fail(self):
        """Raise the NameError a use of this name means."""
        if self.why:
            raise NameError(f"local variable '{self.name}' has no value here: {self.why}")
        raise NameError(f"local variable '{self.name}' is referenced before assignment")

    def __getattr__(self, attr):
        self.fail()

    def __bool__(self):
        self.fail()

    def __iter__(self):
        self.fail()

    def __len__(self):
        self.fail()

    def __call__(self, *args, **kwargs):
        self.fail()

    def __getitem__(self, key):
        self.fail()

    def __repr__(self):
        return f"UndefinedVar({self.name!r})"


def _refuse(self, *args):
    self.fail()


for _name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor", "lshift",
              "rshift"):
    setattr(UndefinedVar, f"__{_name}__", _refuse)
    setattr(UndefinedVar, f"__r{_name}__", _refuse)
for _name in ("lt", "le", "gt", "ge", "neg", "pos", "abs", "invert", "float", "int", "index"):
    setattr(UndefinedVar, f"__{_name}__", _refuse)
del _name


def load(scope, names):
    """The values of `names` in a frame's locals() (UndefinedVar for an unbound one)."""
    return tuple(scope[n] if n in scope else UndefinedVar(n) for n in names)


# -- predicates ---------------------------------------------------------------------------------
def _static_pred(pred):
    """pred as a Variable when it decides at run time (tracing), else None (plain Python decides)."""
    if isinstance(pred, Variable):
        return pred
    if isinstance(pred, Tensor) and not in_dynamic_mode():
        from ...tensor.creation.fill import assign
        return assign(pred)  # a captured eager tensor (a buffer): the program reads its value
    return None


def _as_bool(var, what, where):
    """A one-element bool Variable for `var`, the condition of `what` at `where`."""
    from ...tensor.creation.fill import cast
    shape = list(var.shape)
    if shape and all(d >= 0 for d in shape) and int(np.prod(shape)) != 1:
        raise Dygraph2StaticException(
            f"{where}: the condition of {what} is a Tensor of shape {shape}; a Tensor condition must hold one "
            "element (reduce it first, e.g. with .all() or .any())")
    if var.dtype.name != "bool":
        var = cast(var, "bool")
    return var


def _check_no_outer_writes(outer, what, where):
    if outer:
        raise Dygraph2StaticException(
            f"{where}: {what} whose condition is a Tensor assigns the global/nonlocal name(s) "
            f"{', '.join(sorted(outer))}; to_static can not convert that (assign a local variable and return it)")


# -- if / ternary -------------------------------------------------------------------------------
def convert_ifelse(pred, true_fn, false_fn, args, names, where, outer=(), returns=False):
    """`if pred:` converted: true_fn(*args) or false_fn(*args), each returning the new values of `names`
    (or, with `returns`, the function's return value: every path of the if returned)."""
    var = _static_pred(pred)
    if var is None:
        return true_fn(*args) if pred else false_fn(*args)
    _check_no_outer_writes(outer, "the `if`", where)
    var = _as_bool(var, "the `if`", where)
    true_out, false_out = _branches(var, lambda: true_fn(*args), lambda: false_fn(*args))
    if returns:
        return _merge_value(true_out, false_out, var, where, "the return value")
    true_out, false_out = list(true_out), list(false_out)
    for i, n in enumerate(names):
        if n.startswith("_jst_rv"):  # a `return` in a loop: the path that did not return has no value yet
            true_out[i], false_out[i] = _placeholder(true_out[i], false_out[i]), _placeholder(false_out[i], true_out[i])
    return tuple(_merge_value(t, f, var, where, f"'{n}'") for n, t, f in zip(names, true_out, false_out))


def _placeholder(value, other):
    """The value a converted `return` inside a loop holds on a path that has not returned (None so far): zeros of
    the other path's dtype (_zeros: made from nothing, since the other path's value exists only when that path
    runs). It is never returned: the return flag is false on that path."""
    if value is not None or other is None:
        return value
    return _cf._pack(other, iter([_zeros(v) if isinstance(v, Variable) else v for v in _cf._flatten(other)]))


def convert_ifexp(pred, true_fn, false_fn, where):
    """`a if pred else b` converted (true_fn/false_fn are the two lambdas)."""
    var = _static_pred(pred)
    if var is None:
        return true_fn() if pred else false_fn()
    var = _as_bool(var, "the conditional expression", where)
    true_out, false_out = _branches(var, true_fn, false_fn)
    return _merge_value(true_out, false_out, var, where, "the conditional expression")


def _branches(pred, true_fn, false_fn):
    """Build both branches as conditional_block sub-blocks; their results (Variables moved to the parent)."""
    from ...tensor.logic import logical_not
    program = default_main_program()
    true_out = _cf._conditional_block(program, pred, true_fn)
    false_out = _cf._conditional_block(program, logical_not(pred), false_fn)
    return true_out, false_out


_NUMBERS = (bool, int, float, np.number, np.bool_)


def _merge_value(t, f, pred, where, what):
    """One value after a Tensor `if`: select_input of the two branches' leaves (same structure)."""
    if isinstance(t, UndefinedVar) or isinstance(f, UndefinedVar):
        if isinstance(t, UndefinedVar) and isinstance(f, UndefinedVar):
            return t
        side = "true" if isinstance(f, UndefinedVar) else "false"
        name = t.name if isinstance(t, UndefinedVar) else f.name
        return UndefinedVar(name, f"it is assigned only in the {side} branch of the `if` at {where}, whose "
                                  "condition is a Tensor; assign it before the `if` or in both branches")
    if not _cf._same_structure(t, f):
        raise Dygraph2StaticException(f"{where}: {what} has a different structure in the two branches of the `if` "
                                      f"whose condition is a Tensor ({_kind(t)} vs {_kind(f)})")
    t_leaves, f_leaves = _cf._flatten(t), _cf._flatten(f)
    mask = None
    merged = []
    for a, b in zip(t_leaves, f_leaves):
        if not isinstance(a, Variable) and not isinstance(b, Variable):
            if a is b or (type(a) is type(b) and isinstance(a, _NUMBERS + (str,)) and a == b):
                merged.append(a)
                continue
            if not (isinstance(a, _NUMBERS) and isinstance(b, _NUMBERS)):
                raise Dygraph2StaticException(
                    f"{where}: {what} is {_kind(a)} in the true branch and {_kind(b)} in the false branch of the "
                    "`if` whose condition is a Tensor; only Tensors and numbers can differ between the branches")
        if not isinstance(a, (Variable,) + _NUMBERS) or not isinstance(b, (Variable,) + _NUMBERS):
            raise Dygraph2StaticException(
                f"{where}: {what} is {_kind(a)} in the true branch and {_kind(b)} in the false branch of the `if` "
                "whose condition is a Tensor; both branches must give a Tensor (or a number) there")
        a, b = _number_like(a, b), _number_like(b, a)
        if a.dtype != b.dtype:
            raise Dygraph2StaticException(
                f"{where}: {what} is {a.dtype.name} in the true branch and {b.dtype.name} in the false branch of "
                "the `if` whose condition is a Tensor; the two must have the same dtype")
        if mask is None:
            from ...tensor.creation.fill import cast
            mask = cast(pred, "int32")
        merged.append(_cf._merge(b, a, mask, default_main_program().current_block()))
    return _cf._pack(f, iter(merged))


def _number_like(value, other):
    """A Python number in a branch as a Variable (of the other branch's dtype when that is a Variable)."""
    from ...tensor.creation.fill import assign, cast
    if isinstance(value, Variable):
        return value
    out = assign(np.asarray(value))
    if isinstance(other, Variable) and other.dtype != out.dtype:
        out = cast(out, other.dtype)
    return out


def _kind(v):
    if isinstance(v, Variable):
        return f"a Tensor ({v.dtype.name})"
    if v is None:
        return "None"
    return f"a {type(v).__name__}"


# -- and / or / not -----------------------------------------------------------------------------
def convert_logical_and(x_fn, y_fn):
    """`x and y`: Python's short circuit unless x is a Tensor being traced (then logical_and of both)."""
    x = x_fn()
    xv = _static_pred(x)
    if xv is None:
        return x and y_fn()
    return _logical("logical_and", xv, y_fn())


def convert_logical_or(x_fn, y_fn):
    """`x or y`: Python's short circuit unless x is a Tensor being traced (then logical_or of both)."""
    x = x_fn()
    xv = _static_pred(x)
    if xv is None:
        return x or y_fn()
    return _logical("logical_or", xv, y_fn())


def _logical(op, x, y):
    from ...tensor import logic
    from ...tensor.creation.fill import assign, cast
    yv = _static_pred(y)
    if yv is None:
        yv = assign(np.asarray(bool(y)))
    x = x if x.dtype.name == "bool" else cast(x, "bool")
    yv = yv if yv.dtype.name == "bool" else cast(yv, "bool")
    return getattr(logic, op)(x, yv)


def convert_logical_not(x):
    """`not x`: logical_not of a traced Tensor, Python's `not` otherwise."""
    xv = _static_pred(x)
    if xv is None:
        return not x
    from ...tensor.logic import logical_not
    from ...tensor.creation.fill import cast
    return logical_not(xv if xv.dtype.name == "bool" else cast(xv, "bool"))


def py_true(flag):
    """A loop's break flag decided in Python (True), not a Tensor: the Python loop may stop now."""
    return _static_pred(flag) is None and bool(flag)


def convert_assert(test, msg_fn, where):
    """`assert test, msg`: an `assert` op on a traced Tensor, Python's assert otherwise."""
    var = _static_pred(test)
    if var is None:
        if not test:
            msg = msg_fn()
            raise AssertionError(msg) if msg is not None else AssertionError
        return
    _cf.Assert(_as_bool(var, "the `assert`", where))


# -- while / for range --------------------------------------------------------------------------
def range_args(*args):
    """(start, stop, step) of `range(*args)`, whose values may be Tensors."""
    if len(args) == 1:
        return 0, args[0], 1
    if len(args) == 2:
        return args[0], args[1], 1
    if len(args) == 3:
        return args
    raise TypeError(f"range expected at most 3 arguments, got {len(args)}")


class _PyIter:
    """A Python iterator read one item ahead (the converted `for` asks whether there is a next item first)."""

    __slots__ = ("it", "item")

    def __init__(self, it):
        self.it = it
        self.item = None


def for_iter(seq):
    """What a converted `for ... in seq` walks: a Tensor whose first dim is unknown while tracing is indexed by a
    counter (a `while` op); anything else (known dims unroll) is iterated in Python."""
    if isinstance(seq, Variable) and seq.shape and seq.shape[0] < 0:
        return seq
    return _PyIter(iter(seq))


def iter_more(seq, i):
    """Whether the converted `for` has another item (a bool Tensor for a Tensor walked by index)."""
    if isinstance(seq, _PyIter):
        try:
            seq.item = next(seq.it)
        except StopIteration:
            return False
        return True
    from ...tensor.manipulation.shape import shape
    from ...tensor.creation.fill import cast
    return i < cast(shape(seq)[0], "int64")


def iter_item(seq, i):
    """(the current item, the counter for the next one)."""
    if isinstance(seq, _PyIter):
        return seq.item, i
    return seq[i], i + 1


def range_cond(i, stop, step):
    """Whether the converted `for ... in range` loop runs once more."""
    if isinstance(step, (int, np.integer)) and not isinstance(step, bool):
        if step == 0:
            raise ValueError("range() arg 3 must not be zero")
        return i < stop if step > 0 else i > stop
    return i < stop  # a Tensor step is taken to be positive


def convert_while_loop(cond_fn, body_fn, args, names, where, outer=(), mutated=(), seeds=None):
    """`while cond:` converted: cond_fn(*values) / body_fn(*values) -> new values of `names`.

    The loop runs in Python while the condition is a Python value; the first time it is a traced
    Tensor, the rest of the loop becomes a `while` op whose loop variables are the names assigned
    in the body (Python numbers among them become Tensors).
    """
    values = list(args)
    while True:
        pred = cond_fn(*values)
        if _static_pred(pred) is not None:
            return _static_while(cond_fn, body_fn, values, names, where, outer, mutated, seeds or {})
        if not pred:
            return tuple(values)
        values = list(body_fn(*values))


def _static_while(cond_fn, body_fn, values, names, where, outer, mutated, seeds):
    from ...tensor.creation.fill import assign
    _check_no_outer_writes(outer, "the `while` loop", where)
    for n in mutated:
        v = values[names.index(n)] if n in names else None
        if isinstance(v, (list, dict)):
            raise Dygraph2StaticException(
                f"{where}: the {type(v).__name__} '{n}' is modified inside the `while` loop whose condition is a "
                "Tensor; a Python container can not grow at run time (collect the values in a Tensor, e.g. with "
                "paddle.concat, or give the loop a Python bound)")
    index = {n: i for i, n in enumerate(names)}
    for n, src in seeds.items():  # the target of a `for ... in range` loop starts at the first index
        if isinstance(values[index[n]], UndefinedVar):
            values[index[n]] = values[index[src]]
    carried = []  # positions of the loop variables
    for i, v in enumerate(values):
        if isinstance(v, UndefinedVar):
            continue
        if isinstance(v, Tensor) or isinstance(v, _NUMBERS):
            v = assign(np.asarray(v) if isinstance(v, _NUMBERS) else v)
        if isinstance(v, Variable):
            # a copy: the loop writes its variables in place, and other names may hold the entry value
            values[i] = assign(v)
            carried.append(i)

    def with_loop_vars(loop_vars):
        vals = list(values)
        for i, v in zip(carried, loop_vars):
            vals[i] = v
        return vals

    def cond(*loop_vars):
        pred = cond_fn(*with_loop_vars(loop_vars))
        var = _static_pred(pred)
        if var is None:
            var = assign(np.asarray(bool(pred)))
        return _as_bool(var, "the `while` loop", where)

    def body(*loop_vars):
        outs = list(body_fn(*with_loop_vars(loop_vars)))
        new, made = [], {}
        for i, (n, old, o) in enumerate(zip(names, values, outs)):
            if i in carried:
                entry = loop_vars[carried.index(i)]
                if isinstance(entry, (list, tuple)):  # a structure the body made first (a returned tuple)
                    if not (_cf._same_structure(o, entry) and _all_variables(o)):
                        raise Dygraph2StaticException(f"{where}: '{n}' changes its structure in the `while` loop "
                                                      "whose condition is a Tensor")
                    new.append(o)
                    continue
                if isinstance(o, UndefinedVar):
                    raise Dygraph2StaticException(f"{where}: '{n}' has no value at the end of the `while` loop body "
                                                  "(whose condition is a Tensor)")
                if not isinstance(o, Variable):
                    if not isinstance(o, _NUMBERS):
                        raise Dygraph2StaticException(
                            f"{where}: '{n}' is a Tensor before the `while` loop whose condition is a Tensor and "
                            f"{_kind(o)} after its body")
                    o = _number_like(o, entry)
                if o.dtype != entry.dtype:
                    raise Dygraph2StaticException(
                        f"{where}: the loop variable '{n}' is {entry.dtype.name} before the `while` loop (whose "
                        f"condition is a Tensor) and {o.dtype.name} after its body; keep its dtype (cast it)")
                new.append(o)
            elif (isinstance(old, UndefinedVar) or old is None) and _all_variables(o):
                made[i] = o  # first made by the body: it becomes a loop variable (the loop is built again)
            elif not isinstance(old, UndefinedVar) and o is not old and not _equal_numbers(o, old):
                raise Dygraph2StaticException(
                    f"{where}: '{n}' is {_kind(old)} before the `while` loop whose condition is a Tensor and "
                    f"{_kind(o)} after its body; only Tensors and numbers can change in such a loop")
        if made:
            raise _Rebuild(made)
        return new

    program = default_main_program()
    n_blocks = len(program.blocks)
    while True:
        if not carried:
            raise Dygraph2StaticException(f"{where}: the `while` loop whose condition is a Tensor changes no Tensor")
        try:
            finals = _cf.while_loop(cond, body, [values[i] for i in carried])
            break
        except _Rebuild as r:
            del program.blocks[n_blocks:]  # the abandoned body (and the blocks nested in it)
            program._version += 1
            for i, o in r.made.items():
                values[i] = _cf._pack(o, iter([_zeros(v) for v in _cf._flatten(o)]))
            carried = sorted(set(carried) | set(r.made))
    out = with_loop_vars(finals)
    for i, v in enumerate(out):
        if isinstance(v, UndefinedVar) and names[i] not in seeds:
            out[i] = UndefinedVar(names[i], f"it is first assigned inside the `while`/`for` loop at {where}, whose "
                                            "condition is a Tensor; assign it before the loop to use it after")
    return tuple(out)


class _Rebuild(Exception):
    """Raised out of a `while` body that made values for names unbound (or None) before the loop."""

    def __init__(self, made):
        super().__init__(sorted(made))
        self.made = made


def _all_variables(value):
    leaves = _cf._flatten(value)
    return bool(leaves) and all(isinstance(v, Variable) for v in leaves)


def _zeros(like):
    """A loop variable's value before the loop for a name the body makes first: zeros of its dtype (a static
    shape with unknown dims 0; the `while` op writes the body's values over it)."""
    from ...tensor.creation.fill import full
    out = full([max(d, 0) for d in like.shape], 0, like.dtype)
    out.stop_gradient = like.stop_gradient  # the loop variable carries gradients when the body's value does
    return out


def _equal_numbers(a, b):
    return isinstance(a, _NUMBERS) and isinstance(b, _NUMBERS) and type(a) is type(b) and a == b
