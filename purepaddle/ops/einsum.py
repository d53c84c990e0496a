"""The einsum op: one or two operands, an explicit equation over letters (no '...')."""
import numpy as np

from .._core.op import Op, TensorMeta, register
from ._holomorphic import holomorphic


_PLANS = {}
_BIG = 1 << 15  # contraction volume above which numpy's BLAS-backed path pays for its planning
_EMPTY = np.empty((0,), dtype=np.float32)  # the InnerCache / XShape placeholder


def parse(equation):
    """'ab,bc->ac' -> (['ab', 'bc'], 'ac'), cached."""
    plan = _PLANS.get(equation)
    if plan is None:
        lhs, rhs = equation.split("->")
        plan = _PLANS[equation] = (lhs.split(","), rhs)
    return plan


def label_sizes(labels, shapes):
    """{label: size} from operand labels and shapes (-1 = unknown is overridden by a known size)."""
    sizes = {}
    for lab, shape in zip(labels, shapes):
        for c, d in zip(lab, shape):
            if sizes.get(c, -1) < 0:
                sizes[c] = d
    return sizes


@register("einsum")
@holomorphic
class Einsum(Op):
    """Einstein summation; the backward of each operand is again an einsum.

    The public `paddle.einsum` hands this op normalised equations: at most two operands,
    no repeated label inside an operand, and every label of an operand appearing in the
    output or in the other operand (traces, diagonals and private sums are taken first).
    `InnerCache` and `XShape` are Paddle's intermediate outputs (one per operand, as Paddle writes
    them): empty placeholders here, since the backward needs neither.
    """

    inputs, outputs = ("Operands",), ("Out", "InnerCache", "XShape")
    duplicable = ("Operands", "InnerCache", "XShape")
    nondiff_outputs = ("InnerCache", "XShape")
    saves = ("Operands",)

    def forward(self, xp, operands):
        eq = self.attrs["equation"]
        ins, out_lab = parse(eq)
        vol = 1
        for d in label_sizes(ins, [a.shape for a in operands]).values():
            vol *= d
        out = xp.einsum(eq, *operands, optimize=len(operands) > 2 or vol > _BIG)
        if type(out) is not np.ndarray:
            out = xp.asarray(out)
        elif len(operands) == 1 and xp.may_share_memory(out, operands[0]):
            out = out.copy()
        empty = [_EMPTY] * len(operands)  # InnerCache / XShape: placeholders, never read
        return out, empty, empty

    def infer_meta(self, metas):
        ins, out_lab = parse(self.attrs["equation"])
        sizes = label_sizes(ins, [m.shape for m in metas])
        dt = metas[0].dtype
        empty = [TensorMeta([0], m.dtype) for m in metas]
        return TensorMeta([sizes[c] for c in out_lab], dt), empty, list(empty)

    def save(self, inputs, outs):
        # the one saved slot is a list of tensors: keep each one with its inplace version
        self._saved = [(t, None, t._version, -1) for t in inputs[0]]

    def backward(self, out_grad, cache_grads=None, xshape_grads=None):
        ops = self.saved
        if len(ops) == 1 and isinstance(ops[0], (list, tuple)):  # static builder: one entry per slot
            ops = ops[0]
        ins, out_lab = parse(self.attrs["equation"])
        grads = []
        for k, x in enumerate(ops):
            if not self.need(k):
                grads.append(None)
                continue
            others = [(ins[j], ops[j]) for j in range(len(ops)) if j != k]
            have = set(out_lab).union(*[set(lab) for lab, _ in others])
            if len(set(ins[k])) != len(ins[k]) or not set(ins[k]) <= have:
                raise NotImplementedError(
                    f"einsum backward: equation '{self.attrs['equation']}' has a repeated or private label in "
                    f"operand {k}; build it with paddle.einsum, which reduces those first")
            eq = ",".join([out_lab] + [lab for lab, _ in others]) + "->" + ins[k]
            grads.append(einsum_op(eq, out_grad, *[t for _, t in others]))
        return (grads,)


def einsum_op(equation, *operands):
    """Apply the einsum op to operands (an already normalised equation); returns Out."""
    from .._core.dispatch import apply
    return apply(Einsum, list(operands), equation=equation)[0]
