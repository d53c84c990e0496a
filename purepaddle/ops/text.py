"""Text ops of paddle.text: viterbi_decode (the best tag path of a linear-chain CRF)."""
import numpy as np

from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register
from ._errors import InvalidArgument, OutOfRange

__all__ = ["ViterbiDecode"]


@register("viterbi_decode")
class ViterbiDecode(Op):
    """Scores [B] and Path [B, max(Length)] of the best tag sequence of Input [B, T, N] under Transition [N, N].

    attr include_bos_eos_tag: Transition's last row holds the start scores and its second-to-last row the stop
    scores, added at each sequence's first and last step. The steps run over the whole batch with 0/1 masks, as
    Paddle's kernel does, so a sequence past its end keeps its scores (x * 1 + y * 0: inf scores give NaN as in
    Paddle) and its path positions past the end are 0.
    """

    inputs, outputs = ("Input", "Transition", "Length"), ("Scores", "Path")
    differentiable = False

    def forward(self, xp, x, trans, length):
        batch, seq_len, n = x.shape
        max_len = int(length.max()) if length.size else 0
        if max_len > seq_len:
            raise OutOfRange(f"(OutOfRange) The end row index is out of bound. The longest Length is {max_len} but "
                             f"Input holds {seq_len} steps.")
        if max_len <= 0:  # Paddle's kernel reads out of bounds (a crash): say what is wrong instead
            raise InvalidArgument("(InvalidArgument) viterbi_decode needs at least one sequence of length >= 1, but "
                             f"every Length is <= 0: {length.tolist()}")
        x = x[:, :max_len]
        left = length.astype(np.int64)
        one = x.dtype.type(1)

        def mask(cond):
            return cond[:, None].astype(x.dtype)

        stop = trans[n - 2] if self.attrs["include_bos_eos_tag"] else None
        alpha = x[:, 0] + trans[n - 1] if stop is not None else x[:, 0].copy()
        if stop is not None:
            alpha = alpha + mask(left == 1) * stop
        left = left - 1
        history = []
        for t in range(1, max_len):
            cand = alpha[:, :, None] + trans[None]  # [B, from, to]
            history.append(cand.argmax(axis=1))
            m = mask(left > 0)
            alpha = m * (cand.max(axis=1) + x[:, t]) + (one - m) * alpha
            if stop is not None:
                alpha = alpha + mask(left == 1) * stop
            left = left - 1
        scores, best = alpha.max(axis=1), alpha.argmax(axis=1).astype(np.int64)
        # walk back from each sequence's last step; positions past a sequence's end stay 0
        path = np.zeros((batch, max_len), dtype=np.int64)
        path[:, max_len - 1] = best * (left >= 0)
        rows, last = np.arange(batch), best
        for t in range(max_len - 2, -1, -1):
            left = left + 1
            back = history[t][rows, last] * (left > 0)
            last = np.where(left == 0, best, back)
            path[:, t] = last
        return scores, path

    def infer_meta(self, x, trans, length):
        return TensorMeta([x.shape[0]], x.dtype), TensorMeta([x.shape[0], -1], _dt.int64)
