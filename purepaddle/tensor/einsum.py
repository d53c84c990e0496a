"""paddle.einsum: Einstein summation, planned once per (equation, shapes) into diagonal/sum/einsum ops."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

import numpy as np

from .._core.dispatch import apply
from ..ops.einsum import einsum_op
from ..ops.linalg.product import Diagonal
from ._check import check_kernel_dtype, check_same_dtype, check_var

_PLANS = {}
_ELL = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # labels standing for '...' dims (user labels are lowered)


def _parse_term(term, ndim):
    for c in term:
        if not (c.isalpha() or c == "."):
            raise AssertionError(f"Invalid equation: {c} is not a valid label, which should be letters.")
    if term.replace("...", "", 1).find(".") != -1:
        raise AssertionError("Invalid equation: `.` is found outside of an ellipsis.")
    n = len(term.replace("...", ""))
    ell = ndim - n if "..." in term else 0
    if ell < 0 or ("..." not in term and n != ndim):
        raise AssertionError(f"Invalid equation: the label string '{term}' misses dimensions.")
    return ell


def _implicit_rhs(lhs):
    counts = {}
    for c in lhs:
        if c.isalpha():
            counts[c] = counts.get(c, 0) + 1
    return ("..." if "..." in lhs else "") + "".join(sorted(c for c, k in counts.items() if k == 1))


def _plan(equation, shapes):
    eq = equation.replace(" ", "").lower()
    lhs, *rhs = eq.split("->")
    if len(rhs) > 1:
        raise AssertionError("Invalid equation: multiple `->` were found.")
    terms = lhs.split(",")
    if len(terms) != len(shapes):
        raise AssertionError(f"Invalid equation: the number of operands is {len(shapes)}, but found {len(terms)} "
                             "segments in the label equation.")
    ells = [_parse_term(t, len(s)) for t, s in zip(terms, shapes)]
    rhs = _implicit_rhs(lhs) if not rhs else rhs[0]
    if "..." in lhs and "..." not in rhs:
        raise AssertionError("Invalid equation: missing ellipsis in output labels.")
    if rhs.replace("...", "", 1).find(".") != -1:
        raise AssertionError("Invalid equation: `.` is found outside of an ellipsis.")
    for c in rhs.replace("...", ""):
        if not c.isalpha() or c not in lhs:
            raise ValueError(f"(InvalidArgument) Must in all_labels: the output label '{c}' of einsum equation "
                             f"'{equation}' does not appear in its inputs.")
        if rhs.count(c) > 1:
            raise ValueError(f"(InvalidArgument) The output label '{c}' of einsum equation '{equation}' appears "
                             "more than once.")
    n_ell = max(ells) if ells else 0
    labs = [t.replace("...", _ELL[n_ell - e:n_ell]) for t, e in zip(terms, ells)]
    out = rhs.replace("...", _ELL[:n_ell])
    sizes = {}
    for lab, shape in zip(labs, shapes):
        for c, d in zip(lab, shape):
            if d == 1 or d < 0:
                continue
            if sizes.setdefault(c, d) != d:
                name = "..." if c in _ELL else c
                raise ValueError(f"(InvalidArgument) Same label have different shapes for label: `{name}` "
                                 f"(equation '{equation}', operand shapes {[list(s) for s in shapes]})")
    pre = []
    for k, (lab, shape) in enumerate(zip(labs, shapes)):
        acts = []
        drop = [i for i, (c, d) in enumerate(zip(lab, shape)) if d == 1 and sizes.get(c, 1) > 1]
        if drop:  # a size-1 dim broadcast against a larger one: the label leaves this operand
            acts.append(("squeeze", drop))
            lab = "".join(c for i, c in enumerate(lab) if i not in drop)
        while len(set(lab)) != len(lab):  # repeated label: take the diagonal (appended last)
            c = next(c for c in lab if lab.count(c) > 1)
            p = lab.index(c)
            q = lab.index(c, p + 1)
            acts.append(("diag", p, q))
            lab = "".join(x for i, x in enumerate(lab) if i not in (p, q)) + c
        labs[k] = lab
        pre.append(acts)
    for k, lab in enumerate(labs):  # labels no one else needs are summed first
        others = set(out).union(*[set(x) for j, x in enumerate(labs) if j != k])
        private = [i for i, c in enumerate(lab) if c not in others]
        if private:
            pre[k].append(("sum", private))
            labs[k] = "".join(c for i, c in enumerate(lab) if i not in private)
    return pre, _pairs(labs, out, sizes, any(pre))


def _pairs(labs, out, sizes, changed):
    """Pairwise contraction steps (i, j, equation); the result of each is appended to the operand list."""
    if len(labs) == 1:
        return [] if (changed and labs[0] == out) else [(0, None, f"{labs[0]}->{out}")]
    if len(labs) == 2:
        return [(0, 1, f"{labs[0]},{labs[1]}->{out}")]
    dummies = [np.lib.stride_tricks.as_strided(np.zeros(1), [sizes.get(c, 1) for c in lab], [0] * len(lab))
               for lab in labs]
    path = np.einsum_path(",".join(labs) + "->" + out, *dummies, optimize="greedy")[0][1:]
    if not all(len(p) == 2 for p in path):
        path = [(0, 1)] * (len(labs) - 1)
    steps, cur = [], list(labs)
    for n, (i, j) in enumerate(path):
        i, j = min(i, j), max(i, j)
        a, b = cur[i], cur[j]
        del cur[j], cur[i]
        if n == len(path) - 1:
            res = out
        else:
            need = set(out).union(*[set(x) for x in cur])
            res = "".join(dict.fromkeys(c for c in a + b if c in need))
        steps.append((i, j, f"{a},{b}->{res}"))
        cur.append(res)
    return steps


def einsum(equation: str, *operands: Tensor) -> Tensor:
    """Einstein summation over the operands: implicit or explicit output, '...' broadcasting, traces, diagonals.

    Args:
        equation (str): The subscripts, e.g. 'ij,jk->ik'.
        *operands (Tensor): The tensors, one per term of the equation.

    Returns:
        Tensor: the result of the Einstein summation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.einsum('ii', x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   5.)
            >>> paddle.einsum('ij->ji', x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1., 3.],
                    [2., 4.]])
            >>> paddle.einsum('ij,jk', x, x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[7. , 10.],
                    [15., 22.]])
            >>> paddle.einsum('...j,j->...', x, paddle.to_tensor([1., 1.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 7.])
    """
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    if not operands:
        raise AssertionError("Required at least one operand in Einsum API, but received 0")
    if not isinstance(equation, str):
        raise TypeError(f"The type of 'equation' in paddle.einsum must be str, but received {type(equation).__name__}.")
    for i, x in enumerate(operands):
        check_var(x, "paddle.einsum", f"operands[{i}]")
        check_same_dtype(operands[0], x, "paddle.einsum")
    check_kernel_dtype(operands[0], "einsum")
    key = (equation, tuple(tuple(x.shape) for x in operands))
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > 4096:  # many distinct shapes: start the cache afresh rather than grow forever
            _PLANS.clear()
        plan = _PLANS[key] = _plan(equation, [list(s) for s in key[1]])
    pre, steps = plan
    ops = list(operands)
    for k, acts in enumerate(pre):
        x = ops[k]
        for act in acts:
            if act[0] == "squeeze":
                x = x.squeeze(act[1])
            elif act[0] == "diag":
                x = apply(Diagonal, x, offset=0, axis1=act[1], axis2=act[2])
            else:
                x = x.sum(axis=act[1])
        ops[k] = x
    for i, j, eq in steps:
        if j is None:
            ops = [einsum_op(eq, ops[0])]
        else:
            a, b = ops[i], ops[j]
            del ops[j], ops[i]
            ops.append(einsum_op(eq, a, b))
    return ops[0]


__all__ = ["einsum"]
METHODS = {}
